/**
 * Quotes, UMA lookups and Strong Customer Authentication, as functions that take the `WalletClient`
 * first: `getQuote`, `lookupUma`, `createQuote`, `executeQuote` (stamped by the session key),
 * `authorizeQuote`, `resendScaCode`, `startScaLogin`, `completeScaLogin`; and `nextQuoteStep`, which says
 * what a quote waits for. Free functions rather than client methods so that a page ships only the flows
 * it calls.
 *
 * @example
 *   import { createQuote, executeQuote, nextQuoteStep } from '@paykit/crypto-core';
 *   let quote = await createQuote(client, body, idempotencyKey);
 *   if (nextQuoteStep(quote) === 'execute') quote = await executeQuote(client, { quote });
 */
import { orRealState } from './already-done.js';
import { invalidArgument, object } from './args.js';
import type { WalletClient } from './client.js';
import { scaProof } from './sca-proof.js';
import { internals, request, requireSession } from './client-internals.js';
import { LocalErrorCode, PayError } from './errors.js';
import { enc, unexpected } from './http.js';
import type {
  Quote,
  QuoteRequest,
  ReceiverUmaLookup,
  ScaLoginComplete,
  ScaLoginStart,
  ServiceRequestBody,
} from './resources.js';

/**
 * `GET /quotes/{id}`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (empty id); the service's error (its `code` and `status`); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function getQuote(client: WalletClient, quoteId: string): Promise<Quote> {
  return request<Quote>(client, 'GET', `/quotes/${enc(quoteId)}`);
}

/**
 * `GET /receiver/uma/{address}` through the platform backend, for the sending customer: the
 * receiver's currencies and the `lookupId` that `createQuote` must carry for a UMA destination.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client, no params, no address); the service's error (its `code`
 *   and `status`) (for example 404 `UMA_NOT_FOUND`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function lookupUma(
  client: WalletClient,
  params: { receiverUmaAddress: string; customerId: string },
): Promise<ReceiverUmaLookup> {
  const { receiverUmaAddress, customerId } = object(params, 'params');
  return request<ReceiverUmaLookup>(client, 'GET', `/receiver/uma/${enc(receiverUmaAddress)}`, {
    query: { customerId },
  });
}

/**
 * `POST /quotes` through the platform backend (which decides whether end users may create quotes).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client); the service's error (its `code` and `status`); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function createQuote(client: WalletClient, body: QuoteRequest, idempotencyKey?: string): Promise<Quote> {
  return request<Quote>(client, 'POST', '/quotes', {
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

/**
 * Executes a quote from the embedded wallet: stamps the EMBEDDED_WALLET `payloadToSign` of its
 * payment instructions with the session key and sends it in one request. Resolves with the quote:
 * PROCESSING (or later) when the transfer started, or, for a customer in an SCA region, 200
 * PENDING_AUTHORIZATION with an `scaChallenge`: nothing moved yet, and `authorizeQuote` releases it
 * (the service answers 409 to a second execute). `scaFactor` picks that challenge's factor.
 *
 * @throws PayError SCA_REQUIRED (local) when the quote is already PENDING_AUTHORIZATION: authorize it,
 *   do not execute it; INVALID_ARGUMENT; NO_SESSION; the service's codes (401 WALLET_SIGNATURE_*, 409
 *   CONFLICT…).
 */
export async function executeQuote(
  client: WalletClient,
  params: { quote: Quote; idempotencyKey?: string; scaFactor?: 'SMS_OTP' | 'PASSKEY' },
): Promise<Quote> {
  const { quote } = params ?? {};
  if (!quote?.id) throw invalidArgument('Invalid quote');
  if (quote.status === 'PENDING_AUTHORIZATION')
    throw new PayError(LocalErrorCode.SCA_REQUIRED, 'Authorize the quote (SCA), do not execute it');
  if (params.scaFactor !== undefined && params.scaFactor !== 'SMS_OTP' && params.scaFactor !== 'PASSKEY')
    throw invalidArgument('Invalid scaFactor');
  const payload = walletPayload(quote);
  if (payload === undefined) throw unexpected('embedded-wallet payloadToSign');
  const key = await internals(client).key(requireSession(client));
  return request<Quote>(client, 'POST', `/quotes/${enc(quote.id)}/execute`, {
    body: (params.scaFactor ? { scaFactor: params.scaFactor } : {}) satisfies ServiceRequestBody<'executeQuote'>,
    headers: {
      'Service-Wallet-Signature': await key.stamp(payload),
      ...(params.idempotencyKey ? { 'Idempotency-Key': params.idempotencyKey } : {}),
    },
  });
}

