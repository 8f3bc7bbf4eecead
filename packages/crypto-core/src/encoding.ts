/**
 * Byte encodings used on the wire: lowercase hex, unpadded base64url, UTF-8. Strict decoders: a bad
 * character is an error, never a silently shorter result.
 *
 * @example
 *   hexToBytes('0a0b'); bytesToHex(new Uint8Array([10, 11])); // '0a0b'
 *   base64UrlEncode(utf8Encode('{"a":1}'));
 */
import { bytes as asBytes, fail } from './args.js';

const HEX = '0123456789abcdef';

/** Lowercase hex. @throws {PayError} `INVALID_ARGUMENT` when `bytes` is not a Uint8Array. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of asBytes(bytes)) out += HEX[b >> 4]! + HEX[b & 15]!;
  return out;
}

/** Bytes of an even-length hex string (either case). @throws {PayError} `INVALID_ARGUMENT` on any other input. */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    fail('expected an even-length hex string');
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** UTF-8 bytes. @throws {PayError} `INVALID_ARGUMENT` when `text` is not a string. */
export function utf8Encode(text: string): Uint8Array {
  return typeof text === 'string' ? new TextEncoder().encode(text) : fail('text must be a string');
}

/** Strict UTF-8 decoding. @throws {PayError} `INVALID_ARGUMENT` on invalid UTF-8. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('Invalid UTF-8');
  }
}

/** Unpadded base64url. @throws {PayError} `INVALID_ARGUMENT` when `bytes` is not a Uint8Array. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let bin = '';
  asBytes(bytes);
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64url, with or without padding (standard base64 characters are accepted too).
 *
 * @throws {PayError} `INVALID_ARGUMENT` on any other character or an impossible length.
 */
export function base64UrlDecode(text: string): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9\-_+/]*={0,2}$/.test(text)) {
    fail('expected a base64url string');
  }
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (b64.length % 4 === 1) fail('expected a base64url string');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** One array holding `parts` in order. @throws {PayError} `INVALID_ARGUMENT` when a part is not a Uint8Array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + asBytes(p).length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A fresh ArrayBuffer holding exactly these bytes (WebCrypto rejects views over shared buffers in some engines).
 *
 * @throws {PayError} `INVALID_ARGUMENT` when `bytes` is not a Uint8Array.
 */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return asBytes(bytes).slice().buffer as ArrayBuffer;
}

/** SHA-256 through WebCrypto. @throws {PayError} `INVALID_ARGUMENT` when `bytes` is not a Uint8Array. */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', toArrayBuffer(bytes)));
}

/** `length` random bytes (0 to 65,536). @throws {PayError} `INVALID_ARGUMENT` for any other length. */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(
    new Uint8Array(Number.isInteger(length) && length >= 0 && length <= 65536 ? length : fail('Invalid length')),
  );
}
