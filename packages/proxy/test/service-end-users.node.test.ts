/**
 * `createServiceEndUserResolver` in front of the real sandbox: what a user creates after sign-in is
 * theirs at once. A passkey added through the proxy can be removed through it (the proxy's forwarded
 * create drops the read it had), a session signed in elsewhere later can be signed out (an unknown id
 * reads again), and another customer's things stay refused.
 */
import { expect } from 'chai';
import { bytesToHex } from '@paykit/crypto-core/encoding';
import { createSessionKey, type SessionKey } from '@paykit/crypto-core/keys';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { createSandbox, type Sandbox } from '@paykit/sandbox';
import { before, describe, it } from '@paykit/test-harness/suite';
import { SoftwareAuthenticator } from '../../sandbox/test/helpers/software-authenticator.js';
import { createPlatformProxy, createServiceEndUserResolver, type PlatformProxyOptions } from '../src/index.js';
import { SANDBOX_SERVICE_URL as SERVICE_URL, platformCalls } from './support.js';

describe('createServiceEndUserResolver (real sandbox behind the proxy)', () => {
  let sandbox: Sandbox;
  let clock = Date.parse('2026-11-28T00:00:00Z');
  let reads = 0;
  const wallets: Record<string, { customer: string; account: string; credential: string }> = {};

  const platform = platformCalls(() => sandbox);

  const owners = () =>
    createServiceEndUserResolver({
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      now: () => clock,
      fetch: (request) => {
        reads++;
        return sandbox.fetch(request);
      },
    });

  /** A proxy whose signed-in user is the customer the `session` cookie names. */
  function proxy(resolver = owners(), extra: Partial<PlatformProxyOptions> = {}) {
    const handler = createPlatformProxy({
      ...extra,
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      pathPrefix: '/api/wallet',
      fetch: (request) => sandbox.fetch(request),
      resolveEndUser: (request) => {
        const who = /session=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
        return who && wallets[who] ? resolver.forCustomer(wallets[who].customer) : null;
      },
    });
    return async (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await handler(
        new Request(`https://platform.example/api/wallet${path}`, {
          method,
          headers: {
            Cookie: `session=${who}`,
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        }),
      );
      const text = await res.text();
      return {
        status: res.status,
        text,
        body: text ? JSON.parse(text) : undefined,
        cookies: res.headers.getSetCookie(),
      };
    };
  }
  type Send = ReturnType<typeof proxy>;

  /** A signed retry: the 202's payload stamped with the key, sent again. */
  async function signed(send: Send, who: string, method: string, path: string, key: SessionKey, body?: unknown) {
    const first = await send(who, method, path, body);
    if (first.status !== 202) return first;
    return send(who, method, path, body, {
      'Service-Wallet-Signature': await key.stamp(first.body.payloadToSign),
      ...(first.body.requestId ? { 'Request-Id': first.body.requestId } : {}),
    });
  }

  /** An email-code sign-in through the proxy: the session key and the session's id. */
  async function signIn(send: Send, who: string): Promise<{ key: SessionKey; session: string }> {
    const credential = wallets[who]!.credential;
    const challenge = await send(who, 'POST', `/auth/credentials/${credential}/challenge`, {});
    expect(challenge.status, challenge.text).to.equal(200);
    const key = await createSessionKey({ store: memoryKeyStore() });
    const encryptedOtpBundle = await encryptOtpCode({
      otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: key.publicKeyUncompressed,
      trustedSigners: sandbox.enclaveSigners,
    });
    const verified = await signed(send, who, 'POST', `/auth/credentials/${credential}/verify`, key, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle,
    });
    expect(verified.status, verified.text).to.equal(200);
    return { key, session: verified.body.id };
  }

  before(async () => {
    sandbox = createSandbox({ onInternalError: () => {} });
    for (const who of ['ada', 'bob']) {
      const customer = await platform('POST', '/customers', {
        platformCustomerId: `${who}-${crypto.randomUUID()}`,
        customerType: 'INDIVIDUAL',
        email: `${who}@example.com`,
      });
      const account = (await platform('GET', `/customers/internal-accounts?customerId=${customer.id}`)).data[0];
      const credential = (await platform('GET', `/auth/credentials?accountId=${account.id}`)).data[0];
      wallets[who] = { customer: customer.id, account: account.id, credential: credential.id };
    }
  });

  it('removes a passkey added after sign-in (200, not 403): the forwarded create drops what was read', async () => {
    const send = proxy();
    const { key } = await signIn(send, 'ada'); // what ada owns is read here, before the passkey exists
    const authenticator = await SoftwareAuthenticator.create({ rpId: 'localhost', origin: 'http://localhost:5173' });
    const challenge = bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
    const added = await signed(send, 'ada', 'POST', '/auth/credentials', key, {
      type: 'PASSKEY',
      accountId: wallets['ada']!.account,
      nickname: 'Laptop',
      challenge,
      attestation: await authenticator.register({ challenge }),
    });
    expect(added.status, added.text).to.equal(201);
    // the clock stands still: only the proxy's word that something was created makes the passkey known
    const removed = await signed(send, 'ada', 'DELETE', `/auth/credentials/${added.body.id}`, key);
    expect(removed.status, removed.text).to.equal(204);
    expect((await send('bob', 'DELETE', `/auth/credentials/${wallets['ada']!.credential}`)).status).to.equal(403);
  });

  it('signs out a session made later in another browser, and reuses what it read in between', async () => {
    const send = proxy();
    const { key } = await signIn(send, 'ada');
    const other = await signIn(proxy(), 'ada'); // another browser, another proxy instance: this one was not told
    const list = () => send('ada', 'GET', `/auth/sessions?accountId=${wallets['ada']!.account}`);
    expect((await list()).status).to.equal(200); // reads again: the sign-in (a new session) dropped the last read
    const before = reads;
    expect((await list()).status).to.equal(200);
    expect(reads - before, 'a read kept for maxAgeMs is reused').to.equal(0);
    clock += 1500; // an id not known makes a new read, at most once a second
    const signedOut = await signed(send, 'ada', 'DELETE', `/auth/sessions/${other.session}`, key);
    expect(signedOut.status, signedOut.text).to.equal(204);
    expect((await send('bob', 'DELETE', `/auth/sessions/${other.session}`)).status).to.equal(403);
  });

  it('tells onSignOut when a wallet session ends through the proxy, and joins its Set-Cookie to the answer', async () => {
    const ended: string[] = [];
    const send = proxy(owners(), {
      onSignOut: ({ sessionId }) => {
        ended.push(sessionId);
        return [['Set-Cookie', 'session=; Path=/; Max-Age=0']];
      },
    });
    const { key, session } = await signIn(send, 'bob');
    expect((await send('ada', 'DELETE', `/auth/sessions/${session}`)).status, 'not ada’s').to.equal(403);
    const first = await send('bob', 'DELETE', `/auth/sessions/${session}`);
    expect(first.status).to.equal(202);
    expect(ended, 'nothing ended yet (the 202 asks for a signature)').to.deep.equal([]);
    const out = await send('bob', 'DELETE', `/auth/sessions/${session}`, undefined, {
      'Service-Wallet-Signature': await key.stamp(first.body.payloadToSign),
      'Request-Id': first.body.requestId,
    });
    expect(out.status, out.text).to.equal(204);
    expect(ended).to.deep.equal([session]);
    expect(out.cookies).to.deep.equal(['session=; Path=/; Max-Age=0']);
  });
});
