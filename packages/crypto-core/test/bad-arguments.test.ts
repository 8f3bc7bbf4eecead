/**
 * Every public function and method of the core, fuzzed with fast-check: each argument in turn (and each
 * field of an options object) is replaced by an arbitrary value while the others stay valid, and then all
 * of them at once. The call must return, resolve, or fail with a `PayError`; never a raw `TypeError`
 * or anything else. Runs in Node and in each browser engine; WebAuthn ceremonies only in Node, where they
 * end at WEBAUTHN_UNSUPPORTED instead of opening a browser prompt.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { before, describe, it, runtime } from '@paykit/test-harness/suite';
import * as core from '../src/index.js';
import { invalidArgument } from '../src/args.js';
import { PayError } from '../src/errors.js';
import * as http from '../src/http.js';
import { sandboxSigners } from '../src/sandbox.js';
import { SessionState, toCurrentSession } from '../src/session.js';
import { base58CheckDecode, decryptSessionSigningKey } from '../src/legacy-session.js';
import { exportPublicPoint, importPublicKey, jwkToPoint, pointToJwk } from '../src/p256.js';
import type { Transport } from '../src/transport.js';
import { hpkeKeyPair, loadVectors } from './helpers/vectors.js';

const RUNS = 25;

/** Any value, with extra weight on the near misses a caller is likely to pass. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, '', 0, -1, NaN, true, [], {}),
  fc.string(),
  fc.uint8Array({ maxLength: 80 }),
  fc.stringMatching(/^[0-9a-f]{0,140}$/),
  fc.dictionary(
    fc.constantFrom('store', 'id', 'signal', 'body', 'headers', 'status', 'expiresAt', 'keyPair', 'publicKey'),
    fc.anything(),
  ),
);

/** What a call came to: 'ok', or what it threw or rejected with. */
async function outcome(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    return error;
  }
}

interface Case {
  name: string;
  /** Valid arguments; each is replaced in turn. Built afresh for every run. */
  valid: () => Promise<unknown[]> | unknown[];
  call: (...args: unknown[]) => unknown;
  /** Also replace each field of the object argument at this index. */
  fields?: number;
  /** Leave out of the all-arbitrary run (a valid-looking call would wait or prompt). */
  noAllArbitrary?: boolean;
  /**
   * Only values that convert to text: the error constructors take the caller's message and code as they
   * are, like `Error` does (an object without a prototype has no text and throws there too).
   */
  textual?: boolean;
}

const convertible = anyValue.filter((v) => {
  try {
    return String(v) !== undefined;
  } catch {
    return false;
  }
});

/** A transport that answers every request with the service's 400 envelope. */
const refusing: Transport = async () => ({
  status: 400,
  headers: {},
  body: { status: 400, code: 'INVALID_INPUT', message: 'no' },
});
/** A fetch transport whose fetch answers every request with an empty JSON object. */
const answering = core.fetchTransport({ baseUrl: '/api', fetch: async () => new Response('{}') });
const far = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * One session key for every client the cases make, as the records `createSessionKey` stores: a new P-256
 * key for each of the thousands of runs was most of this file's time (29 s in WebKitGTK). Each client
 * still gets a store of its own, since a fuzzed call may delete or replace what is in it.
 */
let sessionKey: Promise<{ id: string; records: Map<string, unknown> }> | undefined;
const sharedSessionKey = () =>
  (sessionKey ??= (async () => {
    const records = new Map<string, unknown>();
    const store = core.memoryKeyStore();
    const recording: core.KeyStore = { ...store, set: async (name, value) => void records.set(name, value) };
    const { id } = await core.createSessionKey({ store: recording });
    return { id, records };
  })());

/**
 * One `prepareOAuth()` result for every run of `client.loginWithOAuth`, from a client closed once it is
 * made. The call only reads it (each run's call is on a client of its own, whose store never held its key,
 * so the call's cleanup deletes nothing of it). A preparation per run was a P-256 key and a client left
 * open per run, 100 of them; each open client's BroadcastChannel then heard every session change of the
 * rest of the page.
 */
