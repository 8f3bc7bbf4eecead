/**
 * The demo platform's own sign-in: a server-side record per visitor, named by an HttpOnly, SameSite=Strict
 * cookie, listing what that visitor owns on the payments service (customer, wallet, credentials, wallet
 * sessions, cards, quotes). The wallet proxy's `resolveEndUser` reads it; the browser only ever holds the
 * random cookie value. In memory, capped and expiring: a restart forgets everyone.
 *
 * @example
 *   const sessions = new DemoSessions();
 *   const session = sessions.create({ customerId, accountId, email, region, currency, otpCredentialId });
 *   response.headers.append('Set-Cookie', sessions.cookieFor(session));
 *   sessions.fromRequest(request)?.cardIds.add(card.id);
 */
import { randomBytes } from 'node:crypto';

export const COOKIE_NAME = 'paykit_demo';
const MAX_SESSIONS = 1_000;
const TTL_MS = 24 * 60 * 60 * 1000;

export interface DemoProfile {
  customerId: string;
  accountId: string;
  email: string;
  fullName: string;
  region: string;
  currency: string;
  otpCredentialId: string;
}

export interface DemoSession extends DemoProfile {
  id: string;
  createdAt: number;
  /** Resources created after sign-up and known to belong to this visitor. */
  credentialIds: Set<string>;
  sessionIds: Set<string>;
  cardIds: Set<string>;
  quoteIds: Set<string>;
  delegatedKeyIds: Set<string>;
}

export class DemoSessions {
  readonly #sessions = new Map<string, DemoSession>();

  create(profile: DemoProfile): DemoSession {
    this.#prune();
    const session: DemoSession = {
      ...profile,
      id: randomBytes(32).toString('base64url'),
      createdAt: Date.now(),
      credentialIds: new Set([profile.otpCredentialId]),
      sessionIds: new Set(),
      cardIds: new Set(),
      quoteIds: new Set(),
      delegatedKeyIds: new Set(),
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): DemoSession | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (session && Date.now() - session.createdAt > TTL_MS) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  fromRequest(request: Request): DemoSession | undefined {
    return this.get(readCookie(request.headers.get('cookie'), COOKIE_NAME));
  }

  delete(id: string): void {
    this.#sessions.delete(id);
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

  #prune(): void {
    const now = Date.now();
    for (const [id, session] of this.#sessions) if (now - session.createdAt > TTL_MS) this.#sessions.delete(id);
    while (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest === undefined) break;
      this.#sessions.delete(oldest);
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
