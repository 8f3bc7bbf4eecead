import { expect } from 'chai';
import { PayError } from '@paykit/crypto-core/errors';
import {
  canRemoveScaFactor,
  confirmScaPasskey,
  confirmScaTotp,
  enrollScaFactor,
  listScaFactors,
  removeScaFactor,
} from '@paykit/crypto-core/security';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, platformClient, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

const ORIGIN = 'http://localhost:5173';

describe('sandbox: SCA factors are listed, enrolled (pending until confirmed) and removed as the API says', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close()); // every answer below is also checked against the OpenAPI here

  const scaCustomer = async () => (await newCustomer(t.api, { region: 'DE' })).customer.id as string;
  const q = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`;
  const list = async (customerId: string) => (await t.api.get(`/sca/factors${q(customerId)}`)).body.factors;

  it('TOTP: SMS_OTP alone at first; a started TOTP stays unlisted until confirmed with 123456; recovery codes once', async () => {
    const id = await scaCustomer();
    expect(await list(id)).to.deep.equal([{ factor: 'SMS_OTP' }]);
    const noApp = await t.api.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    expect([noApp.status, noApp.body.details.errors[0].field]).to.deep.equal([400, 'factor']);
    const start = await t.api.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    expect(start.status, start.text).to.equal(200);
    expect(start.body.type).to.equal('TOTP');
    expect(start.body.secretBase32Encoded).to.match(/^[A-Z2-7]{32}$/);
    expect(start.body.totpUri).to.match(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(await list(id)).to.have.length(1); // pending: not a factor yet

    const wrong = await t.api.post(`/sca/factors/confirm${q(id)}`, {
      type: 'TOTP',
      secret: start.body.secret,
      code: '654321',
    });
    expect([wrong.status, wrong.body.code, wrong.body.details.errors[0].field]).to.deep.equal([
      400,
      'INVALID_INPUT',
      'code',
    ]);
    const stranger = await t.api.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: 'ab12', code: '123456' });
    expect([stranger.status, stranger.body.details.errors[0].field]).to.deep.equal([400, 'secret']);

    const ok = await t.api.post(`/sca/factors/confirm${q(id)}`, {
      type: 'TOTP',
      secret: start.body.secret,
      code: '123456',
    });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.type).to.equal('TOTP');
    expect(ok.body.recoveryCodes).to.have.length(8);
    expect(new Set(ok.body.recoveryCodes).size).to.equal(8);
    expect(await list(id)).to.deep.equal([{ factor: 'SMS_OTP' }, { factor: 'TOTP' }]);
    // the enrolled app opens an SCA login: nothing is sent, its code completes it
    const login = await t.api.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    expect([login.status, login.body]).to.deep.equal([200, { factor: 'TOTP' }]);
    const session = await t.api.post(`/sca/login/complete${q(id)}`, {
      factor: 'TOTP',
      code: '123456',
      endUserIpAddress: '203.0.113.9',
    });
    expect([session.status, session.body.status]).to.deep.equal([200, 'SUCCESS']);
    const replay = await t.api.post(`/sca/factors/confirm${q(id)}`, {
      type: 'TOTP',
      secret: start.body.secret,
      code: '123456',
    });
    expect(replay.status).to.equal(400); // the enrollment is used up

    // a second app replaces the first (README choices); a started one lapses after challengeTtlMs
    const second = await t.api.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    const confirm = { type: 'TOTP', secret: second.body.secret, code: '123456' };
    expect((await t.api.post(`/sca/factors/confirm${q(id)}`, confirm)).status).to.equal(200);
    expect(await list(id)).to.deep.equal([{ factor: 'SMS_OTP' }, { factor: 'TOTP' }]);
    const late = await t.api.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    t.clock.advance(5 * 60_000 + 1);
    const lapsed = await t.api.post(`/sca/factors/confirm${q(id)}`, { ...confirm, secret: late.body.secret });
    expect([lapsed.status, lapsed.body.details.errors[0].field]).to.deep.equal([400, 'secret']);
  });

  it('PASSKEY: enrolled with a verified registration, one per customer (409), deleted by credentialId (204, then 404)', async () => {
    const id = await scaCustomer();
    const start = await t.api.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    expect(start.status, start.text).to.equal(200);
    expect(start.body).to.include({ type: 'PASSKEY', relyingPartyId: 'localhost' });
    const authenticator = await SoftwareAuthenticator.create({ origin: ORIGIN });
    const reg = await authenticator.register({ challenge: start.body.options.challenge });
    const credential = {
      id: reg.credentialId,
      rawId: reg.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: reg.clientDataJson,
        attestationObject: reg.attestationObject,
        transports: reg.transports,
      },
    };
    const otherOrigin = await t.api.post(`/sca/factors/confirm${q(id)}`, {
      type: 'PASSKEY',
      origin: 'http://localhost:3000',
      credential,
    });
    expect([otherOrigin.status, otherOrigin.body.details.errors[0].field]).to.deep.equal([400, 'origin']);
    const ok = await t.api.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.deep.equal({ type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: reg.credentialId } });
    expect(await list(id)).to.deep.equal([
      { factor: 'SMS_OTP' },
      { factor: 'PASSKEY', credentialId: reg.credentialId },
    ]);

    const second = await t.api.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    expect([second.status, second.body.code]).to.deep.equal([409, 'PASSKEY_ALREADY_ENROLLED']);
    const gone = await t.api.call('DELETE', `/sca/factors/${encodeURIComponent(reg.credentialId)}${q(id)}`);
    expect(gone.status, gone.text).to.equal(204);
    expect(await list(id)).to.deep.equal([{ factor: 'SMS_OTP' }]);
    const again = await t.api.call('DELETE', `/sca/factors/${encodeURIComponent(reg.credentialId)}${q(id)}`);
    expect([again.status, again.body.code]).to.deep.equal([404, 'REFERENCE_NOT_FOUND']);
  });

  it('400 for a bad type or SMS_OTP, 404 for an unknown customer, 409 outside SCA regions', async () => {
    const id = await scaCustomer();
    const sms = await t.api.post(`/sca/factors${q(id)}`, { type: 'SMS_OTP' });
    expect([sms.status, sms.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const extra = await t.api.post(`/sca/factors${q(id)}`, { type: 'TOTP', label: 'x' });
    expect(extra.status).to.equal(400);
    const missing = await t.api.get('/sca/factors?customerId=Customer:nobody');
    expect([missing.status, missing.body.code]).to.deep.equal([404, 'USER_NOT_FOUND']);
    const us = (await newCustomer(t.api, { region: 'US' })).customer.id as string;
    for (const res of [
      await t.api.get(`/sca/factors${q(us)}`),
      await t.api.post(`/sca/factors${q(us)}`, { type: 'TOTP' }),
      await t.api.post(`/sca/factors/confirm${q(us)}`, { type: 'TOTP', secret: 'ab', code: '123456' }),
      await t.api.call('DELETE', `/sca/factors/abc${q(us)}`),
    ])
      expect([res.status, res.body.code]).to.deep.equal([409, 'CONFLICT']);
  });

  it('crypto-core/security: lists, enrolls (TOTP and passkey), confirms and removes through a WalletClient', async () => {
    const client = platformClient(t);
    const id = await scaCustomer();
    const totp = await enrollScaFactor(client, id, 'TOTP');
    const wrong = await confirmScaTotp(client, id, totp.secret, '000111').catch((e: unknown) => e);
    expect(wrong).to.be.instanceOf(PayError);
    expect((wrong as PayError).status).to.equal(400);
    expect((await confirmScaTotp(client, id, totp.secret, '123456')).recoveryCodes).to.have.length(8);

    const passkey = await enrollScaFactor(client, id, 'PASSKEY');
    const authenticator = await SoftwareAuthenticator.create({ origin: ORIGIN });
    const reg = await authenticator.register({ challenge: String(passkey.options['challenge']) });
    const response = { clientDataJSON: reg.clientDataJson, attestationObject: reg.attestationObject };
    const credential = { id: reg.credentialId, rawId: reg.credentialId, type: 'public-key', response };
    expect((await confirmScaPasskey(client, id, credential, ORIGIN)).factor.credentialId).to.equal(reg.credentialId);

    const { factors } = await listScaFactors(client, id);
    expect(factors.map((f) => f.factor)).to.deep.equal(['SMS_OTP', 'TOTP', 'PASSKEY']);
    expect(factors.map((f) => canRemoveScaFactor(f, factors))).to.deep.equal([false, false, true]);
    expect(canRemoveScaFactor(factors[2]!, factors.slice(2))).to.equal(false); // never the last one
    await removeScaFactor(client, id, reg.credentialId);
    expect((await listScaFactors(client, id)).factors).to.have.length(2);
    const twice = await removeScaFactor(client, id, reg.credentialId).catch((e: unknown) => e);
    expect([(twice as PayError).status, (twice as PayError).code]).to.deep.equal([404, 'REFERENCE_NOT_FOUND']);
    client.close();
  });
});
