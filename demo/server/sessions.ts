/**
 * The demo platform's own sign-in: a server-side record per visitor, listing what that visitor owns on the
 * payments service (customer, wallet, credentials, wallet sessions, cards, quotes), and the visitor's
 * session: a random token named by an HttpOnly, SameSite=Strict cookie. The wallet proxy's
 * `resolveEndUser` reads it; the browser only ever holds the token. Every sign-in issues a new token (the
 * old one stops working) and sign-out ends it on the server, so a copied cookie dies with the session;
 * the visitor stays, and signs in again. In memory, bounded and expiring: a restart forgets everyone.
 *
 * Bounds (see limits.ts), so a flood of sign-ups, from one address or from many, never evicts a visitor
 * in use: each visitor belongs to the source (IPv4 address or IPv6 /64) that signed up; a source keeps at
 * most `maxSessionsPerSource` (its next sign-up ends its own oldest), and when the whole store is full a
 * sign-up takes the place of the visitor idle longest, if idle `idleMs` or more, or is refused
 * (`DemoFullError`). Every visitor that ends (evicted, expired, reset) is handed to `onEnd`, which closes
 * its cards.
 *
 * @example
 *   const sessions = new DemoSessions({ limits, onEnd: (session) => closeCards(session) });
 *   const session = sessions.create({ customerId, accountId, email, region, currency, otpCredentialId }, source);
 *   response.headers.append('Set-Cookie', sessions.cookieFor(session));
 *   sessions.fromRequest(request)?.cardIds.add(card.id);
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_LIMITS, type DemoLimits } from './limits.js';

export const COOKIE_NAME = 'paykit_demo';

/** The store is full of visitors in use: a new sign-up waits until one has been idle `idleMs`. */
export class DemoFullError extends Error {
  readonly code = 'DEMO_FULL';
  constructor() {
    super('The demo has as many visitors as it keeps, all of them active; try again later.');
  }
}
const TTL_MS = 24 * 60 * 60 * 1000;

export interface DemoProfile {
  customerId: string;
  accountId: string;
  email: string;
  fullName: string;
  region: string;
  currency: string;
  otpCredentialId: string;
  /** A business customer (KYB: its beneficial owners), not a person. */
  business?: boolean;
  /** The phone number given at sign-up (E.164), for the sign-in lookup. */
  phoneNumber?: string;
}

export interface DemoSession extends DemoProfile {
  /** The visitor's session token (the cookie's value): new at each sign-in, '' while signed out. */
  id: string;
  createdAt: number;
  /** When the visitor's session was last used (a request with its token) or started. */
  lastSeenAt: number;
  /** Source address that signed up (the owner for eviction). */
  source: string;
  /** Card issues under way (reserved against the per-visitor quota). */
  pendingCards: number;
  /** Resources created after sign-up and known to belong to this visitor. */
  credentialIds: Set<string>;
  sessionIds: Set<string>;
  cardIds: Set<string>;
  quoteIds: Set<string>;
  delegatedKeyIds: Set<string>;
  /** The visitor signed in to the wallet with the email code of the credential made for `email` at sign-up. */
  emailProven: boolean;
  /** Spending simulations run (bounded per visitor, not per session: signing in again gives none back). */
  simulations: number;
  /** The code of the UMA invitation a friend sent this visitor (`POST /api/demo/invitation`), once made. */
  invitationCode?: string;
  /** Whether the demo backend gave this visitor a payee (`POST /api/demo/payee`). */
  payeeAdded?: boolean;
}

