/**
 * Verification of the enclave's signed bundles: the OTP target bundle and the wallet export bundle,
 * `{version, data: hex(UTF-8 JSON), dataSignature: DER hex, enclaveQuorumPublic}`. The signer must be
 * pinned and the ECDSA P-256/SHA-256 signature over the decoded `data` bytes must verify. Fails closed.
 *
 * @example
 *   const data = await verifyEnclaveBundle(bundle, [PRODUCTION_OTP_SIGNER]);
 *   data.targetPublic; // '04…'
 */
import { hexToBytes, toArrayBuffer, utf8Decode } from './encoding.js';
import { fail, invalidArgument, text } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import { importPublicKey, publicKeyForms, signatureDerToRaw } from './p256.js';

/** Production signer of OTP target bundles (public constant of the service's key-management provider). */
export const PRODUCTION_OTP_SIGNER =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201';
/** Production signer of wallet export bundles. */
export const PRODUCTION_EXPORT_SIGNER =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569';
/** Both production pins. Sandbox pins come from configuration (`GET /sandbox/enclave-keys`). */
export const PRODUCTION_SIGNERS: readonly string[] = Object.freeze([PRODUCTION_OTP_SIGNER, PRODUCTION_EXPORT_SIGNER]);

export interface EnclaveBundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

const invalid = (why: string, cause?: unknown): PayError =>
  new PayError(LocalErrorCode.BUNDLE_SIGNATURE_INVALID, `The enclave bundle was rejected: ${why}`, { cause });

/**
 * Parses the bundle's outer JSON, checking every field's type (no signature check).
 *
 * @throws {PayError} `BUNDLE_SIGNATURE_INVALID` when it is not a v1.0.0 bundle; `INVALID_ARGUMENT` for a non-string.
 */
export function parseEnclaveBundle(bundle: string): EnclaveBundle {
  if (typeof bundle !== 'string') fail('bundle must be a string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(bundle);
  } catch (cause) {
    throw invalid('not JSON', cause);
  }
  const b = parsed as Partial<EnclaveBundle> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw invalid('not an object');
  for (const field of ['version', 'data', 'dataSignature', 'enclaveQuorumPublic'] as const) {
    if (typeof b[field] !== 'string') throw invalid(`${field} is missing`);
  }
  if (b.version !== 'v1.0.0') throw invalid('unknown version');
  return b as EnclaveBundle;
}

function decodeData(hex: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(utf8Decode(hexToBytes(hex)));
  } catch (cause) {
    throw invalid('data is not hex-encoded JSON', cause);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw invalid('data is not hex-encoded JSON');
  return data as Record<string, unknown>;
}

function normalizeSigners(trustedSigners: readonly string[]): Set<string> {
  const why = 'trustedSigners must list P-256 public keys in hex';
  if (!Array.isArray(trustedSigners) || trustedSigners.length === 0) throw invalidArgument(why);
  try {
    return new Set(trustedSigners.map((k) => publicKeyForms(k).uncompressed));
  } catch {
    throw invalidArgument(why);
  }
}

/**
 * Verifies the bundle and returns its decoded `data` object. `allowUnsigned` accepts the sandbox's
 * unsigned form (both signature fields empty) and nothing else; never set it for production.
 *
 * @throws {PayError} `BUNDLE_SIGNATURE_INVALID` (malformed, unsigned, unknown signer, bad signature);
 *   `INVALID_ARGUMENT` when `trustedSigners` is not a non-empty list of P-256 keys.
 */
export async function verifyEnclaveBundle(
  bundle: string,
  trustedSigners: readonly string[],
  options?: { allowUnsigned?: boolean },
): Promise<Record<string, unknown>> {
  const b = parseEnclaveBundle(bundle);
  if (b.dataSignature === '' && b.enclaveQuorumPublic === '') {
    if (!options?.allowUnsigned) throw invalid('it is unsigned');
    return decodeData(b.data);
  }
  const pins = normalizeSigners(trustedSigners);
  let signer: string;
  try {
    signer = publicKeyForms(b.enclaveQuorumPublic).uncompressed;
  } catch (cause) {
    throw invalid('the signer key is malformed', cause);
  }
  if (!pins.has(signer)) throw invalid('the signer is not trusted');
  let verified: boolean;
  try {
    const key = await importPublicKey(hexToBytes(signer), 'ECDSA');
    const raw = signatureDerToRaw(hexToBytes(b.dataSignature));
    verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      toArrayBuffer(raw),
      toArrayBuffer(hexToBytes(b.data)),
    );
  } catch (cause) {
    throw invalid('the signature is malformed', cause);
  }
  if (!verified) throw invalid('the signature does not verify');
  return decodeData(b.data);
}

/**
 * Reads a hex field of decoded bundle data, or fails closed.
 *
 * @throws {PayError} `BUNDLE_SIGNATURE_INVALID` when the field is missing or not hex; `INVALID_ARGUMENT` for an empty name.
 */
export function bundleHexField(data: Record<string, unknown>, field: string): string {
  const name = text(field, 'field'); // first: `data?.[…]` would skip the check when data is missing
  const value = data?.[name];
  if (typeof value !== 'string' || !/^[0-9a-f]+$/i.test(value) || value.length % 2)
    throw invalid(`data.${name} is missing`);
  return value.toLowerCase();
}
