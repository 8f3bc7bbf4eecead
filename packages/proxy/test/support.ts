/**
 * Fixtures for the proxy suites: a fake payments service that records every forwarded Request and
 * answers with canned responses (no network), and a platform with two users, alice and bob, where the
 * signed-in user is whoever the `session` cookie names.
 */
import { createPlatformProxy, endUserFromIds, type PlatformProxyOptions } from '../src/index.js';

export const PRODUCTION_URL = 'https://api.payments.example/2025-10-13';
export const SANDBOX_URL = 'http://localhost:4010/2025-10-13';
export const TOKEN_ID = 'tok_live_123';
export const CLIENT_SECRET = 'cs_very_secret_value';
export const EXPECTED_AUTHORIZATION = `Basic ${Buffer.from(`${TOKEN_ID}:${CLIENT_SECRET}`).toString('base64')}`;
export const PREFIX = '/api/wallet';

/** Every resource alice owns; bob's are the same ids with `bob`. */
export const ids = (who: 'alice' | 'bob') => ({
  customer: `Customer:${who}`,
  account: `InternalAccount:${who}`,
  card: `Card:${who}`,
  /** The card's funding source (what a delegated key's `fundingSourceId` names), not a wallet. */
  fundingSource: `CardFundingSource:${who}`,
  quote: `Quote:${who}`,
  credential: `AuthMethod:${who}`,
  session: `Session:${who}`,
  delegatedKey: `DelegatedKey:${who}`,
  externalAccount: `ExternalAccount:${who}`,
});

/** The fake service's answer to the proxy's ownership read of an external account: its customer. */
export function externalAccountOwners(request: Request): Response | undefined {
  const match = /\/customers\/external-accounts\/ExternalAccount%3A(alice|bob)$/.exec(new URL(request.url).pathname);
  return request.method === 'GET' && match ? Response.json({ customerId: `Customer:${match[1]}` }) : undefined;
}
/**
 * The fake service's cards, alice's and bob's: `GET /cards/{id}` (the proxy reads a card's cardholder for
 * `GET /transactions?cardId=`, and its state, limits and `updatedAt` before a change) and `PATCH /cards/{id}`,
 * which applies the change and moves `updatedAt` on. `platform(id, change)` is the platform's own change.
 */
export function fakeCards() {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const cards = new Map(
    (['alice', 'bob'] as const).map((who) => [
      `Card:${who}`,
      {
        id: `Card:${who}`,
        cardholderId: `Customer:${who}`,
        state: 'ACTIVE',
        maxSpendPerTransaction: null as number | null,
        maxSpendPerDay: null as number | null,
        maxTransactionsPerDay: null as number | null,
        updatedAt: new Date(clock).toISOString(),
      },
    ]),
  );
  const platform = (id: string, change: Record<string, unknown>) => {
    const card = cards.get(id)!;
    Object.assign(card, change, { updatedAt: new Date((clock += 1000)).toISOString() });
    return card;
  };
  const answer = async (request: Request): Promise<Response | undefined> => {
    const match = /\/cards\/(Card(?:%3A|:)(?:alice|bob))$/.exec(new URL(request.url).pathname);
    if (!match) return undefined;
    const id = decodeURIComponent(match[1]!);
    if (request.method === 'GET') return Response.json(cards.get(id));
    if (request.method === 'PATCH') return Response.json(platform(id, await request.json()));
    return undefined;
  };
  return { cards, platform, answer };
}

export const alice = ids('alice');
export const bob = ids('bob');

const users = {
  alice: endUserFromIds({
    customerIds: [alice.customer],
    accountIds: [alice.account],
    cardIds: [alice.card],
    quoteIds: [alice.quote],
    credentialIds: [alice.credential],
    sessionIds: [alice.session],
    delegatedKeyIds: [alice.delegatedKey],
  }),
};

export interface FakeService {
  readonly fetch: (request: Request) => Promise<Response>;
  /** Every request the proxy forwarded, in order. */
  readonly calls: Request[];
}

/** A service answering `answer(request)`, by default 200 `{"ok":true}`. */
export function fakeService(answer?: (request: Request) => Response | Promise<Response>): FakeService {
  const calls: Request[] = [];
  return {
    calls,
    fetch: async (request) => {
      calls.push(request);
      return answer ? answer(request) : Response.json({ ok: true });
    },
  };
}

export interface Harness {
  readonly service: FakeService;
  /** Sends a request to the proxy as it would arrive on the platform's backend. */
  send(
    method: string,
    path: string,
    init?: { body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string>; as?: 'alice' | null },
  ): Promise<Response>;
}

export function harness(
  options: Partial<PlatformProxyOptions> & { answer?: (request: Request) => Response | Promise<Response> } = {},
): Harness {
  const { answer, ...overrides } = options;
  const service = fakeService(answer);
  const handler = createPlatformProxy({
    serviceUrl: PRODUCTION_URL,
    tokenId: TOKEN_ID,
    clientSecret: CLIENT_SECRET,
    pathPrefix: PREFIX,
    fetch: service.fetch,
    resolveEndUser: (request) => {
      const who = /(?:^|;\s*)session=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
      return who === 'alice' ? users.alice : null;
    },
    ...overrides,
  });
  return {
    service,
    send: (method, path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.as !== null) headers.set('Cookie', `session=${init.as ?? 'alice'}; theme=dark`);
      if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      return handler(new Request(`https://platform.example${path}`, { method, headers, body: init.body ?? null }));
    },
  };
}

/** The error envelope of a response, parsed. */
export async function envelope(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

export const json = (value: unknown): string => JSON.stringify(value);

/** Where the suites that run the real sandbox in process send the proxy, and the sandbox's credential. */
export const SANDBOX_SERVICE_URL = 'http://127.0.0.1:4010/2025-10-13';
export const SANDBOX_PLATFORM_AUTHORIZATION = `Basic ${Buffer.from('sandbox-token:sandbox-secret').toString('base64')}`;

/**
 * The platform's own backend call (platform credential, straight to the in-process sandbox), for the
 * suites' set-up: `const platform = platformCalls(() => sandbox)`, then `await platform('POST', '/customers', {…})`.
 * Takes a getter because the suites create (and may wrap) their sandbox in `before()`.
 */
export function platformCalls(sandbox: () => { fetch(request: Request): Promise<Response> }) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await sandbox().fetch(
      new Request(`${SANDBOX_SERVICE_URL}${path}`, {
        method,
        headers: { Authorization: SANDBOX_PLATFORM_AUTHORIZATION, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    return res.status === 204 ? undefined : res.json();
  };
}
