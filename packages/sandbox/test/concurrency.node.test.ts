import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { resolveConfig } from '../src/config.js';
import { createEnclave } from '../src/wallet/enclave.js';
import { createIdpSigner } from '../src/wallet/idp-signer.js';
import { createMemoryState } from '../src/store/state.js';
import { issueSession } from '../src/wallet/wallet-sessions.js';
import {
  newCustomer,
  newSessionKey,
  otpLogin,
  startTestSandbox,
  type Api,
  type ApiResponse,
  type Stamper,
  type TestSandbox,
} from './helpers/sandbox-client.js';

/**
 * Issue 11: every state-changing route checks state after the signature check in one step, so parallel
 * signed requests over HTTP have exactly one effect. Each case fires its signed legs with Promise.all.
 */
describe('sandbox: state-changing routes under concurrent signed requests', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ maxLiveCards: 1_000, overHttp: true });
  });
  after(() => t.close());

  /** Leg 1 of a signed request, then the stamped retry, ready to fire. */
  async function prepared(
    api: Api,
    method: string,
    path: string,
    body: unknown,
    key: Stamper,
  ): Promise<() => Promise<ApiResponse>> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const leg1 = await api.call(method, path, text === undefined ? {} : { body: text });
    expect(leg1.status, leg1.text).to.equal(202);
    const headers = {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    };
    return () => api.call(method, path, { ...(text === undefined ? {} : { body: text }), headers });
  }

  const statuses = (answers: ApiResponse[]) => answers.map((a) => a.status).sort();

  it('adds one SMS_OTP credential when several signed adds race: one 201, the rest 400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS', async () => {
    const { account, credential } = await newCustomer(t.api, { phoneNumber: '+14155550142' });
    const { key } = await otpLogin(t, credential.id);
    const sends = [];
    for (let i = 0; i < 4; i++)
      sends.push(await prepared(t.api, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: account.id }, key));
    const answers = await Promise.all(sends.map((send) => send()));
    expect(statuses(answers)).to.deep.equal([201, 400, 400, 400]);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.body.code === 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS'),
    ).to.equal(true);
    const listed = await t.api.get('/auth/credentials', { accountId: account.id });
    expect(listed.body.data.filter((c: { type: string }) => c.type === 'SMS_OTP')).to.have.length(1);
  });

  it('keeps one credential when two signed removals of each other race (at least one must remain)', async () => {
    const { account, credential } = await newCustomer(t.api, { phoneNumber: '+14155550143' });
    const email = await otpLogin(t, credential.id);
    const sms = await t.api.signed('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: account.id }, email.key);
    expect(sms.status, sms.text).to.equal(201);
    const phone = await otpLogin(t, sms.body.id);
    // each credential is removed by a session of the other one
    const removeEmail = await prepared(t.api, 'DELETE', `/auth/credentials/${credential.id}`, undefined, phone.key);
    const removeSms = await prepared(t.api, 'DELETE', `/auth/credentials/${sms.body.id}`, undefined, email.key);
    const answers = await Promise.all([removeEmail(), removeSms()]);
    expect(answers.filter((a) => a.status === 204)).to.have.length(1);
    expect(answers.filter((a) => a.status !== 204).every((a) => a.status === 400 || a.status === 401)).to.equal(true);
    expect((await t.api.get('/auth/credentials', { accountId: account.id })).body.data).to.have.length(1);
  });

  it('runs a replayed signed leg once: parallel copies of one refresh retry make one session', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key, session } = await otpLogin(t, credential.id);
    const send = await prepared(
      t.api,
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: (await newSessionKey()).publicKey },
      key,
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => send()));
    expect(statuses(answers)).to.deep.equal([201, 401, 401, 401, 401, 401]);
    expect((await t.api.get('/auth/sessions', { accountId: account.id })).body.data).to.have.length(2);
  });

  it('refuses a refresh that races the revocation of its session once the revocation won', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key, session } = await otpLogin(t, credential.id);
    const refresh = await prepared(
      t.api,
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: (await newSessionKey()).publicKey },
      key,
    );
    const revoke = await prepared(t.api, 'DELETE', `/auth/sessions/${session.id}`, undefined, key);
    const [revoked, refreshed] = await Promise.all([revoke(), refresh()]);
    expect(revoked.status).to.equal(204);
    const live = (await t.api.get('/auth/sessions', { accountId: account.id })).body.data;
    // Either the refresh ran first (its new session lives on) or it was refused; never a refresh of a revoked session.
    if (refreshed.status === 201) expect(live.map((s: { id: string }) => s.id)).to.deep.equal([refreshed.body.id]);
    else expect([refreshed.status, live]).to.deep.equal([401, []]);
  });

  it('activates one delegated key per funding source when two three-leg creations race', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const card = await t.api.call('POST', '/cards', {
      body: { fundingSource: account.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const body = { cardId: card.body.id, internalAccountId: account.id, nickname: 'Card key' };
    // both reach their last leg (the keys exist, PENDING), then both final signed legs fire at once
    const lastLegs = [];
    for (let i = 0; i < 2; i++) {
      const leg2 = await (await prepared(t.api, 'POST', '/auth/delegated-keys', body, key))();
      expect(leg2.status, leg2.text).to.equal(202);
      const headers = {
        'Service-Wallet-Signature': await key.stamp(leg2.body.payloadToSign),
        'Request-Id': leg2.body.requestId,
      };
      lastLegs.push(() => t.api.call('POST', '/auth/delegated-keys', { body: JSON.stringify(body), headers }));
    }
    const answers = await Promise.all(lastLegs.map((send) => send()));
    expect(statuses(answers)).to.deep.equal([201, 409]);
    const keys = await t.api.get('/auth/delegated-keys', { accountId: account.id });
    expect(keys.body.data.filter((k: { status: string }) => k.status === 'ACTIVE')).to.have.length(1);
  });

  it('issues at most the live-card cap when parallel card issues race for the last places', async () => {
    const small = await startTestSandbox({ maxLiveCards: 3, overHttp: true });
    try {
      const { account } = await newCustomer(small.api);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          small.api.call('POST', '/cards', {
            body: { fundingSource: account.id },
            headers: { 'Idempotency-Key': crypto.randomUUID() },
          }),
        ),
      );
      expect(statuses(answers)).to.deep.equal([201, 201, 201, 409, 409, 409]);
      expect((await small.api.get('/cards', { accountId: account.id })).body.data).to.have.length(3);
    } finally {
      await small.close();
    }
  });

  it('judges a session issue after its last await: a revocation during the legacy key sealing stops it', async () => {
    const ctx = {
      config: resolveConfig({}),
      state: createMemoryState(),
      enclave: createEnclave(),
      idpSigner: createIdpSigner(),
    };
    const credential = {
      id: 'AuthMethod:1',
      accountId: 'InternalAccount:1',
      type: 'EMAIL_OTP' as const,
      nickname: 'a@example.com',
      createdAt: 0,
      updatedAt: 0,
    };
    let revoked = false;
    const issuing = issueSession(ctx, credential, (await newSessionKey()).publicKeyUncompressed, () => {
      if (revoked) throw new Error('revoked meanwhile');
    });
    revoked = true; // lands while the legacy session key is generated and sealed
    await issuing.then(
      () => expect.fail('a session was issued after the revocation'),
      (error: Error) => expect(error.message).to.equal('revoked meanwhile'),
    );
    expect(ctx.state.sessions.list()).to.have.length(0);
  });
});
