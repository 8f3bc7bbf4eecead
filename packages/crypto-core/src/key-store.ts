/**
 * Where session keys (and the session record that names them) live. `indexedDbKeyStore()` stores
 * CryptoKey objects structurally through idb-keyval, so a non-extractable key survives a reload without
 * ever being exported; `memoryKeyStore()` serves Node, tests and webviews without IndexedDB;
 * `defaultKeyStore()` picks IndexedDB and falls back to memory where IndexedDB is refused (private modes).
 *
 * @example
 *   const store = defaultKeyStore();
 *   const key = await createSessionKey({ store });
 *   store.persistent; // false when it fell back to memory
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { LocalErrorCode, PayError } from './errors.js';

export interface KeyStore {
  /** True when values survive a page reload. */
  readonly persistent: boolean;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A store in this page's memory: gone on reload. Never throws. */
export function memoryKeyStore(): KeyStore {
  const map = new Map<string, unknown>();
  return {
    persistent: false,
    async get<T>(key: string) {
      return map.get(key) as T | undefined;
    },
    async set(key, value) {
      map.set(key, value);
    },
    async delete(key) {
      map.delete(key);
    },
  };
}

export interface IndexedDbKeyStoreOptions {
  /** Database name; default `paykit`. */
  database?: string;
  /** Object store name; default `keys`. */
  objectStore?: string;
}

const unavailable = (cause: unknown): PayError =>
  new PayError(LocalErrorCode.KEY_STORE_UNAVAILABLE, 'IndexedDB is not available for key storage', { cause });

/**
 * IndexedDB store.
 *
 * @throws {PayError} `KEY_STORE_UNAVAILABLE` from each operation when IndexedDB is missing or refused.
 */
export function indexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  let store: UseStore | undefined;
  const use = (): UseStore => {
    if (typeof indexedDB === 'undefined') throw unavailable(undefined);
    store ??= createStore(options.database ?? 'paykit', options.objectStore ?? 'keys');
    return store;
  };
  const guard = async <T>(op: (s: UseStore) => Promise<T>): Promise<T> => {
    try {
      return await op(use());
    } catch (error) {
      throw error instanceof PayError ? error : unavailable(error);
    }
  };
  return {
    persistent: true,
    get: <T>(key: string) => guard((s) => get<T>(key, s)),
    set: (key, value) => guard((s) => set(key, value, s)),
    delete: (key) => guard((s) => del(key, s)),
  };
}

/**
 * IndexedDB where it works, memory otherwise. The choice is made on first use by a real write and read,
 * since private modes expose `indexedDB` but refuse to open it. `persistent` tells which one won.
 * Never throws for want of IndexedDB.
 */
export function defaultKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  let chosen: Promise<KeyStore> | undefined;
  let persistent = typeof indexedDB !== 'undefined';
  const choose = (): Promise<KeyStore> =>
    (chosen ??= (async () => {
      if (typeof indexedDB === 'undefined') return memoryKeyStore();
      const idb = indexedDbKeyStore(options);
      try {
        await idb.set('paykit:probe', 1);
        await idb.get('paykit:probe');
        return idb;
      } catch {
        persistent = false;
        return memoryKeyStore();
      }
    })());
  return {
    get persistent() {
      return persistent;
    },
    get: async <T>(key: string) => (await choose()).get<T>(key),
    set: async (key, value) => (await choose()).set(key, value),
    delete: async (key) => (await choose()).delete(key),
  };
}
