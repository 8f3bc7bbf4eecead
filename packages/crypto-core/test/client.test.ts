/**
 * WalletClient flows over a scripted service that does the service's real crypto (signed bundles,
 * HPKE, stamp verification), and the session lifecycle: restore after reload, refresh, logout, tabs.
 */
import { expect } from 'chai';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import { WalletClient, type WalletClientOptions } from '../src/client.js';
import { authorizeQuote, completeScaLogin, executeQuote, nextQuoteStep, startScaLogin } from '../src/payments.js';
import { exportWallet, setWalletPrivacy } from '../src/wallet.js';
import { LocalErrorCode, PayError } from '../src/errors.js';
import { memoryKeyStore, type KeyStore } from '../src/key-store.js';
import { requireSessionKey } from '../src/keys.js';
import { publicKeyForms } from '../src/p256.js';
import { verifyStamp } from '../src/stamp.js';
import type { TransportRequest } from '../src/transport.js';
import { fakeEnclave, type FakeEnclave } from './helpers/fake-enclave.js';
import { dropConnection, scriptedTransport, type Step } from './helpers/scripted-transport.js';

const ACCOUNT = 'InternalAccount:1';
const CREDENTIAL = 'AuthMethod:email';
const later = (ms = 15 * 60_000) => new Date(Date.now() + ms).toISOString();
const session = (id: string, expiresAt = later()) => ({ id, accountId: ACCOUNT, type: 'EMAIL_OTP', expiresAt });
const challenge202 = (payloadToSign: string, n = 1) => ({
  status: 202,
  body: { payloadToSign, requestId: `Request:${n}`, expiresAt: later(300_000) },
});

function otpSteps(enclave: FakeEnclave, code = '000000', id = 'Session:1', expiresAt = later()): Step[] {
  let sealedKey = '';
  return [
    async () => ({
      status: 200,
      body: {
        id: CREDENTIAL,
        accountId: ACCOUNT,
        type: 'EMAIL_OTP',
        otpEncryptionTargetBundle: await enclave.otpTargetBundle(),
      },
    }),
    async (r) => {
      const opened = await enclave.openOtp(JSON.parse(r.body!).encryptedOtpBundle);
      if (opened.otp_code !== code)
        return {
          status: 401,
          body: { status: 401, code: 'UNAUTHORIZED', message: 'no', details: { reason: 'Invalid OTP code' } },
        };
      sealedKey = publicKeyForms(opened.public_key).compressed;
      return challenge202(`jwt-bound-to-${sealedKey}`);
    },
    async (r) => {
      const { publicKey } = await verifyStamp(r.headers!['Service-Wallet-Signature']!, `jwt-bound-to-${sealedKey}`);
      expect(publicKey).to.equal(sealedKey);
      return { status: 200, body: session(id, expiresAt) };
    },
  ];
}

async function signedIn(
  store: KeyStore = memoryKeyStore(),
  extra: Step[] = [],
  namespace = 'default',
  options: Partial<WalletClientOptions> = {},
) {
  const enclave = await fakeEnclave();
  const transport = scriptedTransport([...otpSteps(enclave), ...extra]);
  const client = new WalletClient({
    transport,
    keyStore: store,
    trustedSigners: [enclave.signer],
    autoRefresh: false,
    namespace,
    signedRetry: { pollIntervalMs: 10 },
    ...options,
  });
  const challenge = await client.requestOtp({ authMethodId: CREDENTIAL });
  await client.loginWithOtp({ challenge, code: '000000' });
  return { client, transport, enclave, store };
}

