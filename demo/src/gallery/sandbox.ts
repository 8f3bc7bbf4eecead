/**
 * The gallery's service: `@paykit/sandbox` and `@paykit/proxy` running in the page (both are Web-standard
 * handlers), reached by a `WalletClient` whose transport calls the proxy directly, with no network. Each
 * gallery state gets its own sandbox customer and its own client, and may ask for faults on the way: a
 * request that never gets an answer (the element stays loading), one lost on the network, or a service
 * error. The elements' own tests build the same chain (packages/elements/test/helpers/sandbox-chain.ts).
 *
 * @example
 *   const customer = await gallerySandbox().customer({ region: 'DE' });
 *   const client = await customer.signedIn({ faults: [{ route: /^GET \/sessions/, reply: 'hold' }] });
 */
import { WalletClient, base64UrlDecode, bytesToHex, createQuote, lookupUma, type Quote } from '@paykit/crypto-core';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { fetchTransport } from '@paykit/crypto-core/transport';
import type { Jwk } from '@paykit/crypto-core/web-types';
import { createPlatformProxy, type EndUser } from '@paykit/proxy';
// the handler only: the package's root also exports the Node server
import { createSandbox, type Sandbox } from '../../../packages/sandbox/src/app.js';

const SERVICE = 'http://127.0.0.1:4010/2025-10-13';
const PLATFORM = `Basic ${btoa('sandbox-token:sandbox-secret')}`;
const CLIENT_ADDRESS = '198.51.100.23';
/** The sandbox's magic codes: every email, text-message and SCA code it sends. */
export const OTP_CODE = '000000';
export const SCA_CODE = '123456';

/** What happens to a request whose `METHOD /path` (service path, no query) matches `route`. */
export interface Fault {
  route: RegExp;
  /** `hold`: never answered; `offline`: lost on the network; else this service error. */
  reply:
    | 'hold'
    | 'offline'
    | { status: number; code: string; message?: string; details?: Record<string, unknown> | undefined };
  /** How many matching requests it applies to (default: all). */
  times?: number | undefined;
}

export interface GalleryCustomer {
  sandbox: Sandbox;
  customerId: string;
  /** The customer's embedded wallet and its email credential. */
  accountId: string;
  emailCredentialId: string;
  /** A platform-credential call straight to the sandbox (what the platform's backend does). */
  platform(method: string, path: string, body?: unknown): Promise<any>;
  /** A client of this customer, not signed in. */
  client(options?: { faults?: Fault[] | undefined }): WalletClient;
  /** A client signed in to the customer's wallet with the email code (faults apply after the sign-in). */
  signedIn(options?: { faults?: Fault[] | undefined }): Promise<WalletClient>;
  /** A quote to `umaAddress` (or an external account id) from the wallet (signed in), owned by the customer. */
  quote(client: WalletClient, umaAddress?: string, amount?: number): Promise<Quote>;
}

let shared: Promise<{ sandbox: Sandbox; signer: string }> | undefined;
/** Clients made so far: each gets its own session namespace. */
let clients = 0;

async function sandbox(): Promise<{ sandbox: Sandbox; signer: string }> {
  shared ??= (async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const key = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as Jwk;
    const signer = `04${bytesToHex(base64UrlDecode(key.x!))}${bytesToHex(base64UrlDecode(key.y!))}`;
    const sandbox = createSandbox({
      enclaveKey: key,
      onInternalError: () => undefined,
      // a card is ACTIVE at once, a payment settles on its first read
      cardActivationMs: 0,
      settlementDelayMs: 0,
    });
    return { sandbox, signer };
  })();
  return shared;
}

