/**
 * The redirect fallback's pending record (what it holds and why: oauth-protocol.ts), as far as a page
 * needs to find it: its `sessionStorage` key and how records are read. A module of its own, and a tiny
 * one, because `<pay-sign-in>` imports it up front (to resume a sign-in that comes back from the
 * provider) while `<pay-oauth-button>` and the rest of the protocol are loaded only when needed.
 *
 * @example
 *   const pending = readRecord<OAuthPending>(PENDING_KEY);
 */

/** sessionStorage key of the redirect path's pending request. */
export const PENDING_KEY = 'paykit:oauth:pending';

/** JSON from sessionStorage (undefined when absent, unreadable or storage is refused). */
export function readRecord<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}
