/**
 * The wallet proxy as the demo mounts it at `/api/wallet`: `@paykit/proxy` unchanged, with
 * `resolveEndUser` reading the demo session cookie, sign-in grants from the lookup for a visitor without
 * it (whose wallet sign-in then starts a new demo session, `onSignIn`), and a thin wrapper that learns the ids of resources
 * the visitor creates through it (passkeys, wallet sessions, quotes, cards) from the proxied answers.
 * An id the session does not know yet (for example a session made in another tab) is checked with the
 * service using the platform credential, then remembered. Only the demo's own origin may call it, and
 * each visitor may issue `cardsPerVisitor` cards (limits.ts), counted with the issues under way, so no
 * visitor can use up the platform's live-card allowance for everybody. The SCA calls that the service
 * wants the end user's IP address in get `endUserIpAddress` from the proxy itself (the connection's
 * address, which `toNodeListener` records).
 *
 * @example
 *   const wallet = createWalletProxy({ serviceUrl, tokenId, clientSecret, sessions, platform });
 *   const response = await wallet(request); // request.url = http://localhost:5173/api/wallet/…
 */
import { createPlatformProxy, type EndUser, type ResourceKind, type SignInGrants } from '@paykit/proxy';
import type { PlatformClient } from './platform.js';
import type { DemoSession, DemoSessions } from './sessions.js';

export const WALLET_PREFIX = '/api/wallet';

interface Options {
  /** The demo page's origin: the only browser origin the proxy accepts. */
  origin: string;
  serviceUrl: string;
  tokenId: string;
  clientSecret: string;
  sessions: DemoSessions;
  platform: PlatformClient;
  /** The sign-in lookup's grants: a visitor without the cookie (another browser, signed out) signs in to their wallet. */
  grants?: SignInGrants;
  onError?: (error: unknown, stage: string) => void;
  /** Reaches the service (tests give a fake); default the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Service answers that name a new resource of the visitor's: method, path pattern, kind. */
const CREATES: ReadonlyArray<[string, RegExp, Exclude<ResourceKind, 'customer' | 'account'>]> = [
  ['POST', /^\/auth\/credentials$/, 'credential'],
  ['POST', /^\/auth\/credentials\/[^/]+\/verify$/, 'session'],
  ['POST', /^\/auth\/sessions\/[^/]+\/refresh$/, 'session'],
  ['POST', /^\/quotes$/, 'quote'],
  ['POST', /^\/cards$/, 'card'],
  ['POST', /^\/auth\/delegated-keys$/, 'delegatedKey'],
];

const SET_OF = {
  credential: 'credentialIds',
  session: 'sessionIds',
  quote: 'quoteIds',
  card: 'cardIds',
  delegatedKey: 'delegatedKeyIds',
} as const;

export function createWalletProxy(options: Options): (request: Request) => Promise<Response> {
  const { sessions, platform } = options;
  const proxy = createPlatformProxy({
    serviceUrl: options.serviceUrl,
    tokenId: options.tokenId,
    clientSecret: options.clientSecret,
    pathPrefix: WALLET_PREFIX,
    allowedOrigins: [options.origin],
    resolveEndUser: (request) => {
      const session = sessions.fromRequest(request);
      return session ? endUserOf(session, platform) : null;
    },
    ...(options.grants
      ? {
          signIn: {
            grants: options.grants,
            // the person proved the wallet's code, passkey or provider token: they are that visitor again, in
            // a new session (a new token; the visitor's old one, and any other this browser held, end)
            onSignIn: (signIn: { accountId: string; credentialId: string }, request: Request) => {
              const { accountId } = signIn;
              const visitor = sessions.findByAccount(accountId);
              if (!visitor) return undefined;
              if (signIn.credentialId === visitor.otpCredentialId) visitor.emailProven = true;
              const previous = sessions.fromRequest(request);
              if (previous && previous !== visitor) sessions.signOut(previous);
              return [['Set-Cookie', sessions.cookieFor(sessions.signIn(visitor))] as [string, string]];
            },
          },
        }
      : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return async (request) => {
    const path = new URL(request.url).pathname.slice(WALLET_PREFIX.length);
    const visitor = request.method === 'POST' && path === '/cards' ? sessions.fromRequest(request) : undefined;
    const release = visitor && sessions.reserveCard(visitor);
    if (visitor && !release) {
      const message = 'This demo visitor has issued as many cards as one visitor may.';
      return Response.json(
        { status: 429, code: 'CARD_QUOTA_EXCEEDED', message },
        { status: 429, headers: { 'Cache-Control': 'no-store' } },
      );
    }
    try {
      return await learn(request, path, await proxy(request));
    } finally {
      release?.();
    }
  };

  /** Remembers the id of a resource the visitor just created through the proxy. */
  async function learn(request: Request, path: string, response: Response): Promise<Response> {
    if (response.status < 200 || response.status >= 300 || response.status === 202) return response;
    const created = CREATES.find(([method, pattern]) => method === request.method && pattern.test(path));
    const session = created && sessions.fromRequest(request);
    if (!created || !session) return response;
    try {
      const body = (await response.clone().json()) as { id?: unknown; accountId?: unknown };
      // a wallet session of another wallet (signed in through a sign-in grant) is not this visitor's
      if (body?.accountId !== undefined && body.accountId !== session.accountId) return response;
      if (typeof body?.id === 'string') session[SET_OF[created[2]]].add(body.id);
      // a code of the email credential made for the sign-up address reached this visitor: they own that address
      const verified = /^\/auth\/credentials\/([^/]+)\/verify$/.exec(path)?.[1];
      if (verified && decodeURIComponent(verified) === session.otpCredentialId) session.emailProven = true;
    } catch {
      // not JSON: nothing to learn
    }
    return response;
  }
}

/** What the visitor owns: their records first, then (for ids made elsewhere) the service's word. */
function endUserOf(session: DemoSession, platform: PlatformClient): EndUser {
  const enc = encodeURIComponent;
  const account = session.accountId;
  const ask: Partial<Record<ResourceKind, (id: string) => Promise<boolean>>> = {
    credential: async (id) =>
      (await platform.call<{ data: { id: string }[] }>('GET', `/auth/credentials?accountId=${enc(account)}`)).data.some(
        (c) => c.id === id,
      ),
    session: async (id) =>
      (await platform.call<{ data: { id: string }[] }>('GET', `/auth/sessions?accountId=${enc(account)}`)).data.some(
        (s) => s.id === id,
      ),
    quote: async (id) =>
      (await platform.find<{ source?: { accountId?: string } }>(`/quotes/${enc(id)}`))?.source?.accountId === account,
    card: async (id) =>
      (await platform.find<{ cardholderId?: string }>(`/cards/${enc(id)}`))?.cardholderId === session.customerId,
    delegatedKey: async (id) =>
      (await platform.find<{ accountId?: string }>(`/auth/delegated-keys/${enc(id)}`))?.accountId === account,
  };
  return {
    async owns(kind, id) {
      if (kind === 'customer') return id === session.customerId;
      if (kind === 'account') return id === account;
      const known = session[SET_OF[kind]];
      if (known.has(id)) return true;
      if (!(await ask[kind]!(id))) return false;
      known.add(id);
      return true;
    },
  };
}
