/**
 * Where the sandbox keeps everything: one small store interface (`Collection`: get, put, delete, list
 * in insertion order) per kind of record, and `createMemoryState()`, the in-memory implementation. A
 * restart starts empty. Records hold internal fields (keys, mnemonics, PANs); `views.ts` turns them
 * into the API's resources, so nothing internal leaks by accident. Challenges (`ExpiringCollection`)
 * are swept from the oldest end, so a request pays for what it removes, never for what is stored;
 * signed-retry challenges are also capped per wallet, each wallet evicting only its own oldest.
 *
 * @example
 *   const state = createMemoryState();
 *   state.customers.put(record);
 *   state.accounts.list((a) => a.customerId === record.id);
 */
import type { WebCryptoKeyPair } from '@paykit/crypto-core/web-types';
export interface Collection<T extends { id: string }> {
  get(id: string): T | undefined;
  put(record: T): T;
  delete(id: string): boolean;
  /** Records in insertion order, optionally filtered. */
  list(filter?: (record: T) => boolean): T[];
}

export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';
export const CREDENTIAL_TYPES: readonly CredentialType[] = ['EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY'];

export interface CustomerRecord {
  id: string;
  platformCustomerId: string;
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  umaAddress: string;
  region?: string;
  currencies?: string[];
  email?: string;
  phoneNumber?: string;
  fullName?: string;
  /** Other profile fields given on create or update (birthDate, address, businessInfo, …), echoed back. */
  profile: Record<string, unknown>;
  kycStatus?: 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  kybStatus?: 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  /** The contact channels the customer's provider requires (onboarding/rules.ts); absent when none. */
  contactVerification?: { email?: 'PENDING' | 'VERIFIED'; phone?: 'PENDING' | 'VERIFIED' };
  /** Wrong contact-verification codes per channel since the last success or lock, and the lock (never shown). */
  contactAttempts?: { email?: ContactAttempts; phone?: ContactAttempts };
  createdAt: number;
  updatedAt: number;
}

export interface ContactAttempts {
  failures: number;
  lockedUntil?: number;
}

export interface AccountRecord {
  id: string;
  customerId: string;
  type: 'EMBEDDED_WALLET';
  currency: string;
  /** Smallest currency unit. */
  balance: number;
  privateEnabled: boolean;
  /** The wallet's sub-organization, named in every payloadToSign and export bundle. */
  organizationId: string;
  userId: string;
  mnemonic: string;
  createdAt: number;
  updatedAt: number;
}

export interface CredentialRecord {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  email?: string;
  phoneNumber?: string;
  oauth?: { iss: string; aud: string; sub: string };
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };
  createdAt: number;
  updatedAt: number;
}

export interface SessionRecord {
  id: string;
  accountId: string;
  /** The AuthMethod that issued the session. */
  authMethodId: string;
  type: CredentialType;
  nickname: string;
  /** Compressed hex public key that signs for this session. */
  publicKey: string;
  /** WebAuthn credential id, for passkey sessions. */
  credentialId?: string;
  createdAt: number;
  expiresAt: number;
  revokedAt?: number;
}

/** One outstanding signed-retry challenge (`requestId`). */
export interface SignedRequestRecord {
  id: string;
  /** The wallet (sub-organization) the request acts on: challenges are capped per owner. */
  owner: string;
  method: string;
  path: string;
  /** The first leg's body if short (`=` + body), else its SHA-256 (`sha256:` + base64url): the retry must match it. */
  bodyDigest: string;
  payloadToSign: string;
  expiresAt: number;
  used: boolean;
  /** Endpoint-specific state carried from leg to leg. */
  context: unknown;
}

export interface OtpTargetRecord {
  id: string;
  authMethodId: string;
  keyPair: WebCryptoKeyPair;
  expiresAt: number;
  used: boolean;
  failures: number;
}

export interface PasskeyChallengeRecord {
  id: string;
  authMethodId: string;
  clientPublicKey: string;
  challenge: string;
  expiresAt: number;
  used: boolean;
}

