/**
 * The real chain in the page, no network: a `WalletClient` whose transport calls `@paykit/proxy`
 * (signed-in end user = one customer and what belongs to it in the sandbox: its wallets, cards,
 * credentials, sessions, delegated keys and quotes; a fixed client address), which forwards to
 * `@paykit/sandbox` running in the same page (both are Web-standard handlers). Onboarding and card
 * element tests run against it, so the sandbox's rules and the proxy's ownership and consent stamping
 * are the ones the element meets. The client pins the sandbox's enclave signers (OTP sign-in works).
 *
 * `walletChain` also signs the client in to the customer's wallet, funds it and creates quotes the user
 * owns, for the payment element.
 *
 * @example
 *   const chain = await sandboxChain({ region: 'DE', fullName: 'Eva 003' });
 *   html`<pay-terms-consent .client=${chain.client} customer-id=${chain.customerId}></pay-terms-consent>`;
 */
import { base64UrlDecode, bytesToHex, createQuote, lookupUma, WalletClient, type Quote } from '@paykit/crypto-core';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { fetchTransport } from '@paykit/crypto-core/transport';
import type { Jwk } from '@paykit/crypto-core/web-types';
import { createSandbox, type CreateSandboxOptions, type Sandbox } from '../../../sandbox/src/app.js';
import { createPlatformProxy, type EndUser } from '../../../proxy/src/index.js';

const SERVICE = 'http://127.0.0.1:4010/2025-10-13';
const PLATFORM = `Basic ${btoa('sandbox-token:sandbox-secret')}`;
export const CLIENT_ADDRESS = '198.51.100.23';

/**
 * A private P-256 JWK for the sandboxes' enclave (node:crypto, its default, is not in the page), made once
 * per page: every chain is a new sandbox, and a key pair costs WebKitGTK about 13 ms of CPU (libgcrypt).
 * No test depends on an enclave key being new.
 */
let sharedEnclaveKey: Promise<Jwk> | undefined;

function enclaveKey(): Promise<Jwk> {
  sharedEnclaveKey ??= (async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    return (await crypto.subtle.exportKey('jwk', pair.privateKey)) as Jwk;
  })();
  return sharedEnclaveKey;
}

export interface SandboxChain {
  sandbox: Sandbox;
  /** Pins the sandbox's enclave key, so OTP target bundles verify. */
  client: WalletClient;
  customerId: string;
  /** The customer's embedded wallet (internal account) and its EMAIL_OTP credential. */
  accountId: string;
  emailCredentialId: string;
  /** Platform-credential call straight to the sandbox (the platform's own backend; `POST /cards` gets an Idempotency-Key). */
  platform(method: string, path: string, body?: unknown): Promise<any>;
  /** Every service path the proxy forwarded, in order. */
  forwarded: string[];
  /** Quotes the signed-in end user owns (the platform created them for the customer). */
  quotes: Set<string>;
  /** The `Idempotency-Key` of every `POST /quotes/{id}/execute` the proxy forwarded, in order. */
  executeKeys: (string | null)[];
  /**
   * The next answer to a request whose service path matches is lost on its way back (NETWORK_ERROR), after
   * the service ran it; with `signed`, only a signed leg's (`Service-Wallet-Signature`: the one that acts);
   * with `skip`, that many matching answers come back first (the third leg of a delegated key: `skip: 1`).
   */
  loseNextAnswer(path: RegExp, options?: { signed?: boolean; skip?: number }): void;
}

/** A chain whose client is signed in to the customer's embedded wallet (email code `000000`). */
export interface WalletChain extends SandboxChain {
  accountId: string;
  /** A wallet quote to a UMA address (the user's own lookup and `POST /quotes`, as a platform page makes them); the user owns it. */
  quote(umaAddress?: string, amount?: number): Promise<Quote>;
  /** Marks a quote as the user's (what the platform records when it creates one). */
  own(quoteId: string): void;
}

