/**
 * The deprecated legacy session model, selected by an uncompressed `clientPublicKey`: the sandbox
 * makes the session key itself and returns its private scalar as `encryptedSessionSigningKey` =
 * base58check(compressed enc || ciphertext), HPKE-sealed to the client key (wallet-protocol section 9).
 * crypto-core's `decryptSessionSigningKey` opens it.
 *
 * @example
 *   const { publicKey, encryptedSessionSigningKey } = await legacySessionKey(clientPublicKeyUncompressed);
 */
import { base64UrlDecode, bytesToHex, concatBytes, hexToBytes, sha256 } from '@paykit/crypto-core/encoding';
import { hpkeSeal } from '@paykit/crypto-core/hpke';
import { compressPoint, exportPublicPoint } from '@paykit/crypto-core/p256';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export async function base58CheckEncode(payload: Uint8Array): Promise<string> {
  const bytes = concatBytes(payload, (await sha256(await sha256(payload))).subarray(0, 4));
  let n = BigInt('0x' + (bytesToHex(bytes) || '0'));
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** A fresh session key pair whose private scalar is sealed to `clientPublicKey` (uncompressed hex). */
export async function legacySessionKey(
  clientPublicKey: string,
): Promise<{ publicKey: string; encryptedSessionSigningKey: string }> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const { d } = await crypto.subtle.exportKey('jwk', keyPair.privateKey);
  const sealed = await hpkeSeal({ recipientPublicKey: hexToBytes(clientPublicKey), plaintext: base64UrlDecode(d!) });
  return {
    publicKey: bytesToHex(compressPoint(await exportPublicPoint(keyPair.publicKey))),
    encryptedSessionSigningKey: await base58CheckEncode(
      concatBytes(compressPoint(sealed.encappedPublic), sealed.ciphertext),
    ),
  };
}