describe('WalletClient', () => {
  it('OTP login: challenge, sealed code, stamped retry; three requests; the session is current', async () => {
    const { client, transport } = await signedIn();
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      `POST /auth/credentials/${encodeURIComponent(CREDENTIAL)}/challenge`,
      `POST /auth/credentials/${encodeURIComponent(CREDENTIAL)}/verify`,
      `POST /auth/credentials/${encodeURIComponent(CREDENTIAL)}/verify`,
    ]);
    expect(transport.requests[2]!.body).to.equal(transport.requests[1]!.body);
    expect(JSON.parse(transport.requests[1]!.body!).type).to.equal('EMAIL_OTP');
    expect(client.session?.id).to.equal('Session:1');
    expect(client.session?.authMethodId).to.equal(CREDENTIAL);
    client.close();
  });

  it('a wrong code is UNAUTHORIZED with the reason, leaves no key behind, and the challenge can be retried', async () => {
    const enclave = await fakeEnclave();
    const steps = otpSteps(enclave);
    const store = memoryKeyStore();
    const transport = scriptedTransport([steps[0]!, steps[1]!, ...otpSteps(enclave).slice(1)]);
    const client = new WalletClient({
      transport,
      keyStore: store,
      trustedSigners: [enclave.signer],
      autoRefresh: false,
    });
    const challenge = await client.requestOtp({ authMethodId: CREDENTIAL });
    const error = (await client.loginWithOtp({ challenge, code: '111111' }).catch((e: unknown) => e)) as PayError;
    expect([error.code, error.status, error.reason]).to.deep.equal(['UNAUTHORIZED', 401, 'Invalid OTP code']);
    expect(error.message).to.not.contain('111111');
    expect(client.session).to.equal(undefined);
    await client.loginWithOtp({ challenge, code: '000000' });
    expect(client.session?.id).to.equal('Session:1');
    client.close();
  });

  it('prepareOAuth with a keyId gives back that key and its nonce; discardOAuth deletes it; a gone key is KEY_NOT_FOUND', async () => {
    const store = memoryKeyStore();
    const transport = scriptedTransport([]);
    const client = new WalletClient({ transport, keyStore: store, autoRefresh: false });
    const prepared = await client.prepareOAuth();
    const again = await client.prepareOAuth({ keyId: prepared.sessionKey.id });
    expect(again.sessionKey.id).to.equal(prepared.sessionKey.id);
    expect(again.sessionKey.publicKey).to.equal(prepared.sessionKey.publicKey);
    expect(again.nonce).to.equal(prepared.nonce);
    await client.discardOAuth(prepared.sessionKey.id);
    const gone = (await client.prepareOAuth({ keyId: prepared.sessionKey.id }).catch((e: unknown) => e)) as PayError;
    expect(gone.code).to.equal('KEY_NOT_FOUND');
    expect(((await client.prepareOAuth({ keyId: '' }).catch((e: unknown) => e)) as PayError).code).to.equal(
      'INVALID_ARGUMENT',
    );
    expect(transport.requests).to.have.length(0);
    client.close();
  });

  it('a bundle signed by an unpinned key is refused before anything is sent', async () => {
    const enclave = await fakeEnclave();
    const other = await fakeEnclave();
    const transport = scriptedTransport(otpSteps(enclave));
    const client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: [other.signer],
      autoRefresh: false,
    });
    const challenge = await client.requestOtp({ authMethodId: CREDENTIAL });
    const error = (await client.loginWithOtp({ challenge, code: '000000' }).catch((e: unknown) => e)) as PayError;
    expect(error.code).to.equal('BUNDLE_SIGNATURE_INVALID');
    expect(transport.requests).to.have.length(1);
    client.close();
  });

  it('a new client on the same store restores the session (a reload), and a stamp from it verifies', async () => {
    const { store, client: first } = await signedIn(memoryKeyStore(), [], 'reload');
    first.close();
    const transport = scriptedTransport([
      challenge202('{"privacy":1}'),
      async (r) => {
        const { publicKey } = await verifyStamp(r.headers!['Service-Wallet-Signature']!, '{"privacy":1}');
        return { status: 200, body: { id: ACCOUNT, type: 'EMBEDDED_WALLET', privateEnabled: true, signer: publicKey } };
      },
    ]);
    const second = new WalletClient({ transport, keyStore: store, autoRefresh: false, namespace: 'reload' });
    expect(second.session).to.equal(undefined);
    const restored = await second.restore();
    expect(restored?.id).to.equal('Session:1');
    const account = await setWalletPrivacy(second, true);
    expect(account.privateEnabled).to.equal(true);
    // the stub's own field, not the service's: read through the answer as it came
    expect(String((account as unknown as Record<string, unknown>)['signer'])).to.match(/^0[23]/);
    second.close();
  });

  it('an expired stored session is not restored; its record and key leave the store', async () => {
    const store = memoryKeyStore();
    await store.set('session:default', {
      ...session('Session:old', new Date(Date.now() - 1000).toISOString()),
      keyId: 'k',
    });
    await store.set('session-key:k', { placeholder: true });
    const client = new WalletClient({ transport: scriptedTransport([]), keyStore: store, autoRefresh: false });
    expect(await client.restore()).to.equal(undefined);
    expect(await store.get('session:default')).to.equal(undefined);
    expect(await store.get('session-key:k')).to.equal(undefined);
    client.close();
  });

  it('a session that reaches expiresAt without a refresh ends: subscribers hear it', async () => {
    const enclave = await fakeEnclave();
    const transport = scriptedTransport(otpSteps(enclave, '000000', 'Session:short', later(300)));
    const client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: [enclave.signer],
      autoRefresh: false,
      namespace: 'expiry',
    });
    await client.loginWithOtp({ challenge: await client.requestOtp({ authMethodId: CREDENTIAL }), code: '000000' });
    expect(client.session?.id).to.equal('Session:short');
    const heard = await new Promise<unknown>((resolve, reject) => {
      client.subscribe((s) => s === undefined && resolve(s));
      setTimeout(() => reject(new Error('no change at expiresAt')), 3_000);
    });
    expect(heard).to.equal(undefined);
    expect(client.session).to.equal(undefined);
    client.close();
  });

  it('refresh: a new key signs up for the new session, the current key signs the request, the old key is deleted', async () => {
    let newKey = '';
    const { client, store } = await signedIn(memoryKeyStore(), [
      (r) => ((newKey = JSON.parse(r.body!).clientPublicKey), challenge202('{"refresh":1}', 2)),
      () => ({ status: 201, body: session('Session:2', later(30 * 60_000)) }),
    ]);
    const oldKeyId = client.session!.keyId;
    const refreshed = await client.refreshSession();
    expect(refreshed.id).to.equal('Session:2');
    expect(newKey).to.match(/^0[23][0-9a-f]{64}$/);
    expect(await store.get(`session-key:${oldKeyId}`)).to.equal(undefined);
    expect(await store.get(`session-key:${refreshed.keyId}`)).to.not.equal(undefined);
    client.close();
  });

  it('the session keeps the AuthMethod id it was made by: a passkey session body’s credentialId (the WebAuthn id) does not replace it', async () => {
    const { client } = await signedIn(memoryKeyStore(), [
      challenge202('{"r":1}', 2),
      { status: 201, body: { ...session('Session:2'), type: 'PASSKEY', credentialId: 'q1w2e3-webauthn-raw-id' } },
    ]);
    expect(client.session!.authMethodId).to.equal(CREDENTIAL);
    await client.refreshSession();
    expect([client.session!.id, client.session!.authMethodId]).to.deep.equal(['Session:2', CREDENTIAL]);
    client.close();
  });

  it('refreshes on its own ahead of expiresAt (autoRefresh), signed by the current key', async () => {
    let signedBy = '';
    const refreshed = new Promise<string>((resolve) => {
      void signedIn(
        memoryKeyStore(),
        [
          challenge202('{"refresh":1}', 2),
          async (r) => {
            signedBy = (await verifyStamp(r.headers!['Service-Wallet-Signature']!, '{"refresh":1}')).publicKey;
            return { status: 201, body: session('Session:2', later(30 * 60_000)) };
          },
        ],
        'auto',
        { autoRefresh: true, refreshLeadMs: 20 * 60_000 },
      ).then(({ client }) => {
        const stop = client.subscribe((s) => s?.id === 'Session:2' && (stop(), client.close(), resolve(s.id)));
      });
    });
    expect(await refreshed).to.equal('Session:2');
    expect(signedBy).to.match(/^0[23][0-9a-f]{64}$/);
  });

  it('an automatic refresh that fails on the network is tried again while the session is live; nothing is lost meanwhile', async () => {
    // The session has 2 s left, so the refresh is due at once (default lead 60 s); its first try finds the network down.
    const enclave = await fakeEnclave();
    const store = memoryKeyStore();
    const transport = scriptedTransport([
      ...otpSteps(enclave, '000000', 'Session:1', later(2_000)),
      dropConnection,
      dropConnection,
      dropConnection,
      challenge202('{"refresh":1}', 2),
      { status: 201, body: session('Session:2') },
    ]);
    const client = new WalletClient({
      transport,
      keyStore: store,
      trustedSigners: [enclave.signer],
      autoRefresh: true,
      namespace: 'auto-retry',
      sleep: async () => undefined,
    });
    await client.loginWithOtp({ challenge: await client.requestOtp({ authMethodId: CREDENTIAL }), code: '000000' });
    const firstKeyId = client.session!.keyId;
    expect(await store.get(`session-key:${firstKeyId}`)).to.not.equal(undefined);
    const refreshed = await new Promise<string>((resolve, reject) => {
      const stop = client.subscribe((s) => s?.id === 'Session:2' && (stop(), resolve(s.id)));
      setTimeout(() => reject(new Error('the refresh was not tried again')), 5_000);
    });
    expect(refreshed).to.equal('Session:2');
    expect(await store.get(`session-key:${client.session!.keyId}`)).to.not.equal(undefined);
    expect(transport.requests.slice(3).map((r) => r.headers?.['Request-Id'])).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
      'Request:2',
    ]);
    client.close();
  });

  it('autoRefresh says whether the current session renews itself: off by option, no session, after close, or after a refusal', async () => {
    const off = await signedIn(memoryKeyStore(), [], 'auto-off');
    expect([off.client.session?.id, off.client.autoRefresh]).to.deep.equal(['Session:1', false]);
    off.client.close();

    const on = await signedIn(memoryKeyStore(), [], 'auto-on', { autoRefresh: true });
    expect(on.client.autoRefresh).to.equal(true); // due 60 s before expiresAt, 15 min away
    on.client.close();
    expect([on.client.session?.id, on.client.autoRefresh]).to.deep.equal(['Session:1', false]);

    const signedOut = new WalletClient({
      transport: scriptedTransport([]),
      keyStore: memoryKeyStore(),
      autoRefresh: true,
    });
    expect(signedOut.autoRefresh).to.equal(false);
    signedOut.close();

    // The session has 2 s left, so the refresh is due at once; the service refuses it (403): not tried again.
    const enclave = await fakeEnclave();
    let refused = false;
    const transport = scriptedTransport([
      ...otpSteps(enclave, '000000', 'Session:1', later(2_000)),
      () => ((refused = true), { status: 403, body: { status: 403, code: 'FORBIDDEN', message: 'no' } }),
    ]);
    const client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: [enclave.signer],
      autoRefresh: true,
      namespace: 'auto-refused',
    });
    await client.loginWithOtp({ challenge: await client.requestOtp({ authMethodId: CREDENTIAL }), code: '000000' });
    expect(client.autoRefresh).to.equal(true);
    // wait (event loop turns, not a clock) for the refusal to reach the client
    for (let turn = 0; turn < 1_000 && (!refused || client.autoRefresh); turn++)
      await new Promise((r) => setTimeout(r));
    expect([refused, client.session?.id, client.autoRefresh]).to.deep.equal([true, 'Session:1', false]);
    expect(transport.remaining()).to.equal(0);
    client.close();
  });

  it('a refresh that fails keeps the current session and its key, and deletes the unused new key', async () => {
    const { client, store } = await signedIn(memoryKeyStore(), [
      challenge202('{"r":1}', 2),
      { status: 503, body: { status: 503, code: 'INTERNAL_ERROR', message: 'x' } },
    ]);
    const before = client.session!;
    const keysBefore = JSON.stringify(await store.get(`session-key:${before.keyId}`));
    const error = (await client.refreshSession().catch((e: unknown) => e)) as PayError;
    expect([error.code, error.retryable]).to.deep.equal(['INTERNAL_ERROR', true]);
    expect(client.session).to.deep.equal(before);
    expect(JSON.stringify(await store.get(`session-key:${before.keyId}`))).to.equal(keysBefore);
    expect(await store.get('session:default')).to.deep.equal(before);
    client.close();
  });

  it('concurrent refresh calls in one page share one refresh', async () => {
    const { client, transport } = await signedIn(memoryKeyStore(), [
      challenge202('{"r":1}', 2),
      { status: 201, body: session('Session:2') },
    ]);
    const [a, b] = await Promise.all([client.refreshSession(), client.refreshSession()]);
    expect(a.id).to.equal('Session:2');
    expect(b.id).to.equal('Session:2');
    expect(transport.requests).to.have.length(5);
    client.close();
  });

  it('logout revokes on the service, deletes the key and clears the session', async () => {
    const { client, transport, store } = await signedIn(memoryKeyStore(), [
      challenge202('{"revoke":1}', 2),
      { status: 204 },
    ]);
    const keyId = client.session!.keyId;
    await client.logout();
    expect(transport.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      'DELETE /auth/sessions/Session%3A1',
      'DELETE /auth/sessions/Session%3A1',
    ]);
    expect(client.session).to.equal(undefined);
    expect(await store.get(`session-key:${keyId}`)).to.equal(undefined);
    expect(await store.get('session:default')).to.equal(undefined);
    client.close();
  });

  itWhen(
    typeof BroadcastChannel !== 'undefined',
    'no BroadcastChannel',
    'a logout in one tab reaches the other',
    async () => {
      const store = memoryKeyStore();
      const { client: tabA } = await signedIn(store, [challenge202('{"revoke":1}', 2), { status: 204 }], 'tabs');
      const tabB = new WalletClient({
        transport: scriptedTransport([]),
        keyStore: store,
        autoRefresh: false,
        namespace: 'tabs',
      });
      await tabB.restore();
      expect(tabB.session?.id).to.equal('Session:1');
      const loggedOut = new Promise<void>((resolve) => tabB.subscribe((s) => s === undefined && resolve()));
      await tabA.logout();
      await loggedOut;
      expect(tabB.session).to.equal(undefined);
      tabA.close();
      tabB.close();
    },
  );

  itWhen(
    typeof BroadcastChannel !== 'undefined',
    'no BroadcastChannel',
    'a logout leaves a tab with its own session (a separate memory store) signed in',
    async () => {
      const { client: tabA } = await signedIn(
        memoryKeyStore(),
        [challenge202('{"revoke":1}', 2), { status: 204 }],
        'separate',
      );
      const enclave = await fakeEnclave();
      const tabB = new WalletClient({
        transport: scriptedTransport(otpSteps(enclave, '000000', 'Session:B')),
        keyStore: memoryKeyStore(),
        trustedSigners: [enclave.signer],
        autoRefresh: false,
        namespace: 'separate',
      });
      await tabB.loginWithOtp({ challenge: await tabB.requestOtp({ authMethodId: CREDENTIAL }), code: '000000' });
      const heard: Array<string | undefined> = [];
      tabB.subscribe((s) => heard.push(s?.id));
      await tabA.logout();
      await new Promise((resolve) => setTimeout(resolve, 200)); // the channel delivers asynchronously
      expect(heard).to.deep.equal([]);
      expect(tabB.session?.id).to.equal('Session:B');
      tabA.close();
      tabB.close();
    },
  );

  itWhen(
    typeof navigator !== 'undefined' && !!(navigator as { locks?: unknown }).locks,
    'no Web Locks in this runtime',
    'two tabs refreshing at once make one refresh; the second adopts it',
    async () => {
      const store = memoryKeyStore();
      const { client: tabA, transport } = await signedIn(
        store,
        [challenge202('{"r":1}', 2), { status: 201, body: session('Session:2') }],
        'locks',
      );
      const tabBTransport = scriptedTransport([]);
      const tabB = new WalletClient({
        transport: tabBTransport,
        keyStore: store,
        autoRefresh: false,
        namespace: 'locks',
      });
      await tabB.restore();
      const [a, b] = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
      expect(a.id).to.equal('Session:2');
      expect(b.id).to.equal('Session:2');
      expect(tabBTransport.requests).to.have.length(0);
      expect(transport.requests).to.have.length(5);
      tabA.close();
      tabB.close();
    },
  );

  /** The service's export challenge: the activity JSON naming the wallet's organization and the export key. */
  const exportChallenge = (r: TransportRequest, organizationId = 'org_test', n = 2) =>
    challenge202(
      JSON.stringify({
        organizationId,
        parameters: { walletId: ACCOUNT, targetPublicKey: JSON.parse(r.body!).clientPublicKey },
        timestampMs: '1',
        type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      }),
      n,
    );
  const keyOf = (r: TransportRequest): string => JSON.parse(r.body!).clientPublicKey;

  it('export: resends through PROCESSING, verifies the signed bundle and opens the mnemonic', async () => {
    let enclaveRef: FakeEnclave | undefined;
    let exportKey = '';
    const processing = { status: 200, body: { id: ACCOUNT, status: 'PROCESSING' } };
    const { client, enclave, transport } = await signedIn(memoryKeyStore(), [
      (r) => ((exportKey = keyOf(r)), exportChallenge(r)),
      processing,
      async () => ({
        status: 200,
        body: {
          id: ACCOUNT,
          encryptedWalletCredentials: await enclaveRef!.exportBundle(
            exportKey,
            'legal winner thank year wave sausage worth useful legal winner thank yellow',
          ),
        },
      }),
    ]);
    enclaveRef = enclave;
    let progress = 0;
    const mnemonic = await exportWallet(client, { onProcessing: () => progress++ });
    expect(mnemonic).to.equal('legal winner thank year wave sausage worth useful legal winner thank yellow');
    expect(exportKey).to.match(/^04[0-9a-f]{128}$/);
    expect(progress).to.equal(1);
    expect(transport.requests.at(-1)).to.deep.equal(transport.requests.at(-2));
    client.close();
  });

  describe('export against a lying backend', () => {
    const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

    /** Signs in, then answers the export with `steps`, each given the enclave and the export key sent. */
    async function exportWith(
      ...steps: Array<
        (
          r: TransportRequest,
          enclave: FakeEnclave,
        ) => Promise<Partial<{ status: number; body: unknown }>> | Partial<{ status: number; body: unknown }>
      >
    ) {
      let enclaveRef: FakeEnclave | undefined;
      const { client, enclave, transport } = await signedIn(
        memoryKeyStore(),
        steps.map((step) => (r: TransportRequest) => step(r, enclaveRef!)),
      );
      enclaveRef = enclave;
      const before = transport.requests.length;
      const outcome: { mnemonic?: string; error?: unknown } = await exportWallet(client).then(
        (mnemonic) => ({ mnemonic }),
        (error: unknown) => ({ error }),
      );
      client.close();
      return { ...outcome, sent: transport.requests.slice(before) };
    }
    const codeOf = (outcome: { error?: unknown }): string | undefined =>
      outcome.error instanceof PayError ? outcome.error.code : `not a PayError: ${String(outcome.error)}`;

    it("refuses another wallet's real enclave-signed bundle sealed to the export key", async () => {
      const outcome = await exportWith(
        (r) => exportChallenge(r, 'org_mine'),
        async (r, enclave) => ({
          status: 200,
          body: {
            id: ACCOUNT,
            encryptedWalletCredentials: await enclave.exportBundle(keyOf(r), PHRASE, 'org_someone_else'),
          },
        }),
      );
      expect(codeOf(outcome)).to.equal(LocalErrorCode.EXPORT_UNBOUND);
      expect(JSON.stringify(outcome)).to.not.contain('abandon');
    });

    it('refuses a 200 to the unsigned first leg, even with a correctly sealed bundle of the right organization', async () => {
      const outcome = await exportWith(async (r, enclave) => ({
        status: 200,
        body: { id: ACCOUNT, encryptedWalletCredentials: await enclave.exportBundle(keyOf(r), PHRASE) },
      }));
      expect(codeOf(outcome)).to.equal(LocalErrorCode.EXPORT_UNBOUND);
      expect(outcome.sent).to.have.length(1);
      expect(outcome.sent[0]!.headers).to.not.have.property('Service-Wallet-Signature');
    });

    it('refuses a bundle when the signed challenge did not name the export key', async () => {
      const outcome = await exportWith(
        () =>
          challenge202(
            JSON.stringify({
              organizationId: 'org_test',
              parameters: { walletId: ACCOUNT },
              timestampMs: '1',
              type: 'ACTIVITY_TYPE_EXPORT_WALLET',
            }),
            2,
          ),
        async (r, enclave) => ({
          status: 200,
          body: { id: ACCOUNT, encryptedWalletCredentials: await enclave.exportBundle(keyOf(r), PHRASE) },
        }),
      );
      expect(codeOf(outcome)).to.equal(LocalErrorCode.EXPORT_UNBOUND);
    });

    it('refuses an answer that names another account', async () => {
      const outcome = await exportWith(
        (r) => exportChallenge(r),
        async (r, enclave) => ({
          status: 200,
          body: {
            id: 'InternalAccount:other',
            encryptedWalletCredentials: await enclave.exportBundle(keyOf(r), PHRASE),
          },
        }),
      );
      expect(codeOf(outcome)).to.equal(LocalErrorCode.EXPORT_UNBOUND);
    });

    it('opens the bundle when challenge, answer and bundle agree (the same script, bound)', async () => {
      const outcome = await exportWith(
        (r) => exportChallenge(r, 'org_mine'),
        async (r, enclave) => ({
          status: 200,
          body: { id: ACCOUNT, encryptedWalletCredentials: await enclave.exportBundle(keyOf(r), PHRASE, 'org_mine') },
        }),
      );
      expect(outcome).to.have.property('mnemonic', PHRASE);
      expect(outcome.sent.map((r) => r.headers?.['Request-Id'])).to.deep.equal([undefined, 'Request:2']);
    });
  });

  it('request: one typed call the client has no method for; its query and JSON body go out, an error status is the service error', async () => {
    const transport = scriptedTransport([
      { status: 200, body: { data: [{ id: 'Session:1' }] } },
      { status: 404, body: { code: 'NOT_FOUND', message: 'No such link' } },
    ]);
    const client = new WalletClient({ transport, keyStore: memoryKeyStore(), autoRefresh: false });
    const page = await client.request<{ data: { id: string }[] }>('GET', '/auth/sessions', {
      query: { accountId: ACCOUNT },
    });
    expect(page.data[0]!.id).to.equal('Session:1');
    const error = (await client
      .request('POST', '/customers/Customer:1/kyc-link', { body: { redirectUri: 'https://app.example/back' } })
      .catch((e: unknown) => e)) as PayError;
    expect(error).to.be.instanceOf(PayError);
    expect([error.code, error.status]).to.deep.equal(['NOT_FOUND', 404]);
    expect(transport.requests.map((r) => [r.method, r.path, r.query, r.body])).to.deep.equal([
      ['GET', '/auth/sessions', { accountId: ACCOUNT }, undefined],
      ['POST', '/customers/Customer:1/kyc-link', undefined, '{"redirectUri":"https://app.example/back"}'],
    ]);
    client.close();
  });

  it('request with signed: true is a signed retry stamped by the current session key; without a session it is NO_SESSION', async () => {
    const payload = '{"activity":"kyc-link"}';
    let signer = '';
    const { client, transport, store } = await signedIn(memoryKeyStore(), [
      challenge202(payload, 7),
      async (r) => {
        signer = (await verifyStamp(r.headers!['Service-Wallet-Signature']!, payload)).publicKey;
        return { status: 201, body: { url: 'https://kyc.example/x' } };
      },
    ]);
    const before = transport.requests.length;
    const answer = await client.request<{ url: string }>('POST', '/customers/Customer:1/kyc-link', {
      body: { redirectUri: 'https://app.example/back' },
      headers: { 'Idempotency-Key': 'k1' },
      signed: true,
    });
    expect(answer.url).to.equal('https://kyc.example/x');
    const legs = transport.requests.slice(before);
    expect(
      legs.map((r) => [r.method, r.path, r.body, r.headers?.['Idempotency-Key'], r.headers?.['Request-Id']]),
    ).to.deep.equal([
      ['POST', '/customers/Customer:1/kyc-link', '{"redirectUri":"https://app.example/back"}', 'k1', undefined],
      ['POST', '/customers/Customer:1/kyc-link', '{"redirectUri":"https://app.example/back"}', 'k1', 'Request:7'],
    ]);
    // stamped by the current session's key
    const key = await requireSessionKey(client.session!.keyId, store);
    expect(signer).to.equal(key.publicKey);
    client.close();

    const signedOut = new WalletClient({
      transport: scriptedTransport([]),
      keyStore: memoryKeyStore(),
      autoRefresh: false,
    });
    const error = (await signedOut
      .request('POST', '/x', { body: {}, signed: true })
      .catch((e: unknown) => e)) as PayError;
    expect(error.code).to.equal(LocalErrorCode.NO_SESSION);
    signedOut.close();
  });

  it('executeQuote stamps the embedded-wallet payloadToSign in one request', async () => {
    const payload = '{"type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2","timestampMs":"1"}';
    const { client, transport } = await signedIn(memoryKeyStore(), [
      async (r) => {
        await verifyStamp(r.headers!['Service-Wallet-Signature']!, payload);
        return { status: 200, body: { id: 'Quote:1', status: 'PROCESSING' } };
      },
    ]);
    const before = transport.requests.length;
    const quote = await executeQuote(client, {
      quote: {
        id: 'Quote:1',
        status: 'PENDING',
        paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: payload } }],
      },
    });
    expect(quote.status).to.equal('PROCESSING');
    expect(transport.requests.length - before).to.equal(1);
    expect(transport.requests.at(-1)!.headers).to.not.have.property('Request-Id');
    client.close();
  });

  it('executeQuote on a quote waiting for SCA fails with the local SCA_REQUIRED and sends nothing', async () => {
    const { client, transport } = await signedIn();
    const before = transport.requests.length;
    const error = (await executeQuote(client, { quote: { id: 'Quote:1', status: 'PENDING_AUTHORIZATION' } }).catch(
      (e: unknown) => e,
    )) as PayError;
    expect(error.code).to.equal(LocalErrorCode.SCA_REQUIRED);
    expect(transport.requests.length).to.equal(before);
    client.close();
  });

  it('a wallet send in an SCA region: execute resolves PENDING_AUTHORIZATION (no error), then one authorize releases it', async () => {
    const payload = '{"type":"ACTIVITY_TYPE_SIGN_TRANSACTION_V2","timestampMs":"2"}';
    const instructions = [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: payload } }];
    const challenge = {
      id: 'ScaChallenge:1',
      expiresAt: later(),
      factor: 'PASSKEY',
      availableFactors: ['SMS_OTP', 'PASSKEY'],
    };
    const { client, transport } = await signedIn(memoryKeyStore(), [
      {
        status: 200,
        body: {
          id: 'Quote:1',
          status: 'PENDING_AUTHORIZATION',
          scaChallenge: challenge,
          paymentInstructions: instructions,
        },
      },
      { status: 200, body: { id: 'Quote:1', status: 'PROCESSING' } },
    ]);
    const quote = { id: 'Quote:1', status: 'PENDING', paymentInstructions: instructions };
    expect(nextQuoteStep(quote)).to.equal('execute');
    const held = await executeQuote(client, { quote, scaFactor: 'PASSKEY' });
    const execute = transport.requests.at(-1)!;
    expect(JSON.parse(execute.body!)).to.deep.equal({ scaFactor: 'PASSKEY' });
    await verifyStamp(execute.headers!['Service-Wallet-Signature']!, payload);
    expect(nextQuoteStep(held)).to.equal('authorize');
    const again = (await executeQuote(client, { quote: held }).catch((e: unknown) => e)) as PayError;
    expect(again.code).to.equal(LocalErrorCode.SCA_REQUIRED);
    const released = await authorizeQuote(client, {
      quoteId: held.id,
      code: '123456',
      endUserIpAddress: '203.0.113.7',
    });
    expect(JSON.parse(transport.requests.at(-1)!.body!)).to.deep.equal({
      code: '123456',
      endUserIpAddress: '203.0.113.7',
    });
    expect(nextQuoteStep(released)).to.equal('settle');
    client.close();
  });

  it('nextQuoteStep follows a quote challenged at creation: authorize, then execute; a quote without a wallet payload is not executed', () => {
    const pending = {
      id: 'Quote:2',
      status: 'PENDING_AUTHORIZATION',
      scaChallenge: { id: 'ScaChallenge:2', expiresAt: later(), factor: 'SMS_OTP' },
    };
    expect(nextQuoteStep(pending)).to.equal('authorize');
    expect(
      nextQuoteStep({
        id: 'Quote:2',
        status: 'PENDING',
        paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: '{}' } }],
      }),
    ).to.equal('execute');
    expect(
      nextQuoteStep({
        id: 'Quote:3',
        status: 'PENDING',
        paymentInstructions: [{ accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000' } }],
      }),
    ).to.equal('done');
    for (const status of ['COMPLETED', 'FAILED', 'EXPIRED'])
      expect(nextQuoteStep({ id: 'Quote:4', status })).to.equal('done');
  });

  it('SCA login: start names the customer in the query and the factor in the body; complete sends factor, challengeId, code and the IP', async () => {
    const start = { factor: 'SMS_OTP', challengeId: 'ScaChallenge:9', expiresAt: later() };
    const { client, transport } = await signedIn(memoryKeyStore(), [
      { status: 200, body: start },
      { status: 200, body: { status: 'SUCCESS', sessionExpiresAt: later() } },
    ]);
    const started = await startScaLogin(client, { customerId: 'Customer:1' });
    expect(transport.requests.at(-1)).to.deep.include({
      method: 'POST',
      path: '/sca/login/start',
      query: { customerId: 'Customer:1' },
    });
    expect(JSON.parse(transport.requests.at(-1)!.body!)).to.deep.equal({ factor: 'SMS_OTP' });
    const before = transport.requests.length;
    const noCode = (await completeScaLogin(client, { customerId: 'Customer:1', start: started }).catch(
      (e: unknown) => e,
    )) as PayError;
    expect(noCode.code).to.equal(LocalErrorCode.INVALID_ARGUMENT);
    const noStart = (await completeScaLogin(client, {
      customerId: 'Customer:1',
      start: undefined as never,
      code: '123456',
    }).catch((e: unknown) => e)) as PayError;
    expect(noStart.code).to.equal(LocalErrorCode.INVALID_ARGUMENT);
    expect(transport.requests.length).to.equal(before);
    const done = await completeScaLogin(client, {
      customerId: 'Customer:1',
      start: started,
      code: '123456',
      endUserIpAddress: '198.51.100.4',
    });
    expect(done.status).to.equal('SUCCESS');
    expect(transport.requests.at(-1)).to.deep.include({
      path: '/sca/login/complete',
      query: { customerId: 'Customer:1' },
    });
    expect(JSON.parse(transport.requests.at(-1)!.body!)).to.deep.equal({
      factor: 'SMS_OTP',
      challengeId: 'ScaChallenge:9',
      code: '123456',
      endUserIpAddress: '198.51.100.4',
    });
    client.close();
  });

  it('a malformed code is refused locally without echoing it, and the new key is deleted', async () => {
    const enclave = await fakeEnclave();
    const store = memoryKeyStore();
    const transport = scriptedTransport(otpSteps(enclave).slice(0, 1));
    const client = new WalletClient({
      transport,
      keyStore: store,
      trustedSigners: [enclave.signer],
      autoRefresh: false,
    });
    const challenge = await client.requestOtp({ authMethodId: CREDENTIAL });
    const created: string[] = [];
    const set = store.set.bind(store);
    store.set = async (k, v) => (created.push(k), set(k, v));
    const error = (await client.loginWithOtp({ challenge, code: '4821 93' }).catch((e: unknown) => e)) as PayError;
    expect(error.code).to.equal('INVALID_ARGUMENT');
    expect(`${error.message} ${JSON.stringify(error)}`).to.not.match(/4821|93/);
    expect(transport.requests).to.have.length(1);
    expect(created).to.have.length(1);
    expect(await store.get(created[0]!)).to.equal(undefined);
    client.close();
  });

  it('signed actions without a session fail with NO_SESSION and send nothing', async () => {
    const transport = scriptedTransport([]);
    const client = new WalletClient({ transport, keyStore: memoryKeyStore(), autoRefresh: false });
    const error = (await exportWallet(client).catch((e: unknown) => e)) as PayError;
    expect(error.code).to.equal('NO_SESSION');
    expect(transport.requests).to.have.length(0);
    client.close();
  });
});