let preparation: Promise<core.OAuthPreparation> | undefined;
const sharedPreparation = () =>
  (preparation ??= (async () => {
    const c = await signedInClient();
    try {
      return await c.prepareOAuth();
    } finally {
      c.close();
    }
  })());

/** A client whose restored session has a live key, so signed methods get past NO_SESSION. */
async function signedInClient(): Promise<core.WalletClient> {
  const keyStore = core.memoryKeyStore();
  const key = await sharedSessionKey();
  for (const [name, value] of key.records) await keyStore.set(name, value);
  await keyStore.set('session:default', {
    id: 'Session:1',
    accountId: 'InternalAccount:1',
    type: 'EMAIL_OTP',
    expiresAt: far(),
    keyId: key.id,
  });
  const client = new core.WalletClient({
    transport: refusing,
    keyStore,
    autoRefresh: false,
    signedRetry: { networkRetries: 0 },
  });
  await client.restore();
  return client;
}

async function check(c: Case): Promise<void> {
  const arity = (await c.valid()).length;
  const values = c.textual ? convertible : anyValue;
  // `where` names the arbitrary value(s) for the failure message, made only when a call fails: fc.stringify
  // of every generated value beforehand cost about 0.2 s of this file's 4.5 s of CPU in Node
  const run = async (mutate: (args: unknown[]) => void, where: () => string): Promise<void> => {
    const args = await c.valid();
    mutate(args);
    const result = await outcome(() => c.call(...args));
    if (result !== 'ok' && !(result instanceof PayError))
      throw new Error(`${c.name} with ${where()}: ${String(result)}`);
  };
  for (let i = 0; i < arity; i++) {
    await fc.assert(
      fc.asyncProperty(values, (v) =>
        run(
          (args) => (args[i] = v),
          () => `argument ${i} = ${fc.stringify(v)}`,
        ),
      ),
      { numRuns: RUNS },
    );
  }
  if (c.fields !== undefined) {
    const at = c.fields;
    const keys = Object.keys((await c.valid())[at] as object);
    for (const key of keys) {
      await fc.assert(
        fc.asyncProperty(values, (v) =>
          run(
            (args) => (args[at] = { ...(args[at] as object), [key]: v }),
            () => `${key} = ${fc.stringify(v)}`,
          ),
        ),
        { numRuns: RUNS },
      );
    }
  }
  if (!c.noAllArbitrary && arity > 1) {
    await fc.assert(
      fc.asyncProperty(fc.array(values, { minLength: arity, maxLength: arity }), (vs) =>
        run(
          (args) => args.splice(0, arity, ...vs),
          () => `all = ${fc.stringify(vs)}`,
        ),
      ),
      { numRuns: RUNS },
    );
  }
}

const node = runtime === 'node';

/** Keys and vectors the valid arguments are made of, loaded once before the cases run. */
async function loadFixtures() {
  const v = await loadVectors();
  const point = core.hexToBytes(v.sessionKey.publicKeyUncompressed);
  return {
    v,
    point,
    ecdh: await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']),
    exportKey: await hpkeKeyPair(v.exportWallet.clientPrivateKey, v.exportWallet.clientPublicKey),
    legacyKey: await hpkeKeyPair(v.legacySession.clientPrivateKey, v.legacySession.clientPublicKey),
    sealed: await core.hpkeSeal({ recipientPublicKey: point, plaintext: core.utf8Encode('x') }),
    signer: (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])).privateKey,
  };
}
let F: Awaited<ReturnType<typeof loadFixtures>>;

