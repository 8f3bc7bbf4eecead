/**
 * The one allowlist of the contract check. A deviation is a place where payments-api.md or
 * wallet-protocol.md (which win where they speak) mandate something the OpenAPI does not declare,
 * listed once with its reason; `open` marks a difference the sandbox has yet to close (not spec-mandated).
 * SANDBOX_ONLY_ROUTES are endpoints the service does not have, skipped by name.
 */
import type { Violation } from './openapi-contract.js';

export interface Deviation {
  /** `METHOD /template` as in the OpenAPI, or `*` for every operation. */
  operation: string;
  kind: Violation['kind'];
  status?: number;
  code?: string;
  field?: string;
  /** Narrows a deviation to violations whose message matches (e.g. one enum at one instance path). */
  message?: RegExp;
  reason: string;
  open?: string;
}

export const SANDBOX_ONLY_ROUTES: readonly { method: string; pattern: RegExp; reason: string }[] = [
  {
    method: 'POST',
    pattern: /^\/sandbox\/cards\/[^/]+\/simulate\/authorization_expiry$/,
    reason: 'payments-api.md lists this card simulator; the OpenAPI covers it only as clearing with amount 0',
  },
  {
    method: 'GET',
    pattern: /^\/sandbox\/enclave-keys$/,
    reason: 'publishes the enclave signer key clients pin (the service ships it out of band)',
  },
];

/**
 * Where the sandbox chose an answer the API does not give (the README's "Where the sandbox chose an answer
 * the API does not give"). A choice whose status the OpenAPI does not declare is also in DEVIATIONS; the
 * others (a declared 400 the service would not send) pass the contract check and are listed here with
 * their reason. `declared-answers.node.test.ts` checks the sandbox answers each as written.
 */
export const SANDBOX_CHOICES: readonly { where: string; answer: string; reason: string }[] = [
  {
    where: 'POST /sca/factors/reset, GET /sca/factors/reset/{resetId}',
    answer:
      'no liveness handles; the status follows the clock (INITIATED 2 s, PENDING_REVIEW 2 s, then LIVENESS_PASSED; REJECTED for a platformCustomerId ending in -liveness-rejected; EXPIRED after 15 minutes)',
    reason:
      'the sandbox has no liveness check to take: a page polls through every status in seconds, and REJECTED can be shown',
  },
  {
    where: 'POST /sca/factors/reset/{resetId}/complete',
    answer:
      '400 INVALID_INPUT with details.status after a terminal status (COMPLETED, REJECTED, EXPIRED), as before liveness passed',
    reason: 'the API declares 400 for a reset not ready and says nothing of one that is over',
  },
  {
    where: 'POST /sca/record-event',
    answer: 'FAILED_LOGIN_ATTEMPT while locked or suspended is 423 ACCOUNT_LOCKED and not counted',
    reason:
      'the API declares 423 for a locked login without saying which event: an attempt the lock refused is not another failure',
  },
  {
    where: 'GET /receiver/external-account/{accountId}?customerId=',
    answer: "404 REFERENCE_NOT_FOUND for another customer's external account",
    reason: "one customer must not learn that another's account id exists; 404 is the status the API declares",
  },
  {
    where: 'POST /crypto/estimate-withdrawal-fee',
    answer:
      'USDC on SOLANA, BASE, POLYGON, ETHEREUM with fixed fees; other currencies or networks, or an amount not above the fee, 400 INVALID_INPUT',
    reason: 'the API names example networks but no rule; a fee that eats the amount leaves no netAmount to send',
  },
  {
    where: 'POST /customers/{customerId}/verify-email, POST /customers/{customerId}/verify-phone',
    answer: '429 RATE_LIMITED after 3 sends in 30 s',
    reason: 'each send mails or texts a person: a resend button must meet the throttle before production does',
  },
  {
    where: 'POST /customers/{customerId}/verify-email/confirm, POST /customers/{customerId}/verify-phone/confirm',
    answer: '429 RATE_LIMITED after 5 wrong codes',
    reason: 'a 6-digit code must not be guessable (issue 22)',
  },
  {
    where: 'cursor of every list',
    answer: '400 INVALID_INPUT for a well-formed cursor the list never issued',
    reason: "an empty page would end a client's paging loop silently, as if the list were done",
  },
  {
    where: 'empty-string ids and required strings',
    answer: '400 INVALID_INPUT with constraint.minLength 1',
    reason: 'an empty string names nothing: the caller learns its variable was unset, not that a resource is missing',
  },
  {
    where: 'email on POST /customers',
    answer: '400 INVALID_INPUT when absent',
    reason: "the sandbox provisions every customer's wallet with an EMAIL_OTP credential on that address",
  },
  {
    where: 'trusted on every ExternalAccount',
    answer: 'trusted: boolean (the name of BeneficiaryTrustConfirm.trusted)',
    reason: "the OpenAPI's ExternalAccount has no field for trust state, so a payee list could not show it",
  },
  {
    where: 'POST /customers/external-accounts/{externalAccountId}/trust (untrust, each /confirm) of a locked customer',
    answer: '409 CONFLICT with details.reason ACCOUNT_LOCKED',
    reason: 'wrong codes count towards the SCA lock; 409 is the status these operations declare (no 423)',
  },
  {
    where: 'an operation of the API the sandbox does not serve yet',
    answer: '405 METHOD_NOT_ALLOWED with the served methods in Allow',
    reason:
      "truthful about this sandbox (what it leaves out is the platform's own, PLATFORM_ONLY of test/contract/end-user-operations.ts); 404 would claim the path unknown",
  },
  {
    where: 'POST /sca/factors/confirm of a TOTP while one is enrolled',
    answer: '200: the new app replaces the old (one TOTP factor listed); sca-factors.node.test.ts checks it',
    reason: 'the API limits passkeys to one and says nothing of TOTP; a second listed app could not be told apart',
  },
  {
    where: 'POST /sca/factors/confirm after challengeTtlMs (5 min)',
    answer: '400 INVALID_INPUT (secret, or credential): the started enrollment has lapsed',
    reason: 'the API gives no lifetime; a pending secret must not stay usable forever (a challenge’s lifetime)',
  },
];