/** `multipart/form-data` bytes of `form`, with its Content-Type header. */
async function encodeForm(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const boundary = `----paykit-${crypto.randomUUID()}`;
  const parts: BlobPart[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    } else {
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
          `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        new Uint8Array(await value.arrayBuffer()),
        '\r\n',
      );
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return {
    body: new Uint8Array(await new Blob(parts).arrayBuffer()),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function sandboxChain(
  customer: Record<string, unknown> = {},
  options: Omit<CreateSandboxOptions, 'enclaveKey'> = {},
): Promise<SandboxChain> {
  return chain(customer, options);
}

/** A chain signed in to the new customer's wallet, funded with `balance`, with owned quotes (see WalletChain). */
export async function walletChain(
  customer: Record<string, unknown> = {},
  options: Omit<CreateSandboxOptions, 'enclaveKey'> & { balance?: number } = {},
): Promise<WalletChain> {
  const base = await chain(customer, options);
  const { quotes, accountId } = base;
  const signers = base.sandbox.enclaveSigners;
  const client = new WalletClient({
    transport: base.client.transport,
    keyStore: memoryKeyStore(),
    trustedSigners: { otp: signers, export: signers },
    autoRefresh: false,
  });
  await client.loginWithOtp({ challenge: await client.requestOtp({ accountId }), code: '000000' });
  await base.platform('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: options.balance ?? 100_000 });
  return {
    ...base,
    client,
    accountId,
    own: (id) => void quotes.add(id),
    async quote(umaAddress = '$shop@merchant.example', amount = 1250) {
      const lookup = await lookupUma(client, { receiverUmaAddress: umaAddress, customerId: base.customerId });
      const quote = await createQuote(client, {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress },
        lookupId: lookup.lookupId,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
      });
      quotes.add(quote.id);
      return quote;
    },
  };
}

async function chain(
  customer: Record<string, unknown>,
  options: Omit<CreateSandboxOptions, 'enclaveKey'>,
): Promise<SandboxChain> {
  const key = await enclaveKey();
  const sandbox = createSandbox({ enclaveKey: key, onInternalError: () => undefined, ...options });
  const signer = `04${bytesToHex(base64UrlDecode(key.x!))}${bytesToHex(base64UrlDecode(key.y!))}`;
  const platform = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await sandbox.fetch(
      new Request(`${SERVICE}${path}`, {
        method,
        headers: {
          Authorization: PLATFORM,
          'Content-Type': 'application/json',
          ...(method === 'POST' && path === '/cards' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    );
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
  const id = crypto.randomUUID();
  const created = await platform('POST', '/customers', {
    platformCustomerId: `page-${id}`,
    customerType: 'INDIVIDUAL',
    email: `user-${id}@example.com`,
    ...customer,
  });
  const forwarded: string[] = [];
  const executeKeys: (string | null)[] = [];
  let lose: RegExp | undefined;
  let loseSigned = false;
  let loseSkip = 0;
  const quotes = new Set<string>();
  const accounts = await platform('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.id)}`);
  const accountId: string = accounts?.data?.[0]?.id ?? '';
  const credentials = accountId
    ? await platform('GET', `/auth/credentials?accountId=${encodeURIComponent(accountId)}`)
    : undefined;
  const emailCredentialId: string = credentials?.data?.[0]?.id ?? '';
  const proxy = createPlatformProxy({
    serviceUrl: SERVICE,
    tokenId: 'sandbox-token',
    clientSecret: 'sandbox-secret',
    pathPrefix: '/api/wallet',
    clientAddress: () => CLIENT_ADDRESS,
    resolveEndUser: () => ownerOf(sandbox, created.id, quotes),
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace('/2025-10-13', '');
      forwarded.push(`${request.method} ${path}`);
      if (/^\/quotes\/[^/]+\/execute$/.test(path)) executeKeys.push(request.headers.get('Idempotency-Key'));
      if (request.method === 'POST' && path === '/sca/login/complete') {
        // what the platform's backend adds to an SCA login (the demo server does the same)
        const body = { ...(await request.json()), endUserIpAddress: CLIENT_ADDRESS };
        request = new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) });
      }
      return sandbox.fetch(request);
    },
  });
  const transport = fetchTransport({
    baseUrl: `${location.origin}/api/wallet`,
    // a page's Request cannot carry `Origin` (the browser adds it on the wire): add it, as the browser would
    fetch: async (input, init) => {
      // WebKitGTK cannot read a FormData body back in the page ("Unable to read form data blob"): the
      // network stack would send it; here it is encoded by hand, as the browser would on the wire
      const form = init?.body instanceof FormData ? await encodeForm(init.body) : undefined;
      if (form) {
        const headers = new Headers(init?.headers);
        headers.set('Content-Type', form.contentType);
        init = { ...init, body: form.body, headers };
      }
      const request = new Request(input as string, init);
      const headers = new Headers(request.headers);
      headers.set('Origin', location.origin);
      const path = decodeURIComponent(new URL(request.url).pathname).replace('/api/wallet', '');
      const response = await proxy(
        new Proxy(request, {
          get: (target, key) => {
            if (key === 'headers') return headers;
            const value = Reflect.get(target, key, target) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      );
      if (lose?.test(path) && (!loseSigned || headers.has('Service-Wallet-Signature')) && loseSkip-- <= 0) {
        lose = undefined;
        throw new TypeError('Failed to fetch'); // the service ran it; the answer never came back
      }
      return response;
    },
  });
  return {
    sandbox,
    client: new WalletClient({ transport, keyStore: memoryKeyStore(), trustedSigners: [signer] }),
    customerId: created.id,
    accountId,
    emailCredentialId,
    platform,
    forwarded,
    quotes,
    executeKeys,
    loseNextAnswer: (path, options) => {
      lose = path;
      loseSigned = !!options?.signed;
      loseSkip = options?.skip ?? 0;
    },
  };
}

/**
 * The end user who is customer `customerId`: owns that customer and what the sandbox records under it
 * (cards, accounts, credentials, sessions, delegated keys). Quotes are owned only when listed in `quotes`,
 * as a platform records the ones it creates.
 */
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
