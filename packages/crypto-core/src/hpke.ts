/**
 * The service's HPKE profile, RFC 9180 base mode, single message: DHKEM(P-256, HKDF-SHA256),
 * HKDF-SHA256, AES-256-GCM, info = "turnkey_hpke", aad = enc || recipient public key (both 65-byte
 * uncompressed). Written directly on WebCrypto for this one suite (a general HPKE library would
 * triple the bundle); the tests check it against the vectors and against @hpke/core both ways.
 *
 * @example
 *   const { encappedPublic, ciphertext } = await hpkeSeal({ recipientPublicKey, plaintext });
 *   const plaintext = await hpkeOpen({ recipientKey, encappedPublic, ciphertext });
 */
import { cryptoKey, object } from './args.js';
import { concatBytes, toArrayBuffer, utf8Encode } from './encoding.js';
import { LocalErrorCode, PayError } from './errors.js';
import { decompressPoint, exportPublicPoint, importPublicKey } from './p256.js';
import type { WebCryptoKey, WebCryptoKeyPair } from './web-types.js';

export const HPKE_INFO = 'turnkey_hpke';

const KEM_SUITE = concatBytes(utf8Encode('KEM'), new Uint8Array([0x00, 0x10]));
const HPKE_SUITE = concatBytes(utf8Encode('HPKE'), new Uint8Array([0x00, 0x10, 0x00, 0x01, 0x00, 0x02]));
const VERSION = utf8Encode('HPKE-v1');
const ZERO_SALT = new Uint8Array(32);

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    'raw',
    toArrayBuffer(key.length ? key : ZERO_SALT),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, toArrayBuffer(data)));
}

const labeledExtract = (suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array): Promise<Uint8Array> =>
  hmac(salt, concatBytes(VERSION, suite, utf8Encode(label), ikm));

/** HKDF-Expand for L ≤ 32 (one block), which is all this suite needs. */
async function labeledExpand(
  suite: Uint8Array,
  prk: Uint8Array,
  label: string,
  info: Uint8Array,
  length: number,
): Promise<Uint8Array> {
  const labeledInfo = concatBytes(new Uint8Array([0, length]), VERSION, suite, utf8Encode(label), info);
  return (await hmac(prk, concatBytes(labeledInfo, new Uint8Array([1])))).subarray(0, length);
}

/** DHKEM shared secret, then the base-mode key schedule: the AEAD key and nonce for message 0. */
async function keySchedule(
  dh: Uint8Array,
  enc: Uint8Array,
  recipient: Uint8Array,
): Promise<{ key: WebCryptoKey; nonce: Uint8Array }> {
  const eaePrk = await labeledExtract(KEM_SUITE, new Uint8Array(), 'eae_prk', dh);
  const sharedSecret = await labeledExpand(KEM_SUITE, eaePrk, 'shared_secret', concatBytes(enc, recipient), 32);
  const pskIdHash = await labeledExtract(HPKE_SUITE, new Uint8Array(), 'psk_id_hash', new Uint8Array());
  const infoHash = await labeledExtract(HPKE_SUITE, new Uint8Array(), 'info_hash', utf8Encode(HPKE_INFO));
  const context = concatBytes(new Uint8Array([0]), pskIdHash, infoHash);
  const secret = await labeledExtract(HPKE_SUITE, sharedSecret, 'secret', new Uint8Array());
  const keyBytes = await labeledExpand(HPKE_SUITE, secret, 'key', context, 32);
  const nonce = await labeledExpand(HPKE_SUITE, secret, 'base_nonce', context, 12);
  const key = await crypto.subtle.importKey('raw', toArrayBuffer(keyBytes), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { key, nonce };
}

async function ecdh(privateKey: WebCryptoKey, publicPoint: Uint8Array): Promise<Uint8Array> {
  const publicKey = await importPublicKey(publicPoint, 'ECDH');
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, cryptoKey(privateKey, 'privateKey'), 256),
  );
}

export interface HpkeSealed {
  /** The encapsulated ephemeral public key, 65-byte uncompressed. */
  encappedPublic: Uint8Array;
  /** Ciphertext || 16-byte tag. */
  ciphertext: Uint8Array;
}

/**
 * Seals one message to `recipientPublicKey` (SEC1, compressed or uncompressed).
 * `ephemeralKeyPair` (ECDH) exists for known-answer tests only.
 *
 * @throws {PayError} `INVALID_ARGUMENT` for missing params, a recipient that is not a P-256 point, or a non-CryptoKey key.
 */
export async function hpkeSeal(params: {
  recipientPublicKey: Uint8Array;
  plaintext: Uint8Array;
  ephemeralKeyPair?: WebCryptoKeyPair | undefined;
}): Promise<HpkeSealed> {
  const recipient = decompressPoint(object(params, 'params').recipientPublicKey);
  const ephemeral =
    params.ephemeralKeyPair ??
    (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']));
  const enc = await exportPublicPoint(ephemeral.publicKey);
  const { key, nonce } = await keySchedule(await ecdh(ephemeral.privateKey, recipient), enc, recipient);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: toArrayBuffer(nonce), additionalData: toArrayBuffer(concatBytes(enc, recipient)) },
    key,
    toArrayBuffer(params.plaintext),
  );
  return { encappedPublic: enc, ciphertext: new Uint8Array(ciphertext) };
}

/**
 * Opens one message sealed to `recipientKey` (an ECDH key pair).
 *
 * @throws {PayError} `DECRYPTION_FAILED` on any mismatch: wrong key, tampered or malformed input.
 */
export async function hpkeOpen(params: {
  recipientKey: WebCryptoKeyPair;
  encappedPublic: Uint8Array;
  ciphertext: Uint8Array;
}): Promise<Uint8Array> {
  try {
    const enc = decompressPoint(params.encappedPublic);
    const recipient = await exportPublicPoint(params.recipientKey.publicKey);
    const { key, nonce } = await keySchedule(await ecdh(params.recipientKey.privateKey, enc), enc, recipient);
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: toArrayBuffer(nonce), additionalData: toArrayBuffer(concatBytes(enc, recipient)) },
      key,
      toArrayBuffer(params.ciphertext),
    );
    return new Uint8Array(plaintext);
  } catch (cause) {
    throw new PayError(LocalErrorCode.DECRYPTION_FAILED, 'HPKE decryption failed', { cause });
  }
}
