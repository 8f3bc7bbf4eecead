/**
 * The account's sign-in methods and sessions, as functions that take the `WalletClient` first:
 * `listCredentials`, `addCredential`, `removeCredential`, `listSessions`, `revokeSession`. Free
 * functions rather than client methods so that a page ships only the flows it calls (a bundler drops
 * the rest); signed calls go through the client's signed-retry engine, stamped by the current session key.
 *
 * @example
 *   import { listCredentials, removeCredential } from '@paykit/crypto-core';
 *   const credentials = await listCredentials(client);
 *   await removeCredential(client, credentials[1].id);
 */
import { orRealState } from './already-done.js';
import type { WalletClient } from './client.js';
import { internals, request, requireSession } from './client-internals.js';
import { addCredentialOnce, credentialsOf } from './credentials.js';
import { enc } from './http.js';
import type { AuthMethod, AuthSession, ListResponse } from './resources.js';

/**
 * `GET /auth/credentials`: the account's credentials (the signed-in account's by default).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client); `NO_SESSION` when no account id is given and no one is
 *   signed in; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or
 *   `ABORTED`.
 */
export async function listCredentials(
  client: WalletClient,
  accountId = requireSession(client).accountId,
): Promise<AuthMethod[]> {
  return credentialsOf((...args) => request(client, ...args), accountId);
}

/**
 * `POST /auth/credentials` (signed retry, 201 AuthMethod). OTP credentials then need verification.
 * Identified by its intent: when a retry (an earlier try's answer was lost, or another tab added it) is
 * answered "already exists", the list is read and the credential the body describes is the answer (a
 * passkey by its WebAuthn credential id, an email or text-message code by its address or number); such
 * an answer has no `otpEncryptionTargetBundle`, so ask for a code with `requestOtp`. To keep a passkey's
 * intent, resend the same `challenge` and `attestation` (a new ceremony is a new passkey).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client); `NO_SESSION` (no live session), `KEY_NOT_FOUND`,
 *   `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`) (for example
 *   `PASSKEY_CREDENTIAL_ALREADY_EXISTS`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function addCredential(
  client: WalletClient,
  body: { type: string; accountId?: string; [field: string]: unknown },
): Promise<AuthMethod> {
  const current = requireSession(client);
  return addCredentialOnce((...args) => request(client, ...args), {
    ...body,
    accountId: body?.accountId ?? current.accountId,
  });
}

/**
 * `DELETE /auth/credentials/{id}`; the service requires a session made by another credential. Idempotent
 * as the person sees it: a 404 for a credential the account no longer lists (removed by an earlier try
 * whose answer was lost) is success.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client, no id); `NO_SESSION` (no live session), `KEY_NOT_FOUND`,
 *   `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function removeCredential(client: WalletClient, authMethodId: string): Promise<void> {
  const current = requireSession(client);
  // a delete done already (an earlier try's answer was lost): done, once the list no longer has it
  await orRealState(
    request(client, 'DELETE', `/auth/credentials/${enc(authMethodId)}`, { signed: true }),
    (error) => error.status === 404,
    async () => ((await listCredentials(client, current.accountId)).some((c) => c.id === authMethodId) ? undefined : 1),
  );
}

/**
 * `GET /auth/sessions`: the account's sessions (the signed-in account's by default).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client); `NO_SESSION` when no account id is given and no one is
 *   signed in; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or
 *   `ABORTED`.
 */
export async function listSessions(
  client: WalletClient,
  accountId = requireSession(client).accountId,
): Promise<AuthSession[]> {
  const body = await request<ListResponse<AuthSession>>(client, 'GET', '/auth/sessions', {
    query: { accountId },
  });
  return body.data ?? [];
}

/**
 * `DELETE /auth/sessions/{id}` (signed retry). Revoking the current session also signs out locally.
 * Idempotent as the person sees it: a 404 for a session the account no longer lists (revoked by an
 * earlier try whose answer was lost) is success.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no client, no id); `NO_SESSION` (no live session), `KEY_NOT_FOUND`,
 *   `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function revokeSession(client: WalletClient, sessionId: string): Promise<void> {
  const current = requireSession(client);
  // a revoke done already (an earlier try's answer was lost): done, once the list no longer has it (this
  // page's own session cannot list any more: its 404 is the answer)
  await orRealState(
    request(client, 'DELETE', `/auth/sessions/${enc(sessionId)}`, { signed: true }),
    (error) => error.status === 404,
    async () =>
      sessionId === current.id || !(await listSessions(client, current.accountId)).some((s) => s.id === sessionId)
        ? 1
        : undefined,
  );
  if (sessionId === current.id) await internals(client).forget(current);
}
