/**
 * Test plumbing: a sandbox with a movable clock, called in process (`sandbox.request`, no socket) or, for
 * a test whose claim is about HTTP itself, over real HTTP on ephemeral ports (`overHttp: true`); a small
 * JSON client that can run a signed retry to its end, and fixtures (a customer with its wallet, an OTP login).
 *
 * @example
 *   const t = await startTestSandbox();
 *   const { account, credential } = await newCustomer(t.api);
 *   const { key, session } = await otpLogin(t, credential.id);
 *   const res = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key);
 */
import { WalletClient } from '@paykit/crypto-core/client';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { fetchTransport, type Transport } from '@paykit/crypto-core/transport';
import { createSessionKey, type SessionKey } from '@paykit/crypto-core/keys';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { createSandbox, startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../src/index.js';
import { API_VERSION } from '../../src/config.js';
import { sandboxCredentials } from '../../src/server.js';
import { ContractRecorder, withContract } from '../contract/contract-fetch.js';

export class TestClock {
  offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

interface CallOptions {
  /** JSON-encoded unless a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Stamper {
  stamp(payloadToSign: string): Promise<string>;
}

/** What `Api` and the clients send with: `globalThis.fetch`, or the sandbox's in-process `request`. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly authorization: string | undefined,
    readonly fetch: FetchFunction = globalThis.fetch,
  ) {}

  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const headers: Record<string, string> = {
      ...(this.authorization ? { Authorization: this.authorization } : {}),
      ...options.headers,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await this.fetch(`${this.baseUrl}${path}${query}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, query?: Record<string, string>) {
    return this.call<T>('GET', path, query ? { query } : {});
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call<T>('POST', path, { body: body ?? {}, ...(headers ? { headers } : {}) });
  }

  /**
   * Runs a signed retry: leg 1, then stamps and resends the identical request for every 202
   * challenge. Resolves with the terminal response and the number of challenges answered.
   */
  async signed<T = any>(
    method: string,
    path: string,
    body: unknown,
    key: Stamper,
    extra: { headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T> & { challenges: number }> {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const options = (headers: Record<string, string>): CallOptions => ({
      ...(text !== undefined ? { body: text } : {}),
      headers: { ...extra.headers, ...headers },
    });
    let res = await this.call(method, path, options({}));
    let challenges = 0;
    while (res.status === 202 && typeof res.body?.payloadToSign === 'string') {
      challenges++;
      const stamp = await key.stamp(res.body.payloadToSign);
      res = await this.call(
        method,
        path,
        options({ 'Service-Wallet-Signature': stamp, 'Request-Id': res.body.requestId }),
      );
    }
    return { ...res, challenges };
  }
}

export interface TestSandboxOptions extends StartSandboxOptions {
  /**
   * Listen on ports (`startSandbox`) and send every call over HTTP: for a test whose claim is about HTTP
   * itself (the `Host`/`Origin` front door, CORS over the wire, a cut connection, sockets, the identity
   * provider's origin). Default: in process, `sandbox.request`, no socket (undici's client and the HTTP
   * server's work per call): the sandbox's 54 Node test files took 60.5 and 61.5 s of CPU over HTTP, 45.9
   * and 46.3 s with the behaviour suites in process (2-core machine, A/B back to back).
   */
  overHttp?: boolean;
}

/** `startSandbox`'s answer, or in process the same shape on origins nothing listens on (`*.invalid`). */
export type TestServer = Omit<RunningSandbox, 'close'>;

export interface TestSandbox {
  server: TestServer;
  /**
   * `fetch` for this sandbox: `globalThis.fetch` over HTTP; in process, the API origin goes to
   * `sandbox.request` and the PAN and KYC origins to `panFetch` and `kycFetch` (any other origin throws).
   */
  fetch: FetchFunction;
  clock: TestClock;
  /** TRANSACT + VIEW token. */
  api: Api;
  /** VIEW-only token. */
  viewApi: Api;
  signers: string[];
  /** Every exchange is judged against the service's OpenAPI; `close()` fails on a violation. */
  contract: ContractRecorder;
  close(): Promise<void>;
}

/** Origins of an in-process sandbox: `.invalid` never resolves, so a call that bypasses `t.fetch` fails loudly. */
const IN_PROCESS = {
  url: 'http://sandbox.invalid',
  panOrigin: 'http://pan.sandbox.invalid',
  kycOrigin: 'http://kyc.sandbox.invalid',
  idpOrigin: 'http://idp.sandbox.invalid',
};

export async function startTestSandbox({
  overHttp = false,
  ...options
}: TestSandboxOptions = {}): Promise<TestSandbox> {
  const clock = new TestClock();
  const sandboxOptions = {
    now: clock.now,
    onInternalError: (e: unknown) => {
      if (process.env['SANDBOX_DEBUG']) console.error(e);
    },
    ...options,
  };
  let server: TestServer;
  let fetch: FetchFunction;
  let stop: () => Promise<void>;
  if (overHttp) {
    const running = await startSandbox({ port: 0, panPort: 0, ...sandboxOptions });
    ({ close: stop, ...server } = running);
    fetch = globalThis.fetch;
  } else {
    const panOrigin = options.panOrigin ?? IN_PROCESS.panOrigin;
    const kycOrigin = options.kycOrigin ?? IN_PROCESS.kycOrigin;
    const sandbox = createSandbox({ ...sandboxOptions, panOrigin, kycOrigin });
    server = {
      url: IN_PROCESS.url,
      baseUrl: `${IN_PROCESS.url}/${API_VERSION}`,
      panOrigin,
      kycOrigin,
      idpOrigin: IN_PROCESS.idpOrigin,
      credentials: sandboxCredentials(sandbox.config),
      sandbox,
    };
    const handlers = new Map<string, FetchFunction>([
      [new URL(IN_PROCESS.url).origin, sandbox.request],
      [new URL(panOrigin).origin, (input, init) => sandbox.panFetch(new Request(input, init))],
      [new URL(kycOrigin).origin, (input, init) => sandbox.kycFetch(new Request(input, init))],
    ]);
    fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const handler = handlers.get(new URL(url).origin);
      if (!handler) throw new TypeError(`${url} is not an origin of the in-process sandbox`);
      return handler(input, init);
    };
    stop = async () => {};
  }
  // `sandbox.fetch` is read per request (by the server and by `request`), so the contract check sits in
  // front of every call.
  const contract = new ContractRecorder();
  server.sandbox.fetch = withContract(server.sandbox.fetch, contract);
  return {
    server,
    fetch,
    clock,
    api: new Api(server.baseUrl, server.credentials.authorization, fetch),
    viewApi: new Api(server.baseUrl, server.credentials.viewAuthorization, fetch),
    signers: server.sandbox.enclaveSigners,
    contract,
    close: async () => {
      await stop();
      contract.assertClean();
    },
  };
}

let serial = 0;

/** Creates a customer (individual, approved) and returns it with its wallet and that wallet's EMAIL_OTP credential. */
export async function newCustomer(api: Api, fields: Record<string, unknown> = {}) {
  const id = `cust-${process.pid}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await api.post('/customers', {
    platformCustomerId: id,
    customerType: 'INDIVIDUAL',
    email: `${id}@example.com`,
    ...(fields['customerType'] === 'BUSINESS' ? {} : { fullName: 'Ana Test' }), // a business has no fullName
    ...fields,
  });
  if (created.status !== 201) throw new Error(`customer creation failed: ${created.status} ${created.text}`);
  const accounts = await api.get('/customers/internal-accounts', { customerId: created.body.id });
  const account = accounts.body.data[0];
  const credentials = await api.get('/auth/credentials', { accountId: account.id });
  return { customer: created.body, account, credential: credentials.body.data[0] };
}

export const newSessionKey = (): Promise<SessionKey> => createSessionKey({ store: memoryKeyStore() });

/** Email/SMS OTP login with code 000000: challenge, seal, 202, stamp, 200. */
export async function otpLogin(t: TestSandbox, credentialId: string, code = '000000') {
  const challenge = await t.api.post(`/auth/credentials/${credentialId}/challenge`, {});
  if (challenge.status !== 200) throw new Error(`challenge failed: ${challenge.status} ${challenge.text}`);
  const key = await newSessionKey();
  const encryptedOtpBundle = await encryptOtpCode({
    otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
    otpCode: code,
    publicKey: key.publicKeyUncompressed,
    trustedSigners: t.signers,
  });
  const res = await t.api.signed(
    'POST',
    `/auth/credentials/${credentialId}/verify`,
    { type: challenge.body.type, encryptedOtpBundle },
    key,
  );
  if (res.status !== 200) throw new Error(`otp login failed: ${res.status} ${res.text}`);
  return { key, session: res.body };
}

/** A new customer whose wallet is signed in by OTP: the customer, account and credential, and the session key. */
export async function signedInWallet(t: TestSandbox, fields: Record<string, unknown> = {}) {
  const created = await newCustomer(t.api, fields);
  const { key } = await otpLogin(t, created.credential.id);
  return { ...created, key };
}
export type SignedInWallet = Awaited<ReturnType<typeof signedInWallet>>;

/** Credits `amount` to an internal account (the sandbox-only funding route). */
export const fundAccount = (t: TestSandbox, accountId: string, amount: number): Promise<ApiResponse> =>
  t.api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount });

/** Decoded compact JSON payloadToSign. */
export const payloadOf = (res: ApiResponse): Record<string, any> => JSON.parse(res.body.payloadToSign);

/** The `lookupId` of a receiver lookup of `address` (`GET /receiver/uma/{address}`), which a UMA quote needs. */
export async function umaLookupId(api: Api, address: string): Promise<string> {
  const res = await api.get(`/receiver/uma/${encodeURIComponent(address)}`);
  if (res.status !== 200) throw new Error(`UMA lookup of ${address}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.lookupId;
}

/** A transport that calls the sandbox as the platform does: its credential on every request. */
export function platformTransport(t: TestSandbox): Transport {
  const base = fetchTransport({ baseUrl: t.server.baseUrl, fetch: t.fetch });
  return (request) =>
    base({ ...request, headers: { ...request.headers, Authorization: t.server.credentials.authorization } });
}

/**
 * A `WalletClient` that calls the sandbox as the platform does (its credential on every request, no
 * session), for the customer-level flows of `@paykit/crypto-core` (payees, SCA factors and resets).
 */
export function platformClient(t: TestSandbox): WalletClient {
  return new WalletClient({ transport: platformTransport(t), keyStore: memoryKeyStore(), autoRefresh: false });
}
