/**
 * P-256 encodings WebCrypto does not do the same way in every engine: SEC1 point compression and
 * decompression, JWK <-> SEC1, and ECDSA signatures between WebCrypto's raw r||s and ASN.1 DER.
 * WebKit rejects compressed raw imports, so keys cross WebCrypto as JWK only.
 *
 * @example
 *   const compressed = compressPoint(uncompressed);   // 33 bytes, 02/03 || X
 *   const der = signatureRawToDer(rawSig);            // WebCrypto sign() output -> DER
 */
import { bytes, cryptoKey, fail, object } from './args.js';
import { base64UrlDecode, base64UrlEncode, bytesToHex, concatBytes, hexToBytes } from './encoding.js';
import type { Jwk, WebCryptoKey } from './web-types.js';

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const mod = (a: bigint, m = P): bigint => ((a % m) + m) % m;
function powMod(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
    e >>= 1n;
  }
  return result;
}
const toBigInt = (bytes: Uint8Array): bigint => (bytes.length ? BigInt('0x' + bytesToHex(bytes)) : 0n);
const to32Bytes = (n: bigint): Uint8Array => hexToBytes(n.toString(16).padStart(64, '0'));
const onCurve = (x: bigint, y: bigint): boolean => mod(y * y) === mod(x * x * x - 3n * x + B);

/** Checks a SEC1 point (compressed or uncompressed) and returns its 65-byte uncompressed form. */
export function decompressPoint(point: Uint8Array): Uint8Array {
  if (bytes(point).length === 65 && point[0] === 4) {
    const x = toBigInt(point.subarray(1, 33));
    const y = toBigInt(point.subarray(33));
    if (x >= P || y >= P || !onCurve(x, y)) fail('point is not on P-256');
    return point.slice();
  }
  if (point.length !== 33 || (point[0] !== 2 && point[0] !== 3)) fail('not a SEC1 P-256 point');
  const x = toBigInt(point.subarray(1));
  if (x >= P) fail('point is not on P-256');
  const rhs = mod(x * x * x - 3n * x + B);
  let y = powMod(rhs, (P + 1n) / 4n); // P ≡ 3 (mod 4)
  if (mod(y * y) !== rhs) fail('point is not on P-256');
  if ((y & 1n) !== BigInt(point[0]! & 1)) y = P - y;
  return concatBytes(new Uint8Array([4]), to32Bytes(x), to32Bytes(y));
}

/** Returns the 33-byte compressed form of a valid SEC1 point. */
export function compressPoint(point: Uint8Array): Uint8Array {
  const full = decompressPoint(point);
  const prefix = (full[64]! & 1) === 1 ? 3 : 2;
  return concatBytes(new Uint8Array([prefix]), full.subarray(1, 33));
}

/** Parses a hex public key (compressed or uncompressed) into both hex forms, validating the point. */
export function publicKeyForms(hex: string): { compressed: string; uncompressed: string } {
  const full = decompressPoint(hexToBytes(hex));
  return { compressed: bytesToHex(compressPoint(full)), uncompressed: bytesToHex(full) };
}

export function pointToJwk(point: Uint8Array): Jwk {
  const full = decompressPoint(point);
  return { kty: 'EC', crv: 'P-256', x: base64UrlEncode(full.subarray(1, 33)), y: base64UrlEncode(full.subarray(33)) };
}

export function jwkToPoint(jwk: Jwk): Uint8Array {
  const { kty, crv, x, y } = object(jwk, 'jwk');
  if (kty !== 'EC' || crv !== 'P-256' || !x || !y) return fail('not a P-256 JWK');
  return decompressPoint(concatBytes(new Uint8Array([4]), base64UrlDecode(x), base64UrlDecode(y)));
}

/** Imports a SEC1 public key for ECDSA verification or ECDH, through JWK so every engine accepts it. */
export function importPublicKey(point: Uint8Array, algorithm: 'ECDSA' | 'ECDH'): Promise<WebCryptoKey> {
  if (algorithm !== 'ECDSA' && algorithm !== 'ECDH') fail('Invalid algorithm');
  return crypto.subtle.importKey(
    'jwk',
    pointToJwk(point),
    { name: algorithm, namedCurve: 'P-256' },
    true,
    algorithm === 'ECDSA' ? ['verify'] : [],
  );
}

export async function exportPublicPoint(key: WebCryptoKey): Promise<Uint8Array> {
  return jwkToPoint(await crypto.subtle.exportKey('jwk', cryptoKey(key, 'key')));
}

function derInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  let body = bytes.subarray(start);
  if (body[0]! & 0x80) body = concatBytes(new Uint8Array([0]), body);
  return concatBytes(new Uint8Array([0x02, body.length]), body);
}

/** WebCrypto's 64-byte r||s to an ASN.1 DER ECDSA-Sig-Value. */
export function signatureRawToDer(raw: Uint8Array): Uint8Array {
  if (bytes(raw).length !== 64) fail('expected a 64-byte r||s signature');
  const seq = concatBytes(derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32)));
  return concatBytes(new Uint8Array([0x30, seq.length]), seq);
}

/** ASN.1 DER ECDSA-Sig-Value to 64-byte r||s; strict about lengths, accepts high-S. */
export function signatureDerToRaw(der: Uint8Array): Uint8Array {
  const bad = (): never => fail('malformed DER signature');
  if (bytes(der).length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) bad();
  let at = 2;
  const readInt = (): Uint8Array => {
    if (der[at] !== 0x02) bad();
    const len = der[at + 1]!;
    if (len === 0 || len > 33 || at + 2 + len > der.length) bad();
    const value = der.subarray(at + 2, at + 2 + len);
    if (value[0]! & 0x80) bad(); // negative
    if (len > 1 && value[0] === 0 && !(value[1]! & 0x80)) bad(); // non-minimal
    at += 2 + len;
    const n = toBigInt(value);
    if (n === 0n || n >= N) bad();
    return to32Bytes(n);
  };
  const r = readInt();
  const s = readInt();
  if (at !== der.length) bad();
  return concatBytes(r, s);
}
