/**
 * The deprecated legacy session model (uncompressed `clientPublicKey`): the service returns
 * `encryptedSessionSigningKey` = base58check(compressed enc || ciphertext), HPKE-sealed to the client
 * key. Paykit never asks for it; this module exists to read sessions made by older integrations.
 *
 * @example
 *   const privateScalar = await decryptSessionSigningKey({ encryptedSessionSigningKey, clientKey });
 */
import { object } from './args.js';
import { concatBytes, sha256 } from './encoding.js';
import { LocalErrorCode, PayError } from './errors.js';
import { hpkeOpen } from './hpke.js';
import type { WebCryptoKeyPair } from './web-types.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58check payload bytes. @throws {PayError} `INVALID_ARGUMENT` (not base58, too short, checksum mismatch). */
export async function base58CheckDecode(text: string): Promise<Uint8Array> {
  let n = 0n;
  if (typeof text !== 'string') throw new PayError(LocalErrorCode.INVALID_ARGUMENT, 'not base58');
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) throw new PayError(LocalErrorCode.INVALID_ARGUMENT, 'not base58');
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = new Uint8Array(Math.ceil(hex.length / 2));
  const padded = hex.padStart(body.length * 2, '0');
  for (let i = 0; i < body.length; i++) body[i] = parseInt(padded.slice(i * 2, i * 2 + 2), 16);
  const zeros = text.length - text.replace(/^1+/, '').length;
  const bytes = concatBytes(new Uint8Array(zeros), body);
  if (bytes.length < 5) throw new PayError(LocalErrorCode.INVALID_ARGUMENT, 'base58check payload too short');
  const payload = bytes.subarray(0, -4);
  const check = (await sha256(await sha256(payload))).subarray(0, 4);
  if (!check.every((b, i) => b === bytes[bytes.length - 4 + i]))
    throw new PayError(LocalErrorCode.INVALID_ARGUMENT, 'base58check checksum mismatch');
  return payload;
}

/**
 * Returns the 32-byte session private scalar. Import it non-extractable and drop the bytes.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (malformed or too short); {PayError} `DECRYPTION_FAILED` (not sealed to `clientKey`).
 */
export async function decryptSessionSigningKey(params: {
  encryptedSessionSigningKey: string;
  clientKey: WebCryptoKeyPair;
}): Promise<Uint8Array> {
  const payload = await base58CheckDecode(object(params, 'params').encryptedSessionSigningKey);
  if (payload.length <= 33)
    throw new PayError(LocalErrorCode.INVALID_ARGUMENT, 'encryptedSessionSigningKey is too short');
  return hpkeOpen({
    recipientKey: params.clientKey,
    encappedPublic: payload.subarray(0, 33),
    ciphertext: payload.subarray(33),
  });
}
