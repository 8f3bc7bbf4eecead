/**
 * Email/SMS OTP sealing. The user's code never travels in clear: it is HPKE-sealed, together with the
 * new session key's public key, to the `targetPublic` of a verified OTP target bundle.
 *
 * @example
 *   const encryptedOtpBundle = await encryptOtpCode({
 *     otpEncryptionTargetBundle, otpCode: '000000', publicKey: key.publicKeyUncompressed, trustedSigners,
 *   });
 */
import { invalidArgument, object } from './args.js';
import { bytesToHex, hexToBytes, utf8Encode } from './encoding.js';
import { bundleHexField, verifyEnclaveBundle } from './enclave-bundle.js';
import { LocalErrorCode, PayError } from './errors.js';
import { hpkeSeal } from './hpke.js';
import { decompressPoint, publicKeyForms } from './p256.js';
import type { WebCryptoKeyPair } from './web-types.js';

export interface EncryptOtpCodeParams {
  otpEncryptionTargetBundle: string;
  otpCode: string;
  /** The session key's public key, hex (uncompressed, or compressed: it is expanded). */
  publicKey: string;
  trustedSigners: readonly string[];
  /** Known-answer tests only. */
  ephemeralKeyPair?: WebCryptoKeyPair | undefined;
}

/**
 * Verifies the target bundle (fails closed) and returns the `encryptedOtpBundle` string.
 *
 * @throws {PayError} `BUNDLE_SIGNATURE_INVALID` (the target bundle fails verification or names no P-256
 *   key); `INVALID_ARGUMENT` (a code that is not 4 to 16 letters or digits, a bad public key or signer list).
 */
export async function encryptOtpCode(params: EncryptOtpCodeParams): Promise<string> {
  const { otpCode } = object(params, 'params');
  if (typeof otpCode !== 'string' || !/^[0-9A-Za-z]{4,16}$/.test(otpCode))
    throw invalidArgument('otpCode must be 4 to 16 letters or digits');
  let publicKey: string;
  try {
    publicKey = publicKeyForms(params.publicKey).uncompressed;
  } catch {
    throw invalidArgument('publicKey must be a P-256 public key in hex');
  }
  const data = await verifyEnclaveBundle(params.otpEncryptionTargetBundle, params.trustedSigners);
  let targetPublic: Uint8Array;
  try {
    targetPublic = decompressPoint(hexToBytes(bundleHexField(data, 'targetPublic')));
  } catch (cause) {
    throw new PayError(
      LocalErrorCode.BUNDLE_SIGNATURE_INVALID,
      'The enclave bundle was rejected: data.targetPublic is not a P-256 key',
      { cause },
    );
  }
  const plaintext = JSON.stringify({ otp_code: otpCode, public_key: publicKey });
  const sealed = await hpkeSeal({
    recipientPublicKey: targetPublic,
    plaintext: utf8Encode(plaintext),
    ephemeralKeyPair: params.ephemeralKeyPair,
  });
  return JSON.stringify({
    encappedPublic: bytesToHex(sealed.encappedPublic),
    ciphertext: bytesToHex(sealed.ciphertext),
  });
}
