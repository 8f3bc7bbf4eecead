/**
 * What every route module is given: the resolved configuration, the store, the enclave and the test
 * identity provider's signing key (which verifies tokens of its issuer). Plus the
 * Hono environment type (the authenticated platform token rides on the context).
 */
import type { SandboxConfig, PlatformToken } from './config.js';
import type { Enclave } from './wallet/enclave.js';
import type { IdpSigner } from './wallet/idp-signer.js';
import type { SandboxState } from './store/state.js';

export interface SandboxContext {
  readonly config: SandboxConfig;
  readonly state: SandboxState;
  readonly enclave: Enclave;
  readonly idpSigner: IdpSigner;
}

export interface SandboxEnv {
  Variables: { token: PlatformToken };
}
