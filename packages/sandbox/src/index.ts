/**
 * @paykit/sandbox: a local emulator of the payments service's sandbox for every embedded-wallet flow
 * the toolkit speaks, with real cryptography (HPKE, stamps, enclave-signed bundles, WebAuthn).
 *
 * @example
 *   import { startSandbox } from '@paykit/sandbox';
 *   const sandbox = await startSandbox({ port: 0 });
 *   // point an integration suite at sandbox.baseUrl with sandbox.credentials.authorization
 */
export { createSandbox, type CreateSandboxOptions, type Sandbox } from './app.js';
export { startSandbox, type RunningSandbox, type SandboxCredentials, type StartSandboxOptions } from './server.js';
export {
  API_VERSION,
  EU_EEA,
  LOCAL_ORIGINS,
  originMatcher,
  type OriginPolicy,
  type Permission,
  type PlatformToken,
  type RateLimit,
  type SandboxOptions,
} from './config.js';
export {
  createMemoryState,
  expiringCollection,
  indexedCollection,
  memoryCollection,
  type Collection,
  type ExpiringCollection,
  type IndexedCollection,
  type SandboxState,
} from './store/state.js';
export { SANDBOX_IDP_ISSUER, type IdpPublicJwk, type IdpSigner } from './wallet/idp-signer.js';
export { SANDBOX_OTP_CODE } from './wallet/otp.js';
export { SCA_CODE, TWO_ROUND_AMOUNT } from './money/sca.js';
export { CONTACT_VERIFICATION_CODE } from './routes/onboarding.js';
export { SLOW_EXPORT_SUFFIX } from './routes/accounts.js';
export { sessionCreationBody } from './wallet/passkeys.js';
