/**
 * Checks the proxy's options once, at start-up, and derives what every request needs: the service base
 * address, the Basic credential header, whether sandbox-only routes are forwarded (only when the platform
 * says so: never guessed from the host name) and which browser origins may call. Plain `http:` is
 * accepted only for a loopback service (a local emulator), so the credential never crosses a network in
 * clear. Mistakes fail loudly here, and no message ever repeats the secret.
 *
 * @example
 *   const config = resolveConfig({ serviceUrl: 'http://localhost:4010/2025-10-13', tokenId, clientSecret, resolveEndUser, allowSandboxPaths: true });
 *   config.sandbox; // true
 */
import { type CardControlStore, cardControlsIn } from './card-controls.js';
import { clientAddressOf } from './client-address.js';
import type { EndUser } from './end-user.js';
import type { SignInGrants } from './sign-in-grants.js';
import { type OriginPolicy, parseAllowedOrigins } from './origin.js';
import { isValidPathPrefix } from './path.js';
import { memoryStore } from './memory-store.js';
import { checkStore, type ProxyStore } from './store.js';

/** Where something the platform supplied failed, for `onError`. */
export type ErrorStage = 'resolveEndUser' | 'ownership' | 'upstream' | 'onSignIn' | 'onSignOut' | 'internal';

/** Headers as `new Headers(…)` takes them: a `Headers`, a record or `[name, value]` pairs. */
export type HeaderList = ConstructorParameters<typeof Headers>[0];

/** A wallet sign-in that a grant let through, as `onSignIn` hears it. */
export interface GrantedSignIn {
  /** The account the lookup granted, which the new wallet session is for. */
  accountId: string;
  /** The credential that signed in (`AuthMethod:…`). */
  credentialId: string;
  /** The new wallet session: its id and when it expires (the service's `AuthSession`, without anything else). */
  session: { id: string; expiresAt: string };
}

/** A wallet session that ended through the proxy, as `onSignOut` hears it. */
export interface WalletSignOut {
  /** The session that ended (`Session:…`). */
  sessionId: string;
}

/** Signed-out sign-in through the proxy (sign-in-grants.ts). */
export interface SignInOptions {
  /** The same grants the lookup issues (`createSignInGrants`). */
  grants: SignInGrants;
  /**
   * Called once a granted credential's verify succeeded: start the platform's own session for `accountId`
   * here and return its headers; their `Set-Cookie`s join the answer. A throw is reported (`onSignIn`)
   * and the answer is still the service's, without the platform's headers.
   */
  onSignIn?: ((signIn: GrantedSignIn, request: Request) => HeaderList | void | Promise<HeaderList | void>) | undefined;
}

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
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Where the handler is mounted, e.g. `/api/wallet`; stripped before matching. Default ''. */
  pathPrefix?: string | undefined;
  /** Forward the sandbox-only endpoints (`/sandbox/...`). Default false: set it only for a sandbox service. */
  allowSandboxPaths?: boolean | undefined;
  /**
   * Browser origins whose pages may call, exactly (`https://app.example`). A request whose `Origin` is
   * not listed is refused (403). Default: the origin the request was addressed to (same-origin only).
   */
  allowedOrigins?: readonly string[] | undefined;
  /** Accept `Sec-Fetch-Site: same-site` (another port or subdomain of the same site). Default false. */
  allowSameSite?: boolean | undefined;
  /** Time allowed for the service to answer in full, in ms; then 504. Default 30000. */
  timeoutMs?: number | undefined;
  /** Largest request body accepted, in bytes; beyond it 413. Default 65536. */
  maxBodyBytes?: number | undefined;
  /**
   * The end user's network address, stamped on an end-user terms acceptance (`ipAddress`) and on the SCA
   * calls (`endUserIpAddress`), never taken from the page. Default: the socket address `toNodeListener`
   * saw, as the sign-in lookup's limits default to; behind a reverse proxy, read your trusted forwarding
   * header here (and give the lookup the same function).
   */
  clientAddress?: ((request: Request) => string | undefined) | undefined;
  /** Clock for `acceptedAt` of a terms acceptance, in epoch ms. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Lets a person who is not signed in yet sign in to the account the sign-in lookup just found: the
   * lookup's grant cookie opens that account's credentials' `challenge` and `verify`, nothing else.
   */
  signIn?: SignInOptions | undefined;
  /**
   * Where the proxy keeps its state: what end users set on their cards (their own freeze, the platform's
   * limits before their first change), so that a platform freeze and the platform's limits stay. Default
   * `memoryStore()`, right for one instance; several instances share one store (`@paykit/proxy/redis`).
   */
  store?: ProxyStore | undefined;
  /** Where card records are kept, when not in `store`. */
  cardControls?: CardControlStore | undefined;
  /**
   * Called when a wallet session ended through the proxy (`DELETE /auth/sessions/{id}` answered 2xx other
   * than 202: a sign-out, or a session signed out from a sessions list), with the ended session's id. If it
   * is the one this browser's platform session started with (`onSignIn`'s `session.id`), end that session
   * here and return its headers; their `Set-Cookie`s join the answer. A throw is reported (`onSignOut`).
   * Not called when a wallet session expires or ends elsewhere (another proxy, the service): those reach
   * the platform at its next call, whose wallet answers 401.
   */
  onSignOut?:
    ((signOut: WalletSignOut, request: Request) => HeaderList | void | Promise<HeaderList | void>) | undefined;
  /** Told of failures the caller only sees as 5xx (a throwing `resolveEndUser`, an unreachable service). */
  onError?: ((error: unknown, stage: ErrorStage) => void) | undefined;
}

