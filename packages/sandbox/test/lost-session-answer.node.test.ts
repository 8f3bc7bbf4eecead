/**
 * Issue 30, case 9: a sign-in or refresh whose answer is lost after the service opened the session. The
 * protocol keeps a `Request-Id` single-use (a resent signed leg is 401), so nothing is replayed; the
 * client reads the account's sessions instead and takes the one its request opened, the one session of
 * that method opened since the request's first answer. These tests show that the session it takes is
 * really its own (its key signs, logout ends it), and that it does not guess when another device signed
 * in with the same method meanwhile.
 */
import { expect } from 'chai';
import { WalletClient } from '@paykit/crypto-core/client';
import { PayError } from '@paykit/crypto-core/errors';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { fetchTransport, type Transport } from '@paykit/crypto-core/transport';
import { setWalletPrivacy } from '@paykit/crypto-core/wallet';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { FAULT_HEADER } from '../src/http/faults.js';
import { newCustomer, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: a lost sign-in or refresh answer leaves no extra session (issue 30, case 9)', () => {
  let t: TestSandbox;
  before(async () => void (t = await startTestSandbox()));
  after(() => t.close());

  /** A client whose next signed leg to `path` is answered by `drop-after`; `meanwhile` runs just before it goes. */
  async function setup(path: RegExp, meanwhile?: (credentialId: string) => Promise<unknown>) {
    const created = await newCustomer(t.api, {});
    let armed = false;
    const base = fetchTransport({ baseUrl: t.server.baseUrl, timeoutMs: 2_000, fetch: t.fetch });
    const transport: Transport = async (request) => {
      const hit = armed && path.test(request.path) && !!request.headers?.['Service-Wallet-Signature'];
      if (hit) {
        armed = false;
        await meanwhile?.(created.credential.id);
      }
      const headers = {
        ...request.headers,
        Authorization: t.server.credentials.authorization,
        ...(hit ? { [FAULT_HEADER]: 'drop-after' } : {}),
      };
      return base({ ...request, headers });
    };
    const client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: { otp: t.signers, export: t.signers },
      autoRefresh: false,
    });
    const active = () =>
      t.server.sandbox.state.sessions
        .list()
        .filter((s) => s.accountId === created.account.id && s.revokedAt === undefined && s.expiresAt > t.clock.now());
    return { ...created, client, active, arm: () => void (armed = true) };
  }

  it('a lost verify answer: the client takes the session the service opened, whose key signs and whose logout ends it', async () => {
    const w = await setup(/\/verify$/);
    const challenge = await w.client.requestOtp({ authMethodId: w.credential.id });
    w.arm();
    const session = await w.client.loginWithOtp({ challenge, code: '000000' });
    expect(w.active().map((s) => s.id)).to.deep.equal([session.id]);
    expect(w.client.session?.id).to.equal(session.id);
    await setWalletPrivacy(w.client, true); // signed by the key the service bound to that session
    await w.client.logout();
    expect(w.active()).to.have.length(0);
    w.client.close();
  });

  it('a lost refresh answer: the client moves to the session the refresh opened, and signs with it', async () => {
    const w = await setup(/\/refresh$/);
    const old = await w.client.loginWithOtp({
      challenge: await w.client.requestOtp({ authMethodId: w.credential.id }),
      code: '000000',
    });
    w.arm();
    const next = await w.client.refreshSession();
    expect(next.id).to.not.equal(old.id);
    expect(w.active().map((s) => s.id)).to.have.members([old.id, next.id]); // the old one lives until it expires
    await setWalletPrivacy(w.client, true);
    w.client.close();
  });

  it('does not guess when another device signed in with the same method while the answer was lost', async () => {
    const w = await setup(/\/verify$/, (credentialId) => otpLogin(t, credentialId));
    const challenge = await w.client.requestOtp({ authMethodId: w.credential.id });
    w.arm();
    const error = await w.client.loginWithOtp({ challenge, code: '000000' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(PayError);
    expect(w.client.session, 'no session taken').to.equal(undefined);
    expect(w.active()).to.have.length(2); // this login's (it expires) and the other device's, untouched
    w.client.close();
  });
});
