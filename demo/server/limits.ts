/**
 * The demo's bounds, so that one visitor, one address or many addresses flooding it cannot crowd out the
 * others: how many visitors the server keeps (in all and per source), how fast one source and all of them
 * together may sign up, how fast one source may post CSP reports, and how many cards one visitor may
 * issue. A source is an IPv4 address or an IPv6 /64 (`sourceKeyOf`): one host is usually given a whole
 * /64, so keying by full IPv6 address would hand a flooder 2^64 sources. `RateLimiter` is a token bucket
 * per key whose table is itself bounded (the least recently seen keys go first), so a flood of distinct
 * keys costs a fixed amount of memory.
 *
 * @example
 *   const signups = new RateLimiter({ burst: 10, perMinute: 10 });
 *   const wait = signups.take(sourceKeyOf(request)); // 0 → go on; else seconds to wait (Retry-After)
 */

export interface DemoLimits {
  /**
   * Visitors kept in all; when full, a sign-up replaces the visitor idle longest if idle `idleMs` or more,
   * else it is refused (503 DEMO_FULL): a visitor in use is never evicted.
   */
  maxSessions: number;
  /** A visitor whose session was not used for this long may give its place to a new sign-up when full. */
  idleMs: number;
  /** Visitors kept per source; its next sign-up ends that source's oldest. */
  maxSessionsPerSource: number;
  /** Sign-ups one source may make at once, then `signupsPerMinute`. */
  signupBurst: number;
  signupsPerMinute: number;
  /** Sign-ups all sources together may make at once, then `globalSignupsPerMinute` (a flood from many addresses). */
  globalSignupBurst: number;
  globalSignupsPerMinute: number;
  /** Cards one visitor (demo session) may issue. */
  cardsPerVisitor: number;
  /** Spending simulations (`POST /api/demo/card/simulate`) one visitor may run. */
  simulationsPerVisitor: number;
  /** CSP reports one source may post at once, then `cspReportsPerMinute`. */
  cspReportBurst: number;
  cspReportsPerMinute: number;
  /** CSP violations kept (the newest). */
  maxCspReports: number;
}

export const DEFAULT_LIMITS: Readonly<DemoLimits> = {
  maxSessions: 1_000,
  idleMs: 30 * 60_000,
  maxSessionsPerSource: 50,
  signupBurst: 20,
  signupsPerMinute: 10,
  globalSignupBurst: 100,
  globalSignupsPerMinute: 60,
  cardsPerVisitor: 3,
  simulationsPerVisitor: 10,
  cspReportBurst: 20,
  cspReportsPerMinute: 20,
  maxCspReports: 200,
};

/** Keys tracked by one limiter; beyond it the least recently seen key is forgotten (it starts full again). */
const MAX_KEYS = 10_000;

export class RateLimiter {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: { burst: number; perMinute: number; now?: () => number }) {
    this.#burst = options.burst;
    this.#perMs = options.perMinute / 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Takes one token for `key`: 0 when granted, else whole seconds until the next token. */
  take(key: string): number {
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, at: now };
    this.#buckets.delete(key); // re-inserted last: the Map's order is least recently seen first
    bucket.tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) * this.#perMs);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > MAX_KEYS) this.#buckets.delete(this.#buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs / 1000));
  }

  /** Keys currently tracked (for the memory tests). */
  get size(): number {
    return this.#buckets.size;
  }
}

/** Header the demo's own listener sets to the connection's remote address (any copy a client sent is replaced). */
export const SOURCE_HEADER = 'x-paykit-demo-source';

/** The source address of a request, as the demo's listener recorded it. */
export function sourceOf(request: Request): string {
  return request.headers.get(SOURCE_HEADER) ?? 'unknown';
}

/** The source a request's bounds are counted against: its IPv4 address, or its IPv6 address's /64. */
export function sourceKeyOf(request: Request): string {
  return addressKey(sourceOf(request));
}

/**
 * `198.51.100.7` and `::ffff:198.51.100.7` → `198.51.100.7`; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`;
 * anything that is no IPv6 address is its own key.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names no other host
  if (!bare.includes(':') || !/^[\da-f:.]+$/i.test(bare)) return address;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Drops control characters (newlines, escapes) so a value cannot forge or garble a log line. */
export function stripControl(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}
