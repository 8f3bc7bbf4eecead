/**
 * The wallet proxy as the demo mounts it at `/api/wallet`: `@paykit/proxy` unchanged, with
 * `resolveEndUser` reading the demo session cookie, and a thin wrapper that learns the ids of resources
 * the visitor creates through it (passkeys, wallet sessions, quotes, cards) from the proxied answers.
 * An id the session does not know yet (for example a session made in another tab) is checked with the
 * service using the platform credential, then remembered. The SCA calls that the service wants the end
 * user's IP address in (`/sca/login/complete`, `/quotes/{id}/authorize`) get `endUserIpAddress` from
 * the connection, which the demo's listener puts in `CLIENT_ADDRESS_HEADER` (never forwarded).
 *
 * @example
 *   const wallet = createWalletProxy({ serviceUrl, tokenId, clientSecret, sessions, platform });
 *   const response = await wallet(request); // request.url = http://localhost:5173/api/wallet/…
 */
import { createPlatformProxy, type EndUser, type ResourceKind } from '@paykit/proxy';
import type { PlatformClient } from './platform.js';
import type { DemoSession, DemoSessions } from './sessions.js';

export const WALLET_PREFIX = '/api/wallet';
/** Set by the demo's listener from the socket, overwriting whatever a client sent; the proxy does not forward it. */
export const CLIENT_ADDRESS_HEADER = 'x-paykit-demo-client-address';
/** Calls whose body carries the end user's IP address for the service's SCA provider. */
const END_USER_IP_ROUTES = [/^\/sca\/login\/complete$/, /^\/quotes\/[^/]+\/authorize$/];
const MAX_REWRITTEN_BODY = 16_384;

interface Options {
  serviceUrl: string;
  tokenId: string;
  clientSecret: string;
  sessions: DemoSessions;
  platform: PlatformClient;
  onError?: (error: unknown, stage: string) => void;
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
    resolveEndUser: (request) => {
      const session = sessions.fromRequest(request);
      return session ? endUserOf(session, platform) : null;
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });

  return async (incoming) => {
    const request = await withEndUserIp(incoming);
    const response = await proxy(request);
    if (response.status < 200 || response.status >= 300 || response.status === 202) return response;
    const path = new URL(request.url).pathname.slice(WALLET_PREFIX.length);
    const created = CREATES.find(([method, pattern]) => method === request.method && pattern.test(path));
    const session = created && sessions.fromRequest(request);
    if (!created || !session) return response;
    try {
      const body = (await response.clone().json()) as { id?: unknown };
      if (typeof body?.id === 'string') session[SET_OF[created[2]]].add(body.id);
    } catch {
      // not JSON: nothing to learn
    }
    return response;
  };
}

/** Adds `endUserIpAddress` (the visitor's address, not the server's) to the body of an SCA call. */
async function withEndUserIp(request: Request): Promise<Request> {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER)?.replace(/^::ffff:(?=\d+\.)/, '');
  const path = new URL(request.url).pathname.slice(WALLET_PREFIX.length);
  if (request.method !== 'POST' || !address || !END_USER_IP_ROUTES.some((route) => route.test(path))) return request;
  const length = Number(request.headers.get('content-length'));
  if (!(length > 0 && length <= MAX_REWRITTEN_BODY)) return request; // the proxy judges anything else as sent
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  const rewritten = typeof body === 'object' && body !== null && !Array.isArray(body) ? JSON.stringify({ ...body, endUserIpAddress: address }) : text;
  return new Request(request.url, { method: 'POST', headers, body: rewritten, signal: request.signal });
}

/** What the visitor owns: their records first, then (for ids made elsewhere) the service's word. */
function endUserOf(session: DemoSession, platform: PlatformClient): EndUser {
  const enc = encodeURIComponent;
  const account = session.accountId;
  const ask: Partial<Record<ResourceKind, (id: string) => Promise<boolean>>> = {
    credential: async (id) => (await platform.call<{ data: { id: string }[] }>('GET', `/auth/credentials?accountId=${enc(account)}`)).data.some((c) => c.id === id),
    session: async (id) => (await platform.call<{ data: { id: string }[] }>('GET', `/auth/sessions?accountId=${enc(account)}`)).data.some((s) => s.id === id),
    quote: async (id) => (await platform.find<{ source?: { accountId?: string } }>(`/quotes/${enc(id)}`))?.source?.accountId === account,
    card: async (id) => (await platform.find<{ customerId?: string }>(`/cards/${enc(id)}`))?.customerId === session.customerId,
    delegatedKey: async (id) => (await platform.find<{ accountId?: string }>(`/auth/delegated-keys/${enc(id)}`))?.accountId === account,
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
