/**
 * The wallet stamp: the `Service-Wallet-Signature` header value that proves a session key approved a
 * `payloadToSign`. ECDSA P-256 / SHA-256 over the exact UTF-8 bytes, DER hex, wrapped in compact JSON
 * `{publicKey, scheme, signature}` and base64url'd. `verifyStamp` is the server side (sandbox, tests).
 *
 * @example
 *   const header = await sessionKey.stamp(payloadToSign);             // a SessionKey is a Stamper
 *   const same = await stampPayload(payloadToSign, keyPair.privateKey, compressedPublicKeyHex);
 *   const { publicKey } = await verifyStamp(header, payloadToSign); // server side
 */
import {
  base64UrlDecode,
  base64UrlEncode,
  bytesToHex,
  hexToBytes,
  toArrayBuffer,
  utf8Decode,
  utf8Encode,
} from './encoding.js';
import { cryptoKey, object, text } from './args.js';
import { PayError } from './errors.js';
import { compressPoint, decompressPoint, importPublicKey, signatureDerToRaw, signatureRawToDer } from './p256.js';
import type { WebCryptoKey } from './web-types.js';

export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

export interface Stamp {
  /** Compressed hex public key of the signer. */
  publicKey: string;
  scheme: typeof STAMP_SCHEME;
  /** DER signature, lowercase hex. */
  signature: string;
}

/**
 * Anything that turns a service-issued `payloadToSign` into a `Service-Wallet-Signature` header value.
 * A `SessionKey` is one; so is a wrapper that counts, logs or delegates to native code.
 */
export interface Stamper {
  stamp(payloadToSign: string): Promise<string>;
}

/**
 * Signs `payloadToSign` exactly as received and returns the header value.
 *
 * @throws {PayError} `INVALID_ARGUMENT` for an empty payload or a `privateKey` that is not a CryptoKey.
 */
export async function stampPayload(
  payloadToSign: string,
  privateKey: WebCryptoKey,
  publicKeyCompressedHex: string,
): Promise<string> {
  text(payloadToSign, 'payloadToSign');
  const raw = new Uint8Array(
    await crypto.subtle.sign(
      ECDSA_SHA256,
      cryptoKey(privateKey, 'privateKey'),
      toArrayBuffer(utf8Encode(payloadToSign)),
    ),
  );
  return encodeStamp({
    publicKey: publicKeyCompressedHex,
    scheme: STAMP_SCHEME,
    signature: bytesToHex(signatureRawToDer(raw)),
  });
}

/** Compact JSON in the protocol's key order, base64url without padding. @throws {PayError} `INVALID_ARGUMENT` when `stamp` is not an object. */
export function encodeStamp(stamp: Stamp): string {
  const json = JSON.stringify({
    publicKey: object(stamp, 'stamp').publicKey,
    scheme: stamp.scheme,
    signature: stamp.signature,
  });
  return base64UrlEncode(utf8Encode(json));
}

const malformed = (why: string, cause?: unknown): PayError =>
  new PayError('WALLET_SIGNATURE_MALFORMED', `The wallet signature is malformed: ${why}`, { cause });

/**
 * Decodes a header value (padded or not) into its parts.
 *
 * @throws {PayError} `WALLET_SIGNATURE_MALFORMED` when it is not a stamp of the protocol's scheme.
 */
export function decodeStamp(header: string): Stamp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decode(base64UrlDecode(header.trim())));
  } catch (cause) {
    throw malformed('not base64url JSON', cause);
  }
  const s = parsed as Partial<Stamp> | null;
  if (
    !s ||
    typeof s !== 'object' ||
    typeof s.publicKey !== 'string' ||
    typeof s.signature !== 'string' ||
    typeof s.scheme !== 'string'
  ) {
    throw malformed('missing publicKey, scheme or signature');
  }
  if (s.scheme !== STAMP_SCHEME) throw malformed('unknown scheme');
  if (!/^[0-9a-f]+$/i.test(s.publicKey) || !/^[0-9a-f]+$/i.test(s.signature)) throw malformed('fields are not hex');
  return { publicKey: s.publicKey.toLowerCase(), scheme: STAMP_SCHEME, signature: s.signature.toLowerCase() };
}

/** A stamp signer's public key, imported for verification, with its compressed hex form. */
export interface StampSignerKey {
  key: WebCryptoKey;
  compressed: string;
}

/** Decompresses the point once (the costly step), then compresses and imports from the full point. */
async function importSignerKey(publicKeyHex: string): Promise<StampSignerKey> {
  const full = decompressPoint(hexToBytes(publicKeyHex));
  return { compressed: bytesToHex(compressPoint(full)), key: await importPublicKey(full, 'ECDSA') };
}

/**
 * Verifies a stamp over `payloadToSign`. Resolves with the signer's compressed public key; the caller
 * then checks that key belongs to an active session allowed for the action. High-S signatures are
 * accepted. A server verifying many stamps of few keys passes `keyCache` (hex key → imported key;
 * the caller bounds it); a key that fails to import is not kept.
 *
 * @throws {PayError} `WALLET_SIGNATURE_MALFORMED` (undecodable stamp, key or DER signature);
 *   `WALLET_SIGNATURE_INVALID` (the signature does not verify).
 */
export async function verifyStamp(
  header: string,
  payloadToSign: string,
  options: { keyCache?: Map<string, Promise<StampSignerKey>> } = {},
): Promise<{ publicKey: string }> {
  const stamp = decodeStamp(header);
  const cache = options.keyCache;
  let signer: StampSignerKey;
  let raw: Uint8Array;
  try {
    let pending = cache?.get(stamp.publicKey);
    if (!pending) {
      pending = importSignerKey(stamp.publicKey);
      cache?.set(stamp.publicKey, pending);
    }
    signer = await pending.catch((cause: unknown) => {
      cache?.delete(stamp.publicKey);
      throw cause;
    });
    raw = signatureDerToRaw(hexToBytes(stamp.signature));
  } catch (cause) {
    throw malformed('bad public key or DER signature', cause);
  }
  const ok = await crypto.subtle.verify(
    ECDSA_SHA256,
    signer.key,
    toArrayBuffer(raw),
    toArrayBuffer(utf8Encode(payloadToSign)),
  );
  if (!ok) throw new PayError('WALLET_SIGNATURE_INVALID', 'The wallet signature does not verify');
  return { publicKey: signer.compressed };
}
