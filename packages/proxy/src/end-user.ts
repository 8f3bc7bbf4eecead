/**
 * Who is asking, as the platform knows it. The platform's `resolveEndUser` turns its own session (a cookie,
 * a bearer token) into an `EndUser`, and the proxy asks it about every resource a request names. Anything
 * other than `true` is a refusal, so a forgotten kind or a sloppy truthy value fails closed.
 *
 * @example
 *   resolveEndUser: async (request) => {
 *     const user = await sessions.fromCookie(request.headers.get('Cookie'));
 *     return user ? endUserFromIds({ customerIds: [user.customerId], accountIds: user.walletIds }) : null;
 *   }
 */

/** The kinds of service resource an end user can own. `account` is an internal account (wallet). */
export type ResourceKind = 'customer' | 'account' | 'card' | 'quote' | 'credential' | 'session' | 'delegatedKey';

export const RESOURCE_KINDS: readonly ResourceKind[] = [
  'customer',
  'account',
  'card',
  'quote',
  'credential',
  'session',
  'delegatedKey',
];

export interface EndUser {
  /** Whether this user may act on the resource `id` of this `kind`. Only `true` grants access. */
  owns(kind: ResourceKind, id: string): boolean | Promise<boolean>;
  /**
   * Called after the proxy forwarded a call that creates or deletes something of this user's (a credential,
   * a session, a delegated key, a quote, a card) and the service answered 2xx: drop what you cached.
   */
  changed?(): void | Promise<void>;
}

/** Static id lists, one per kind; a kind left out owns nothing. */
export interface OwnedIds {
  customerIds?: Iterable<string>;
  accountIds?: Iterable<string>;
  cardIds?: Iterable<string>;
  quoteIds?: Iterable<string>;
  credentialIds?: Iterable<string>;
  sessionIds?: Iterable<string>;
  delegatedKeyIds?: Iterable<string>;
}

const LIST_OF: Record<ResourceKind, keyof OwnedIds> = {
  customer: 'customerIds',
  account: 'accountIds',
  card: 'cardIds',
  quote: 'quoteIds',
  credential: 'credentialIds',
  session: 'sessionIds',
  delegatedKey: 'delegatedKeyIds',
};

/** Builds an `EndUser` that owns exactly the ids listed (exact, case-sensitive match). */
export function endUserFromIds(ids: OwnedIds): EndUser {
  const owned = new Map<ResourceKind, ReadonlySet<string>>(
    RESOURCE_KINDS.map((kind) => [kind, new Set(ids[LIST_OF[kind]] ?? [])]),
  );
  return { owns: (kind, id) => owned.get(kind)?.has(id) === true };
}
