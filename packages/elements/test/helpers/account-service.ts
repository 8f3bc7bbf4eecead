/**
 * The account-security endpoints on top of the element fake (`createFakeService`): sessions (list,
 * revoke, refresh), credentials (list, add, remove), the wallet's privacy switch and card delegated
 * keys, with the service's rules that the elements must respect: every signed leg carries a valid
 * stamp by a key of an active session of the account, a credential is removed only by a session of a
 * different credential, the last credential stays, one EMAIL_OTP and one SMS_OTP per account, one
 * ACTIVE delegated key per card, three legs to create one. Everything else goes to the base fake.
 *
 * @example
 *   const account = withAccountService(t.fake);
 *   const client = await account.signedInClient();
 *   account.addOtherSession('SMS_OTP');
 */
import {
  PayError,
  decodeStamp,
  verifyStamp,
  type AuthMethod,
  type AuthSession,
  type DelegatedKey,
  type InternalAccount,
  type Transport,
  type TransportRequest,
  type TransportResponse,
  type WalletClient,
  type WalletClientOptions,
} from '@paykit/crypto-core';
import { ACCOUNT_ID, EMAIL_CREDENTIAL, OTP_CODE, errorBody, type FakeService } from './fake-service.js';

export const CUSTOMER_ID = 'Customer:0191-cust';
export const CARD_ID = 'Card:0191-card';

export interface SignedCall {
  method: string;
  path: string;
  /** The `AuthMethod` id of the session whose key stamped the signed leg. */
  authMethodId: string | undefined;
}

export interface AccountService {
  readonly transport: Transport;
  readonly sessions: AuthSession[];
  readonly credentials: AuthMethod[];
  readonly account: InternalAccount;
  readonly delegatedKeys: DelegatedKey[];
  /** Every signed leg that passed, with the credential that signed it. */
  readonly signed: SignedCall[];
  /** Overrides the next answer of one of this layer's routes ("METHOD /path", `*` for a segment). */
  script(route: string, reply: Partial<TransportResponse> | 'network-error'): void;
  /** A session of another device, made by `type`'s credential. */
  addOtherSession(type?: string): AuthSession;
  client(options?: Partial<WalletClientOptions>): WalletClient;
  /** Signed in with the email code (the email credential in use). */
  signedInClient(options?: Partial<WalletClientOptions>): Promise<WalletClient>;
}

const iso = (ms: number): string => new Date(Date.now() + ms).toISOString();

