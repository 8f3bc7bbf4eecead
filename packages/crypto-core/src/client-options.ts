/**
 * What a `WalletClient` is made with (`WalletClientOptions`, its enclave signer pins `TrustedSigners`)
 * and what its `request` takes besides the method and path (`RequestOptions`). Kept apart from the
 * client so the flows' doorway (client-internals.ts) can name them without importing the client;
 * `client.ts` and the root export them.
 *
 * @example
 *   const options: WalletClientOptions = { baseUrl: '/api/wallet', trustedSigners: { otp: [pin], export: [pin] } };
 *   await client.request('GET', '/auth/sessions', { query: { accountId } } satisfies RequestOptions);
 */
import type { KeyStore } from './key-store.js';
import type { SignedRequestOptions } from './signed-retry.js';
import type { Transport } from './transport.js';

export interface TrustedSigners {
  /** Keys allowed to sign OTP target bundles. */
  otp: readonly string[];
  /** Keys allowed to sign export bundles. */
  export: readonly string[];
}

export interface WalletClientOptions {
  /** How requests reach the platform backend. Or give `baseUrl` for the default fetch transport. */
  transport?: Transport;
  baseUrl?: string;
  /** Where session keys and the session record live; default IndexedDB with a memory fallback. */
  keyStore?: KeyStore;
  /** Enclave signer pins; default the production pins. A plain list pins both kinds. */
  trustedSigners?: TrustedSigners | readonly string[];
  /** Accept unsigned export bundles (the sandbox's default form). Never set against production. */
  allowUnsignedExports?: boolean;
  /** Relying party id for passkeys; default the page's host. */
  rpId?: string | undefined;
  /** Refresh this long before `expiresAt` (ms). Default 60 000. */
  refreshLeadMs?: number;
  /** Keep the session refreshed on a timer. Default true where `window` exists. */
  autoRefresh?: boolean;
  /** Separates sessions of several clients on one origin. Default 'default'. */
  namespace?: string;
  /** Tuning for the signed-retry engine. */
  signedRetry?: Pick<
    SignedRequestOptions,
    'maxRetryAfterSeconds' | 'networkRetries' | 'pollIntervalMs' | 'pollTimeoutMs'
  >;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What `WalletClient.request` sends besides the method and path. */
export interface RequestOptions {
  query?: Record<string, string | undefined> | undefined;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `multipart/form-data` instead of a JSON body (document uploads); never with `signed`. */
  form?: FormData | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** Stamp the call with the current session key (signed retry). Default false: one unsigned request. */
  signed?: boolean | undefined;
}
