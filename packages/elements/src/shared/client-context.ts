/**
 * How an element finds its `WalletClient`: its own `client` property wins; otherwise the one client
 * registered for the page with `setDefaultClient`. Nothing is read at import time and nothing is put
 * on `window`: the default lives in this module and is set by the page's own code.
 *
 * @example
 *   import { setDefaultClient } from '@paykit/elements';
 *   setDefaultClient(new WalletClient({ baseUrl: '/api/wallet' }));
 *   // every <pay-*> element without its own `client` now uses it
 */
import type { WalletClient } from '@paykit/crypto-core';

let defaultClient: WalletClient | undefined;
const listeners = new Set<() => void>();

/** Registers (or, with `undefined`, removes) the client every element uses when it has none of its own. */
export function setDefaultClient(client: WalletClient | undefined): void {
  defaultClient = client;
  notifyElements();
}

export function getDefaultClient(): WalletClient | undefined {
  return defaultClient;
}

/** Calls every listener: each connected element re-renders (the default client or the page's language changed). */
export function notifyElements(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` when the default client changes (or `notifyElements` runs); returns the unsubscribe function. */
export function onDefaultClientChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