/**
 * Answers a quote's SCA challenge with an SMS code or a passkey (`POST /quotes/{id}/authorize`).
 * Returns the quote. What it says next (see `nextQuoteStep`): still PENDING_AUTHORIZATION, with the
 * next challenge; PENDING, a quote challenged at creation that may now be executed; or PROCESSING and
 * later, a wallet send this authorization released. `endUserIpAddress` is the customer's address when
 * the caller knows it (a platform backend usually adds it).
 *
 * Safe to call again after a lost answer: the service answers 409 to a challenge already answered, and
 * then the quote is read and returned as it is now (released: PROCESSING or later; or the next round's
 * challenge), so a retry reports the payment that went through instead of failing. A 409 for a quote
 * that FAILED or EXPIRED, and `SCA_SESSION_REQUIRED`, are thrown as they are.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client, no quote id, a code that is not 4 to 10 digits, no passkey
 *   options); `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; the service's error (its `code` and `status`); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function authorizeQuote(
  client: WalletClient,
  params: {
    quoteId: string;
    code?: string;
    passkey?: boolean;
    passkeyAssertionOptions?: Record<string, unknown>;
    origin?: string;
    endUserIpAddress?: string;
  },
): Promise<Quote> {
  if (!params?.quoteId) throw invalidArgument('Invalid quoteId');
  const body = await scaProof(client, params, params.passkeyAssertionOptions);
  if (params.endUserIpAddress !== undefined) body['endUserIpAddress'] = params.endUserIpAddress;
  // answered already (its answer was lost, or a second tab): the quote says what happened
  return orRealState(
    request<Quote>(client, 'POST', `/quotes/${enc(params.quoteId)}/authorize`, { body }),
    (error) => error.status === 409 && error.code !== 'SCA_SESSION_REQUIRED',
    async () => {
      const quote = await getQuote(client, params.quoteId);
      return quote.status === 'FAILED' || quote.status === 'EXPIRED' ? undefined : quote;
    },
  );
}

/**
 * `POST /quotes/{id}/authorize/resend`: sends the SCA code again.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; the service's error (its `code` and `status`); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function resendScaCode(client: WalletClient, quoteId: string): Promise<void> {
  await request(client, 'POST', `/quotes/${enc(quoteId)}/authorize/resend`, { body: {} });
}

/**
 * `POST /sca/login/start`: begins the SCA login a 409 SCA_SESSION_REQUIRED asks for. SMS_OTP (default)
 * sends a code and returns its `challengeId`; PASSKEY returns the WebAuthn `passkeyOptions`.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; the service's error (its `code` and `status`); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function startScaLogin(
  client: WalletClient,
  params: { customerId: string; factor?: 'SMS_OTP' | 'PASSKEY' },
): Promise<ScaLoginStart> {
  if (!params?.customerId) throw invalidArgument('Invalid customerId');
  const factor = params.factor ?? 'SMS_OTP';
  if (factor !== 'SMS_OTP' && factor !== 'PASSKEY') throw invalidArgument('Invalid factor');
  return request<ScaLoginStart>(client, 'POST', '/sca/login/start', {
    query: { customerId: params.customerId },
    body: { factor } satisfies ServiceRequestBody<'startScaLogin'>,
  });
}

/**
 * `POST /sca/login/complete`: answers the started login (the `start` answer, plus the SMS code or a
 * passkey) and opens the 180-day SCA login session. The service needs the end user's IP address: pass
 * `endUserIpAddress` when the page knows it; otherwise the platform backend must add it (the demo's does).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client, a start of another factor, a bad code);
 *   `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; the service's error (its `code` and `status`); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function completeScaLogin(
  client: WalletClient,
  params: {
    customerId: string;
    start: ScaLoginStart;
    code?: string;
    passkey?: boolean;
    origin?: string;
    endUserIpAddress?: string;
  },
): Promise<ScaLoginComplete> {
  if (!params?.customerId) throw invalidArgument('Invalid customerId');
  const start = params.start;
  if (start?.factor !== 'SMS_OTP' && start?.factor !== 'PASSKEY') throw invalidArgument('Invalid start');
  const passkey = start.factor === 'PASSKEY';
  if (passkey !== !!params.passkey) throw invalidArgument(`The login was started for ${start.factor}`);
  const body = await scaProof(client, params, start.passkeyOptions ?? undefined);
  body['factor'] = start.factor;
  if (!passkey) {
    if (typeof start.challengeId !== 'string') throw invalidArgument('Invalid start.challengeId');
    body['challengeId'] = start.challengeId;
  }
  if (params.endUserIpAddress !== undefined) body['endUserIpAddress'] = params.endUserIpAddress;
  return request<ScaLoginComplete>(client, 'POST', '/sca/login/complete', {
    query: { customerId: params.customerId },
    body,
  });
}

/** What a quote waits for next. */
export type QuoteStep = 'authorize' | 'execute' | 'settle' | 'done';

/**
 * The next step of a quote, whichever order the service put SCA in: `authorize` (PENDING_AUTHORIZATION:
 * answer its `scaChallenge`, again while another follows), `execute` (PENDING with an embedded-wallet
 * `payloadToSign`: stamp and execute), `settle` (PROCESSING: poll it) or `done` (COMPLETED, FAILED,
 * EXPIRED, or a quote funded from outside the wallet). A wallet send goes execute → authorize → settle;
 * a quote challenged at creation goes authorize → execute → settle.
 *
 * @example
 *   for (let step = nextQuoteStep(quote); step !== 'done' && step !== 'settle'; step = nextQuoteStep(quote)) {
 *     quote = step === 'execute' ? await executeQuote(client, { quote }) : await askUserToAuthorize(quote);
 *   }
 */
export function nextQuoteStep(quote: Quote): QuoteStep {
  switch (quote?.status) {
    case 'PENDING_AUTHORIZATION':
      return 'authorize';
    case 'PENDING':
      return walletPayload(quote) === undefined ? 'done' : 'execute';
    case 'PROCESSING':
      return 'settle';
    default:
      return 'done';
  }
}

/** The `payloadToSign` of a quote's embedded-wallet payment instruction, if it has one. */
function walletPayload(quote: Quote): string | undefined {
  const payload = quote.paymentInstructions?.find(
    (p) =>
      p.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET' &&
      typeof p.accountOrWalletInfo.payloadToSign === 'string',
  );
  return payload?.accountOrWalletInfo!.payloadToSign as string | undefined;
}
