/**
 * The end user's payees (their customer's external accounts, `GET /customers/external-accounts`) and
 * trusted beneficiaries: trusting a payee lets later sends to it skip the per-transaction SCA ceremony;
 * each trust or untrust is started (`POST …/{id}/trust`, `…/untrust`: the `scaChallenge` to answer, when
 * one is issued) and confirmed with the SCA proof (`…/trust/confirm`, `…/untrust/confirm`: `{ trusted }`).
 * Only for customers in an SCA region: elsewhere the service answers 409. None of these calls is signed by
 * the wallet (wallet-protocol.md signs wallet operations; these are the platform's, under SCA).
 * A subpath of its own (`@paykit/crypto-core/payees`), so the root entry stays within its size budget.
 *
 * @example
 *   const { data } = await listPayees(client, { customerId });
 *   const { scaChallenge } = await trustPayee(client, data[0].id);
 *   await confirmPayeeTrust(client, data[0].id, { challengeId: scaChallenge?.id, code: '123456' }); // { trusted: true }
 */
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { enc } from './http.js';
import type { ListResponse, ScaChallenge, ServiceResponse } from './resources.js';
import { scaProof } from './sca-proof.js';

export type { ScaChallenge };

/**
 * An external account of the customer, as `GET /customers/external-accounts` lists it. `trusted` is not in
 * the service's published schema (it names trust state only in a confirmation's answer); the sandbox adds it,
 * and a payee without it is of unknown trust.
 */
export type Payee = ServiceResponse<'getCustomerExternalAccountById'> & { trusted?: boolean };

export interface ListPayeesParams {
  /** The user's customer: the list is always asked for by its owner. */
  customerId: string;
  currency?: string | undefined;
  /** 1–100; the service's default is 20. */
  limit?: number | undefined;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** What starting a trust or untrust answers: the SCA challenge to satisfy, absent when none is issued. */
export interface PayeeTrustStart {
  scaChallenge?: ScaChallenge;
}

/** The proof that confirms a trust or untrust: the start's `challengeId` and an SMS/TOTP `code`, or a passkey. */
export interface PayeeTrustProof {
  challengeId?: string | undefined;
  code?: string | undefined;
  /** Answer a PASSKEY challenge with a WebAuthn get() over `passkeyAssertionOptions`. */
  passkey?: boolean | undefined;
  passkeyAssertionOptions?: Record<string, unknown> | undefined;
  origin?: string | undefined;
}

/**
 * One page of the customer's payees.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no customer id); the service's error; the transport's `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED`.
 */
export function listPayees(client: WalletClient, params: ListPayeesParams): Promise<ListResponse<Payee>> {
  const { customerId, currency, limit, cursor, signal } = object(params, 'params');
  return request(client, 'GET', '/customers/external-accounts', {
    query: { customerId: text(customerId, 'customerId'), currency, limit: limit ? String(limit) : undefined, cursor },
    signal,
  });
}

const start = (client: WalletClient, id: string, verb: string): Promise<PayeeTrustStart> =>
  request(client, 'POST', `/customers/external-accounts/${enc(text(id, 'externalAccountId'))}/${verb}`, { body: {} });

async function confirm(
  client: WalletClient,
  id: string,
  verb: string,
  proof: PayeeTrustProof,
): Promise<{ trusted: boolean }> {
  const path = `/customers/external-accounts/${enc(text(id, 'externalAccountId'))}/${verb}/confirm`;
  const { challengeId, passkeyAssertionOptions } = object(proof, 'proof');
  const body = await scaProof(client, proof, passkeyAssertionOptions);
  if (challengeId) body['challengeId'] = challengeId;
  return request(client, 'POST', path, { body });
}

/**
 * `POST /customers/external-accounts/{id}/trust`: starts trusting a payee; answers the SCA challenge to confirm.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no id); the service's error (404; 409 outside SCA regions); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export const trustPayee = (client: WalletClient, externalAccountId: string): Promise<PayeeTrustStart> =>
  start(client, externalAccountId, 'trust');

/**
 * `POST /customers/external-accounts/{id}/trust/confirm`: confirms the trust with the SCA proof; `{ trusted: true }`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no id, a code that is not 4 to 10 digits); `WEBAUTHN_UNSUPPORTED`,
 *   `WEBAUTHN_CANCELLED`; the service's error (400 `INVALID_INPUT` for a wrong or expired proof, 404, 409); the
 *   transport's errors.
 */
export const confirmPayeeTrust = (
  client: WalletClient,
  externalAccountId: string,
  proof: PayeeTrustProof,
): Promise<{ trusted: boolean }> => confirm(client, externalAccountId, 'trust', proof);

/**
 * `POST /customers/external-accounts/{id}/untrust`: starts removing the trusted mark; answers the SCA challenge.
 *
 * @throws {PayError} as `trustPayee`.
 */
export const untrustPayee = (client: WalletClient, externalAccountId: string): Promise<PayeeTrustStart> =>
  start(client, externalAccountId, 'untrust');

/**
 * `POST /customers/external-accounts/{id}/untrust/confirm`: confirms the untrust; `{ trusted: false }`.
 *
 * @throws {PayError} as `confirmPayeeTrust`.
 */
export const confirmPayeeUntrust = (
  client: WalletClient,
  externalAccountId: string,
  proof: PayeeTrustProof,
): Promise<{ trusted: boolean }> => confirm(client, externalAccountId, 'untrust', proof);
