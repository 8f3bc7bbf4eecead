/**
 * The service's HPKE profile (RFC 9180 base mode): DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * AES-256-GCM, info = "turnkey_hpke", aad = enc || recipient public key (both 65-byte uncompressed).
 * Single-message seal and open over @hpke/core, which runs on WebCrypto everywhere.
 *
 * @example
 *   const { encappedPublic, ciphertext } = await hpkeSeal({ recipientPublicKey, plaintext });
 *   const plaintext = await hpkeOpen({ recipientKey, encappedPublic, ciphertext });
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { concatBytes, toArrayBuffer, utf8Encode } from './encoding.js';
import { LocalErrorCode, PayError } from './errors.js';
import { decompressPoint, exportPublicPoint } from './p256.js';

export const HPKE_INFO = 'turnkey_hpke';

let suite: CipherSuite | undefined;
/** The cipher suite, built on first use. */
export function hpkeSuite(): CipherSuite {
  return (suite ??= new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() }));
}

export interface HpkeSealed {
  /** The encapsulated ephemeral public key, 65-byte uncompressed. */
  encappedPublic: Uint8Array;
  /** Ciphertext || 16-byte tag. */
  ciphertext: Uint8Array;
}

/**
 * Seals one message to `recipientPublicKey` (SEC1, compressed or uncompressed).
 * `ephemeralKeyPair` exists for known-answer tests only.
 */
export async function hpkeSeal(params: {
  recipientPublicKey: Uint8Array;
  plaintext: Uint8Array;
  ephemeralKeyPair?: CryptoKeyPair;
}): Promise<HpkeSealed> {
  const recipientPoint = decompressPoint(params.recipientPublicKey);
  const s = hpkeSuite();
  const recipientPublicKey = await s.kem.importKey('raw', toArrayBuffer(recipientPoint), true);
  const sender = await s.createSenderContext({
    recipientPublicKey,
    info: toArrayBuffer(utf8Encode(HPKE_INFO)),
    ...(params.ephemeralKeyPair ? { ekm: params.ephemeralKeyPair } : {}),
  });
  const encappedPublic = new Uint8Array(sender.enc);
  const aad = concatBytes(encappedPublic, recipientPoint);
  const ciphertext = new Uint8Array(await sender.seal(toArrayBuffer(params.plaintext), toArrayBuffer(aad)));
  return { encappedPublic, ciphertext };
}

/** Opens one message sealed to `recipientKey`. Throws DECRYPTION_FAILED on any mismatch. */
export async function hpkeOpen(params: {
  recipientKey: CryptoKeyPair;
  encappedPublic: Uint8Array;
  ciphertext: Uint8Array;
}): Promise<Uint8Array> {
  try {
    const enc = decompressPoint(params.encappedPublic);
    const recipientPoint = await exportPublicPoint(params.recipientKey.publicKey);
    const recipient = await hpkeSuite().createRecipientContext({
      recipientKey: params.recipientKey,
      enc: toArrayBuffer(enc),
      info: toArrayBuffer(utf8Encode(HPKE_INFO)),
    });
    return new Uint8Array(await recipient.open(toArrayBuffer(params.ciphertext), toArrayBuffer(concatBytes(enc, recipientPoint))));
  } catch (cause) {
    throw new PayError(LocalErrorCode.DECRYPTION_FAILED, 'HPKE decryption failed', { cause });
  }
}

/** Imports a raw 32-byte P-256 private scalar and its public point as an HPKE key pair (known-answer tests). */
export async function importHpkeKeyPair(scalar: Uint8Array, publicPoint: Uint8Array): Promise<CryptoKeyPair> {
  const kem = hpkeSuite().kem;
  return {
    privateKey: await kem.importKey('raw', toArrayBuffer(scalar), false),
    publicKey: await kem.importKey('raw', toArrayBuffer(decompressPoint(publicPoint)), true),
  };
}