export interface DelegatedKeyRecord {
  id: string;
  cardId: string;
  /** The card's funding source (`CardFundingSource:…`), not the wallet: that is `accountId`. */
  fundingSourceId: string;
  accountId: string;
  publicKey: string;
  nickname: string;
  status: 'PENDING' | 'ACTIVE' | 'REVOKED';
  createdAt: number;
  updatedAt: number;
}

export interface ScaChallengeRecord {
  id: string;
  factor: 'SMS_OTP' | 'PASSKEY';
  availableFactors: string[];
  purpose: string;
  expiresAt: number;
  /** WebAuthn request options (base64url challenge, rpId, allowCredentials), for the PASSKEY factor. */
  passkeyAssertionOptions?: {
    challenge: string;
    rpId: string;
    allowCredentials: { id: string; type: 'public-key' }[];
    userVerification: 'required';
    timeout: number;
  };
  passkeyAllowedOrigins?: string[];
}

/** What a sandbox payout does, from its destination's identifier suffix (payments-api.md). */
export type PayoutScenario = 'SLOW' | 'DELIVERY_FAILED' | 'RETURNED' | 'USER_CANCELLED' | 'REFUND_FAILED';

export interface QuoteRecord {
  id: string;
  customerId: string;
  /** The embedded wallet that pays; absent for a REALTIME_FUNDING source (funded by its paymentInstructions). */
  sourceAccountId?: string;
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  /** Internal account credited on completion, when the destination is one. */
  destinationAccountId?: string;
  /** Fails after PROCESSING (magic destination suffix 002). */
  failsOnExecution: boolean;
  /** Magic destination suffixes 003–007 (payouts.ts); a 005 payout is returned at `returnsAt` after completing. */
  payout?: PayoutScenario;
  returnsAt?: number;
  /** The refund of a failed payout, shown on its transaction. */
  refund?: {
    status: 'PENDING' | 'COMPLETED' | 'FAILED';
    reason: 'TRANSACTION_FAILED' | 'USER_CANCELLATION';
    initiatedAt: number;
    settledAt?: number;
  };
  /** The sending currency, and `totalSendingAmount` (what the source is debited, fees included). */
  currency: string;
  amount: number;
  /** Across currencies only (exchange-rates.ts): what the destination receives, the rate and the fee. */
  receivingCurrency?: string;
  receivingAmount?: number;
  exchangeRate?: number;
  feesIncluded?: number;
  lockedCurrencySide: 'SENDING' | 'RECEIVING';
  status: 'PENDING' | 'PENDING_AUTHORIZATION' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';
  failureReason?: string;
  description?: string;
  transactionId: string;
  /** EMBEDDED_WALLET source: what execute's signature covers. */
  payloadToSign?: string;
  /** REALTIME_FUNDING source: the bank details the customer pays into (withheld while SCA is pending). */
  fundingInstructions?: Record<string, unknown>;
  /** The challenge to satisfy now; `at` is where SCA came in: quote creation (realtime funding) or execute (a wallet send, held until authorized). */
  sca?: { challenge: ScaChallengeRecord; roundsLeft: number; at: 'QUOTE' | 'EXECUTE' };
  createdAt: number;
  expiresAt: number;
  settlesAt?: number;
  /** When the wallet was debited (the daily volume limit counts the last 24 hours of these). */
  releasedAt?: number;
  updatedAt: number;
}

