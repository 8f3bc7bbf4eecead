import { expect } from 'chai';
import { after, before, describe, it } from '../../../test/harness/suite.js';
import { newCustomer, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

type Wallet = Awaited<ReturnType<typeof newCustomer>> & { key: Awaited<ReturnType<typeof otpLogin>>['key'] };

describe('sandbox: quotes from an embedded wallet, with and without Strong Customer Authentication', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  async function wallet(fields: Record<string, unknown> = {}): Promise<Wallet> {
    const created = await newCustomer(t.api, fields);
    const { key } = await otpLogin(t, created.credential.id);
    return { ...created, key };
  }
  const fund = (accountId: string, amount: number) => t.api.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount });
  const quoteBody = (from: string, amount: number, extra: Record<string, unknown> = {}) => ({
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example' },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  });
  const payloadOfQuote = (quote: { paymentInstructions: { accountOrWalletInfo: { accountType: string; payloadToSign: string } }[] }) =>
    quote.paymentInstructions.find((p) => p.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET')!.accountOrWalletInfo.payloadToSign;
  const execute = async (w: Wallet, quote: any, headers: Record<string, string> = {}) =>
    t.api.call('POST', `/quotes/${quote.id}/execute`, { body: {}, headers: { 'Service-Wallet-Signature': await w.key.stamp(payloadOfQuote(quote)), ...headers } });

  it('needs TRANSACT: the view-only token gets 403 FORBIDDEN on create and execute, and may still read', async () => {
    const w = await wallet();
    const denied = await t.viewApi.post('/quotes', quoteBody(w.account.id, 100));
    expect(denied.status).to.equal(403);
    expect(denied.body).to.include({ status: 403, code: 'FORBIDDEN' });
    const quote = await t.api.post('/quotes', quoteBody(w.account.id, 100));
    expect((await t.viewApi.post(`/quotes/${quote.body.id}/execute`, {})).status).to.equal(403);
    expect((await t.viewApi.get(`/quotes/${quote.body.id}`)).status).to.equal(200);
  });

  it('quotes with an EMBEDDED_WALLET payloadToSign, executes with one stamped request, settles to COMPLETED and moves the balance', async () => {
    const payer = await wallet();
    const payee = await wallet();
    const created = await t.api.post('/quotes', quoteBody(payer.account.id, 2_500, { destination: { destinationType: 'ACCOUNT', accountId: payee.account.id } }));
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({ status: 'PENDING', totalSendingAmount: 2_500, totalReceivingAmount: 2_500, feesIncluded: 0 });
    expect(created.body.id).to.match(/^Quote:/);
    expect(JSON.parse(payloadOfQuote(created.body)).type).to.equal('ACTIVITY_TYPE_SIGN_TRANSACTION_V2');

    const broke = await execute(payer, created.body);
    expect(broke.status).to.equal(400);
    expect(broke.body.code).to.equal('INSUFFICIENT_FUNDS');
    expect((await fund(payer.account.id, 10_000)).body.balance.amount).to.equal(10_000);

    const missing = await t.api.post(`/quotes/${created.body.id}/execute`, {});
    expect(missing.status).to.equal(401);
    expect(missing.body.code).to.equal('WALLET_SIGNATURE_MISSING');
    const wrongKey = await execute(payee, created.body);
    expect(wrongKey.status).to.equal(401);
    expect(wrongKey.body.code).to.equal('WALLET_SIGNATURE_INVALID');

    const idempotencyKey = crypto.randomUUID();
    const done = await execute(payer, created.body, { 'Idempotency-Key': idempotencyKey });
    expect(done.status, done.text).to.equal(200);
    expect(done.body.status).to.equal('PROCESSING');
    const replay = await execute(payer, created.body, { 'Idempotency-Key': idempotencyKey });
    expect(replay.status).to.equal(200);
    expect(replay.body).to.deep.equal(done.body);
    const twice = await execute(payer, created.body);
    expect(twice.status).to.equal(409);

    t.clock.advance(1_000);
    expect((await t.api.get(`/quotes/${created.body.id}`)).body.status).to.equal('COMPLETED');
    const balances = async (customerId: string) => (await t.api.get('/customers/internal-accounts', { customerId })).body.data[0].balance.amount;
    expect(await balances(payer.customer.id)).to.equal(7_500);
    expect(await balances(payee.customer.id)).to.equal(2_500);
  });

  it('fails a payment to a destination ending in 002 after PROCESSING and refunds the wallet', async () => {
    const payer = await wallet();
    await fund(payer.account.id, 500);
    const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 500, { destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$fail002@receiver.example' } }));
    expect((await execute(payer, quote.body)).body.status).to.equal('PROCESSING');
    t.clock.advance(1_000);
    const settled = await t.api.get(`/quotes/${quote.body.id}`);
    expect(settled.body).to.include({ status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED' });
    expect((await t.api.get('/customers/internal-accounts', { customerId: payer.customer.id })).body.data[0].balance.amount).to.equal(500);
  });

  it('expires an unexecuted quote', async () => {
    const payer = await wallet();
    const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 100));
    t.clock.advance(5 * 60_000);
    const res = await execute(payer, quote.body);
    expect(res.status).to.equal(409);
    expect(res.body.details.status).to.equal('EXPIRED');
  });

  it('validates quote requests, listing every invalid field', async () => {
    const payer = await wallet();
    const res = await t.api.post('/quotes', { source: { sourceType: 'ACCOUNT' }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'bob' }, lockedCurrencySide: 'BOTH', lockedCurrencyAmount: 1.5, remittanceInformation: 'x'.repeat(81) });
    expect(res.status).to.equal(400);
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).to.have.members(['source.accountId', 'destination.umaAddress', 'lockedCurrencySide', 'lockedCurrencyAmount', 'remittanceInformation']);
    const self = await t.api.post('/quotes', quoteBody(payer.account.id, 1, { destination: { destinationType: 'ACCOUNT', accountId: payer.account.id } }));
    expect(self.body.code).to.equal('SELF_PAYMENT');
    const immediate = await t.api.post('/quotes', quoteBody(payer.account.id, 1, { immediatelyExecute: true }));
    expect(immediate.status).to.equal(400);
    const euros = await newCustomer(t.api, { currencies: ['EUR'] });
    const crossCurrency = await t.api.post('/quotes', quoteBody(payer.account.id, 1, { destination: { destinationType: 'ACCOUNT', accountId: euros.account.id } }));
    expect(crossCurrency.status).to.equal(400);
    expect(crossCurrency.body.code).to.equal('INVALID_CURRENCY');
  });

  describe('in an SCA region (EU)', () => {
    it('withholds paymentInstructions until authorized; 409 SCA_SESSION_REQUIRED before the SCA login; wrong code 400; 123456 then execute', async () => {
      const payer = await wallet({ region: 'DE' });
      await fund(payer.account.id, 1_000);
      const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 1_000));
      expect(quote.body.status).to.equal('PENDING_AUTHORIZATION');
      expect(quote.body).to.not.have.property('paymentInstructions');
      const challenge = quote.body.scaChallenge;
      expect(challenge.id).to.match(/^ScaChallenge:/);
      expect(challenge).to.include({ factor: 'SMS_OTP' });
      expect(challenge.availableFactors).to.deep.equal(['SMS_OTP']);
      expect(Date.parse(challenge.expiresAt)).to.be.greaterThan(t.clock.now());
      const tooEarly = await t.api.call('POST', `/quotes/${quote.body.id}/execute`, { body: {}, headers: { 'Service-Wallet-Signature': 'x' } });
      expect(tooEarly.status).to.equal(409);

      const noSession = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
      expect(noSession.status).to.equal(409);
      expect(noSession.body.code).to.equal('SCA_SESSION_REQUIRED');
      const login = await t.api.post('/sca/login/complete', { customerId: payer.customer.id });
      expect(login.status).to.equal(200);
      expect(login.body.status).to.equal('SUCCESS');
      const days = (Date.parse(login.body.sessionExpiresAt) - t.clock.now()) / 86_400_000;
      expect(days).to.be.within(179.99, 180.01);

      const wrong = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '000000' });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.details.attemptsRemaining).to.equal(4);
      const ok = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.status).to.equal('PENDING');
      expect(ok.body).to.not.have.property('scaChallenge');
      const executed = await execute(payer, ok.body);
      expect(executed.status, executed.text).to.equal(200);
      expect(executed.body.status).to.equal('PROCESSING');
    });

    it('asks for a second round when lockedCurrencyAmount >= 100000', async () => {
      const payer = await wallet({ region: 'FR' });
      await t.api.post('/sca/login/complete', { customerId: payer.customer.id });
      const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 100_000));
      const first = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
      expect(first.status).to.equal(200);
      expect(first.body.status).to.equal('PENDING_AUTHORIZATION');
      expect(first.body.scaChallenge.id).to.not.equal(quote.body.scaChallenge.id);
      const second = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
      expect(second.body.status).to.equal('PENDING');
      expect(second.body.paymentInstructions).to.have.length(1);
    });

    it('locks the customer (423 ACCOUNT_LOCKED) after 5 failed proofs', async () => {
      const payer = await wallet({ region: 'NL' });
      await t.api.post('/sca/login/complete', { customerId: payer.customer.id });
      const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 10));
      for (let i = 0; i < 5; i++) {
        const res = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '999999' });
        expect(res.status).to.equal(400);
      }
      const locked = await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
      expect(locked.status).to.equal(423);
      expect(locked.body.code).to.equal('ACCOUNT_LOCKED');
    });

    it('resends the SMS code (204) and rate-limits resends (429 with Retry-After)', async () => {
      const payer = await wallet({ region: 'ES' });
      const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 10));
      for (let i = 0; i < 3; i++) expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(204);
      const limited = await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {});
      expect(limited.status).to.equal(429);
      expect(limited.body.code).to.equal('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 30);
    });

    it('authorizes with a passkey registered on the wallet (PASSKEY factor, real assertion) and rejects TOTP', async () => {
      const payer = await wallet({ region: 'IT' });
      const authenticator = await SoftwareAuthenticator.create({ origin: 'http://localhost:3000' });
      const challenge = 'c2NhLXJlZ2lzdHJhdGlvbi1jaGFsbGVuZ2UtMDAx';
      const added = await t.api.signed('POST', '/auth/credentials', { type: 'PASSKEY', accountId: payer.account.id, nickname: 'Phone', challenge, attestation: await authenticator.register({ challenge }) }, payer.key);
      expect(added.status, added.text).to.equal(201);
      await t.api.post('/sca/login/complete', { customerId: payer.customer.id });
      const totp = await t.api.post('/quotes', quoteBody(payer.account.id, 10, { scaFactor: 'TOTP' }));
      expect(totp.status).to.equal(400);
      expect(totp.body.details.errors[0].field).to.equal('scaFactor');

      const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 10, { scaFactor: 'PASSKEY' }));
      const sca = quote.body.scaChallenge;
      expect(sca.factor).to.equal('PASSKEY');
      expect(sca.availableFactors).to.deep.equal(['SMS_OTP', 'PASSKEY']);
      expect(sca.passkeyAssertionOptions).to.include({ rpId: 'localhost', userVerification: 'required' });
      expect(sca.passkeyAssertionOptions.allowCredentials).to.deep.equal([{ id: authenticator.credentialId, type: 'public-key' }]);
      const resend = await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {});
      expect(resend.status).to.equal(409);

      const forged = await authenticator.assertJSON({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
      const refused = await t.api.post(`/quotes/${quote.body.id}/authorize`, { passkeyAssertion: forged, origin: 'http://localhost:3000' });
      expect(refused.status).to.equal(400);
      const assertion = await authenticator.assertJSON({ challenge: sca.passkeyAssertionOptions.challenge });
      const ok = await t.api.post(`/quotes/${quote.body.id}/authorize`, { passkeyAssertion: assertion, origin: 'http://localhost:3000' });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.status).to.equal('PENDING');
    });
  });

  it('answers 409 on the SCA endpoints for a customer outside SCA regions', async () => {
    const payer = await wallet({ region: 'US' });
    const quote = await t.api.post('/quotes', quoteBody(payer.account.id, 10));
    expect(quote.body.status).to.equal('PENDING');
    expect((await t.api.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' })).status).to.equal(409);
    expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(409);
    expect((await t.api.post('/sca/login/complete', { customerId: payer.customer.id })).status).to.equal(409);
  });

  it('names a customerId of the wrong type on POST /sca/login/complete as such (400), and a missing one as missing', async () => {
    const wrongType = await t.api.post('/sca/login/complete', { customerId: 42 });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.body.details.errors).to.deep.equal([{ field: 'customerId', constraint: {}, message: 'must be a string' }]);
    const missing = await t.api.post('/sca/login/complete', {});
    expect(missing.status).to.equal(400);
    expect(missing.body.details.errors[0]).to.include({ field: 'customerId', message: 'is required (body or query)' });
  });
});
