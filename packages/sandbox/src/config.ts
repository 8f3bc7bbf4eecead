/**
 * Every knob of the sandbox, with the defaults a local integration suite wants: the two platform
 * tokens, allowed browser origins (CORS, WebAuthn, PAN frame ancestors), the clock, lifetimes and the
 * rate limit. `resolveConfig` fills the defaults once; the rest of the code reads only `SandboxConfig`.
 *
 * @example
 *   const config = resolveConfig({ now: clock.now, challengeTtlMs: 1_000, unsignedExports: true });
 *   config.isAllowedOrigin('http://localhost:5173'); // true
 */
import { parseFaultRule, type FaultRule } from './http/faults.js';

export type Permission = 'TRANSACT' | 'VIEW';

export interface PlatformToken {
  id: string;
  secret: string;
  permissions: readonly Permission[];
}

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/** Origin patterns: exact origins, `scheme://host:*` (any port) or `*`; or a predicate. */
export type OriginPolicy = readonly string[] | ((origin: string) => boolean);

export interface SandboxOptions {
  /** Clock in epoch milliseconds; inject one to expire things without sleeping. Default `Date.now`. */
  now?: () => number;
  /** Token id and secret of the default TRANSACT + VIEW token (`sandbox-token` / `sandbox-secret`). */
  tokenId?: string;
  tokenSecret?: string;
  /** Token id and secret of the default VIEW-only token (`sandbox-view-token` / `sandbox-view-secret`). */
  viewTokenId?: string;
  viewTokenSecret?: string;
  /** Replaces both default tokens. */
  tokens?: readonly PlatformToken[];
  /**
   * Browser origins allowed for CORS and as WebAuthn origins; under `startSandbox` a request carrying
   * any other `Origin` is refused (403). Default `http://localhost:*`, `http://127.0.0.1:*`.
   */
  allowedOrigins?: OriginPolicy;
  /**
   * Host names (no port) `startSandbox` answers to; any other `Host` gets 421 (DNS rebinding). Default:
   * `localhost`, `127.0.0.1`, `[::1]`, the listen address and `publicHost`. Ignored by `createSandbox`.
   */
  allowedHosts?: readonly string[];
  /** WebAuthn relying party id. Default `localhost`. */
  rpId?: string;
  /** CSP `frame-ancestors` sources of the PAN page. Default `http://localhost:*`, `http://127.0.0.1:*`. */
  frameAncestors?: readonly string[];
  /** Origin that serves `panFetch` (the PAN page). `startSandbox` sets it. Default `http://127.0.0.1:8788`. */
  panOrigin?: string;
  /** Origin that serves `kycFetch` (the hosted KYC page). `startSandbox` sets it. Default `http://127.0.0.1:8789`. */
  kycOrigin?: string;
  /** Send export bundles in the unsigned sandbox form (both signature fields empty). Default false. */
  unsignedExports?: boolean;
  /** Session lifetime. Default 15 minutes. */
  sessionTtlMs?: number;
  /** Lifetime of signed-retry requestIds, OTP targets, passkey and SCA challenges. Default 5 minutes. */
  challengeTtlMs?: number;
  /** OTP challenges per credential, and SCA code resends per quote. Default 3 per 30 s. */
  rateLimit?: RateLimit;
  /** How long a `-slow-export` wallet answers PROCESSING after its first signed export leg. Default 3 s. */
  exportDelayMs?: number;
  /** Quote lifetime. Default 5 minutes. */
  quoteTtlMs?: number;
  /** PROCESSING -> COMPLETED delay of an executed quote. Default 1 s. */
  settlementDelayMs?: number;
  /**
   * The most one customer's wallets may send in one currency in 24 hours (smallest units); an execute
   * beyond it answers 429 DAILY_VOLUME_LIMIT_EXCEEDED, as the OpenAPI documents. Default: no limit.
   */
  dailyVolumeLimit?: number;
  /** The largest amount one quote may lock (smallest units); above it POST /quotes answers 400 TRANSACTION_SIZE_LIMIT_EXCEEDED. Default: no limit. */
  maxTransactionAmount?: number;
  /** PROCESSING -> ACTIVE delay of a new card. Default 1 s. */
  cardActivationMs?: number;
  /** Lifetime of a PAN reveal URL. Default 2 minutes. */
  panRevealTtlMs?: number;
  /** Country codes whose customers need Strong Customer Authentication. Default EU + EEA. */
  scaRegions?: readonly string[];
  /** Failed SCA proofs before the customer is locked (423). Default 5. */
  scaMaxFailures?: number;
  /** How long an SCA lock lasts. Default 30 minutes. */
  scaLockMs?: number;
  /** Live (not CLOSED) cards the platform may hold. Default 50. */
  maxLiveCards?: number;
  /** Accepted OIDC `iss` values. Default: any `https://` issuer and `accounts.google.com`. */
  oauthIssuers?: readonly string[];
  /** Called with unexpected errors (answered as 500 INTERNAL_ERROR). Default `console.error`. */
  onInternalError?: (error: unknown) => void;
  /**
   * Faults on purpose for requests without a `Sandbox-Fault` header: rules such as
   * `POST /cards=drop-after;times=1` (faults.ts, README "Faults on purpose"). Default none.
   */
  faults?: readonly string[];
}

