/**
 * `memoryStore()`: the `ProxyStore` in this process's memory, the default of the lookup, the grants and the
 * proxy. Single instance only: behind a load balancer each instance counts and remembers on its own (N
 * instances let a client ask N times the limit, and a used grant opens nothing on the instance that saw it
 * used but still works on the others), and a serverless isolate starts empty. Bounded: counters drop ended
 * windows once a limit holds 10 000 keys; markers and values keep the `capacity` most recent (a forgotten
 * card record falls back to the safe side, see card-controls.ts).
 *
 * @example
 *   const store = memoryStore();
 *   await store.counter('lookup-ip', { max: 30, windowMs: 60_000 }).hit('203.0.113.9'); // 0: within the limit
 *   await store.mark('grant:abc', 600_000); // true, then false until ten minutes have passed
 */
import type { ProxyStore, RateCounter, RateLimit } from './store.js';

export interface MemoryStoreOptions {
  /** The clock, in epoch ms. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** How many markers, and how many values, are kept at most. Default 100 000 each. */
  capacity?: number | undefined;
}

export function memoryStore(options: MemoryStoreOptions = {}): ProxyStore {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? 100_000;
  const counters = new Map<string, RateCounter>();
  const markers = new Map<string, number>(); // key → until (epoch ms), in the order set
  const values = new Map<string, string>(); // in the order set
  const marked = (key: string) => (markers.get(key) ?? 0) > now();
  return {
    counter(name, limit) {
      const id = `${name} ${limit.max}/${limit.windowMs}`;
      let counter = counters.get(id);
      if (!counter) counters.set(id, (counter = fixedWindow(limit, now)));
      return counter;
    },
    async mark(key, ttlMs) {
      if (marked(key)) return false;
      if (markers.size >= capacity) {
        const time = now();
        for (const [k, until] of markers) if (until <= time) markers.delete(k);
      }
      if (markers.size >= capacity) markers.delete(markers.keys().next().value!);
      markers.delete(key);
      markers.set(key, now() + ttlMs);
      return true;
    },
    isMarked: async (key) => marked(key),
    get: async (key) => values.get(key),
    async set(key, value) {
      values.delete(key);
      values.set(key, value);
      if (values.size > capacity) values.delete(values.keys().next().value!);
    },
  };
}

/** Fixed-window counts per key, pruned as windows end. */
function fixedWindow(limit: RateLimit, now: () => number): RateCounter {
  const counts = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const time = now();
      if (counts.size > 10_000) {
        for (const [k, v] of counts) if (time - v.start >= limit.windowMs) counts.delete(k);
      }
      let entry = counts.get(key);
      if (!entry || time - entry.start >= limit.windowMs) {
        entry = { start: time, count: 0 };
        counts.set(key, entry);
      }
      entry.count++;
      return entry.count > limit.max ? entry.start + limit.windowMs - time : 0;
    },
  };
}
