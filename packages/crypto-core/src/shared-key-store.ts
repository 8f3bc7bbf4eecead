/**
 * Internal (no subpath export): the one key store that session keys and `WalletClient` use when none is
 * passed, so both find the same keys. Chosen lazily: importing touches no global.
 *
 * @example
 *   const store = options.keyStore ?? sharedKeyStore();
 */
import { defaultKeyStore, type KeyStore } from './key-store.js';

let shared: KeyStore | undefined;

/** The page's default store (IndexedDB, memory where refused), made on first use. */
export function sharedKeyStore(): KeyStore {
  return (shared ??= defaultKeyStore());
}
