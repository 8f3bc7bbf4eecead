/**
 * An in-page fake of the service endpoints the elements call, as a `Transport`, so element tests need
 * no server. The crypto is real where it is cheap: OTP target bundles and export bundles are signed by
 * the fake's own WebCrypto enclave key (given to the client as its `trustedSigners`), sealed codes are
 * HPKE-opened, and every signed retry's stamp is checked with `verifyStamp` against the session keys the
 * fake has issued. Any route can be overridden once or several times with `script()` (errors, 429s,
 * dropped connections) and every request is recorded.
 *
 * @example
 *   const fake = await createFakeService();
 *   const client = fake.client();
 *   fake.script('POST /auth/credentials/*\/verify', { status: 429, headers: { 'retry-after': '20' }, body: rateLimited });
 */
import {
  PayError,
  WalletClient,
  base64UrlDecode,
  bytesToHex,
  hexToBytes,
  hpkeOpen,
  hpkeSeal,
  memoryKeyStore,
  publicKeyForms,
  signatureRawToDer,
  toArrayBuffer,
  utf8Decode,
  utf8Encode,
  verifyStamp,
  type AuthMethod,
  type Quote,
  type Transport,
  type TransportRequest,
  type TransportResponse,
  type WalletClientOptions,
} from '@paykit/crypto-core';
import { exportPublicPoint } from '@paykit/crypto-core/p256';

/** Test secrets: each must never appear in an event, attribute or log line. */
export const OTP_CODE = '482916';
export const SCA_CODE = '735104';
export const SCA_LOGIN_CHALLENGE = 'ScaChallenge:0191-login';
export const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
export const PAN_ORIGIN = 'https://pan.example.test';
export const PAN_URL = `${PAN_ORIGIN}/embed/card_1?token=tok_live_9f8e7d6c5b4a`;

export const ACCOUNT_ID = 'InternalAccount:0191-acct';
export const EMAIL_CREDENTIAL = 'AuthMethod:email-1';
export const SMS_CREDENTIAL = 'AuthMethod:sms-1';
export const PASSKEY_CREDENTIAL = 'AuthMethod:passkey-1';

export type Reply =
  | Partial<TransportResponse>
  | 'network-error'
  | ((request: TransportRequest) => Partial<TransportResponse> | Promise<Partial<TransportResponse>>);

export interface FakeSettings {
  /** PROCESSING answers before the export bundle. */
  exportProcessingRounds: number;
  /** Card reveal answer. */
  reveal: { panEmbedUrl: string; expiresInMs: number };
  /** Quotes `POST /quotes/{id}/authorize` answers with, in order, after a right proof (then COMPLETED). */
  authorizeResults: Quote[];
  /** The WebAuthn credential id (base64url) the passkey credential was registered with. */
  passkeyWebAuthnId: string | undefined;
}

export interface FakeService {
  readonly transport: Transport;
  readonly requests: TransportRequest[];
  readonly signer: string;
  readonly settings: FakeSettings;
  /** Overrides the next answers to `route` ("METHOD /path" with `*` for one segment). */
  script(route: string, ...replies: Reply[]): void;
  /**
   * Holds the `nth` next request to `route` (1 = the very next) until `release()`; `reached` resolves
   * when it arrives. Lets a test look at an element while a request is in flight, however slow the machine.
   */
  gate(route: string, nth?: number): { reached: Promise<void>; release(): void };
  /** Requests made to `route` so far. */
  calls(route: string): TransportRequest[];
  /** A WalletClient over this fake: memory key store, its signer pinned, no timers. */
  client(options?: Partial<WalletClientOptions>): WalletClient;
  /** A client already signed in through the OTP flow. */
  signedInClient(options?: Partial<WalletClientOptions>): Promise<WalletClient>;
}

export const errorBody = (status: number, code: string, reason?: string): Partial<TransportResponse> => ({
  status,
  body: { status, code, message: code.toLowerCase().replace(/_/g, ' '), ...(reason ? { details: { reason } } : {}) },
});

