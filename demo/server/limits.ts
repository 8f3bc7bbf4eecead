/**
 * The demo's bounds, so that one visitor (or one address flooding it) cannot crowd out the others: how
 * many sessions the server keeps and per source address, how fast one address may sign up or post CSP
 * reports, and how many cards one visitor may issue. `RateLimiter` is a token bucket per key whose table
 * is itself bounded (the least recently seen keys go first), so a flood of distinct keys costs a fixed
 * amount of memory.
 *
 * @example
 *   const signups = new RateLimiter({ burst: 10, perMinute: 10 });
 *   const wait = signups.take(source); // 0 → go on; else seconds to wait (Retry-After)
 */

export interface DemoLimits {
  /** Demo sessions kept in all; when full, the oldest session of the source holding the most goes. */
  maxSessions: number;
  /** Demo sessions kept per source address; its next sign-up ends that source's oldest. */
  maxSessionsPerSource: number;
  /** Sign-ups one source may make at once, then `signupsPerMinute`. */
  signupBurst: number;
  signupsPerMinute: number;
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
  maxSessionsPerSource: 50,
  signupBurst: 20,
  signupsPerMinute: 10,
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

/** Drops control characters (newlines, escapes) so a value cannot forge or garble a log line. */
export function stripControl(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}
