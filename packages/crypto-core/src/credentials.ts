/**
 * Internal (no subpath export, not in the root): the credential calls that both the client (looking up the
 * code credential for `requestOtp`, adding a passkey in `registerPasskey`) and the `account` flows make,
 * over a request function, so the client imports no flow module and the rule lives once. Adding is
 * identified by its intent: a retry answered "already exists" reads the list and answers the credential
 * the body describes.
 *
 * @example
 *   const email = (await credentialsOf(send, accountId)).find((c) => c.type === 'EMAIL_OTP');
 *   const passkey = await addCredentialOnce(send, { type: 'PASSKEY', accountId, challenge, attestation });
 */
import { orRealState } from './already-done.js';
import type { RequestOptions } from './client-options.js';
import type { AuthMethod, ListResponse } from './resources.js';
import type { HttpMethod } from './transport.js';

/** `WalletClient.request`, or the same call through the flows' doorway. */
export type Send = <T>(method: HttpMethod, path: string, extra?: RequestOptions) => Promise<T>;

/** `GET /auth/credentials` of `accountId`. */
export async function credentialsOf(send: Send, accountId: string): Promise<AuthMethod[]> {
  return (await send<ListResponse<AuthMethod>>('GET', '/auth/credentials', { query: { accountId } })).data ?? [];
}

/** `POST /auth/credentials` (signed); "already exists" for the same intent answers the listed credential. */
export function addCredentialOnce(
  send: Send,
  body: { type: string; accountId: string; [field: string]: unknown },
): Promise<AuthMethod> {
  const intended = sameIntent(body);
  return orRealState(
    send<AuthMethod>('POST', '/auth/credentials', { body, signed: true }),
    (error) => error.status === 409 || /_CREDENTIAL_ALREADY_EXISTS$/.test(error.code),
    async () => (intended ? (await credentialsOf(send, body.accountId)).find(intended) : undefined),
  );
}

/** Which listed credential an add body describes (none for a sign-in provider: the list does not name it). */
function sameIntent(body: { type: string; [field: string]: unknown }): ((c: AuthMethod) => boolean) | undefined {
  const given = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : undefined);
  if (body?.type === 'PASSKEY') {
    const credentialId = (body['attestation'] as { credentialId?: unknown } | undefined)?.credentialId;
    return typeof credentialId === 'string'
      ? (c) => c.type === 'PASSKEY' && c.credentialId === credentialId
      : undefined;
  }
  if (body?.type !== 'EMAIL_OTP' && body?.type !== 'SMS_OTP') return undefined;
  // one code credential of each type per account; its nickname is the address or number unless named
  const nickname = given('nickname') ?? given(body.type === 'EMAIL_OTP' ? 'email' : 'phoneNumber');
  return (c) => c.type === body.type && (nickname === undefined || c.nickname === nickname);
}
