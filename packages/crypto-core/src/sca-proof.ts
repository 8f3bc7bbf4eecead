/**
 * The proof of an SCA answer, as every SCA confirmation takes it (`ScaAuthorization`): `{ code }` for an
 * SMS or authenticator code, or `{ passkeyAssertion, origin }` from a WebAuthn get() the client runs.
 * Internal (no subpath export): quote authorization, the SCA login and beneficiary trust share it.
 *
 * @example
 *   const body = await scaProof(client, { code: '123456' }, undefined); // { code: '123456' }
 */
import { invalidArgument } from './args.js';
import type { WalletClient } from './client.js';
import { internals } from './client-internals.js';
import type { PublicKeyCredentialRequestOptionsJSON } from './resources.js';

/** The proof fields of an SCA answer: `{ code }`, or `{ passkeyAssertion, origin }` from a WebAuthn get(). */
export async function scaProof(
  client: WalletClient,
  params: { code?: string | undefined; passkey?: boolean | undefined; origin?: string | undefined },
  passkeyOptions: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (params.passkey) {
    if (!passkeyOptions) throw invalidArgument('No passkey options to answer with');
    const assertion = await internals(client).passkey(
      passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON,
    );
    return {
      passkeyAssertion: assertion,
      origin: params.origin ?? (typeof location !== 'undefined' ? location.origin : ''),
    };
  }
  if (typeof params.code !== 'string' || !/^\d{4,10}$/.test(params.code))
    throw invalidArgument('Invalid code: 4 to 10 digits');
  return { code: params.code };
}