export class DemoSessions {
  /** Every visitor, oldest first (signed in or not). */
  readonly #visitors = new Set<DemoSession>();
  /**
   * The same visitors, least recently seen first: one seen moves to the end. The visitor idle longest is
   * the first, and expired ones are the first of `#visitors`, so a sign-up into a full store reads one
   * visitor instead of scanning all (a flood of 1,000 sign-ups into a store of 1,000 scanned 2 million;
   * the demo server's Node tests, A/B twice: 15.5 and 16.2 s of CPU -> 15.0 and 15.5 s).
   */
  readonly #bySeen = new Set<DemoSession>();
  /** The visitors signed in now, by session token. */
  readonly #byToken = new Map<string, DemoSession>();
  /** Visitors per source, oldest first. */
  readonly #bySource = new Map<string, Set<DemoSession>>();
  readonly #limits: Pick<DemoLimits, 'maxSessions' | 'idleMs' | 'maxSessionsPerSource' | 'cardsPerVisitor'>;
  readonly #now: () => number;
  readonly #onEnd: (session: DemoSession) => void;

  constructor(
    options: { limits?: Partial<DemoLimits>; onEnd?: (session: DemoSession) => void; now?: () => number } = {},
  ) {
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#now = options.now ?? Date.now;
    this.#onEnd = options.onEnd ?? (() => undefined);
  }

  /** Visitors kept now. */
  get size(): number {
    return this.#visitors.size;
  }

