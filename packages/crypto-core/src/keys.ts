/**
 * Session keys: P-256 key pairs whose private half is a non-extractable WebCrypto key. The key pair is
 * kept in a `KeyStore` by id; only the public key ever leaves it, compressed for the service and
 * uncompressed for the OTP plaintext.
 *
 * @example
 *   const key = await createSessionKey();            // IndexedDB, or memory where refused
 *   const header = await key.stamp(payloadToSign);   // Service-Wallet-Signature
 *   const again = await loadSessionKey(key.id, store); // after a reload
 */
import { keyStore, text } from './args.js';
import { bytesToHex, randomBytes } from './encoding.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { KeyStore } from './key-store.js';
import { sharedKeyStore } from './shared-key-store.js';
import { compressPoint, exportPublicPoint } from './p256.js';
import { stampPayload, type Stamper } from './stamp.js';
import type { WebCryptoKeyPair } from './web-types.js';

export interface SessionKey extends Stamper {
  /** Store id of this key. */
  readonly id: string;
  /** Compressed SEC1 hex (66 chars): the `clientPublicKey` of the client-held-key model. */
  readonly publicKey: string;
  /** Uncompressed SEC1 hex (130 chars): the `public_key` of the OTP plaintext. */
  readonly publicKeyUncompressed: string;
  /** Signs a `payloadToSign` and returns the `Service-Wallet-Signature` header value. @throws {PayError} `INVALID_ARGUMENT` for an empty payload. */
  stamp(payloadToSign: string): Promise<string>;
}

interface StoredSessionKey {
  keyPair: WebCryptoKeyPair;
  publicKey: string;
  publicKeyUncompressed: string;
  createdAt: number;
}

const KEY_PREFIX = 'session-key:';
function toSessionKey(id: string, stored: StoredSessionKey): SessionKey {
  const { keyPair, publicKey, publicKeyUncompressed } = stored;
  return Object.freeze({
    id,
    publicKey,
    publicKeyUncompressed,
    stamp: (payloadToSign: string) => stampPayload(payloadToSign, keyPair.privateKey, publicKey),
  });
}

/**
 * Generates a non-extractable P-256 session key and stores it.
 *
 * @throws {PayError} `INVALID_ARGUMENT` for a malformed `store`; the store's own errors (`KEY_STORE_UNAVAILABLE`).
 */
export async function createSessionKey(options: { store?: KeyStore; id?: string } = {}): Promise<SessionKey> {
  const store = keyStore(options?.store ?? sharedKeyStore());
  const id = options?.id === undefined ? bytesToHex(randomBytes(16)) : text(options.id, 'key id');
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const point = await exportPublicPoint(keyPair.publicKey);
  const stored: StoredSessionKey = {
    keyPair,
    publicKey: bytesToHex(compressPoint(point)),
    publicKeyUncompressed: bytesToHex(point),
    createdAt: Date.now(),
  };
  await store.set(KEY_PREFIX + id, stored);
  return toSessionKey(id, stored);
}

/**
 * Loads a stored session key; undefined when it is not there.
 *
 * @throws {PayError} `INVALID_ARGUMENT` for an empty id or a malformed store; the store's own errors.
 */
export async function loadSessionKey(id: string, store: KeyStore = sharedKeyStore()): Promise<SessionKey | undefined> {
  const stored = await keyStore(store).get<StoredSessionKey>(KEY_PREFIX + text(id, 'key id'));
  return stored ? toSessionKey(id, stored) : undefined;
}

/**
 * Like loadSessionKey, but a missing key is an error.
 *
 * @throws {PayError} `KEY_NOT_FOUND` when the key is not stored; as `loadSessionKey` otherwise.
 */
export async function requireSessionKey(id: string, store: KeyStore = sharedKeyStore()): Promise<SessionKey> {
  const key = await loadSessionKey(id, store);
  if (!key) throw new PayError(LocalErrorCode.KEY_NOT_FOUND, 'The session key is no longer in the key store');
  return key;
}

/** Deletes a stored session key (nothing when absent). @throws {PayError} `INVALID_ARGUMENT`; the store's own errors. */
export async function deleteSessionKey(id: string, store: KeyStore = sharedKeyStore()): Promise<void> {
  await keyStore(store).delete(KEY_PREFIX + text(id, 'key id'));
}
