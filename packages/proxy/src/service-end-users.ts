/**
 * `createServiceEndUserResolver`: an `EndUser` per customer that reads what the customer owns from the
 * service itself (with the platform credential), so what the user creates after sign-in (a passkey, a
 * session in another browser, a card, a delegated key, a quote) is theirs at once, without the platform
 * keeping lists. What it read is reused for `maxAgeMs` (default 10 s); an id it does not know makes it read
 * again (at most once a second per customer), and the proxy drops it when it forwards a create or delete
 * for that customer (`EndUser.changed`). Ownership never moves between customers, so reuse can only be
 * late to grant, never wrong to.
 *
 * Reads, per customer: `GET /customers/internal-accounts?customerId=` (its wallets), then per wallet
 * `GET /auth/credentials`, `GET /auth/sessions` and `GET /auth/delegated-keys` (`accountId=`), and
 * `GET /cards?cardholderId=`; a quote is read by id (`GET /quotes/{id}`, its source is the customer or
 * one of its wallets). A read that fails throws, which the proxy answers 500 (`onError`, stage `ownership`).
 *
 * @example
 *   const owners = createServiceEndUserResolver({ serviceUrl, tokenId, clientSecret });
 *   resolveEndUser: async (request) => {
 *     const user = await mySessions.lookup(request);
 *     return user ? owners.forCustomer(user.customerId) : null;
 *   },
 */
import { resolveConfig } from './config.js';
import type { EndUser, ResourceKind } from './end-user.js';
import { forward } from './upstream.js';

export interface ServiceEndUserResolverOptions {
  /** `{base_url}` of the payments service, as the proxy's. */
  serviceUrl: string;
  tokenId: string;
  clientSecret: string;
  /** Reaches the service; defaults to the global `fetch`. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** How long what was read is reused, in ms. Default 10000. */
  maxAgeMs?: number | undefined;
  /** Time allowed for each read, in ms. Default 30000. */
  timeoutMs?: number | undefined;
  /** Clock, in epoch ms. Default `Date.now`. */
  now?: (() => number) | undefined;
}

export interface ServiceEndUserResolver {
  /** The end user who is this customer: owns the customer, its wallets and what they hold, as the service says. */
  forCustomer(customerId: string): EndUser;
  /** Forgets what was read for this customer (the proxy does this itself after a create or delete it forwarded). */
  forget(customerId: string): void;
}

/** What a customer owns, as last read. */
interface Owned {
  readonly at: number;
  readonly ids: ReadonlyMap<ResourceKind, ReadonlySet<string>>;
}

/** An id not known makes a new read, but not more often than this per customer. */
const MISS_REREAD_MS = 1000;
/** Customers whose reads are kept; the least recently read goes first. */
const MAX_CUSTOMERS = 10_000;

export function createServiceEndUserResolver(options: ServiceEndUserResolverOptions): ServiceEndUserResolver {
  // the proxy's own checks of the URL and credential, and its way to the service
  const config = resolveConfig({ ...options, resolveEndUser: () => null });
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  if (!Number.isFinite(maxAgeMs) || maxAgeMs < 0) throw new TypeError('maxAgeMs must be a number ≥ 0.');
  const now = options.now ?? Date.now;
  const cache = new Map<string, Promise<Owned>>();
  const quotes = new Map<string, string>(); // quote id → its customer (never changes)

  async function get<T>(path: string): Promise<T | undefined> {
    const answer = await forward(config, {
      url: config.serviceBase + path,
      method: 'GET',
      headers: new Headers(),
      body: new Uint8Array(),
      signal: undefined,
    });
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw new Error(`GET ${path.split('?')[0]}: ${answer.status}`);
    return (await answer.json()) as T;
  }

  /** Every id of a list, page after page. */
  async function ids(path: string): Promise<string[]> {
    const found: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await get<{ data?: { id: string }[]; hasMore?: boolean; nextCursor?: string }>(
        cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path,
      );
      for (const item of page?.data ?? []) found.push(item.id);
      cursor = page?.hasMore && page.nextCursor ? page.nextCursor : undefined;
    } while (cursor);
    return found;
  }

  async function read(customerId: string): Promise<Owned> {
    const at = now();
    const q = encodeURIComponent;
    const accounts = await ids(`/customers/internal-accounts?customerId=${q(customerId)}`);
    const perAccount = (path: string) =>
      Promise.all(accounts.map((account) => ids(`${path}?accountId=${q(account)}`))).then((lists) => lists.flat());
    const [credentials, sessions, delegatedKeys, cards] = await Promise.all([
      perAccount('/auth/credentials'),
      perAccount('/auth/sessions'),
      perAccount('/auth/delegated-keys'),
      ids(`/cards?cardholderId=${q(customerId)}`),
    ]);
    const owned = new Map<ResourceKind, ReadonlySet<string>>([
      ['customer', new Set([customerId])],
      ['account', new Set(accounts)],
      ['credential', new Set(credentials)],
      ['session', new Set(sessions)],
      ['delegatedKey', new Set(delegatedKeys)],
      ['card', new Set(cards)],
    ]);
    return { at, ids: owned };
  }

  function owned(customerId: string, fresh = false): Promise<Owned> {
    const cached = cache.get(customerId);
    if (cached && !fresh) {
      cache.delete(customerId); // most recently used last
      cache.set(customerId, cached);
      return cached;
    }
    const reading = read(customerId);
    cache.set(customerId, reading);
    reading.catch(() => cache.get(customerId) === reading && cache.delete(customerId));
    if (cache.size > MAX_CUSTOMERS) cache.delete(cache.keys().next().value!);
    return reading;
  }

  async function ownsListed(customerId: string, kind: ResourceKind, id: string): Promise<boolean> {
    let known = await owned(customerId);
    if (now() - known.at > maxAgeMs) known = await owned(customerId, true);
    if (known.ids.get(kind)?.has(id)) return true;
    if (now() - known.at < MISS_REREAD_MS) return false;
    known = await owned(customerId, true);
    return known.ids.get(kind)?.has(id) === true;
  }

  async function ownsQuote(customerId: string, id: string): Promise<boolean> {
    let owner = quotes.get(id);
    if (owner === undefined) {
      const quote = await get<{ source?: { accountId?: string; customerId?: string } }>(
        `/quotes/${encodeURIComponent(id)}`,
      );
      const source = quote?.source;
      if (source?.customerId) owner = source.customerId;
      else if (source?.accountId && (await ownsListed(customerId, 'account', source.accountId))) owner = customerId;
      if (owner === undefined) return false;
      quotes.set(id, owner);
      if (quotes.size > MAX_CUSTOMERS * 10) quotes.delete(quotes.keys().next().value!);
    }
    return owner === customerId;
  }

  return {
    forCustomer(customerId) {
      if (typeof customerId !== 'string' || customerId === '') throw new TypeError('customerId must be a string.');
      return {
        owns: (kind, id) => (kind === 'quote' ? ownsQuote(customerId, id) : ownsListed(customerId, kind, id)),
        changed: () => void cache.delete(customerId),
      };
    },
    forget(customerId) {
      cache.delete(customerId);
    },
  };
}
