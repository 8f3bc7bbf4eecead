/**
 * @paykit/crypto-core: everything a browser, a mobile webview or Node needs to authenticate an
 * embedded-wallet user and sign actions. Every export is named here; each concern is also its own
 * subpath export (`@paykit/crypto-core/stamp`, `/hpke`, `/enclave-bundle`, …) for the smallest bundles.
 * Sandbox-only helpers are at `@paykit/crypto-core/sandbox`. KYC/KYB calls (documents, verifications,
 * hosted links, beneficial owners) are only at `@paykit/crypto-core/kyc` and `/documents`, outside the
 * whole-API size budget.
 *
 * `WalletClient` holds the session and sign-in; every other flow is a function taking the client first
 * (`exportWallet(client)`, `listSessions(client)`, …), so a bundler keeps only the flows a page calls.
 *
 * @example
 *   import { WalletClient, exportWallet, fetchTransport } from '@paykit/crypto-core';
 *   const client = new WalletClient({ transport: fetchTransport({ baseUrl: '/api/wallet' }) });
 *   const words = await exportWallet(client);
 */
export {
  LocalErrorCode,
  PayError,
  isPayError,
  type KnownErrorCode,
  type ProxyRefusalCode,
  type PayErrorCode,
  type PayErrorOptions,
  type ServiceErrorCode,
} from './errors.js';
export {
  base64UrlDecode,
  base64UrlEncode,
  bytesToHex,
  concatBytes,
  hexToBytes,
  randomBytes,
  sha256,
  toArrayBuffer,
  utf8Decode,
  utf8Encode,
} from './encoding.js';
export { compressPoint, decompressPoint, publicKeyForms, signatureDerToRaw, signatureRawToDer } from './p256.js';
export {
  defaultKeyStore,
  indexedDbKeyStore,
  memoryKeyStore,
  type IndexedDbKeyStoreOptions,
  type KeyStore,
} from './key-store.js';
export { createSessionKey, deleteSessionKey, loadSessionKey, requireSessionKey, type SessionKey } from './keys.js';
export {
  STAMP_SCHEME,
  decodeStamp,
  encodeStamp,
  stampPayload,
  verifyStamp,
  type Stamp,
  type Stamper,
  type StampSignerKey,
} from './stamp.js';
export { HPKE_INFO, hpkeOpen, hpkeSeal, type HpkeSealed } from './hpke.js';
export {
  PRODUCTION_EXPORT_SIGNER,
  PRODUCTION_OTP_SIGNER,
  PRODUCTION_SIGNERS,
  bundleHexField,
  parseEnclaveBundle,
  verifyEnclaveBundle,
  type EnclaveBundle,
} from './enclave-bundle.js';
export { encryptOtpCode, type EncryptOtpCodeParams } from './otp.js';
export { createExportKey, decryptExportBundle, type DecryptExportBundleParams, type ExportKey } from './export.js';
export { oidcNonce } from './oidc.js';
export {
  cancelPasskeyCeremony,
  createPasskeyAttestation,
  getPasskeyAssertion,
  getPasskeyAssertionJSON,
  passkeyAutofillSupported,
  passkeyLoginChallenge,
  passkeysSupported,
  type AuthenticationResponseJSON,
  type CreatePasskeyOptions,
  type GetPasskeyAssertionOptions,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PublicKeyCredentialRequestOptionsJSON,
} from './passkey.js';
export {
  fetchTransport,
  type FetchTransportOptions,
  type HttpMethod,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
export { signedRequest, type SignedChallenge, type SignedRequestOptions, type SignedResult } from './signed-retry.js';
export type {
  AuthMethod,
  AuthSession,
  CardReveal,
  CredentialType,
  CurrencyAmount,
  Customer,
  DelegatedKey,
  InternalAccount,
  ListResponse,
  OtpChallenge,
  PasskeyAuthChallenge,
  PaymentInstruction,
  Quote,
  QuoteRequest,
  ReceiverUmaLookup,
  ScaChallenge,
  ScaLoginComplete,
  ScaLoginStart,
  ServiceRequestBody,
  ServiceResponse,
  ServiceSchema,
} from './resources.js';
export { addCredential, listCredentials, listSessions, removeCredential, revokeSession } from './account.js';
export { createDelegatedKey, exportWallet, getActiveDelegatedKey, setWalletPrivacy } from './wallet.js';
export { updateCustomerContact } from './customer.js';
export {
  authorizeQuote,
  completeScaLogin,
  createQuote,
  executeQuote,
  getQuote,
  lookupUma,
  nextQuoteStep,
  resendScaCode,
  startScaLogin,
  type QuoteStep,
} from './payments.js';
export { getTransaction, type Transaction } from './transactions.js';
export {
  getCard,
  revealCard,
  listCardTransactions,
  updateCard,
  waitForCard,
  type Card,
  type CardAmount,
  type CardCapabilities,
  type CardCurrency,
  type CardLimits,
  type CardState,
  type CardTransaction,
  type CardTransactionStatus,
  type CardsClient,
} from './cards.js';
export {
  WalletClient,
  type CurrentSession,
  type OAuthPreparation,
  type RequestOptions,
  type TrustedSigners,
  type WalletClientOptions,
} from './client.js';
export type {
  SignInAccount,
  SignInCodeMethod,
  SignInIdentifier,
  SignInLookup,
  SignInMethod,
  SignInOAuthMethod,
  SignInPasskeyMethod,
} from './sign-in-lookup.js';
