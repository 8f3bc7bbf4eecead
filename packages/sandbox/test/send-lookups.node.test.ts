import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: what a send looks up (discoveries, external-account receiver, withdrawal fee)', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('lists institutions, filtered by corridor; a malformed filter is 400', async () => {
    const all = await t.api.get('/discoveries');
    expect(all.status).to.equal(200);
    const ph = await t.api.get('/discoveries', { country: 'PH', currency: 'PHP' });
    expect(ph.body.data.map((d: { bankName: string }) => d.bankName)).to.deep.equal(['BDO Unibank', 'BPI']);
    expect(all.body.data.length).to.be.greaterThan(ph.body.data.length);
    expect(
      (await t.api.get('/discoveries', { currency: 'MXN' })).body.data.every(
        (d: { country: string }) => d.country === 'MX',
      ),
    ).to.equal(true);
    const bad = await t.api.get('/discoveries', { country: 'Philippines' });
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('INVALID_INPUT');
  });

  it("looks up a customer's external account: its currency; another customer's or an unknown one is 404", async () => {
    const { customer } = await newCustomer(t.api);
    const { customer: other } = await newCustomer(t.api);
    const created = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '987654321',
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel' },
      },
    });
    expect(created.status, created.text).to.equal(201);
    const path = `/receiver/external-account/${created.body.id}`;
    const res = await t.api.get(path, { customerId: customer.id });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.accountId).to.equal(created.body.id);
    expect(res.body.supportedCurrencies.map((c: { currency: { code: string } }) => c.currency.code)).to.deep.equal([
      'USD',
    ]);
    expect(res.body.supportedCurrencies[0].estimatedExchangeRate).to.equal(1);
    expect(res.body.lookupId).to.match(/^Lookup:/);
    expect((await t.api.get(path, { customerId: other.id })).status).to.equal(404);
    expect((await t.api.get('/receiver/external-account/ExternalAccount:nope')).body.code).to.equal(
      'REFERENCE_NOT_FOUND',
    );
    expect((await t.api.get(path, { senderUmaAddress: 'nope' })).status).to.equal(400);
  });

  it('estimates a withdrawal fee: net = amount − total; unknown network or account, or an amount under the fee, refused', async () => {
    const { account } = await newCustomer(t.api);
    const body = {
      internalAccountId: account.id,
      currency: 'USDC',
      cryptoNetwork: 'SOLANA',
      amount: 1_000_000,
      destinationAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    };
    const res = await t.api.post('/crypto/estimate-withdrawal-fee', body);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      networkFee: 5000,
      networkFeeAsset: 'SOL',
      applicationFee: 0,
      totalFee: 5000,
      netAmount: 995000,
    });
    const eth = await t.api.post('/crypto/estimate-withdrawal-fee', {
      ...body,
      cryptoNetwork: 'ETHEREUM',
      amount: 10_000_000,
    });
    expect(eth.body.netAmount + eth.body.totalFee).to.equal(10_000_000);
    expect(eth.body.totalFee).to.be.greaterThan(res.body.totalFee);
    expect((await t.api.post('/crypto/estimate-withdrawal-fee', { ...body, cryptoNetwork: 'DOGE' })).status).to.equal(
      400,
    );
    expect((await t.api.post('/crypto/estimate-withdrawal-fee', { ...body, amount: 5000 })).status).to.equal(400);
    const missing = await t.api.post('/crypto/estimate-withdrawal-fee', {
      ...body,
      internalAccountId: 'InternalAccount:nope',
    });
    expect(missing.status).to.equal(404);
  });
});
