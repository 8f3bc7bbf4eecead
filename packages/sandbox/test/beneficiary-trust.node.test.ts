import { expect } from 'chai';
import {
  confirmPayeeTrust,
  confirmPayeeUntrust,
  listPayees,
  trustPayee,
  untrustPayee,
} from '@paykit/crypto-core/payees';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, platformClient, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const TTL_MS = 60_000;

describe('sandbox: trusted beneficiaries (trust, untrust, each confirmed by SCA) as the OpenAPI declares them', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ challengeTtlMs: TTL_MS, scaMaxFailures: 3 });
  });
  after(() => t.close()); // fails on any answer that breaks the OpenAPI

  async function payee(region: string) {
    const { customer } = await newCustomer(t.api, { region });
    const res = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: `9876541${Math.floor(Math.random() * 90 + 10)}`,
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel' },
      },
    });
    expect(res.status, res.text).to.equal(201);
    return { customerId: customer.id as string, id: res.body.id as string };
  }
  const trustedInList = async (customerId: string, id: string) =>
    (await t.api.get('/customers/external-accounts', { customerId })).body.data.find((a: any) => a.id === id).trusted;

  it('trust then untrust: 200 scaChallenge, 200 {trusted}, shown on the listed account; a trusted one cannot be deleted', async () => {
    const { customerId, id } = await payee('DE');
    expect(await trustedInList(customerId, id)).to.equal(false);
    const start = await t.api.post(`/customers/external-accounts/${id}/trust`);
    expect(start.status, start.text).to.equal(200);
    expect(start.body.scaChallenge).to.include({ factor: 'SMS_OTP', purpose: 'BENEFICIARY_TRUST' });
    const challengeId = start.body.scaChallenge.id;
    const confirm = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId,
      code: '123456',
    });
    expect([confirm.status, confirm.body]).to.deep.equal([200, { trusted: true }]);
    expect(await trustedInList(customerId, id)).to.equal(true);
    const refused = await t.api.call('DELETE', `/customers/external-accounts/${id}`);
    expect([refused.status, refused.body.code]).to.deep.equal([409, 'BENEFICIARY_TRUSTED']);
    // the trust challenge is spent: confirming it again is 400
    const again = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, { challengeId, code: '123456' });
    expect([again.status, again.body.details?.reason]).to.deep.equal([400, 'NO_CHALLENGE']);

    const untrust = await t.api.post(`/customers/external-accounts/${id}/untrust`);
    expect(untrust.body.scaChallenge?.purpose, untrust.text).to.equal('BENEFICIARY_UNTRUST');
    // an untrust challenge does not confirm a trust
    const crossed = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId: untrust.body.scaChallenge.id,
      code: '123456',
    });
    expect(crossed.status).to.equal(400);
    const done = await t.api.post(`/customers/external-accounts/${id}/untrust/confirm`, {
      challengeId: untrust.body.scaChallenge.id,
      code: '123456',
    });
    expect([done.status, done.body]).to.deep.equal([200, { trusted: false }]);
    expect(await trustedInList(customerId, id)).to.equal(false);
    expect((await t.api.call('DELETE', `/customers/external-accounts/${id}`)).status).to.equal(204);
  });

  it('a wrong code is 400 with attempts left, the last locks (409); expired is 400; bad bodies 400; outside SCA regions 409; unknown 404', async () => {
    const { id } = await payee('FR');
    const { scaChallenge } = (await t.api.post(`/customers/external-accounts/${id}/trust`)).body;
    const wrong = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId: scaChallenge.id,
      code: '654321',
    });
    expect([wrong.status, wrong.body.code, wrong.body.details?.attemptsRemaining]).to.deep.equal([
      400,
      'INVALID_INPUT',
      2,
    ]);
    const noProof = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId: scaChallenge.id,
    });
    expect([noProof.status, noProof.body.details?.errors?.[0]?.field]).to.deep.equal([400, 'code']);
    const extra = await t.api.post(`/customers/external-accounts/${id}/trust`, { nickname: 'x' });
    expect([extra.status, extra.body.details?.errors?.[0]?.field]).to.deep.equal([400, 'nickname']);

    t.clock.advance(TTL_MS);
    const late = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId: scaChallenge.id,
      code: '123456',
    });
    expect([late.status, late.body.details?.reason]).to.deep.equal([400, 'CHALLENGE_EXPIRED']);

    const fresh = (await t.api.post(`/customers/external-accounts/${id}/trust`)).body.scaChallenge.id;
    for (const remaining of [1, 0]) {
      const res = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
        challengeId: fresh,
        code: '000001',
      });
      expect([res.status, res.body.details?.attemptsRemaining]).to.deep.equal([400, remaining]);
    }
    const locked = await t.api.post(`/customers/external-accounts/${id}/trust/confirm`, {
      challengeId: fresh,
      code: '123456',
    });
    expect([locked.status, locked.body.details?.reason]).to.deep.equal([409, 'ACCOUNT_LOCKED']);

    const outside = await payee('US');
    for (const path of ['trust', 'untrust']) {
      const res = await t.api.post(`/customers/external-accounts/${outside.id}/${path}`);
      expect([res.status, res.body.code]).to.deep.equal([409, 'CONFLICT']);
    }
    const missing = await t.api.post('/customers/external-accounts/ExternalAccount:nope/untrust/confirm', {
      code: '123456',
    });
    expect([missing.status, missing.body.code]).to.deep.equal([404, 'REFERENCE_NOT_FOUND']);
  });

  it('the toolkit flows (@paykit/crypto-core/payees) list, trust and untrust a payee, and pass the service errors on', async () => {
    const client = platformClient(t);
    try {
      const { customerId, id } = await payee('NL');
      const page = await listPayees(client, { customerId });
      expect(page.data.map((p) => [p.id, p.trusted])).to.deep.equal([[id, false]]);
      const started = await trustPayee(client, id);
      const wrong = await confirmPayeeTrust(client, id, {
        challengeId: started.scaChallenge?.id,
        code: '111111',
      }).catch((e: unknown) => e);
      expect(wrong).to.include({ status: 400, code: 'INVALID_INPUT' });
      const trusted = await confirmPayeeTrust(client, id, { challengeId: started.scaChallenge?.id, code: '123456' });
      expect(trusted).to.deep.equal({ trusted: true });
      expect((await listPayees(client, { customerId })).data[0]!.trusted).to.equal(true);
      const untrust = await untrustPayee(client, id);
      expect(
        await confirmPayeeUntrust(client, id, { challengeId: untrust.scaChallenge?.id, code: '123456' }),
      ).to.deep.equal({
        trusted: false,
      });
      const bad = await confirmPayeeTrust(client, id, { code: '12' }).catch((e: unknown) => e);
      expect(bad).to.include({ code: 'INVALID_ARGUMENT' });
      const outside = await payee('US');
      expect(await trustPayee(client, outside.id).catch((e: unknown) => e)).to.include({ status: 409 });
    } finally {
      client.close();
    }
  });
});