export function withAccountService(base: FakeService): AccountService {
  let counter = 0;
  /** The customer's phone number on file: none until a text-message method is added. */
  let phoneNumber: string | undefined;
  const created = '2026-04-08T15:30:01Z';
  const credentials: AuthMethod[] = [
    { id: EMAIL_CREDENTIAL, accountId: ACCOUNT_ID, type: 'EMAIL_OTP', nickname: 'ana@example.com', createdAt: created },
  ];
  const sessions: AuthSession[] = [];
  const account: InternalAccount = {
    id: ACCOUNT_ID,
    customerId: CUSTOMER_ID,
    type: 'EMBEDDED_WALLET',
    status: 'ACTIVE',
    balance: { amount: 0, currency: { code: 'USD', decimals: 2 } },
    totalBalance: { amount: 0, currency: { code: 'USD', decimals: 2 } },
    fundingPaymentInstructions: [],
    createdAt: created,
    updatedAt: created,
    privateEnabled: false,
  };
  const delegatedKeys: DelegatedKey[] = [];
  const signed: SignedCall[] = [];
  const scripted: Array<{ route: RegExp; reply: Partial<TransportResponse> | 'network-error' }> = [];
  /** Session public key (compressed hex) → session id. */
  const keyOf = new Map<string, string>();
  /** Open challenges by requestId. */
  const pending = new Map<string, { payload: string; body: string | undefined; line: string; leg: number }>();
  /** Passkey login challenges: the key each binds, by the credential challenged. */
  const passkeyKeys = new Map<string, string>();

  const ok = (status: number, body: unknown): TransportResponse => ({ status, headers: {}, body });
  const fail = (status: number, code: string, reason?: string): TransportResponse =>
    ({ headers: {}, ...errorBody(status, code, reason) }) as TransportResponse;
  const active = (): AuthSession[] => sessions.filter((s) => Date.parse(s.expiresAt) > Date.now());

  // which AuthMethod made each session: the service knows it, its AuthSession does not say it (its
  // `credentialId` is a passkey's WebAuthn id)
  const authMethodOf = new Map<string, string>();
  const addSession = (type: string, authMethodId: string, key?: string, id = `Session:acct-${++counter}`) => {
    authMethodOf.set(id, authMethodId);
    const session: AuthSession = {
      id,
      accountId: ACCOUNT_ID,
      type,
      nickname: 'test',
      createdAt: iso(0),
      updatedAt: iso(0),
      expiresAt: iso(15 * 60_000),
    };
    sessions.push(session);
    if (key) keyOf.set(key, session.id);
    return session;
  };

  const challenge = (request: TransportRequest, line: string, leg = 1): TransportResponse => {
    const requestId = `Request:acct-${++counter}`;
    const payloadToSign = JSON.stringify({
      organizationId: 'org_test',
      parameters: { line, leg },
      timestampMs: String(Date.now()),
    });
    pending.set(requestId, { payload: payloadToSign, body: request.body, line, leg });
    return ok(202, { payloadToSign, requestId, expiresAt: iso(300_000) });
  };

  /** Checks a signed leg; the signing session, or an error answer. */
  const verify = async (
    request: TransportRequest,
    line: string,
  ): Promise<{ session: AuthSession; leg: number } | { error: TransportResponse }> => {
    const stamp = header(request, 'service-wallet-signature');
    const entry = pending.get(header(request, 'request-id') ?? '');
    if (!stamp || !entry || entry.line !== line) return { error: fail(401, 'WALLET_SIGNATURE_INVALID') };
    if (entry.body !== request.body) return { error: fail(401, 'WALLET_SIGNATURE_BODY_MISMATCH') };
    pending.delete(header(request, 'request-id')!);
    try {
      const { publicKey } = await verifyStamp(stamp, entry.payload);
      const session = active().find((s) => s.id === keyOf.get(publicKey));
      if (!session) return { error: fail(401, 'WALLET_SIGNATURE_INVALID') };
      signed.push({ method: request.method, path: request.path, authMethodId: authMethodOf.get(session.id) });
      return { session, leg: entry.leg };
    } catch {
      return { error: fail(401, 'WALLET_SIGNATURE_INVALID') };
    }
  };

  const signedRoute =
    (
      finish: (
        request: TransportRequest,
        session: AuthSession,
        leg: number,
      ) => TransportResponse | Promise<TransportResponse>,
    ) =>
    async (request: TransportRequest, line: string): Promise<TransportResponse> => {
      if (!header(request, 'service-wallet-signature')) return challenge(request, line);
      const checked = await verify(request, line);
      return 'error' in checked ? checked.error : finish(request, checked.session, checked.leg);
    };

  const routes: Array<
    [
      RegExp,
      (request: TransportRequest, line: string, m: RegExpMatchArray) => Promise<TransportResponse> | TransportResponse,
    ]
  > = [
    [/^GET \/auth\/sessions$/, () => ok(200, { data: active() })],
    [
      /^DELETE \/auth\/sessions\/([^/]+)$/,
      async (request, line, m) => {
        const id = decodeURIComponent(m[1]!);
        if (!active().some((s) => s.id === id)) return fail(404, 'NOT_FOUND');
        return signedRoute(() => {
          sessions.splice(
            sessions.findIndex((s) => s.id === id),
            1,
          );
          return ok(204, undefined);
        })(request, line);
      },
    ],
    [
      /^POST \/auth\/sessions\/([^/]+)\/refresh$/,
      async (request, line, m) => {
        const id = decodeURIComponent(m[1]!);
        const old = active().find((s) => s.id === id);
        if (!old) return fail(404, 'NOT_FOUND');
        return signedRoute((_r, signer) => {
          if (signer.id !== id) return fail(401, 'WALLET_SIGNATURE_INVALID');
          // as the sandbox: the session it replaces stays active until it expires
          const { clientPublicKey } = JSON.parse(request.body ?? '{}') as { clientPublicKey: string };
          return ok(201, addSession(old.type, authMethodOf.get(old.id)!, clientPublicKey));
        })(request, line);
      },
    ],
    [/^GET \/auth\/credentials$/, () => ok(200, { data: credentials })],
    // the customer's phone number, which a text-message method sends its codes to (a signed retry)
    [
      /^PATCH \/customers\/([^/]+)$/,
      signedRoute((request) => {
        const body = JSON.parse(request.body ?? '{}') as { phoneNumber?: string; email?: string };
        if (body.phoneNumber) phoneNumber = body.phoneNumber;
        return ok(200, { id: CUSTOMER_ID, customerType: 'INDIVIDUAL', phoneNumber, email: 'ana@example.com' });
      }),
    ],
    [
      /^POST \/auth\/credentials$/,
      signedRoute(async (request) => {
        const body = JSON.parse(request.body ?? '{}') as {
          type: string;
          phoneNumber?: string;
          nickname?: string;
          attestation?: { credentialId?: string };
        };
        // as the service: no such field (an SMS method uses the customer's number, set with PATCH /customers)
        if ('phoneNumber' in body) return fail(400, 'INVALID_INPUT');
        if (body.type === 'SMS_OTP' && !phoneNumber) return fail(400, 'INVALID_INPUT');
        if (body.type === 'EMAIL_OTP' || body.type === 'SMS_OTP') {
          if (credentials.some((c) => c.type === body.type)) return fail(400, `${body.type}_CREDENTIAL_ALREADY_EXISTS`);
        }
        const webAuthnId = body.attestation?.credentialId;
        if (webAuthnId && credentials.some((c) => c.credentialId === webAuthnId))
          return fail(400, 'PASSKEY_CREDENTIAL_ALREADY_EXISTS');
        const method: AuthMethod = {
          id: `AuthMethod:acct-${++counter}`,
          accountId: ACCOUNT_ID,
          type: body.type,
          nickname:
            body.type === 'PASSKEY'
              ? (body.nickname ?? 'Passkey')
              : body.type === 'SMS_OTP'
                ? phoneNumber!
                : 'ana@example.com',
          createdAt: iso(0),
          ...(body.attestation?.credentialId ? { credentialId: body.attestation.credentialId } : {}),
        };
        credentials.push(method);
        if (body.type !== 'EMAIL_OTP' && body.type !== 'SMS_OTP') return ok(201, method);
        // the base fake's challenge issues the (real, signed) target bundle the code is sealed to
        const issued = await base.transport({
          method: 'POST',
          path: `/auth/credentials/${encodeURIComponent(method.id)}/challenge`,
          body: '{}',
        });
        const bundle = (issued.body as { otpEncryptionTargetBundle: string }).otpEncryptionTargetBundle;
        return ok(201, { ...method, otpEncryptionTargetBundle: bundle });
      }),
    ],
    [
      /^DELETE \/auth\/credentials\/([^/]+)$/,
      async (request, line, m) => {
        const id = decodeURIComponent(m[1]!);
        const credential = credentials.find((c) => c.id === id);
        if (!credential) return fail(404, 'NOT_FOUND');
        if (credentials.length <= 1) return fail(400, 'INVALID_INPUT', 'The last credential of the account');
        return signedRoute((_r, signer) => {
          if (authMethodOf.get(signer.id) === id) return fail(401, 'WALLET_SIGNATURE_INVALID');
          credentials.splice(credentials.indexOf(credential), 1);
          for (const s of sessions.filter((x) => authMethodOf.get(x.id) === id))
            sessions.splice(sessions.indexOf(s), 1);
          return ok(204, undefined);
        })(request, line);
      },
    ],
    [
      /^GET \/customers\/internal-accounts$/,
      (request) => ok(200, { data: request.query?.customerId === CUSTOMER_ID ? [account] : [], hasMore: false }),
    ],
    [
      /^PATCH \/internal-accounts\/([^/]+)$/,
      signedRoute((request) => {
        account.privateEnabled = (JSON.parse(request.body ?? '{}') as { privateEnabled: boolean }).privateEnabled;
        return ok(200, { ...account });
      }),
    ],
    [
      /^GET \/auth\/delegated-keys$/,
      (request) =>
        request.query?.accountId || request.query?.fundingSourceId
          ? ok(200, {
              data: delegatedKeys.filter((k) => !request.query?.accountId || k.accountId === request.query.accountId),
            })
          : fail(400, 'INVALID_INPUT'),
    ],
    [
      /^POST \/auth\/delegated-keys$/,
      async (request, line) => {
        if (!header(request, 'service-wallet-signature')) return challenge(request, line);
        const checked = await verify(request, line);
        if ('error' in checked) return checked.error;
        if (checked.leg === 1) return challenge(request, line, 2);
        const body = JSON.parse(request.body ?? '{}') as {
          cardId: string;
          nickname: string;
          internalAccountId: string;
        };
        if (delegatedKeys.some((k) => k.cardId === body.cardId && k.status === 'ACTIVE'))
          return fail(409, 'CONFLICT', 'One ACTIVE key per card funding source');
        const key = {
          id: `DelegatedKey:acct-${++counter}`,
          cardId: body.cardId,
          fundingSourceId: 'CardFundingSource:0191',
          accountId: body.internalAccountId,
          publicKey: '02' + 'ab'.repeat(32),
          nickname: body.nickname,
          status: 'ACTIVE',
          createdAt: iso(0),
          updatedAt: iso(0),
        } as DelegatedKey;
        delegatedKeys.push(key);
        return ok(201, key);
      },
    ],
    [
      /^DELETE \/auth\/delegated-keys\/([^/]+)$/,
      (_request, _line, m) => {
        const key = delegatedKeys.find((k) => k.id === decodeURIComponent(m[1]!));
        if (!key) return fail(404, 'NOT_FOUND');
        if ((key as { status?: string }).status !== 'ACTIVE') return fail(400, 'INVALID_INPUT');
        (key as { status?: string }).status = 'REVOKED';
        return ok(204, undefined);
      },
    ],
  ];

  const transport: Transport = async (request) => {
    const line = `${request.method} ${request.path}`;
    const index = scripted.findIndex((s) => s.route.test(line));
    if (index >= 0) {
      base.requests.push({ ...request, signal: undefined } as TransportRequest);
      const { reply } = scripted.splice(index, 1)[0]!;
      if (reply === 'network-error') throw new PayError('NETWORK_ERROR', 'The backend could not be reached');
      return { status: reply.status ?? 200, headers: reply.headers ?? {}, body: reply.body };
    }
    for (const [route, handle] of routes) {
      const match = line.match(route);
      if (!match) continue;
      base.requests.push({ ...request, signal: undefined } as TransportRequest);
      return handle(request, line, match);
    }
    // sign-ins go to the base fake; the sessions they issue are recorded here with their keys
    const passkeyChallenge = line.match(/^POST \/auth\/credentials\/([^/]+)\/challenge$/);
    const clientPublicKey = (JSON.parse(request.body ?? '{}') as { clientPublicKey?: string }).clientPublicKey;
    if (passkeyChallenge && clientPublicKey) passkeyKeys.set(decodeURIComponent(passkeyChallenge[1]!), clientPublicKey);
    const response = await base.transport(request);
    const verified = line.match(/^POST \/auth\/credentials\/([^/]+)\/verify$/);
    const body = response.body as AuthSession | undefined;
    if (verified && response.status === 200 && body?.id?.startsWith('Session:')) {
      const authMethodId = decodeURIComponent(verified[1]!);
      const stamp = header(request, 'service-wallet-signature');
      const key = stamp ? decodeStamp(stamp).publicKey : passkeyKeys.get(authMethodId);
      addSession(body.type, authMethodId, key, body.id);
    }
    return response;
  };

  const service: AccountService = {
    transport,
    sessions,
    credentials,
    account,
    delegatedKeys,
    signed,
    script(route, reply) {
      const escaped = route.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
      scripted.push({ route: new RegExp(`^${escaped}$`), reply });
    },
    addOtherSession(type = 'SMS_OTP') {
      return addSession(type, `AuthMethod:other-${++counter}`);
    },
    client(options = {}) {
      return base.client({ transport, ...options });
    },
    async signedInClient(options = {}) {
      const client = service.client(options);
      const otp = await client.requestOtp({ authMethodId: EMAIL_CREDENTIAL });
      await client.loginWithOtp({ challenge: otp, code: OTP_CODE });
      return client;
    },
  };
  return service;
}

function header(request: TransportRequest, name: string): string | undefined {
  for (const [key, value] of Object.entries(request.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}
