import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, newSessionKey, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

/** Fields, filters and statuses where the sandbox follows the service's OpenAPI (issue 9). */
describe('sandbox: the service to the field', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('never echoes the write-only tax id, and keeps the end-user terms consent given on create', async () => {
    const consent = {
      acceptedAt: '2026-01-02T03:04:05Z',
      ipAddress: '203.0.113.7',
      termsVersion: '2025-10-01',
      acceptanceMethod: 'CHECKBOX',
    };
    const { customer } = await newCustomer(t.api, {
      idType: 'SSN',
      identifier: '123-45-6789',
      endUserTermsConsent: consent,
    });
    expect(customer).to.not.have.property('identifier');
    expect(customer).to.include({ idType: 'SSN' });
    expect(customer.endUserTermsConsent).to.deep.equal(consent);
    const read = await t.api.get(`/customers/${customer.id}`);
    expect(read.text).to.not.contain('123-45-6789');
    const bad = await t.api.post('/customers', {
      platformCustomerId: `c-${Date.now()}`,
      customerType: 'INDIVIDUAL',
      email: 'x@example.com',
      endUserTermsConsent: { ...consent, acceptanceMethod: 'NOD' },
    });
    expect(bad.body).to.include({ status: 400, code: 'INVALID_INPUT' });
    expect(bad.body.details.errors[0].field).to.equal('endUserTermsConsent.acceptanceMethod');
  });

  it('filters GET /customers by umaAddress and currency', async () => {
    const euro = await newCustomer(t.api, { currencies: ['EUR'], umaAddress: `$euro${Date.now()}@sandbox.example` });
    const dollar = await newCustomer(t.api);
    const byUma = await t.api.get('/customers', { umaAddress: euro.customer.umaAddress });
    expect(byUma.body.data.map((c: { id: string }) => c.id)).to.deep.equal([euro.customer.id]);
    const byCurrency = (await t.api.get('/customers', { currency: 'EUR', limit: '100' })).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(byCurrency).to.include(euro.customer.id).and.not.include(dollar.customer.id);
  });

  it('filters GET /customers by creation and update time, and lists cards newest first unless sortOrder=asc', async () => {
    const before = new Date(t.clock.now() - 1).toISOString();
    t.clock.advance(10);
    const first = await newCustomer(t.api);
    t.clock.advance(10);
    const middle = new Date(t.clock.now()).toISOString();
    t.clock.advance(10);
    const second = await newCustomer(t.api);
    const created = (query: Record<string, string>) =>
      t.api.get('/customers', { limit: '100', ...query }).then((r) => r.body.data.map((c: { id: string }) => c.id));
    expect(await created({ createdAfter: middle }))
      .to.include(second.customer.id)
      .and.not.include(first.customer.id);
    expect(await created({ createdAfter: before, createdBefore: middle }))
      .to.include(first.customer.id)
      .and.not.include(second.customer.id);
    expect(await created({ updatedAfter: middle }))
      .to.include(second.customer.id)
      .and.not.include(first.customer.id);
    expect((await t.api.get('/customers', { createdAfter: 'yesterday' })).body.details.errors[0].field).to.equal(
      'createdAfter',
    );

    const issue = () =>
      t.api
        .call('POST', '/cards', {
          body: { fundingSource: first.account.id },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
        .then((r) => r.body.id);
    const ids = [await issue(), await issue()];
    expect(
      (await t.api.get('/cards', { accountId: first.account.id })).body.data.map((c: { id: string }) => c.id),
    ).to.deep.equal([...ids].reverse());
    expect(
      (await t.api.get('/cards', { accountId: first.account.id, sortOrder: 'asc' })).body.data.map(
        (c: { id: string }) => c.id,
      ),
    ).to.deep.equal(ids);
    expect((await t.api.get('/cards', { sortOrder: 'up' })).status).to.equal(400);
  });

  it("takes the customerType discriminator on PATCH /customers/{id}: required, and it must be the customer's", async () => {
    const { customer } = await newCustomer(t.api, { fullName: 'Type Test 003' }); // UNVERIFIED: its name may change
    const missing = await t.api.call('PATCH', `/customers/${customer.id}`, { body: { fullName: 'No Type' } });
    expect(missing.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['customerType']);
    const other = await t.api.call('PATCH', `/customers/${customer.id}`, {
      body: { customerType: 'BUSINESS', fullName: 'Wrong Type' },
    });
    expect(other.body).to.include({ status: 400, code: 'INVALID_INPUT' });
    const ok = await t.api.call('PATCH', `/customers/${customer.id}`, {
      body: { customerType: 'INDIVIDUAL', fullName: 'Right Type' },
    });
    expect([ok.status, ok.body.fullName]).to.deep.equal([200, 'Right Type']);
  });

  it('wants the OpenAPI BusinessInfo fields when businessInfo is given', async () => {
    const res = await t.api.post('/customers', {
      platformCustomerId: `b-${Date.now()}`,
      customerType: 'BUSINESS',
      email: 'b@example.com',
      businessInfo: { registrationNumber: 'R1' },
    });
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).to.have.members([
      'businessInfo.legalName',
      'businessInfo.country',
      'businessInfo.taxId',
      'businessInfo.incorporatedOn',
    ]);
  });

  it('gives internal accounts a totalBalance and their embedded-wallet funding instruction a payloadToSign', async () => {
    const { account } = await newCustomer(t.api);
    expect(account.totalBalance).to.deep.equal(account.balance);
    const payload = JSON.parse(account.fundingPaymentInstructions[0].accountOrWalletInfo.payloadToSign);
    expect(payload.parameters.walletId).to.equal(account.id);
    const unknown = await t.api.get('/customers/internal-accounts', { customerId: 'Customer:nope' });
    expect([unknown.status, unknown.body.data]).to.deep.equal([200, []]);
  });

  it('accepts upper-case hex session keys, as the service does', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key, session } = await otpLogin(t, credential.id);
    const next = await newSessionKey();
    const res = await t.api.signed(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: next.publicKey.toUpperCase() },
      key,
    );
    expect(res.status, res.text).to.equal(201);
    expect(
      (await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, next)).status,
    ).to.equal(200);
  });

  it('answers unknown ids and bad bodies on every non-quote route with a status and code the service declares', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const calls: [string, string, unknown?][] = [
      ['PATCH', '/customers/Customer:nope', { customerType: 'INDIVIDUAL', fullName: 'x' }],
      ['PATCH', '/internal-accounts/InternalAccount:nope', { privateEnabled: true }],
      ['POST', '/internal-accounts/InternalAccount:nope/export', { clientPublicKey: '04' }],
      ['POST', `/internal-accounts/${account.id}/export`, { clientPublicKey: '02' + 'a'.repeat(64) }],
      ['DELETE', '/auth/credentials/AuthMethod:nope'],
      ['POST', '/auth/credentials/AuthMethod:nope/verify', { type: 'EMAIL_OTP' }],
      ['POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: 'InternalAccount:nope' }],
      ['POST', '/auth/sessions/Session:nope/refresh', { clientPublicKey: 'x' }],
      ['POST', '/auth/delegated-keys', { cardId: 'Card:nope', internalAccountId: account.id, nickname: 'k' }],
      ['POST', '/auth/delegated-keys', { cardId: 'Card:nope', internalAccountId: account.id, nickname: '' }],
      ['DELETE', '/auth/delegated-keys/DelegatedKey:nope'],
      ['PATCH', '/cards/Card:nope', { state: 'FROZEN' }],
      ['POST', '/cards/Card:nope/reveal', {}],
      ['POST', '/sandbox/internal-accounts/InternalAccount:nope/fund', { amount: 1 }],
      ['POST', `/sandbox/internal-accounts/${account.id}/fund`, { amount: -1 }],
      ['GET', '/customers?limit=500'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api.call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).to.be.within(400, 404);
      expect(res.body.code, `${method} ${path}`).to.not.equal('NOT_FOUND');
    }
    // a wrong stamp on a signed leg: the wallet 401 codes
    const leg1 = await t.api.call('PATCH', `/internal-accounts/${account.id}`, { body: { privateEnabled: true } });
    const bad = await t.api.call('PATCH', `/internal-accounts/${account.id}`, {
      body: { privateEnabled: false },
      headers: {
        'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(bad.body).to.include({ status: 401, code: 'WALLET_SIGNATURE_BODY_MISMATCH' });
  });

  it('has no length limits the service does not have (platformCustomerId, email, platformCardId)', async () => {
    const long = `p-${'x'.repeat(300)}`;
    const { customer, account } = await newCustomer(t.api, {
      platformCustomerId: long,
      email: `${'e'.repeat(250)}@example.com`,
    });
    expect(customer.platformCustomerId).to.equal(long);
    const card = await t.api.call('POST', '/cards', {
      body: { fundingSource: account.id, platformCardId: long },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect([card.status, card.body.platformCardId]).to.deep.equal([201, long]);
  });

  it("lets a delegated key nickname have the service's 256 characters", async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const card = await t.api.call('POST', '/cards', {
      body: { fundingSource: account.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const res = await t.api.signed(
      'POST',
      '/auth/delegated-keys',
      { cardId: card.body.id, internalAccountId: account.id, nickname: 'k'.repeat(256) },
      key,
    );
    expect(res.status, res.text).to.equal(201);
  });
});
