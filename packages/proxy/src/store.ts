/**
 * The one interface behind everything the proxy remembers between requests: the sign-in lookup's rate
 * limits (fixed-window counters), the sign-in grants that signed someone in (single-use markers) and what
 * end users set on their cards (values). `memoryStore()` (the default everywhere) keeps them in this
 * process: right for one instance only, since every instance, and every serverless isolate, would count and
 * remember on its own. Several instances share one store: `redisStore` from `@paykit/proxy/redis`.
 *
 * @example
 *   const store = memoryStore(); // or redisStore(new Redis(url, REDIS_CLIENT_OPTIONS))
 *   const grants = createSignInGrants({ secret, store });
 *   const lookup = createSignInLookup({ findUser, grants, store });
 *   const wallet = createPlatformProxy({ ...options, signIn: { grants }, store });
 */

/** A fixed-window limit: at most `max` events per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Counts events per key against one `RateLimit`. */
export interface RateCounter {
  /** Counts one event for `key`: the ms until `key`'s window ends when this event is over the limit, else 0. */
  hit(key: string): Promise<number>;
}

/** Where the proxy keeps its state. Every method may reject when the store cannot be reached. */
export interface ProxyStore {
  /** The counter of one limit; `name` keeps limits apart. */
  counter(name: string, limit: RateLimit): RateCounter;
  /** Sets single-use marker `key` for `ttlMs`: true for the one call that set it, false while it is set. */
  mark(key: string, ttlMs: number): Promise<boolean>;
  /** Whether marker `key` is set. */
  isMarked(key: string): Promise<boolean>;
  /** The value last `set` under `key`, or undefined. */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` (the store may forget old values: callers treat a missing one as the safe case). */
  set(key: string, value: string): Promise<void>;
}

/** Throws a `TypeError` unless `store` has the `ProxyStore` methods. */
export function checkStore(store: ProxyStore, name = 'store'): ProxyStore {
  for (const method of ['counter', 'mark', 'isMarked', 'get', 'set'] as const)
    if (typeof store?.[method] !== 'function') throw new TypeError(`${name} must be a ProxyStore (${method} missing).`);
  return store;
}
