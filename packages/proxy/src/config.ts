/**
 * Checks the proxy's options once, at start-up, and derives what every request needs: the service base
 * address, the Basic credential header, and whether the service is a sandbox. Mistakes fail loudly here,
 * and no message ever repeats the secret.
 *
 * @example
 *   const config = resolveConfig({ serviceUrl: 'http://localhost:4010/2025-10-13', tokenId, clientSecret, resolveEndUser });
 *   config.sandbox; // true
 */
import type { EndUser } from './end-user.js';
import { isValidPathPrefix } from './path.js';

/** Where something the platform supplied failed, for `onError`. */
export type ErrorStage = 'resolveEndUser' | 'ownership' | 'upstream' | 'internal';

export interface PlatformProxyOptions {
  /** `{base_url}` of the payments service, including its version date, e.g. `http://localhost:4010/2025-10-13`. */
  serviceUrl: string;
  /** API token id: the Basic username. */
  tokenId: string;
  /** API client secret: the Basic password. Never leaves the server, never logged. */
  clientSecret: string;
  /** The platform's own session check: who is asking, or `null` when nobody is signed in (401). Must not read the body. */
  resolveEndUser: (request: Request) => EndUser | null | Promise<EndUser | null>;
  /** Reaches the service; defaults to the global `fetch`. Receives one `Request`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Where the handler is mounted, e.g. `/api/wallet`; stripped before matching. Default ''. */
  pathPrefix?: string;
  /** Forward the sandbox-only endpoints. Default: true only for a local or `sandbox` service host. */
  allowSandboxPaths?: boolean;
  /** Time allowed for the service to answer in full, in ms; then 504. Default 30000. */
  timeoutMs?: number;
  /** Largest request body accepted, in bytes; beyond it 413. Default 65536. */
  maxBodyBytes?: number;
  /** Told of failures the caller only sees as 5xx (a throwing `resolveEndUser`, an unreachable service). */
  onError?: (error: unknown, stage: ErrorStage) => void;
}

export interface ProxyConfig {
  readonly serviceBase: string;
  readonly authorization: string;
  readonly sandbox: boolean;
  readonly pathPrefix: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly resolveEndUser: PlatformProxyOptions['resolveEndUser'];
  readonly onError: NonNullable<PlatformProxyOptions['onError']>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A local emulator or a host named as a sandbox. */
export function isSandboxHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.includes('sandbox');
}

export function resolveConfig(options: PlatformProxyOptions): ProxyConfig {
  let url: URL;
  try {
    url = new URL(options.serviceUrl);
  } catch {
    throw new TypeError('serviceUrl must be an absolute URL.');
  }
  const likelySandbox = isSandboxHost(url.hostname.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && likelySandbox)) {
    throw new TypeError('serviceUrl must use https (plain http only for a local or sandbox emulator).');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new TypeError('serviceUrl must not carry credentials, a query or a fragment.');
  }
  if (typeof options.tokenId !== 'string' || options.tokenId === '' || options.tokenId.includes(':')) {
    throw new TypeError('tokenId must be a non-empty string without ":".');
  }
  if (typeof options.clientSecret !== 'string' || options.clientSecret === '') {
    throw new TypeError('clientSecret must be a non-empty string.');
  }
  if (typeof options.resolveEndUser !== 'function') {
    throw new TypeError('resolveEndUser must be a function.');
  }
  const pathPrefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  if (!isValidPathPrefix(pathPrefix)) throw new TypeError('pathPrefix must look like "/api/wallet".');

  return {
    serviceBase: url.href.replace(/\/+$/, ''),
    authorization: basicAuthorization(options.tokenId, options.clientSecret),
    sandbox: options.allowSandboxPaths ?? likelySandbox,
    pathPrefix,
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    maxBodyBytes: positive(options.maxBodyBytes, 65_536, 'maxBodyBytes'),
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    resolveEndUser: options.resolveEndUser,
    onError: reportSafely(options.onError),
  };
}

/** A throwing `onError` must not turn a clean error answer into an unhandled rejection. */
function reportSafely(onError: PlatformProxyOptions['onError']): ProxyConfig['onError'] {
  return (error, stage) => {
    try {
      onError?.(error, stage);
    } catch {
      // the platform's reporter failed; the caller still gets the proxy's own answer
    }
  };
}

function basicAuthorization(tokenId: string, clientSecret: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${tokenId}:${clientSecret}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number.`);
  return value;
}
