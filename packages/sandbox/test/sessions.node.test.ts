import { expect } from 'chai';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  newCustomer,
  newSessionKey,
  otpLogin,
  payloadOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers/sandbox-client.js';

describe('sandbox: sessions and credential management', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ sessionTtlMs: 60_000 });
  });
  after(() => t.close());

  const sessionIds = async (accountId: string) =>
    (await t.api.get('/auth/sessions', { accountId })).body.data.map((s: { id: string }) => s.id);

  it('refreshes: both legs carry the new clientPublicKey, stamped by the current key; 201 new session, old one still active', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key, session } = await otpLogin(t, credential.id);
    const next = await newSessionKey();
    const leg1 = await t.api.post(`/auth/sessions/${session.id}/refresh`, { clientPublicKey: next.publicKey });
    expect(leg1.status).to.equal(202);
    expect(leg1.body.type).to.equal('EMAIL_OTP');
    expect(payloadOf(leg1).parameters.apiKeys[0].publicKey).to.equal(next.publicKey);
    const res = await t.api.signed(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: next.publicKey },
      key,
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body.id).to.not.equal(session.id);
    expect(res.body).to.include({ accountId: account.id, type: 'EMAIL_OTP' });
    expect(await sessionIds(account.id)).to.have.members([session.id, res.body.id]);
    expect(
      (await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, next)).status,
    ).to.equal(200);
  });

  it('refuses a refresh stamped by another session of the account, and a refresh of an expired session', async () => {
    const { credential } = await newCustomer(t.api);
    const first = await otpLogin(t, credential.id);
    const second = await otpLogin(t, credential.id);
    const res = await t.api.signed(
      'POST',
      `/auth/sessions/${first.session.id}/refresh`,
      { clientPublicKey: (await newSessionKey()).publicKey },
      second.key,
    );
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_INVALID');
    t.clock.advance(60_001);
    const expired = await t.api.post(`/auth/sessions/${first.session.id}/refresh`, {
      clientPublicKey: (await newSessionKey()).publicKey,
    });
    expect(expired.status).to.equal(404);
  });

  it('expires sessions honestly: expiresAt is when the key stops signing and the list drops it', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key, session } = await otpLogin(t, credential.id);
    expect(Date.parse(session.expiresAt) - t.clock.now()).to.be.within(50_000, 60_001);
    t.clock.advance(Date.parse(session.expiresAt) - t.clock.now());
    expect(await sessionIds(account.id)).to.deep.equal([]);
    const res = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key);
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('revokes a session (202 then 204) with any session of the account; a revoked session is 404', async () => {
    const { account, credential } = await newCustomer(t.api);
    const a = await otpLogin(t, credential.id);
    const b = await otpLogin(t, credential.id);
    const res = await t.api.signed('DELETE', `/auth/sessions/${a.session.id}`, undefined, b.key);
    expect(res.status, res.text).to.equal(204);
    expect(res.challenges).to.equal(1);
    expect(await sessionIds(account.id)).to.deep.equal([b.session.id]);
    expect((await t.api.call('DELETE', `/auth/sessions/${a.session.id}`)).status).to.equal(404);
    const self = await t.api.signed('DELETE', `/auth/sessions/${b.session.id}`, undefined, b.key);
    expect(self.status).to.equal(204);
    expect(
      (await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, b.key)).status,
    ).to.equal(401);
    expect((await t.api.call('DELETE', '/auth/sessions/Session:nope')).status).to.equal(404);
  });

  it('adds an SMS_OTP credential (201 with a target bundle) and refuses a second one or a second EMAIL_OTP', async () => {
    const { account, credential } = await newCustomer(t.api, { phoneNumber: '+14155550100' });
    const { key } = await otpLogin(t, credential.id);
    const sms = await t.api.signed('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: account.id }, key);
    expect(sms.status, sms.text).to.equal(201);
    expect(sms.body).to.include({ type: 'SMS_OTP', nickname: '+14155550100' });
    expect(sms.body.otpEncryptionTargetBundle).to.be.a('string');
    // The bundle from registration logs in directly.
    const smsKey = await newSessionKey();
    const encryptedOtpBundle = await encryptOtpCode({
      otpEncryptionTargetBundle: sms.body.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: smsKey.publicKeyUncompressed,
      trustedSigners: t.signers,
    });
    const login = await t.api.signed(
      'POST',
      `/auth/credentials/${sms.body.id}/verify`,
      { type: 'SMS_OTP', encryptedOtpBundle },
      smsKey,
    );
    expect(login.status, login.text).to.equal(200);
    expect(login.body.type).to.equal('SMS_OTP');

    const again = await t.api.post('/auth/credentials', { type: 'SMS_OTP', accountId: account.id });
    expect(again.status).to.equal(400);
    expect(again.body.code).to.equal('SMS_OTP_CREDENTIAL_ALREADY_EXISTS');
    const email = await t.api.post('/auth/credentials', {
      type: 'EMAIL_OTP',
      accountId: account.id,
    });
    expect(email.status).to.equal(400);
    expect(email.body.code).to.equal('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS');
  });

  it('removes a credential only with a session of a different credential, never the last one', async () => {
    const { account, credential } = await newCustomer(t.api, { phoneNumber: '+14155550101' });
    const email = await otpLogin(t, credential.id);
    const sms = await t.api.signed('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: account.id }, email.key);
    expect(sms.status).to.equal(201);
    const smsLogin = await otpLogin(t, sms.body.id);

    const sameCredential = await t.api.signed('DELETE', `/auth/credentials/${credential.id}`, undefined, email.key);
    expect(sameCredential.status).to.equal(401);
    expect(sameCredential.body.code).to.equal('WALLET_SIGNATURE_INVALID');

    const leg1 = await t.api.call('DELETE', `/auth/credentials/${credential.id}`);
    expect(leg1.status).to.equal(202);
    expect(leg1.body.type).to.equal('EMAIL_OTP');
    const removed = await t.api.signed('DELETE', `/auth/credentials/${credential.id}`, undefined, smsLogin.key);
    expect(removed.status, removed.text).to.equal(204);
    const left = await t.api.get('/auth/credentials', { accountId: account.id });
    expect(left.body.data.map((c: { type: string }) => c.type)).to.deep.equal(['SMS_OTP']);
    // Sessions made by the removed credential end with it.
    expect(await sessionIds(account.id)).to.deep.equal([smsLogin.session.id]);

    const last = await t.api.call('DELETE', `/auth/credentials/${sms.body.id}`);
    expect(last.body).to.include({ status: 400, code: 'INVALID_INPUT' }); // the OpenAPI declares no 409 here
    expect(last.body.message).to.match(/at least one must remain/);
  });

  it('requires accountId on the list endpoints, lists nothing for an unknown account and 404s unknown ids', async () => {
    expect((await t.api.get('/auth/credentials')).status).to.equal(400);
    expect((await t.api.get('/auth/sessions')).status).to.equal(400);
    for (const path of ['/auth/sessions', '/auth/credentials']) {
      const unknown = await t.api.get(path, { accountId: 'InternalAccount:nope' });
      expect([unknown.status, unknown.body]).to.deep.equal([200, { data: [] }]);
    }
    expect((await t.api.post('/auth/credentials/AuthMethod:nope/challenge', {})).body).to.include({
      status: 404,
      code: 'REFERENCE_NOT_FOUND',
    });
  });
});