  /**
   * A new visitor, signed in, from `source`.
   * @throws DemoFullError when the store is full and no visitor has been idle `idleMs`.
   */
  create(profile: DemoProfile, source = 'unknown'): DemoSession {
    if (!this.#makeRoom(source)) throw new DemoFullError();
    const session: DemoSession = {
      ...profile,
      id: '',
      createdAt: this.#now(),
      lastSeenAt: this.#now(),
      source,
      pendingCards: 0,
      credentialIds: new Set([profile.otpCredentialId]),
      sessionIds: new Set(),
      cardIds: new Set(),
      quoteIds: new Set(),
      delegatedKeyIds: new Set(),
      simulations: 0,
      emailProven: false,
    };
    this.#visitors.add(session);
    const owned = this.#bySource.get(source) ?? new Set<DemoSession>();
    owned.add(session);
    this.#bySource.set(source, owned);
    return this.signIn(session);
  }

  /** Starts a new session for `visitor`: a new random token; the one it had, if any, stops working. */
  signIn(visitor: DemoSession): DemoSession {
    this.#byToken.delete(visitor.id);
    visitor.id = randomBytes(32).toString('base64url');
    this.#seen(visitor);
    this.#byToken.set(visitor.id, visitor);
    return visitor;
  }

  /** Ends the visitor's session on the server: its token is dead, even replayed. The visitor stays. */
  signOut(visitor: DemoSession): void {
    this.#byToken.delete(visitor.id);
    visitor.id = '';
  }

  /**
   * Reserves one card issue against the visitor's quota (cards known plus issues under way); returns the
   * release to call once the issue is answered, or `undefined` when the quota is spent.
   */
  reserveCard(session: DemoSession): (() => void) | undefined {
    if (session.cardIds.size + session.pendingCards >= this.#limits.cardsPerVisitor) return undefined;
    session.pendingCards += 1;
    let released = false;
    return () => {
      if (!released) session.pendingCards -= 1;
      released = true;
    };
  }

  /** The visitor whose session token is `id`, if that session is live. */
  get(id: string | undefined): DemoSession | undefined {
    if (!id) return undefined;
    const session = this.#byToken.get(id);
    const live = session && this.#live(session);
    if (live) this.#seen(live);
    return live;
  }

  /**
   * The live visitors who signed up with `email` (lower case), oldest first. Anybody may sign up with any
   * address: which of them it belongs to is for its verification to say (verified-contacts.ts).
   */
  withEmail(email: string): DemoSession[] {
    return this.#all((session) => session.email === email);
  }

  /** The live visitors who signed up with the phone number `phone` (E.164), oldest first. */
  withPhone(phone: string): DemoSession[] {
    return this.#all((session) => session.phoneNumber === phone);
  }

  /** The newest live session whose wallet is `accountId`: who a wallet sign-in proved to be. */
  findByAccount(accountId: string): DemoSession | undefined {
    return this.#newest((session) => session.accountId === accountId);
  }

  #all(matches: (session: DemoSession) => boolean): DemoSession[] {
    return [...this.#visitors].filter((session) => matches(session) && this.#live(session));
  }

  /** The last-created session that `matches`, if it is still live. */
  #newest(matches: (session: DemoSession) => boolean): DemoSession | undefined {
    let found: DemoSession | undefined;
    for (const session of this.#visitors) if (matches(session)) found = session;
    return found && this.#live(found);
  }

  fromRequest(request: Request): DemoSession | undefined {
    return this.get(readCookie(request.headers.get('cookie'), COOKIE_NAME));
  }

  /** Forgets the visitor (their session and their record). */
  delete(visitor: DemoSession): void {
    if (this.#visitors.has(visitor)) this.#end(visitor);
  }

  /** `visitor`, unless it expired (then it ends). */
  #live(visitor: DemoSession): DemoSession | undefined {
    if (this.#now() - visitor.createdAt <= TTL_MS) return visitor;
    this.#end(visitor);
    return undefined;
  }

  /** `Set-Cookie` value naming the session: HttpOnly, SameSite=Strict, whole site, one day. */
  cookieFor(session: DemoSession): string {
    // Served over http://localhost, so no `Secure` / `__Host-` prefix here; a real deployment over
    // HTTPS would use `__Host-paykit_demo=…; Secure`.
    return `${COOKIE_NAME}=${session.id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${TTL_MS / 1000}`;
  }

  clearCookie(): string {
    return `${COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  /** Whether a sign-up from `source` would be taken now (checked before the service is asked for anything). */
  hasRoomFor(source: string): boolean {
    this.#endExpired();
    const own = this.#bySource.get(source)?.size ?? 0;
    if (own >= this.#limits.maxSessionsPerSource) return true; // it takes the place of that source's oldest
    return this.#visitors.size < this.#limits.maxSessions || this.#idlest() !== undefined;
  }

  /** Expired visitors go; then room is made for one more of `source`, never by ending a visitor in use. */
  #makeRoom(source: string): boolean {
    this.#endExpired();
    const own = this.#bySource.get(source);
    while (own && own.size >= this.#limits.maxSessionsPerSource) this.#endOldest(own);
    if (this.#visitors.size < this.#limits.maxSessions) return true;
    const idlest = this.#idlest();
    if (!idlest) return false;
    this.#end(idlest);
    return true;
  }

  /** Ends the expired visitors: the oldest first, up to the first one that is not (the clock only moves on). */
  #endExpired(): void {
    const now = this.#now();
    for (const visitor of this.#visitors) {
      if (now - visitor.createdAt <= TTL_MS) break;
      this.#end(visitor);
    }
  }

  /** The visitor idle longest, if idle `idleMs` or more. */
  #idlest(): DemoSession | undefined {
    const idlest = this.#bySeen.values().next().value as DemoSession | undefined;
    return idlest && this.#now() - idlest.lastSeenAt >= this.#limits.idleMs ? idlest : undefined;
  }

  /** `visitor` used now: the last of the least recently seen (if still kept). */
  #seen(visitor: DemoSession): void {
    visitor.lastSeenAt = this.#now();
    if (!this.#visitors.has(visitor)) return;
    this.#bySeen.delete(visitor);
    this.#bySeen.add(visitor);
  }

  #endOldest(visitors: Set<DemoSession>): void {
    this.#end(visitors.values().next().value as DemoSession);
  }

  #end(session: DemoSession): void {
    this.#visitors.delete(session);
    this.#bySeen.delete(session);
    this.#byToken.delete(session.id);
    const owned = this.#bySource.get(session.source);
    owned?.delete(session);
    if (owned?.size === 0) this.#bySource.delete(session.source);
    try {
      this.#onEnd(session);
    } catch {
      // closing its cards is best effort: the session is gone either way
    }
  }
}

export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
