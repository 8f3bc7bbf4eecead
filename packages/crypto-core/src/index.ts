/**
 * @paykit/crypto-core: everything a browser, a mobile webview or Node needs to authenticate an
 * embedded-wallet user and sign actions. Each concern is also its own subpath export
 * (`@paykit/crypto-core/stamp`, `/hpke`, `/envelope`, …) for the smallest bundles.
 *
 * @example
 *   import { WalletClient, fetchTransport } from '@paykit/crypto-core';
 *   const client = new WalletClient({ transport: fetchTransport({ baseUrl: '/api/wallet' }) });
 */
export * from './errors.js';
export * from './encoding.js';
export { compressPoint, decompressPoint, publicKeyForms, signatureDerToRaw, signatureRawToDer } from './p256.js';
export * from './key-store.js';
export * from './keys.js';
export * from './stamp.js';
export { HPKE_INFO, hpkeOpen, hpkeSeal, type HpkeSealed } from './hpke.js';
export * from './envelope.js';
export * from './otp.js';
export * from './export.js';
export * from './oidc.js';
export * from './passkey.js';
export * from './transport.js';
export * from './signed-retry.js';
export * from './session.js';
export type * from './resources.js';
export * from './client.js';