function cases(): Case[] {
  const client = (): Promise<core.WalletClient> => signedInClient();
  const method =
    (name: keyof core.WalletClient) =>
    async (...args: unknown[]) => {
      const c = await client();
      try {
        return await (c[name] as (...a: unknown[]) => unknown)(...args);
      } finally {
        c.close();
      }
    };
  /** Clients made for flow-function cases, closed after each call (the fuzzed one may replace them). */
  const opened: core.WalletClient[] = [];
  const flowClient = async (): Promise<core.WalletClient> => {
    const c = await signedInClient();
    opened.push(c);
    return c;
  };
  /** A flow function (`account`, `wallet`, …): the client is argument 0 and is fuzzed like the others. */
  const flow =
    (f: (...a: never[]) => unknown) =>
    async (...args: unknown[]) => {
      try {
        return await (f as (...a: unknown[]) => unknown)(...args);
      } finally {
        for (const c of opened.splice(0)) c.close();
      }
    };
  const quote = (): core.Quote => ({
    id: 'Quote:1',
    status: 'PENDING',
    paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: 'x' } }],
  });
  const list: Case[] = [
    // errors
    {
      name: 'new PayError',
      valid: () => ['CODE', 'message', {}],
      call: (a, b, c) => new core.PayError(a as string, b as string, c as core.PayErrorOptions),
      textual: true,
    },
    {
      name: 'isPayError',
      valid: () => [new core.PayError('X', 'x'), 'X'],
      call: (a, b) => core.isPayError(a, b as core.KnownErrorCode),
    },
    // internal helpers (no subpath export) that every public entry reaches: fuzzed all the same
    { name: 'invalidArgument', valid: () => ['x'], call: (a) => invalidArgument(a as string), textual: true },
    // encoding
    { name: 'bytesToHex', valid: () => [new Uint8Array([1])], call: (a) => core.bytesToHex(a as Uint8Array) },
    { name: 'hexToBytes', valid: () => ['0a'], call: (a) => core.hexToBytes(a as string) },
    { name: 'utf8Encode', valid: () => ['a'], call: (a) => core.utf8Encode(a as string) },
    { name: 'utf8Decode', valid: () => [new Uint8Array([97])], call: (a) => core.utf8Decode(a as Uint8Array) },
    { name: 'base64UrlEncode', valid: () => [new Uint8Array([1])], call: (a) => core.base64UrlEncode(a as Uint8Array) },
    { name: 'base64UrlDecode', valid: () => ['AQ'], call: (a) => core.base64UrlDecode(a as string) },
    {
      name: 'concatBytes',
      valid: () => [new Uint8Array([1]), new Uint8Array([2])],
      call: (a, b) => core.concatBytes(a as Uint8Array, b as Uint8Array),
    },
    { name: 'toArrayBuffer', valid: () => [new Uint8Array([1])], call: (a) => core.toArrayBuffer(a as Uint8Array) },
    { name: 'sha256', valid: () => [new Uint8Array([1])], call: (a) => core.sha256(a as Uint8Array) },
    { name: 'randomBytes', valid: () => [8], call: (a) => core.randomBytes(a as number) },
    // p256
    { name: 'decompressPoint', valid: () => [F.point], call: (a) => core.decompressPoint(a as Uint8Array) },
    { name: 'compressPoint', valid: () => [F.point], call: (a) => core.compressPoint(a as Uint8Array) },
    {
      name: 'publicKeyForms',
      valid: () => [F.v.sessionKey.publicKeyCompressed],
      call: (a) => core.publicKeyForms(a as string),
    },
    {
      name: 'signatureRawToDer',
      valid: () => [new Uint8Array(64).fill(1)],
      call: (a) => core.signatureRawToDer(a as Uint8Array),
    },
    {
      name: 'signatureDerToRaw',
      valid: () => [core.hexToBytes(F.v.stamp.signatureDer)],
      call: (a) => core.signatureDerToRaw(a as Uint8Array),
    },
    { name: 'pointToJwk', valid: () => [F.point], call: (a) => pointToJwk(a as Uint8Array) },
    { name: 'jwkToPoint', valid: () => [pointToJwk(F.point)], call: (a) => jwkToPoint(a as JsonWebKey), fields: 0 },
    {
      name: 'importPublicKey',
      valid: () => [F.point, 'ECDSA'],
      call: (a, b) => importPublicKey(a as Uint8Array, b as 'ECDSA'),
    },
    { name: 'exportPublicPoint', valid: () => [F.ecdh.publicKey], call: (a) => exportPublicPoint(a as CryptoKey) },
    // keys and stores
    {
      name: 'createSessionKey',
      valid: () => [{ store: core.memoryKeyStore() }],
      call: (a) => core.createSessionKey(a as { store: core.KeyStore }),
      fields: 0,
    },
    {
      name: 'loadSessionKey',
      valid: () => ['k', core.memoryKeyStore()],
      call: (a, b) => core.loadSessionKey(a as string, b as core.KeyStore),
    },
    {
      name: 'requireSessionKey',
      valid: () => ['k', core.memoryKeyStore()],
      call: (a, b) => core.requireSessionKey(a as string, b as core.KeyStore),
    },
    {
      name: 'deleteSessionKey',
      valid: () => ['k', core.memoryKeyStore()],
      call: (a, b) => core.deleteSessionKey(a as string, b as core.KeyStore),
    },
    {
      name: 'SessionKey.stamp',
      valid: () => ['payload'],
      call: async (a) => (await core.createSessionKey({ store: core.memoryKeyStore() })).stamp(a as string),
    },
    {
      name: 'memoryKeyStore().set/get/delete',
      valid: () => ['k', 1],
      call: async (a, b) => {
        const s = core.memoryKeyStore();
        await s.set(a as string, b);
        await s.get(a as string);
        await s.delete(a as string);
      },
    },
    {
      name: 'indexedDbKeyStore',
      valid: () => [{ database: 'paykit-fuzz' }],
      call: (a) => core.indexedDbKeyStore(a as core.IndexedDbKeyStoreOptions),
    },
    {
      name: 'defaultKeyStore',
      valid: () => [{}],
      call: (a) => core.defaultKeyStore(a as core.IndexedDbKeyStoreOptions),
    },
    // stamp
    {
      name: 'stampPayload',
      valid: () => ['payload', F.signer, F.v.sessionKey.publicKeyCompressed],
      call: (a, b, c) => core.stampPayload(a as string, b as CryptoKey, c as string),
    },
    {
      name: 'encodeStamp',
      valid: () => [{ publicKey: '02', scheme: core.STAMP_SCHEME, signature: '30' }],
      call: (a) => core.encodeStamp(a as core.Stamp),
      fields: 0,
    },
    { name: 'decodeStamp', valid: () => [F.v.stamp.headerValue], call: (a) => core.decodeStamp(a as string) },
    {
      name: 'verifyStamp',
      valid: () => [F.v.stamp.headerValue, F.v.stamp.payloadToSign],
      call: (a, b) => core.verifyStamp(a as string, b as string),
    },
    // hpke, enclave bundles, otp, export, oidc, legacy sessions
    {
      name: 'hpkeSeal',
      valid: () => [{ recipientPublicKey: F.point, plaintext: new Uint8Array([1]) }],
      call: (a) => core.hpkeSeal(a as never),
      fields: 0,
    },
    {
      name: 'hpkeOpen',
      valid: () => [{ recipientKey: F.ecdh, ...F.sealed }],
      call: (a) => core.hpkeOpen(a as never),
      fields: 0,
    },
    {
      name: 'parseEnclaveBundle',
      valid: () => [F.v.otp.otpEncryptionTargetBundle],
      call: (a) => core.parseEnclaveBundle(a as string),
    },
    {
      name: 'verifyEnclaveBundle',
      valid: () => [
        F.v.exportWallet.encryptedWalletCredentials,
        [F.v.exportWallet.signerPublicKey],
        { allowUnsigned: false },
      ],
      call: (a, b, c) => core.verifyEnclaveBundle(a as string, b as string[], c as { allowUnsigned?: boolean }),
    },
    {
      name: 'bundleHexField',
      valid: () => [{ targetPublic: '04' }, 'targetPublic'],
      call: (a, b) => core.bundleHexField(a as Record<string, unknown>, b as string),
    },
    {
      name: 'encryptOtpCode',
      valid: () => [
        {
          otpEncryptionTargetBundle: F.v.otp.otpEncryptionTargetBundle,
          otpCode: '000000',
          publicKey: F.v.sessionKey.publicKeyUncompressed,
          trustedSigners: [F.v.otp.enclaveSigningPublicKey],
        },
      ],
      call: (a) => core.encryptOtpCode(a as core.EncryptOtpCodeParams),
      fields: 0,
    },
    {
      name: 'decryptExportBundle',
      valid: () => [
        {
          encryptedWalletCredentials: F.v.exportWallet.encryptedWalletCredentials,
          exportKey: F.exportKey,
          trustedSigners: [F.v.exportWallet.signerPublicKey],
          organizationId: F.v.exportWallet.organizationId,
        },
      ],
      call: (a) => core.decryptExportBundle(a as core.DecryptExportBundleParams),
      fields: 0,
    },
    { name: 'oidcNonce', valid: () => [F.v.sessionKey.publicKeyCompressed], call: (a) => core.oidcNonce(a as string) },
    {
      name: 'base58CheckDecode',
      valid: () => [F.v.legacySession.encryptedSessionSigningKey],
      call: (a) => base58CheckDecode(a as string),
    },
    {
      name: 'decryptSessionSigningKey',
      valid: () => [
        { encryptedSessionSigningKey: F.v.legacySession.encryptedSessionSigningKey, clientKey: F.legacyKey },
      ],
      call: (a) => decryptSessionSigningKey(a as never),
      fields: 0,
    },
    {
      name: 'passkeyLoginChallenge',
      valid: () => ['a'.repeat(64)],
      call: (a) => core.passkeyLoginChallenge(a as string),
    },
    // transport, signed retry, session state
    {
      name: 'fetchTransport(options)({ path, query })',
      valid: () => ['/x', { a: 'b' }],
      call: (a, b) => answering({ method: 'GET', path: a as string, query: b as Record<string, string> }),
    },
    {
      name: 'fetchTransport(options)(request)',
      valid: () => [
        { baseUrl: '/api', fetch: async () => new Response('{}') },
        { method: 'GET', path: '/x' },
      ],
      call: async (a, b) => core.fetchTransport(a as core.FetchTransportOptions)(b as core.TransportRequest),
      fields: 1,
    },
    {
      name: 'abortableSleep',
      valid: () => [0, AbortSignal.abort()],
      call: (a, b) => http.abortableSleep(a as number, b as AbortSignal),
      noAllArbitrary: true,
    },
    { name: 'parseRetryAfter', valid: () => ['1', 0], call: (a, b) => http.parseRetryAfter(a as string, b as number) },
    {
      name: 'toServiceError',
      valid: () => [{ status: 400, headers: {}, body: {} }, 0, 'r'],
      call: (a, b, c) => http.toServiceError(a as core.TransportResponse, b as number, c as string),
      fields: 0,
    },
    {
      name: 'signedRequest',
      valid: () => [
        refusing,
        { method: 'POST', path: '/x', body: {}, stamper: { stamp: async () => 'stamp' }, networkRetries: 0 },
      ],
      call: (a, b) => core.signedRequest(a as Transport, b as core.SignedRequestOptions),
      fields: 1,
    },
    {
      name: 'toCurrentSession',
      valid: () => [{ id: 'S', accountId: 'A', type: 'EMAIL_OTP', expiresAt: far() }, 'k', 'c'],
      call: (a, b, c) => toCurrentSession(a as core.AuthSession, b as string, c as string),
    },
    {
      name: 'SessionState methods',
      valid: () => [
        { store: core.memoryKeyStore(), namespace: 'fuzz' },
        () => {},
        { id: 'S', accountId: 'A', type: 'EMAIL_OTP', expiresAt: far(), keyId: 'k' },
        async () => 1,
      ],
      call: async (a, b, c, d) => {
        const state = new SessionState(a as { store: core.KeyStore });
        try {
          state.subscribe(b as () => void);
          state.isLive(c as core.CurrentSession);
          await state.save(c as core.CurrentSession);
          await state.exclusive(d as () => Promise<unknown>);
          await state.restore();
          await state.clear();
        } finally {
          state.close();
        }
      },
    },
    // WalletClient (the service refuses every request, so each call ends in a PayError or a guard)
    {
      name: 'new WalletClient',
      valid: () => [{ transport: refusing, keyStore: core.memoryKeyStore(), autoRefresh: false }],
      call: (a) => new core.WalletClient(a as core.WalletClientOptions).close(),
      fields: 0,
    },
    { name: 'sandboxSigners', valid: () => [refusing], call: (a) => sandboxSigners(a as Transport) },
    {
      name: 'client.requestOtp',
      valid: () => [{ authMethodId: 'AuthMethod:1' }],
      call: method('requestOtp'),
      fields: 0,
    },
    {
      name: 'client.loginWithOtp',
      valid: () => [
        {
          challenge: { id: 'AuthMethod:1', otpEncryptionTargetBundle: F.v.otp.otpEncryptionTargetBundle },
          code: '000000',
        },
      ],
      call: method('loginWithOtp'),
      fields: 0,
    },
    {
      name: 'client.loginWithOAuth',
      valid: async () => [{ authMethodId: 'AuthMethod:1', oidcToken: 'a.b.c', prepared: await sharedPreparation() }],
      call: method('loginWithOAuth'),
      fields: 0,
    },
    {
      name: 'client.prepareOAuth',
      valid: () => [{ keyId: 'key-1' }],
      call: method('prepareOAuth'),
      fields: 0,
    },
    { name: 'client.discardOAuth', valid: () => ['key-1'], call: method('discardOAuth') },
    {
      name: 'client.loginWithPasskey',
      valid: () => [{ authMethodId: 'AuthMethod:1' }],
      call: method('loginWithPasskey'),
      fields: 0,
    },
    { name: 'client.subscribe', valid: () => [() => {}], call: method('subscribe') },
    // the flow functions, client first
    {
      name: 'listCredentials',
      valid: async () => [await flowClient(), 'InternalAccount:1'],
      call: flow(core.listCredentials),
    },
    {
      name: 'addCredential',
      valid: async () => [await flowClient(), { type: 'EMAIL_OTP', email: 'a@example.com' }],
      call: flow(core.addCredential),
    },
    {
      name: 'removeCredential',
      valid: async () => [await flowClient(), 'AuthMethod:1'],
      call: flow(core.removeCredential),
    },
    {
      name: 'listSessions',
      valid: async () => [await flowClient(), 'InternalAccount:1'],
      call: flow(core.listSessions),
    },
    { name: 'revokeSession', valid: async () => [await flowClient(), 'Session:2'], call: flow(core.revokeSession) },
    {
      name: 'exportWallet',
      valid: async () => [await flowClient(), { accountId: 'InternalAccount:1' }],
      call: flow(core.exportWallet),
      fields: 1,
    },
    {
      name: 'setWalletPrivacy',
      valid: async () => [await flowClient(), true, 'InternalAccount:1'],
      call: flow(core.setWalletPrivacy),
    },
    {
      name: 'createDelegatedKey',
      valid: async () => [await flowClient(), { cardId: 'Card:1' }],
      call: flow(core.createDelegatedKey),
      fields: 1,
    },
    {
      name: 'updateCustomerContact',
      valid: async () => [await flowClient(), { customerId: 'Customer:1', email: 'a@example.com' }],
      call: flow(core.updateCustomerContact),
      fields: 1,
    },
    {
      name: 'lookupUma',
      valid: async () => [await flowClient(), { receiverUmaAddress: '$bob@example.com', customerId: 'Customer:1' }],
      call: flow(core.lookupUma),
      fields: 1,
    },
    { name: 'getQuote', valid: async () => [await flowClient(), 'Quote:1'], call: flow(core.getQuote) },
    {
      name: 'createQuote',
      valid: async () => [await flowClient(), { lookupId: 'Lookup:1' }, 'idem-1'],
      call: flow(core.createQuote),
    },
    {
      name: 'executeQuote',
      valid: async () => [await flowClient(), { quote: quote(), idempotencyKey: 'idem-1' }],
      call: flow(core.executeQuote),
      fields: 1,
    },
    {
      name: 'authorizeQuote',
      valid: async () => [await flowClient(), { quoteId: 'Quote:1', code: '123456' }],
      call: flow(core.authorizeQuote),
      fields: 1,
    },
    { name: 'resendScaCode', valid: async () => [await flowClient(), 'Quote:1'], call: flow(core.resendScaCode) },
    {
      name: 'startScaLogin',
      valid: async () => [await flowClient(), { customerId: 'Customer:1' }],
      call: flow(core.startScaLogin),
      fields: 1,
    },
    {
      name: 'completeScaLogin',
      valid: async () => [
        await flowClient(),
        { customerId: 'Customer:1', start: { factor: 'SMS_OTP', challengeId: 'Challenge:1' }, code: '123456' },
      ],
      call: flow(core.completeScaLogin),
      fields: 1,
    },
    { name: 'revealCard', valid: async () => [await flowClient(), 'Card:1'], call: flow(core.revealCard) },
  ];
  if (node) {
    list.push(
      {
        name: 'createPasskeyAttestation',
        valid: () => [{ userName: 'a' }],
        call: (a) => core.createPasskeyAttestation(a as core.CreatePasskeyOptions),
        fields: 0,
      },
      {
        name: 'getPasskeyAssertion',
        valid: () => [{ challenge: 'a'.repeat(64) }],
        call: (a) => core.getPasskeyAssertion(a as core.GetPasskeyAssertionOptions),
        fields: 0,
      },
      {
        name: 'getPasskeyAssertionJSON',
        valid: () => [{ challenge: 'AA' }],
        call: (a) => core.getPasskeyAssertionJSON(a as never),
      },
      { name: 'client.registerPasskey', valid: () => [{ userName: 'a' }], call: method('registerPasskey'), fields: 0 },
    );
  }
  return list;
}

