/**
 * Wallet export, client side: a fresh non-extractable ECDH key whose public half goes to the service,
 * and the opening of the signed export bundle into the wallet's mnemonic. Discard the key afterwards.
 *
 * @example
 *   const exportKey = await createExportKey();
 *   // … POST /internal-accounts/{id}/export {clientPublicKey: exportKey.publicKey} (signed retry) …
 *   const mnemonic = await decryptExportBundle({ encryptedWalletCredentials, exportKey, trustedSigners });
 */
import { invalidArgument, object } from './args.js';
import { bytesToHex, hexToBytes, utf8Decode } from './encoding.js';
import { bundleHexField, verifyEnclaveBundle } from './enclave-bundle.js';
import { LocalErrorCode, PayError } from './errors.js';
import { hpkeOpen } from './hpke.js';
import { exportPublicPoint } from './p256.js';
import type { WebCryptoKeyPair } from './web-types.js';

export interface ExportKey {
  /** Uncompressed SEC1 hex: the export request's `clientPublicKey`. */
  readonly publicKey: string;
  /** Non-extractable ECDH key pair. */
  readonly keyPair: WebCryptoKeyPair;
}

/** A fresh non-extractable ECDH P-256 key for one export. Throws only if WebCrypto itself fails. */
export async function createExportKey(): Promise<ExportKey> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  return Object.freeze({ publicKey: bytesToHex(await exportPublicPoint(keyPair.publicKey)), keyPair });
}

export interface DecryptExportBundleParams {
  encryptedWalletCredentials: string;
  exportKey: ExportKey | WebCryptoKeyPair;
  trustedSigners: readonly string[];
  /** Accept the sandbox's unsigned form. Never set against production. */
  allowUnsigned?: boolean;
  /** When given, the bundle's organizationId must equal it. */
  organizationId?: string;
}

/**
 * Verifies the export bundle (fails closed), opens it and returns the mnemonic.
 *
 * @throws {PayError} `BUNDLE_SIGNATURE_INVALID` (fails verification); `EXPORT_UNBOUND` (another
 *   organization); `DECRYPTION_FAILED` (not sealed to this key, or not text); `INVALID_ARGUMENT`.
 */
export async function decryptExportBundle(params: DecryptExportBundleParams): Promise<string> {
  const { exportKey } = object(params, 'params');
  if (!exportKey || typeof exportKey !== 'object') throw invalidArgument('exportKey is required');
  const recipientKey = 'keyPair' in exportKey ? exportKey.keyPair : exportKey;
  const data = await verifyEnclaveBundle(params.encryptedWalletCredentials, params.trustedSigners, {
    allowUnsigned: params.allowUnsigned === true,
  });
  if (params.organizationId !== undefined && data['organizationId'] !== params.organizationId) {
    throw new PayError(LocalErrorCode.EXPORT_UNBOUND, 'The export is not bound to this wallet');
  }
  const plaintext = await hpkeOpen({
    recipientKey,
    encappedPublic: hexToBytes(bundleHexField(data, 'encappedPublic')),
    ciphertext: hexToBytes(bundleHexField(data, 'ciphertext')),
  });
  try {
    return utf8Decode(plaintext);
  } catch (cause) {
    throw new PayError(LocalErrorCode.DECRYPTION_FAILED, 'The export plaintext is not text', { cause });
  }
}