/** A new sandbox customer (`POST /customers` fields: `region`, `fullName`, `customerType`…). */
export async function galleryCustomer(fields: Record<string, unknown> = {}): Promise<GalleryCustomer> {
  const { sandbox: box, signer } = await sandbox();
  const platform = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await box.fetch(
      new Request(`${SERVICE}${path}`, {
        method,
        headers: {
          Authorization: PLATFORM,
          'Content-Type': 'application/json',
          ...(method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    const text = await res.text();
    const answer = text ? JSON.parse(text) : undefined;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer?.code ?? ''}`);
    return answer;
  };
  const id = crypto.randomUUID();
  const created = await platform('POST', '/customers', {
    platformCustomerId: `gallery-${id}`,
    customerType: 'INDIVIDUAL',
    email: `ada-${id.slice(0, 8)}@example.com`,
    ...fields,
  });
  const accounts = await platform('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`);
  const accountId: string = accounts?.data?.[0]?.id ?? '';
  const credentials = accountId
    ? await platform('GET', `/auth/credentials?accountId=${encodeURIComponent(accountId)}`)
    : undefined;
  const quotes = new Set<string>();
  const proxy = createPlatformProxy({
    serviceUrl: SERVICE,
    tokenId: 'sandbox-token',
    clientSecret: 'sandbox-secret',
    pathPrefix: '/api/wallet',
    clientAddress: () => CLIENT_ADDRESS,
    resolveEndUser: () => ownerOf(box, created.id, quotes),
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace('/2025-10-13', '');
      if (request.method === 'POST' && (path === '/sca/login/complete' || /^\/quotes\/[^/]+\/authorize$/.test(path))) {
        // what the platform's backend adds (the demo server does the same)
        const body = { ...(await request.json()), endUserIpAddress: CLIENT_ADDRESS };
        request = new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) });
      }
      return box.fetch(request);
    },
  });
  const client = (faults: Fault[] = [], armed = { on: true }): WalletClient => {
    const pending = faults.map((fault) => ({ ...fault, left: fault.times ?? Infinity }));
    const transport = fetchTransport({
      baseUrl: `${location.origin}/api/wallet`,
      fetch: async (input, init) => {
        const request = new Request(input as string, init);
        const url = new URL(request.url);
        const route = `${request.method} ${decodeURIComponent(url.pathname).replace('/api/wallet', '')}`;
        const fault = armed.on ? pending.find((f) => f.left > 0 && f.route.test(route)) : undefined;
        if (fault) {
          fault.left--;
          if (fault.reply === 'hold') return new Promise<Response>(() => undefined);
          if (fault.reply === 'offline') throw new TypeError('Failed to fetch');
          const { status, ...rest } = fault.reply;
          return Response.json({ status, message: 'Gallery fault', ...rest }, { status });
        }
        // a page's Request cannot carry `Origin` (the browser adds it on the wire): add it, as the browser would
        const headers = new Headers(request.headers);
        headers.set('Origin', location.origin);
        return proxy(
          new Proxy(request, {
            get: (target, key) => {
              if (key === 'headers') return headers;
              const value = Reflect.get(target, key, target) as unknown;
              return typeof value === 'function' ? value.bind(target) : value;
            },
          }),
        );
      },
    });
    return new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      // a namespace of its own: clients of one namespace share a BroadcastChannel and a Web Lock (the
      // tabs of one wallet), so with one namespace for the page's hundred-odd clients every sign-in woke
      // every other client to re-read its session (some 100 sign-ins × 120 clients)
      // and every sign-in waited for the page-wide lock
      namespace: `gallery-${++clients}`,
      trustedSigners: { otp: [signer], export: [signer] },
      autoRefresh: false,
    });
  };
  return {
    sandbox: box,
    customerId: created.id,
    accountId,
    emailCredentialId: credentials?.data?.[0]?.id ?? '',
    platform,
    client: (options) => client(options?.faults),
    async signedIn(options) {
      // faults are for the element: they start once the client is signed in
      const armed = { on: false };
      const signedIn = client(options?.faults, armed);
      await signedIn.loginWithOtp({ challenge: await signedIn.requestOtp({ accountId }), code: OTP_CODE });
      armed.on = true;
      return signedIn;
    },
    async quote(wallet, umaAddress = '$shop@merchant.example', amount = 1250) {
      await platform('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000 });
      // an external account id (`ExternalAccount:…`) is paid as an account; anything else is an UMA address
      const external = umaAddress.startsWith('ExternalAccount:');
      const lookup = external
        ? undefined
        : await lookupUma(wallet, { receiverUmaAddress: umaAddress, customerId: created.id });
      const quote = await createQuote(wallet, {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: external
          ? { destinationType: 'ACCOUNT', accountId: umaAddress }
          : { destinationType: 'UMA_ADDRESS', umaAddress },
        ...(lookup ? { lookupId: lookup.lookupId } : {}),
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
      });
      quotes.add(quote.id);
      return quote;
    },
  };
}

/** The end user who is customer `customerId` (see the elements' sandbox-chain test helper). */
function ownerOf(sandbox: Sandbox, customerId: string, quotes: ReadonlySet<string>): EndUser {
  const { state } = sandbox;
  const accountIsMine = (id: string | undefined) => !!id && state.accounts.get(id)?.customerId === customerId;
  return {
    owns: (kind, id) => {
      switch (kind) {
        case 'customer':
          return id === customerId;
        case 'account':
          return accountIsMine(id);
        case 'card':
          return state.cards.get(id)?.customerId === customerId;
        case 'credential':
          return accountIsMine(state.credentials.get(id)?.accountId);
        case 'session':
          return state.sessions.list((s) => s.id === id).some((s) => accountIsMine(s.accountId));
        case 'delegatedKey':
          return accountIsMine(state.delegatedKeys.get(id)?.accountId);
        case 'quote':
          return quotes.has(id);
        default:
          return false;
      }
    },
  };
}
