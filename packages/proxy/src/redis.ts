/**
 * `redisStore`: the proxy's state (`ProxyStore`) in Redis, shared by every instance that is given a client
 * of the same Redis: the sign-in lookup's limits hold across all of them, and a grant used up on one opens
 * nothing on the others. Counters are `rate-limiter-flexible`'s `RateLimiterRedis` (an atomic INCR with
 * expiry; windows in whole seconds), markers are `SET key 1 NX PX ttl`, values are plain `SET`/`GET`.
 * Its own subpath, `@paykit/proxy/redis`, so only platforms that use Redis install `ioredis` (an optional
 * peer dependency).
 *
 * When Redis cannot be reached (down, or no answer within `timeoutMs`), nothing waits longer than that:
 * markers and values reject, so a sign-in grant fails closed (it opens nothing: the proxy answers 500 and
 * tells `onError`) and a card change is refused; counters fall back to counting in this process's memory
 * (`rate-limiter-flexible`'s insurance limiter), so each instance holds a stranger to the single-instance
 * limits until Redis is back, rather than letting every lookup through or refusing every sign-in.
 *
 * @example
 *   import { Redis } from 'ioredis';
 *   import { REDIS_CLIENT_OPTIONS, redisStore } from '@paykit/proxy/redis';
 *   const store = redisStore(new Redis(process.env.REDIS_URL!, REDIS_CLIENT_OPTIONS));
 */
import type { Cluster, Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { ProxyStore, RateCounter } from './store.js';

/**
 * `ioredis` options that keep a store call from waiting on a Redis that is gone: a 1 s connect and
 * command timeout, no queue of commands while disconnected, one retry.
 */
export const REDIS_CLIENT_OPTIONS = {
  connectTimeout: 1000,
  commandTimeout: 1000,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
} as const;

export interface RedisStoreOptions {
  /** Put before every key, so several platforms or environments can share one Redis. Default `paykit:`. */
  prefix?: string | undefined;
  /** The longest any store call waits for Redis, in ms. Default 1000. */
  timeoutMs?: number | undefined;
}

/**
 * A `ProxyStore` in the Redis `client` reaches (an `ioredis` `Redis` or `Cluster`). The client is the
 * platform's: create it with `REDIS_CLIENT_OPTIONS` (or timeouts of your own), and `quit()` it on shutdown.
 * Throws a `TypeError` for a client that is not an ioredis one or a `timeoutMs` that is not positive.
 */
export function redisStore(client: Redis | Cluster, options: RedisStoreOptions = {}): ProxyStore {
  if (typeof client?.set !== 'function' || typeof client.defineCommand !== 'function')
    throw new TypeError('client must be an ioredis Redis or Cluster.');
  const prefix = options.prefix ?? 'paykit:';
  const timeoutMs = options.timeoutMs ?? 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('timeoutMs must be a positive number.');
  const within = <T>(work: Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };

  return {
    counter(name, limit): RateCounter {
      const duration = Math.max(1, Math.ceil(limit.windowMs / 1000));
      const keyPrefix = `${prefix}${name}`;
      const limiter = new RLWrapperTimeouts({
        limiter: new RateLimiterRedis({
          storeClient: client,
          keyPrefix,
          points: limit.max,
          duration,
          rejectIfRedisNotReady: true,
        }),
        timeoutMs,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: limit.max, duration }),
      });
      return {
        async hit(key) {
          try {
            await limiter.consume(key);
            return 0;
          } catch (refusal) {
            if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
            throw refusal;
          }
        },
      };
    },
    mark: async (key, ttlMs) =>
      (await within(client.set(`${prefix}${key}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'))) === 'OK',
    isMarked: async (key) => (await within(client.exists(`${prefix}${key}`))) === 1,
    get: async (key) => (await within(client.get(`${prefix}${key}`))) ?? undefined,
    set: async (key, value) => {
      await within(client.set(`${prefix}${key}`, value));
    },
  };
}