export const rateLimited = (seconds: number): Partial<TransportResponse> => ({
  ...errorBody(429, 'RATE_LIMITED'),
  headers: { 'retry-after': String(seconds) },
});

export function pendingQuote(
  overrides: Partial<Quote> = {},
  challenge: Partial<NonNullable<Quote['scaChallenge']>> = {},
): Quote {
  return {
    id: 'Quote:0191-q1',
    status: 'PENDING_AUTHORIZATION',
    totalSendingAmount: 123456,
    sendingCurrency: { code: 'EUR', decimals: 2 },
    destination: { destinationType: 'ACCOUNT', accountHolderName: 'Ana López', iban: 'DE89370400440532013000' },
    scaChallenge: {
      id: 'ScaChallenge:0191-c1',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      factor: 'SMS_OTP',
      availableFactors: ['SMS_OTP'],
      ...challenge,
    },
    ...overrides,
  };
}

let namespaces = 0;

/**
 * The fake's enclave signing key and OTP target key, made once per page and shared by every fake: each
 * element test starts a fresh fake (setupElementTests), and a P-256 key pair costs WebKitGTK about 13 ms
 * of CPU (libgcrypt), about 10 s of its browser-test run for these two. No test depends on a fake's keys
 * being new; a test that needs a second enclave makes its own key.
 */
let sharedKeys: Promise<{ enclave: CryptoKeyPair; otpTarget: CryptoKeyPair }> | undefined;

function fakeKeys(): Promise<{ enclave: CryptoKeyPair; otpTarget: CryptoKeyPair }> {
  sharedKeys ??= (async () => ({
    enclave: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']),
    otpTarget: await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']),
  }))();
  return sharedKeys;
}