describe('bad arguments: every public entry fails with a PayError, never a raw TypeError', () => {
  it('a value whose toString is not a function (a key id, a query value) is INVALID_ARGUMENT, not a TypeError', async () => {
    const hostile = { toString: 0, valueOf: 0 };
    for (const call of [
      () => core.createSessionKey({ store: core.memoryKeyStore(), id: hostile as never }),
      () => answering({ method: 'GET', path: '/x', query: { a: hostile as never } }),
    ]) {
      const error = await outcome(call);
      expect(error, String(error)).to.be.instanceOf(PayError);
      expect((error as PayError).code).to.equal('INVALID_ARGUMENT');
    }
  });

  it('the calls the issue reported are INVALID_ARGUMENT: encryptOtpCode(null), decryptExportBundle(undefined), verifyEnclaveBundle(bundle, null)', async () => {
    const v = await loadVectors();
    for (const call of [
      () => core.encryptOtpCode(null as never),
      () => core.decryptExportBundle(undefined as never),
      () => core.verifyEnclaveBundle(v.exportWallet.encryptedWalletCredentials, null as never),
    ]) {
      const error = await outcome(call);
      expect(error, String(error)).to.be.instanceOf(PayError);
      expect((error as PayError).code).to.equal('INVALID_ARGUMENT');
    }
  });

  before(async () => {
    F = await loadFixtures();
  });
  for (const c of cases()) it(`fuzzes ${c.name}`, () => check(c));
});