export interface CardRecord {
  id: string;
  customerId: string;
  fundingSource: string | null;
  /**
   * The card's funding source (`CardFundingSource:…`): the binding of this card to `fundingSource`, which a
   * delegated key names (`DelegatedKey.fundingSourceId`). A new one when the account changes; null once CLOSED.
   */
  fundingSourceId: string | null;
  state: 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
  stateReason?: 'ISSUER_REJECTED' | 'CLOSED_BY_PLATFORM';
  currency: string;
  platformCardId?: string;
  maxSpendPerTransaction: number | null;
  maxSpendPerDay: number | null;
  maxTransactionsPerDay: number | null;
  pan: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  /** When provisioning finishes (to ACTIVE, or CLOSED/ISSUER_REJECTED). */
  provisionedAt: number;
  issuerRejects: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A card transaction (routes/card-simulation.ts): a purchase (DEBIT) or a merchant return (CREDIT, linked by `originalTransactionId`). */
export interface CardTransactionRecord {
  id: string;
  cardId: string;
  customerId: string;
  accountId: string;
  issuerTransactionToken: string;
  status: 'AUTHORIZED' | 'PARTIALLY_SETTLED' | 'SETTLED' | 'DECLINED' | 'EXCEPTION';
  direction: 'DEBIT' | 'CREDIT';
  /** Why a DECLINED authorization was refused (INSUFFICIENT_FUNDS, CARD_PAUSED, …). */
  declineReason?: string;
  merchant: { descriptor: string; mcc?: string; country?: string; city?: string; state?: string };
  currency: string;
  authorizedAmount: number;
  settledAmount: number;
  refundedAmount: number;
  pulls: { count: number; totalAmount: number; pendingCount: number };
  /** 005: the funding pull confirms at this time; 006: the confirmation reports FAILED (EXCEPTION). */
  pullConfirmsAt?: number;
  pullFails?: boolean;
  settlements: { count: number; totalAmount: number };
  refunds: { count: number; totalAmount: number };
  originalTransactionId?: string;
  /** A return reversed by `simulate/return_reversal` (its credit taken back). */
  reversedAt?: number;
  createdAt: number;
  updatedAt: number;
}

/** An external account (routes/external-accounts.ts); `challenge` is the ownership challenge in flight. */
export interface ExternalAccountRecord {
  id: string;
  customerId: string;
  status: 'ACTIVE' | 'PENDING_OWNERSHIP_VERIFICATION' | 'UNVERIFIED';
  currency: string;
  accountInfo: Record<string, unknown>;
  /** Account number, IBAN, CLABE or wallet address: the sandbox's magic suffixes read it. */
  identifier: string;
  ownershipType?: 'FIRST_PARTY' | 'THIRD_PARTY';
  platformAccountId?: string;
  beneficiaryVerificationStatus?: string;
  beneficiaryVerifiedData?: { fullName: string };
  /** A trusted beneficiary (routes/beneficiary-trust.ts): sends to it skip the per-transaction SCA. */
  trusted?: boolean;
  /** The trust or untrust started and not yet confirmed, with its SCA challenge. */
  trustChange?: { trusted: boolean; challenge: ScaChallengeRecord };
  challenge?: {
    method: 'WALLET_SIGNATURE' | 'LIVENESS';
    messageToSign?: string;
    /** LIVENESS: the page token of `verificationLink`. */
    token?: string;
    expiresAt: number;
    /** LIVENESS: the hosted flow finished; the outcome lands at `completesAt`. */
    outcome?: 'ACTIVE' | 'UNVERIFIED';
    completesAt?: number;
  };
  createdAt: number;
  updatedAt: number;
}

export interface PanTokenRecord {
  id: string;
  cardId: string;
  expiresAt: number;
  used: boolean;
}

/** A receiver lookup (`GET /receiver/uma/{address}`): a UMA quote must name one of the same address. */
export interface UmaLookupRecord {
  id: string;
  receiverUmaAddress: string;
  /** The sender named by the lookup's `customerId`, if any: a quote from another customer cannot use it. */
  customerId?: string;
  createdAt: number;
  expiresAt: number;
}

export interface IdempotencyRecord {
  id: string;
  /** Method, path and body of the first request: a materially different reuse is a conflict. */
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Per-customer Strong Customer Authentication state. */
export interface ScaCustomerRecord {
  id: string;
  sessionExpiresAt?: number;
  failures: number;
  lockedUntil?: number;
  /** The SCA login started by `POST /sca/login/start`, until completed. */
  login?: ScaLoginRecord;
  /** Factors enrolled and confirmed through `/sca/factors` (SMS_OTP is implicit and not stored). */
  factors?: ScaFactorRecord[];
  /** Enrollments started by `POST /sca/factors` and not yet confirmed: pending, not listed. */
  pending?: ScaPendingEnrollment[];
  /** Factor resets of the last day (`POST /sca/factors/reset`), at most five (its rate limit). */
  resets?: ScaResetRecord[];
  /** When each reset of the last day started (the 5-per-24-hours limit). */
  resetStarts?: number[];
  /** The login-security state `POST /sca/record-event` keeps. */
  loginSecurity?: { failedAttempts: number; suspended: boolean; lockedUntil?: number };
}

/** A factor reset (routes/sca-reset.ts): its liveness status follows the clock until it is completed. */
export interface ScaResetRecord {
  id: string;
  factor: 'SMS_OTP' | 'TOTP' | 'PASSKEY';
  startedAt: number;
  /** Set by `…/complete`: the reset is COMPLETED from then on. */
  completedAt?: number;
}

export interface ScaFactorRecord {
  factor: 'TOTP' | 'PASSKEY';
  enrolledAt: number;
  /** PASSKEY: the WebAuthn credential (its id is the factor's `credentialId`). */
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };
  name?: string;
}

export interface ScaPendingEnrollment {
  factor: 'TOTP' | 'PASSKEY';
  /** TOTP: the shared secret threaded back on confirm. PASSKEY: the registration challenge. */
  secret: string;
  expiresAt: number;
}

export interface ScaLoginRecord {
  factor: 'SMS_OTP' | 'TOTP' | 'PASSKEY';
  /** SMS_OTP: the handle echoed on complete. */
  challengeId?: string;
  expiresAt: number;
  /** PASSKEY: the WebAuthn challenge the assertion must sign. */
  passkeyChallenge?: string;
  /**
   * Set once completed: the session it opened. A repeated complete of the same SMS_OTP login with the
   * right code (its first answer was lost) answers that session again instead of "no such login".
   */
  sessionExpiresAt?: number;
}

export interface RateWindowRecord {
  id: string;
  hits: number[];
}

/** An uploaded verification document: its metadata only (the sandbox screens the file, then drops it). */
/** A business customer's beneficial owner, director or officer (`POST /beneficial-owners`). */
export interface BeneficialOwnerRecord {
  id: string;
  customerId: string;
  roles: string[];
  ownershipPercentage: number;
  /** As given. */
  personalInfo: Record<string, unknown>;
  kycStatus: 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  createdAt: number;
  updatedAt: number;
}

export interface DocumentRecord {
  id: string;
  documentHolder: string;
  documentType: string;
  side?: 'FRONT' | 'BACK';
  country: string;
  documentNumber?: string;
  issuingAuthority?: string;
  fileName: string;
  /** Set by `PUT /documents/{id}`: the earlier file is inactive. */
  replacedAt?: number;
  /** Submitted to a verification: no longer deletable. */
  submitted: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface VerificationRecord {
  id: string;
  customerId: string;
  verificationStatus: 'RESOLVE_ERRORS' | 'PENDING_MANUAL_REVIEW' | 'APPROVED' | 'REJECTED';
  errors: Record<string, unknown>[];
  createdAt: number;
  updatedAt: number;
}

/** A hosted KYC link (single use) or a contact-verification code window (`<customerId>:email|phone`). */
export interface OnboardingTokenRecord {
  id: string;
  customerId: string;
  expiresAt: number;
  used: boolean;
  redirectUri?: string;
}

/** An UMA invitation (`/invitations`), keyed by its code. EXPIRED is read from `expiresAt`, never stored. */
export interface InvitationRecord {
  /** The invitation code. */
  id: string;
  inviterUma: string;
  firstName?: string;
  /** In the smallest unit of `currency` (the inviter's wallet currency). */
  amountToSend?: { amount: number; currency: string };
  status: 'PENDING' | 'CLAIMED' | 'CANCELLED';
  inviteeUma?: string;
  createdAt: number;
  claimedAt?: number;
  expiresAt?: number;
}

/** Single-use values that must never be accepted twice (passkey registration challenges). */
export interface UsedValueRecord {
  id: string;
}

/**
 * A collection of records that expire. `sweep(before)` deletes the records whose `expiresAt` is at or
 * before `before`, starting from the oldest put and stopping at the first that is still live: amortised
 * O(1) per request, whatever is stored. Records are kept in put order (a re-put moves a record to the
 * end), which is expiry order when every record of a kind lives equally long; a record out of that
 * order is swept late, never early (reads still check `expiresAt`).
 */
export interface ExpiringCollection<T extends { id: string; expiresAt: number }> extends Collection<T> {
  sweep(before: number): void;
  /** How many records are stored (used or not, live or awaiting the sweep). */
  readonly size: number;
}

/** A collection whose records are also found by one key of theirs, without a scan. */
export interface IndexedCollection<T extends { id: string }> extends Collection<T> {
  /** The records whose key is `key`, in insertion order. */
  withKey(key: string): T[];
}

export interface SandboxState {
  readonly customers: Collection<CustomerRecord>;
  readonly accounts: Collection<AccountRecord>;
  readonly credentials: Collection<CredentialRecord>;
  /** Keyed by the public key that signs for the session: a signed leg names its key. */
  readonly sessions: IndexedCollection<SessionRecord>;
  readonly signedRequests: ExpiringCollection<SignedRequestRecord>;
  readonly otpTargets: ExpiringCollection<OtpTargetRecord>;
  readonly passkeyChallenges: ExpiringCollection<PasskeyChallengeRecord>;
  readonly delegatedKeys: Collection<DelegatedKeyRecord>;
  /** Keyed by status: time moves only the unfinished ones, and a request must not walk the rest. */
  readonly quotes: IndexedCollection<QuoteRecord>;
  /** Keyed by state, for the same reason (PROCESSING cards finish provisioning). */
  readonly cards: IndexedCollection<CardRecord>;
  readonly panTokens: ExpiringCollection<PanTokenRecord>;
  /** Keyed `PULL_PENDING` while a funding pull awaits confirmation: time moves only those. */
  readonly cardTransactions: IndexedCollection<CardTransactionRecord>;
  /** Keyed `LIVENESS_DONE` while a finished liveness check awaits its outcome, for the same reason. */
  readonly externalAccounts: IndexedCollection<ExternalAccountRecord>;
  readonly idempotency: Collection<IdempotencyRecord>;
  /** Receiver lookups, expiring, at most `MAX_UMA_LOOKUPS` at once (a put beyond evicts the oldest). */
  readonly umaLookups: ExpiringCollection<UmaLookupRecord>;
  readonly sca: Collection<ScaCustomerRecord>;
  readonly rateWindows: Collection<RateWindowRecord>;
  readonly usedValues: Collection<UsedValueRecord>;
  /** Onboarding (routes/onboarding.ts, routes/kyc.ts, onboarding/kyc-page.ts). */
  readonly documents: Collection<DocumentRecord>;
  readonly beneficialOwners: Collection<BeneficialOwnerRecord>;
  readonly verifications: Collection<VerificationRecord>;
  readonly kycLinks: ExpiringCollection<OnboardingTokenRecord>;
  readonly contactCodes: ExpiringCollection<OnboardingTokenRecord>;
  readonly invitations: Collection<InvitationRecord>;
}

export function memoryCollection<T extends { id: string }>(): Collection<T> {
  const map = new Map<string, T>();
  return {
    get: (id) => map.get(id),
    put: (record) => {
      map.set(record.id, record);
      return record;
    },
    delete: (id) => map.delete(id),
    list: (filter) => (filter ? [...map.values()].filter(filter) : [...map.values()]),
  };
}

/** The in-memory `IndexedCollection`, keyed by `keyOf(record)` (which may change when a record is put again). */
export function indexedCollection<T extends { id: string }>(keyOf: (record: T) => string): IndexedCollection<T> {
  const map = new Map<string, T>();
  const keyed = new Map<string, Map<string, T>>();
  /** The key each stored record was indexed under (records may be changed in place before a put). */
  const indexedAs = new Map<string, string>();
  const unindex = (id: string): void => {
    const key = indexedAs.get(id);
    if (key === undefined) return;
    indexedAs.delete(id);
    const records = keyed.get(key);
    records?.delete(id);
    if (records?.size === 0) keyed.delete(key);
  };
  return {
    get: (id) => map.get(id),
    put: (record) => {
      const key = keyOf(record);
      if (indexedAs.get(record.id) !== key) unindex(record.id);
      map.set(record.id, record);
      indexedAs.set(record.id, key);
      let records = keyed.get(key);
      if (!records) keyed.set(key, (records = new Map()));
      records.set(record.id, record);
      return record;
    },
    delete: (id) => {
      unindex(id);
      return map.delete(id);
    },
    list: (filter) => (filter ? [...map.values()].filter(filter) : [...map.values()]),
    withKey: (key) => [...(keyed.get(key)?.values() ?? [])],
  };
}

/** Receiver lookups the sandbox (one platform) holds at once; more evict the oldest. */
export const MAX_UMA_LOOKUPS = 1024;

/** Signed-retry challenges one wallet may hold at once (used ones count until swept); more evict its oldest. */
export const MAX_SIGNED_REQUESTS_PER_OWNER = 32;

/**
 * The in-memory `ExpiringCollection`. With `ownerOf` and `perOwner`, each owner holds at most
 * `perOwner` records: a put beyond that deletes that owner's oldest, never another owner's.
 */
export function expiringCollection<T extends { id: string; expiresAt: number }>(limit?: {
  ownerOf: (record: T) => string;
  perOwner: number;
}): ExpiringCollection<T> {
  const map = new Map<string, T>();
  /** Record ids of each owner, oldest first. */
  const owned = new Map<string, Set<string>>();
  const forget = (record: T): void => {
    if (!limit) return;
    const owner = limit.ownerOf(record);
    const ids = owned.get(owner);
    ids?.delete(record.id);
    if (ids?.size === 0) owned.delete(owner);
  };
  const remove = (id: string): boolean => {
    const record = map.get(id);
    if (!record) return false;
    map.delete(id);
    forget(record);
    return true;
  };
  return {
    get: (id) => map.get(id),
    put: (record) => {
      const previous = map.get(record.id);
      if (previous) {
        map.delete(record.id); // to the end: put order stays expiry order
        if (previous !== record) forget(previous);
      }
      map.set(record.id, record);
      if (limit) {
        const owner = limit.ownerOf(record);
        let ids = owned.get(owner);
        if (!ids) owned.set(owner, (ids = new Set()));
        ids.add(record.id);
        for (const oldest of ids) {
          if (ids.size <= limit.perOwner) break;
          remove(oldest);
        }
      }
      return record;
    },
    delete: remove,
    list: (filter) => (filter ? [...map.values()].filter(filter) : [...map.values()]),
    sweep: (before) => {
      for (const record of map.values()) {
        if (record.expiresAt > before) return;
        remove(record.id);
      }
    },
    get size() {
      return map.size;
    },
  };
}

export function createMemoryState(): SandboxState {
  return {
    customers: memoryCollection(),
    accounts: memoryCollection(),
    credentials: memoryCollection(),
    sessions: indexedCollection((session) => session.publicKey),
    signedRequests: expiringCollection({ ownerOf: (r) => r.owner, perOwner: MAX_SIGNED_REQUESTS_PER_OWNER }),
    otpTargets: expiringCollection(),
    passkeyChallenges: expiringCollection(),
    delegatedKeys: memoryCollection(),
    // A completed payout that will still be returned (005) is kept apart, so time moves it without a scan.
    quotes: indexedCollection((quote) => (quote.returnsAt !== undefined ? `${quote.status}:RETURNING` : quote.status)),
    cards: indexedCollection((card) => card.state),
    panTokens: expiringCollection(),
    cardTransactions: indexedCollection((txn) => (txn.pullConfirmsAt !== undefined ? 'PULL_PENDING' : 'DONE')),
    externalAccounts: indexedCollection((account) =>
      account.challenge?.completesAt !== undefined ? 'LIVENESS_DONE' : account.status,
    ),
    idempotency: memoryCollection(),
    umaLookups: expiringCollection({ ownerOf: () => 'platform', perOwner: MAX_UMA_LOOKUPS }),
    sca: memoryCollection(),
    rateWindows: memoryCollection(),
    usedValues: memoryCollection(),
    documents: memoryCollection(),
    beneficialOwners: memoryCollection(),
    verifications: memoryCollection(),
    kycLinks: expiringCollection(),
    contactCodes: expiringCollection(),
    invitations: memoryCollection(),
  };
}
