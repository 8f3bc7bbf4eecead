/**
 * OAuth login binds the identity token to the session key through its `nonce`: the lowercase hex
 * SHA-256 of the UTF-8 bytes of the compressed public key's hex text (not of the key bytes). So the
 * session key exists before the identity-provider flow starts.
 *
 * @example
 *   const key = await createSessionKey();
 *   const nonce = await oidcNonce(key.publicKey); // pass to the identity provider
 */
import { bytesToHex, sha256, utf8Encode } from './encoding.js';
import { invalidArgument } from './args.js';

/**
 * The `nonce` that binds an identity token to the session key `clientPublicKeyHex`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` unless it is a lowercase hex P-256 key (66 or 130 characters).
 */
export async function oidcNonce(clientPublicKeyHex: string): Promise<string> {
  if (typeof clientPublicKeyHex !== 'string' || !/^[0-9a-f]{66}$|^[0-9a-f]{130}$/.test(clientPublicKeyHex)) {
    throw invalidArgument('clientPublicKey must be a lowercase hex P-256 public key');
  }
  return bytesToHex(await sha256(utf8Encode(clientPublicKeyHex)));
}