export const DEVIATIONS: readonly Deviation[] = [
  // Every operation
  {
    operation: '*',
    kind: 'status',
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    reason: 'the sandbox refuses bodies over 1 MB before routing; the service documents no body limit or its answer',
  },
  ...(
    [
      'POST /cards/{id}/reveal',
      'POST /customers/{customerId}/verify-email',
      'POST /customers/{customerId}/verify-phone',
      'POST /quotes/{quoteId}/authorize/resend',
    ] as const
  ).map((operation) => ({
    operation,
    kind: 'status' as const,
    status: 400,
    code: 'INVALID_INPUT',
    reason:
      'issue 31 (nothing silently ignored): a field sent to an operation that takes no body is refused as 400 INVALID_INPUT naming it, as on every other route; the OpenAPI declares no body and no 400 here',
  })),

  ...(['GET /sca/factors', 'DELETE /sca/factors/{credentialId}'] as const).map((operation) => ({
    operation,
    kind: 'status' as const,
    status: 400,
    code: 'INVALID_INPUT',
    reason:
      'the required customerId query parameter, absent or empty, is 400 INVALID_INPUT naming it (the empty-id choice of SANDBOX_CHOICES); these operations declare no 400, and no other status says a request was malformed',
  })),

  {
    operation: 'GET /uma-providers',
    kind: 'status',
    status: 400,
    code: 'INVALID_INPUT',
    reason:
      'a cursor the list never issued, a limit outside 1–100, or a sortOrder or hasBlockedProviders outside its values is 400 INVALID_INPUT, as on every other list (the "cursor of every list" choice of SANDBOX_CHOICES); this list declares no 400, and no other status says a request was malformed',
  },

  // Cards: payments-api.md speaks for POST /cards
  ...(['fundingSources', 'form', 'cardholderId'] as const).map((field) => ({
    operation: 'POST /cards',
    kind: 'request' as const,
    field,
    reason:
      "payments-api.md issues a card bound to one internal account named `fundingSource` (the cardholder is its owner, the form VIRTUAL); the OpenAPI's `cardholderId`/`form`/`fundingSources` are accepted too",
  })),
  {
    operation: 'POST /cards',
    kind: 'status',
    status: 409,
    code: 'CARD_LIMIT_REACHED',
    reason: "payments-api.md: the platform's live-card cap gives 409 CARD_LIMIT_REACHED",
  },
  {
    operation: 'POST /cards',
    kind: 'status',
    status: 409,
    code: 'CONFLICT',
    reason:
      'payments-api.md requires Idempotency-Key on POST /cards; a key reused for a materially different request is 409, as on POST /internal-accounts',
  },
  ...(['POST /cards', 'PATCH /cards/{id}'] as const).map((operation) => ({
    operation,
    kind: 'response' as const,
    status: 400,
    code: 'FUNDING_SOURCE_INELIGIBLE',
    reason: "the OpenAPI's own description of this 400 names FUNDING_SOURCE_INELIGIBLE, which its Error400 enum omits",
  })),

  // Onboarding: payments-api.md's screening answer, and resend throttling of contact codes
  ...(['POST /documents', 'PUT /documents/{documentId}'] as const).map((operation) => ({
    operation,
    kind: 'status' as const,
    status: 422,
    code: 'DOCUMENT_REJECTED',
    reason: 'payments-api.md: the upload is screened during the request and may be rejected with 422 DOCUMENT_REJECTED',
  })),
  ...(['POST /customers/{customerId}/verify-email', 'POST /customers/{customerId}/verify-phone'] as const).map(
    (operation) => ({
      operation,
      kind: 'status' as const,
      status: 429,
      code: 'RATE_LIMITED',
      reason:
        'each send mails or texts the customer: like OTP challenges, resends are throttled (3 per 30 s) so a resend button meets the 429 (the envelope every other endpoint uses) before production does; the OpenAPI declares no 429 here',
    }),
  ),

  ...(
    ['POST /customers/{customerId}/verify-email/confirm', 'POST /customers/{customerId}/verify-phone/confirm'] as const
  ).map((operation) => ({
    operation,
    kind: 'status' as const,
    status: 429,
    code: 'RATE_LIMITED',
    reason:
      'five wrong codes in a row spend the code and lock the channel for 30 minutes (issue 22: a 6-digit code must not be guessable), answered as the OpenAPI answers repeated bad OTPs on POST /auth/credentials/{id}/verify: 429 RATE_LIMITED with Retry-After; the OpenAPI declares no 429 here',
  })),

  // Identity lock (issue 22): the OpenAPI says nothing of changes after a decision; the proxy's code
  {
    operation: 'PATCH /customers/{customerId}',
    kind: 'response',
    status: 409,
    code: 'IDENTITY_LOCKED',
    reason:
      "a change to KYC/KYB data once the verification is pending or decided is refused as a provider does, with the proxy's 409 IDENTITY_LOCKED; the OpenAPI's Error409 enum has no code for it",
  },
  ...(['POST /documents', 'PUT /documents/{documentId}'] as const).map((operation) => ({
    operation,
    kind: 'status' as const,
    status: 409,
    code: 'IDENTITY_LOCKED',
    reason:
      'documents of a customer whose verification is pending or decided stay as the decision saw them (409 IDENTITY_LOCKED, as PATCH /customers); the OpenAPI declares no 409 here',
  })),

  // Wallet export: payments-api.md's PROCESSING answer
  {
    operation: 'POST /internal-accounts/{id}/export',
    kind: 'response',
    status: 200,
    field: 'encryptedWalletCredentials',
    reason: 'payments-api.md: 200 with status PROCESSING until the credentials are ready (re-send the signed retry)',
  },

  // Transactions: payments-api.md's card transaction statuses and its cardId filter
  {
    operation: 'GET /transactions',
    kind: 'query',
    field: 'cardId',
    reason: 'payments-api.md: GET /transactions filters by `cardId` (a Card id or UUID); the OpenAPI omits it',
  },
  ...(['GET /transactions', 'GET /transactions/{transactionId}'] as const).map((operation) => ({
    operation,
    kind: 'response' as const,
    status: 200,
    message: /^\/(?:data\/\d+\/)?status must be equal to one of the allowed values/,
    reason:
      'payments-api.md: a card authorization declined before money moved reports DECLINED (REFUNDED was removed); the OpenAPI enum still lists REFUNDED and not DECLINED',
  })),
];