export interface ProxyConfig {
  readonly serviceBase: string;
  readonly authorization: string;
  readonly sandbox: boolean;
  readonly pathPrefix: string;
  readonly origins: OriginPolicy;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  /**
   * Sends one request to the service. With no `fetch` option, the global `fetch(url, init)` is called
   * directly: a `Request` built first and handed to `fetch` would be built twice (fetch copies its input).
   */
  readonly send: (url: string, init: RequestInit) => Promise<Response>;
  /** No `fetch` option: a runtime's cheaper way to the service may stand in for `send` (upstream.ts). */
  readonly globalFetch: boolean;
  readonly clientAddress: (request: Request) => string | undefined;
  readonly now: () => number;
  readonly resolveEndUser: PlatformProxyOptions['resolveEndUser'];
  readonly onError: NonNullable<PlatformProxyOptions['onError']>;
  readonly signIn: SignInOptions | undefined;
  readonly onSignOut: PlatformProxyOptions['onSignOut'];
  readonly cardControls: CardControlStore;
}

/** This machine, by name or loopback address: the only hosts plain `http:` may reach. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

export function resolveConfig(options: PlatformProxyOptions): ProxyConfig {
  let url: URL;
  try {
    url = new URL(options.serviceUrl);
  } catch {
    throw new TypeError('serviceUrl must be an absolute URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new TypeError('serviceUrl must use https (plain http only for an emulator on this machine).');
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
  if (options.allowSandboxPaths !== undefined && typeof options.allowSandboxPaths !== 'boolean') {
    throw new TypeError('allowSandboxPaths must be true or false.');
  }

  return {
    serviceBase: url.href.replace(/\/+$/, ''),
    authorization: basicAuthorization(options.tokenId, options.clientSecret),
    sandbox: options.allowSandboxPaths === true,
    pathPrefix,
    origins: {
      allowedOrigins: parseAllowedOrigins(options.allowedOrigins),
      allowSameSite: options.allowSameSite === true,
    },
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    maxBodyBytes: positive(options.maxBodyBytes, 65_536, 'maxBodyBytes'),
    send: sender(options.fetch),
    globalFetch: options.fetch === undefined,
    clientAddress: options.clientAddress ?? clientAddressOf,
    now: options.now ?? Date.now,
    resolveEndUser: options.resolveEndUser,
    onError: reportSafely(options.onError),
    signIn: checkSignIn(options.signIn),
    onSignOut: checkFunction(options.onSignOut, 'onSignOut'),
    cardControls:
      options.cardControls ?? cardControlsIn(options.store === undefined ? memoryStore() : checkStore(options.store)),
  };
}

/** The default `fetch` takes the URL and init as they are; a custom one gets the one `Request` it documents. */
function sender(custom: PlatformProxyOptions['fetch']): ProxyConfig['send'] {
  if (custom === undefined) return (url, init) => globalThis.fetch(url, init);
  checkFunction(custom, 'fetch');
  return (url, init) => custom(new Request(url, init));
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

function checkSignIn(signIn: SignInOptions | undefined): SignInOptions | undefined {
  if (signIn === undefined) return undefined;
  if (typeof signIn?.grants?.read !== 'function')
    throw new TypeError('signIn.grants must come from createSignInGrants.');
  if (signIn.onSignIn !== undefined && typeof signIn.onSignIn !== 'function')
    throw new TypeError('signIn.onSignIn must be a function.');
  return signIn;
}

function checkFunction<T>(value: T, name: string): T {
  if (value !== undefined && typeof value !== 'function') throw new TypeError(`${name} must be a function.`);
  return value;
}