export interface SandboxConfig {
  now: () => number;
  tokens: readonly PlatformToken[];
  isAllowedOrigin: (origin: string) => boolean;
  /** The allowed origins when they are all exact (no wildcard, no predicate): advertised to SCA passkey clients. */
  exactAllowedOrigins: readonly string[] | undefined;
  rpId: string;
  frameAncestors: readonly string[];
  panOrigin: string;
  kycOrigin: string;
  unsignedExports: boolean;
  sessionTtlMs: number;
  challengeTtlMs: number;
  rateLimit: RateLimit;
  exportDelayMs: number;
  quoteTtlMs: number;
  settlementDelayMs: number;
  dailyVolumeLimit: number;
  maxTransactionAmount: number;
  cardActivationMs: number;
  panRevealTtlMs: number;
  scaRegions: ReadonlySet<string>;
  scaMaxFailures: number;
  scaLockMs: number;
  maxLiveCards: number;
  isAcceptedIssuer: (issuer: string) => boolean;
  onInternalError: (error: unknown) => void;
  /** Parsed `faults`; each rule's `times` counts down as it fires. */
  faults: FaultRule[];
}

export const API_VERSION = '2025-10-13';
export const LOCAL_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];
/** EU member states plus Iceland, Liechtenstein and Norway. */
export const EU_EEA = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(
  ' ',
);

const MINUTE = 60_000;

/** `http://localhost:*` matches any port of that scheme and host; `*` matches everything. */
export function originMatcher(policy: OriginPolicy): (origin: string) => boolean {
  if (typeof policy === 'function') return (origin) => typeof origin === 'string' && policy(origin);
  const rules = policy.map((pattern) => {
    if (pattern === '*') return () => true;
    const anyPort = pattern.endsWith(':*');
    const base = anyPort ? pattern.slice(0, -2) : pattern;
    let expected: URL;
    try {
      expected = new URL(base);
    } catch {
      throw new TypeError(`allowedOrigins: "${pattern}" is not an origin pattern`);
    }
    return (url: URL) =>
      url.protocol === expected.protocol &&
      url.hostname === expected.hostname &&
      (anyPort || url.port === expected.port);
  });
  return (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.origin !== origin) return false; // paths, credentials or trailing slashes are not origins
    return rules.some((rule) => rule(url));
  };
}

function exactOrigins(policy: OriginPolicy): readonly string[] | undefined {
  return typeof policy !== 'function' && policy.every((origin) => !origin.includes('*')) ? policy : undefined;
}

export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  const tokens = options.tokens ?? [
    {
      id: options.tokenId ?? 'sandbox-token',
      secret: options.tokenSecret ?? 'sandbox-secret',
      permissions: ['TRANSACT', 'VIEW'],
    },
    {
      id: options.viewTokenId ?? 'sandbox-view-token',
      secret: options.viewTokenSecret ?? 'sandbox-view-secret',
      permissions: ['VIEW'],
    },
  ];
  const issuers = options.oauthIssuers;
  return {
    now: options.now ?? Date.now,
    tokens,
    isAllowedOrigin: originMatcher(options.allowedOrigins ?? LOCAL_ORIGINS),
    exactAllowedOrigins: exactOrigins(options.allowedOrigins ?? LOCAL_ORIGINS),
    rpId: options.rpId ?? 'localhost',
    frameAncestors: options.frameAncestors ?? LOCAL_ORIGINS,
    panOrigin: (options.panOrigin ?? 'http://127.0.0.1:8788').replace(/\/+$/, ''),
    kycOrigin: (options.kycOrigin ?? 'http://127.0.0.1:8789').replace(/\/+$/, ''),
    unsignedExports: options.unsignedExports === true,
    sessionTtlMs: options.sessionTtlMs ?? 15 * MINUTE,
    challengeTtlMs: options.challengeTtlMs ?? 5 * MINUTE,
    rateLimit: options.rateLimit ?? { max: 3, windowMs: 30_000 },
    exportDelayMs: options.exportDelayMs ?? 3_000,
    quoteTtlMs: options.quoteTtlMs ?? 5 * MINUTE,
    settlementDelayMs: options.settlementDelayMs ?? 1_000,
    dailyVolumeLimit: options.dailyVolumeLimit ?? Number.POSITIVE_INFINITY,
    maxTransactionAmount: options.maxTransactionAmount ?? Number.POSITIVE_INFINITY,
    cardActivationMs: options.cardActivationMs ?? 1_000,
    panRevealTtlMs: options.panRevealTtlMs ?? 2 * MINUTE,
    scaRegions: new Set((options.scaRegions ?? EU_EEA).map((c) => c.toUpperCase())),
    scaMaxFailures: options.scaMaxFailures ?? 5,
    scaLockMs: options.scaLockMs ?? 30 * MINUTE,
    maxLiveCards: options.maxLiveCards ?? 50,
    isAcceptedIssuer: issuers
      ? (iss) => issuers.includes(iss)
      : (iss) => iss === 'accounts.google.com' || /^https:\/\/[^\s/]+(\/\S*)?$/.test(iss),
    onInternalError: options.onInternalError ?? ((error) => console.error('[sandbox] internal error:', error)),
    faults: (options.faults ?? []).map(parseFaultRule),
  };
}