export async function createFakeService(): Promise<FakeService> {
  const { enclave, otpTarget } = await fakeKeys();
  const signer = bytesToHex(await exportPublicPoint(enclave.publicKey));
  const targetPublic = bytesToHex(await exportPublicPoint(otpTarget.publicKey));

  const settings: FakeSettings = {
    exportProcessingRounds: 0,
    reveal: { panEmbedUrl: PAN_URL, expiresInMs: 60_000 },
    authorizeResults: [],
    passkeyWebAuthnId: undefined,
  };
  const requests: TransportRequest[] = [];
  const scripted: Array<{ route: RegExp; reply: Reply }> = [];
  const gates: Array<{ route: RegExp; remaining: number; arrive(): void; opened: Promise<void> }> = [];
  /** Session keys (compressed hex) of the sessions this fake issued. */
  const sessionKeys = new Set<string>();
  /** Open signed-retry challenges by requestId. */
  const pending = new Map<
    string,
    { payload: string; body: string | undefined; path: string; key?: string; rounds?: number }
  >();
  /** Passkey login challenges by requestId. */
  const passkeyChallenges = new Map<string, { challenge: string; clientPublicKey: string }>();
  let counter = 0;

  const bundle = async (data: Record<string, unknown>): Promise<string> => {
    const bytes = utf8Encode(JSON.stringify(data));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, enclave.privateKey, toArrayBuffer(bytes)),
    );
    return JSON.stringify({
      version: 'v1.0.0',
      data: bytesToHex(bytes),
      dataSignature: bytesToHex(signatureRawToDer(raw)),
      enclaveQuorumPublic: signer,
    });
  };

  // a session as the service answers it: no AuthMethod id (its `credentialId` is a passkey's WebAuthn id)
  const session = (type: string, key: string): TransportResponse => {
    sessionKeys.add(publicKeyForms(key).compressed);
    const now = new Date().toISOString();
    return ok(200, {
      id: `Session:${++counter}`,
      accountId: ACCOUNT_ID,
      type,
      nickname: 'test',
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
  };

  const challenge202 = (
    request: TransportRequest,
    extra: { key?: string } = {},
    parameters: Record<string, unknown> = {},
  ): TransportResponse => {
    const requestId = `Request:${++counter}`;
    const payload = JSON.stringify({
      organizationId: 'org_test',
      parameters: { path: request.path, ...parameters },
      timestampMs: String(Date.now()),
      type: 'ACTIVITY_TYPE_TEST',
    });
    pending.set(requestId, { payload, body: request.body, path: request.path, ...extra });
    return ok(202, { payloadToSign: payload, requestId, expiresAt: new Date(Date.now() + 300_000).toISOString() });
  };

  /** Checks a signed leg: same body, valid stamp by `expectedKey` or by any issued session key. */
  const verifySigned = async (
    request: TransportRequest,
    expectedKey?: string,
  ): Promise<
    { ok: true; entry: NonNullable<ReturnType<typeof pending.get>> } | { ok: false; response: TransportResponse }
  > => {
    const stamp = header(request, 'service-wallet-signature');
    const requestId = header(request, 'request-id');
    const entry = requestId ? pending.get(requestId) : undefined;
    if (!stamp || !entry) return { ok: false, response: err(401, 'WALLET_SIGNATURE_INVALID') };
    if (entry.body !== request.body || entry.path !== request.path)
      return { ok: false, response: err(401, 'WALLET_SIGNATURE_BODY_MISMATCH') };
    try {
      const { publicKey } = await verifyStamp(stamp, entry.payload);
      const allowed = expectedKey ? publicKey === publicKeyForms(expectedKey).compressed : sessionKeys.has(publicKey);
      if (!allowed) return { ok: false, response: err(401, 'WALLET_SIGNATURE_INVALID') };
    } catch {
      return { ok: false, response: err(401, 'WALLET_SIGNATURE_INVALID') };
    }
    return { ok: true, entry };
  };

  const routes: Array<
    [RegExp, (request: TransportRequest, match: RegExpMatchArray) => Promise<TransportResponse> | TransportResponse]
  > = [
    [
      /^GET \/auth\/credentials$/,
      () =>
        ok(200, {
          data: [
            { id: EMAIL_CREDENTIAL, accountId: ACCOUNT_ID, type: 'EMAIL_OTP', nickname: 'a•••@example.com' },
            { id: SMS_CREDENTIAL, accountId: ACCOUNT_ID, type: 'SMS_OTP', nickname: '•••• 1234' },
          ],
        }),
    ],
    [
      /^POST \/auth\/credentials\/([^/]+)\/challenge$/,
      async (request, match) => {
        const id = decodeURIComponent(match[1]!);
        const body = JSON.parse(request.body ?? '{}') as { clientPublicKey?: string };
        if (body.clientPublicKey) {
          const requestId = `Request:${++counter}`;
          const challenge = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
          passkeyChallenges.set(requestId, { challenge, clientPublicKey: body.clientPublicKey });
          return ok(200, {
            id,
            accountId: ACCOUNT_ID,
            type: 'PASSKEY',
            credentialId: settings.passkeyWebAuthnId ?? 'AAAA',
            challenge,
            requestId,
            expiresAt: new Date(Date.now() + 300_000).toISOString(),
          });
        }
        const type = id === SMS_CREDENTIAL ? 'SMS_OTP' : 'EMAIL_OTP';
        return ok(200, { id, accountId: ACCOUNT_ID, type, otpEncryptionTargetBundle: await bundle({ targetPublic }) });
      },
    ],
    [
      /^POST \/auth\/credentials\/([^/]+)\/verify$/,
      async (request, match) => {
        const id = decodeURIComponent(match[1]!);
        const body = JSON.parse(request.body ?? '{}') as {
          type?: string;
          encryptedOtpBundle?: string;
          assertion?: { clientDataJson?: string };
        };
        if (body.type === 'PASSKEY') {
          const entry = passkeyChallenges.get(header(request, 'request-id') ?? '');
          if (!entry) return err(401, 'UNAUTHORIZED', 'Unknown passkey challenge');
          const clientData = JSON.parse(utf8Decode(base64UrlDecode(body.assertion?.clientDataJson ?? ''))) as {
            challenge?: string;
            type?: string;
          };
          const expected = btoa(entry.challenge).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
          if (clientData.type !== 'webauthn.get' || clientData.challenge !== expected)
            return err(401, 'UNAUTHORIZED', 'Passkey challenge mismatch');
          passkeyChallenges.delete(header(request, 'request-id') ?? '');
          return session('PASSKEY', entry.clientPublicKey);
        }
        if (header(request, 'service-wallet-signature')) {
          const requestId = header(request, 'request-id') ?? '';
          const checked = await verifySigned(request, pending.get(requestId)?.key);
          if (!checked.ok) return checked.response;
          pending.delete(requestId);
          return session(body.type ?? 'EMAIL_OTP', checked.entry.key!);
        }
        const sealed = JSON.parse(body.encryptedOtpBundle ?? '{}') as { encappedPublic: string; ciphertext: string };
        const plaintext = await hpkeOpen({
          recipientKey: otpTarget,
          encappedPublic: hexToBytes(sealed.encappedPublic),
          ciphertext: hexToBytes(sealed.ciphertext),
        });
        const opened = JSON.parse(utf8Decode(plaintext)) as { otp_code: string; public_key: string };
        if (opened.otp_code !== OTP_CODE) return err(401, 'UNAUTHORIZED', 'Invalid OTP code');
        return challenge202(request, { key: opened.public_key });
      },
    ],
    [
      /^POST \/auth\/credentials$/,
      async (request) => {
        if (!header(request, 'service-wallet-signature')) return challenge202(request);
        const checked = await verifySigned(request);
        if (!checked.ok) return checked.response;
        pending.delete(header(request, 'request-id')!);
        const body = JSON.parse(request.body ?? '{}') as { nickname?: string; attestation?: { credentialId?: string } };
        settings.passkeyWebAuthnId = body.attestation?.credentialId;
        return ok(201, {
          id: PASSKEY_CREDENTIAL,
          accountId: ACCOUNT_ID,
          type: 'PASSKEY',
          ...(body.nickname === undefined ? {} : { nickname: body.nickname }),
          ...(body.attestation === undefined ? {} : { credentialId: body.attestation.credentialId }),
        } satisfies AuthMethod);
      },
    ],
    [
      /^POST \/internal-accounts\/([^/]+)\/export$/,
      async (request, match) => {
        // the service binds the export key into the payload to sign
        if (!header(request, 'service-wallet-signature'))
          return challenge202(request, {}, { targetPublicKey: JSON.parse(request.body ?? '{}').clientPublicKey });
        const checked = await verifySigned(request);
        if (!checked.ok) return checked.response;
        const rounds = (checked.entry.rounds = (checked.entry.rounds ?? 0) + 1);
        if (rounds <= settings.exportProcessingRounds)
          return ok(200, { id: decodeURIComponent(match[1]!), status: 'PROCESSING' });
        pending.delete(header(request, 'request-id')!);
        const { clientPublicKey } = JSON.parse(request.body ?? '{}') as { clientPublicKey: string };
        const sealed = await hpkeSeal({
          recipientPublicKey: hexToBytes(clientPublicKey),
          plaintext: utf8Encode(MNEMONIC),
        });
        const credentials = await bundle({
          encappedPublic: bytesToHex(sealed.encappedPublic),
          ciphertext: bytesToHex(sealed.ciphertext),
          organizationId: 'org_test',
        });
        return ok(200, { id: decodeURIComponent(match[1]!), encryptedWalletCredentials: credentials });
      },
    ],
    [
      /^POST \/cards\/([^/]+)\/reveal$/,
      () =>
        ok(200, {
          panEmbedUrl: settings.reveal.panEmbedUrl,
          expiresAt: new Date(Date.now() + settings.reveal.expiresInMs).toISOString(),
        }),
    ],
    [
      /^POST \/quotes\/([^/]+)\/authorize$/,
      (request, match) => {
        const body = JSON.parse(request.body ?? '{}') as { code?: string; passkeyAssertion?: unknown };
        if (body.code !== undefined && body.code !== SCA_CODE) return err(400, 'INVALID_INPUT', 'Invalid SCA code');
        const next = settings.authorizeResults.shift();
        return ok(
          200,
          next ?? {
            ...pendingQuote(),
            id: decodeURIComponent(match[1]!),
            status: 'PROCESSING',
            scaChallenge: undefined,
          },
        );
      },
    ],
    [/^POST \/quotes\/([^/]+)\/authorize\/resend$/, () => ok(204, undefined)],
    [
      /^POST \/sca\/login\/start$/,
      () =>
        ok(200, {
          factor: 'SMS_OTP',
          challengeId: SCA_LOGIN_CHALLENGE,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        }),
    ],
    [
      /^POST \/sca\/login\/complete$/,
      (request) => {
        const body = JSON.parse(request.body ?? '{}') as { factor?: string; challengeId?: string; code?: string };
        if (body.factor !== 'SMS_OTP' || body.challengeId !== SCA_LOGIN_CHALLENGE)
          return err(400, 'INVALID_INPUT', 'No such SCA login');
        if (body.code !== SCA_CODE) return err(400, 'INVALID_INPUT', 'Invalid SCA code');
        return ok(200, { status: 'SUCCESS', sessionExpiresAt: new Date(Date.now() + 180 * 86_400_000).toISOString() });
      },
    ],
  ];

  const transport: Transport = async (request) => {
    requests.push({ ...request, signal: undefined } as TransportRequest);
    const line = `${request.method} ${request.path}`;
    for (const gate of gates.filter((g) => g.route.test(line))) {
      if (--gate.remaining === 0) {
        gates.splice(gates.indexOf(gate), 1);
        gate.arrive();
        await gate.opened;
      }
    }
    const index = scripted.findIndex((s) => s.route.test(line));
    if (index >= 0) {
      const { reply } = scripted.splice(index, 1)[0]!;
      if (reply === 'network-error') throw new PayError('NETWORK_ERROR', 'The backend could not be reached');
      const r = typeof reply === 'function' ? await reply(request) : reply;
      return { status: r.status ?? 200, headers: r.headers ?? {}, body: r.body };
    }
    for (const [route, handle] of routes) {
      const match = line.match(route);
      if (match) return handle(request, match);
    }
    return err(404, 'NOT_FOUND');
  };

  const fake: FakeService = {
    transport,
    requests,
    signer,
    settings,
    script(route, ...replies) {
      const pattern = routePattern(route);
      for (const reply of replies) scripted.push({ route: pattern, reply });
    },
    gate(route, nth = 1) {
      let arrive!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const opened = new Promise<void>((resolve) => (release = resolve));
      gates.push({ route: routePattern(route), remaining: nth, arrive, opened });
      return { reached, release };
    },
    calls(route) {
      const pattern = routePattern(route);
      return requests.filter((r) => pattern.test(`${r.method} ${r.path}`));
    },
    client(options = {}) {
      return new WalletClient({
        transport,
        keyStore: memoryKeyStore(),
        trustedSigners: { otp: [signer], export: [signer] },
        autoRefresh: false,
        namespace: `elements-test-${++namespaces}`,
        // every 429 reaches the element (no silent waits), and a dropped connection is not resent
        signedRetry: { pollIntervalMs: 20, networkRetries: 0, maxRetryAfterSeconds: 0 },
        ...options,
      });
    },
    async signedInClient(options) {
      const client = fake.client(options);
      const challenge = await client.requestOtp({ authMethodId: EMAIL_CREDENTIAL });
      await client.loginWithOtp({ challenge, code: OTP_CODE });
      return client;
    },
  };
  return fake;
}

function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function header(request: TransportRequest, name: string): string | undefined {
  for (const [key, value] of Object.entries(request.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

function ok(status: number, body: unknown): TransportResponse {
  return { status, headers: {}, body };
}

function err(status: number, code: string, reason?: string): TransportResponse {
  const r = errorBody(status, code, reason);
  return { status, headers: r.headers ?? {}, body: r.body };
}
