import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  fundAccount,
  signedInWallet,
  startTestSandbox,
  umaLookupId,
  type SignedInWallet,
  type TestSandbox,
} from './helpers/sandbox-client.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

type Wallet = SignedInWallet;
const ORIGIN = 'http://localhost:3000';
const IP = '203.0.113.42';

describe('sandbox: Strong Customer Authentication in the service’s two orders, the SCA login, and atomic execution', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  const wallet = (fields: Record<string, unknown> = {}): Promise<Wallet> => signedInWallet(t, fields);
  const fund = (accountId: string, amount: number) => fundAccount(t, accountId, amount);
  const balance = async (w: Wallet): Promise<number> =>
    (await t.api.get('/customers/internal-accounts', { customerId: w.customer.id })).body.data[0].balance.amount;
  const walletQuote = async (from: string, amount: number) => ({
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example' },
    lookupId: await umaLookupId(t.api, '$bob@receiver.example'),
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
  const realtimeQuote = (
    customerId: string,
    currency: string,
    to: string,
    amount: number,
    extra: Record<string, unknown> = {},
  ) => ({
    source: { sourceType: 'REALTIME_FUNDING', customerId, currency },
    destination: { destinationType: 'ACCOUNT', accountId: to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  });
  const payloadOfQuote = (quote: any): string =>
    quote.paymentInstructions.find((p: any) => p.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET')
      .accountOrWalletInfo.payloadToSign;
  const execute = async (w: Wallet, quote: any, options: { headers?: Record<string, string>; body?: unknown } = {}) =>
    t.api.call('POST', `/quotes/${quote.id}/execute`, {
      body: options.body ?? {},
      headers: { 'Service-Wallet-Signature': await w.key.stamp(payloadOfQuote(quote)), ...options.headers },
    });
  const authorize = (quoteId: string, body: Record<string, unknown>) =>
    t.api.post(`/quotes/${quoteId}/authorize`, body);
  /** Opens the customer's SCA login session by SMS: start, then complete with the code, the challengeId and the IP. */
  async function scaLogin(customerId: string): Promise<void> {
    const started = await t.api.call('POST', '/sca/login/start', {
      query: { customerId },
      body: { factor: 'SMS_OTP' },
    });
    expect(started.status, started.text).to.equal(200);
    const done = await t.api.call('POST', '/sca/login/complete', {
      query: { customerId },
      body: { factor: 'SMS_OTP', challengeId: started.body.challengeId, code: '123456', endUserIpAddress: IP },
    });
    expect(done.status, done.text).to.equal(200);
  }

  describe('a wallet send (EMBEDDED_WALLET source) in an SCA region', () => {
    it('is quoted normally, challenged by its signed execute (200 PENDING_AUTHORIZATION, nothing moved), and released by one authorize', async () => {
      const payer = await wallet({ region: 'DE' });
      await fund(payer.account.id, 300_000);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 200_000)); // large: still one challenge per send
      expect(quote.status, quote.text).to.equal(201);
      expect(quote.body.status).to.equal('PENDING');
      expect(quote.body).to.not.have.property('scaChallenge');
      expect(JSON.parse(payloadOfQuote(quote.body)).type).to.equal('ACTIVITY_TYPE_SIGN_TRANSACTION_V2');

      const held = await execute(payer, quote.body);
      expect(held.status, held.text).to.equal(200);
      expect(held.body.status).to.equal('PENDING_AUTHORIZATION');
      expect(held.body.scaChallenge.id).to.match(/^ScaChallenge:/);
      expect(held.body.scaChallenge).to.include({ factor: 'SMS_OTP' });
      expect(held.body.scaChallenge.availableFactors).to.deep.equal(['SMS_OTP']);
      expect(await balance(payer)).to.equal(300_000);
      const again = await execute(payer, quote.body);
      expect(again.status).to.equal(409);

      const noSession = await authorize(quote.body.id, { code: '123456' });
      expect(noSession.status).to.equal(409);
      expect(noSession.body.code).to.equal('SCA_SESSION_REQUIRED');
      await scaLogin(payer.customer.id);
      const wrong = await authorize(quote.body.id, { code: '000000' });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.details.attemptsRemaining).to.equal(4);
      expect(await balance(payer)).to.equal(300_000);

      const released = await authorize(quote.body.id, { code: '123456', endUserIpAddress: IP });
      expect(released.status, released.text).to.equal(200);
      expect(released.body.status).to.equal('PROCESSING');
      expect(released.body).to.not.have.property('scaChallenge');
      expect(await balance(payer)).to.equal(100_000);
      expect((await authorize(quote.body.id, { code: '123456' })).status).to.equal(409);
      expect((await execute(payer, quote.body)).status).to.equal(409);
      t.clock.advance(1_000);
      expect((await t.api.get(`/quotes/${quote.body.id}`)).body.status).to.equal('COMPLETED');
      expect(await balance(payer)).to.equal(100_000);
    });

    it('takes the factor on execute: PASSKEY with a real assertion; TOTP refused; PASSKEY refused without a passkey', async () => {
      const payer = await wallet({ region: 'IT' });
      await fund(payer.account.id, 100);
      const bare = await t.api.post('/quotes', await walletQuote(payer.account.id, 10));
      const noPasskey = await execute(payer, bare.body, { body: { scaFactor: 'PASSKEY' } });
      expect(noPasskey.status).to.equal(400);
      expect(noPasskey.body.details.errors[0].field).to.equal('scaFactor');

      const authenticator = await SoftwareAuthenticator.create({ origin: ORIGIN });
      const challenge = 'c2NhLXJlZ2lzdHJhdGlvbi1jaGFsbGVuZ2UtMDAx';
      const added = await t.api.signed(
        'POST',
        '/auth/credentials',
        {
          type: 'PASSKEY',
          accountId: payer.account.id,
          nickname: 'Phone',
          challenge,
          attestation: await authenticator.register({ challenge }),
        },
        payer.key,
      );
      expect(added.status, added.text).to.equal(201);
      await scaLogin(payer.customer.id);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 10));
      const totp = await execute(payer, quote.body, { body: { scaFactor: 'TOTP' } });
      expect(totp.status).to.equal(400);
      expect(totp.body.details.errors[0].field).to.equal('scaFactor');

      const held = await execute(payer, quote.body, { body: { scaFactor: 'PASSKEY' } });
      expect(held.status, held.text).to.equal(200);
      const sca = held.body.scaChallenge;
      expect(sca.factor).to.equal('PASSKEY');
      expect(sca.availableFactors).to.deep.equal(['SMS_OTP', 'PASSKEY']);
      expect(sca.passkeyAssertionOptions.allowCredentials).to.deep.equal([
        { id: authenticator.credentialId, type: 'public-key' },
      ]);
      expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(409);
      const forged = await authenticator.assertJSON({ challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
      expect((await authorize(quote.body.id, { passkeyAssertion: forged, origin: ORIGIN })).status).to.equal(400);
      const assertion = await authenticator.assertJSON({ challenge: sca.passkeyAssertionOptions.challenge });
      const ok = await authorize(quote.body.id, { passkeyAssertion: assertion, origin: ORIGIN });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.status).to.equal('PROCESSING');
      expect(await balance(payer)).to.equal(90);
    });

    it('resends the code without extending expiresAt (204, then 429); at expiresAt the send fails SCA_NOT_COMPLETED, nothing debited', async () => {
      const payer = await wallet({ region: 'ES' });
      await fund(payer.account.id, 10);
      await scaLogin(payer.customer.id);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 10));
      const held = await execute(payer, quote.body);
      const expiresAt = held.body.scaChallenge.expiresAt;
      for (let i = 0; i < 3; i++) {
        t.clock.advance(10_000);
        expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(204);
      }
      expect((await t.api.get(`/quotes/${quote.body.id}`)).body.scaChallenge.expiresAt).to.equal(expiresAt);
      const limited = await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {});
      expect(limited.status).to.equal(429);
      expect(limited.body.code).to.equal('RATE_LIMITED');
      t.clock.advance(Date.parse(expiresAt) + 1 - t.clock.now());
      expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(409);
      expect((await authorize(quote.body.id, { code: '123456' })).status).to.equal(409);
      expect((await t.api.get(`/quotes/${quote.body.id}`)).body).to.include({
        status: 'FAILED',
        failureReason: 'SCA_NOT_COMPLETED',
      });
      expect(await balance(payer)).to.equal(10);
    });

    it('locks the customer (423 ACCOUNT_LOCKED) after 5 failed proofs', async () => {
      const payer = await wallet({ region: 'NL' });
      await fund(payer.account.id, 10);
      await scaLogin(payer.customer.id);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 10));
      await execute(payer, quote.body);
      for (let i = 0; i < 4; i++) expect((await authorize(quote.body.id, { code: '999999' })).status).to.equal(400);
      const last = await authorize(quote.body.id, { code: '999999' });
      expect(last.status).to.equal(400);
      // the failure that locks says so at once, with until when, as the 423 after it does
      expect(last.body.details.attemptsRemaining).to.equal(0);
      expect(last.body.details.lockedUntil).to.be.a('string');
      const locked = await authorize(quote.body.id, { code: '123456' });
      expect(locked.status).to.equal(423);
      expect(locked.body.code).to.equal('ACCOUNT_LOCKED');
      // resend declares no 423: a locked customer has no code to resend
      const resend = await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {});
      expect(resend.status).to.equal(409);
      expect(resend.body.details.lockedUntil).to.be.a('string');
    });
  });

  describe('a realtime-funding quote: SCA at quote creation', () => {
    it('in an SCA region: 202 PENDING_AUTHORIZATION with the bank details withheld; two rounds from 100000; then PENDING with them; never executed', async () => {
      const payer = await wallet({ region: 'FR', currencies: ['EUR'] });
      const payee = await wallet({ currencies: ['EUR'] });
      await scaLogin(payer.customer.id);
      const quote = await t.api.post('/quotes', realtimeQuote(payer.customer.id, 'EUR', payee.account.id, 100_000));
      expect(quote.status, quote.text).to.equal(202);
      expect(quote.body.status).to.equal('PENDING_AUTHORIZATION');
      expect(quote.body).to.not.have.property('paymentInstructions');
      expect(quote.body.scaChallenge.purpose, 'the conversion first').to.equal('CURRENCY_CONVERSION');
      const first = await authorize(quote.body.id, { code: '123456' });
      expect(first.body.status).to.equal('PENDING_AUTHORIZATION');
      expect(first.body.scaChallenge.purpose, 'then the payout').to.equal('PAYOUT');
      expect(first.body.scaChallenge.id).to.not.equal(quote.body.scaChallenge.id);
      expect(first.body).to.not.have.property('paymentInstructions');
      const second = await authorize(quote.body.id, { code: '123456' });
      expect(second.status, second.text).to.equal(200);
      expect(second.body.status).to.equal('PENDING');
      expect(second.body.paymentInstructions[0].accountOrWalletInfo).to.include({ accountType: 'EUR_ACCOUNT' });
      const executed = await t.api.call('POST', `/quotes/${quote.body.id}/execute`, {
        body: {},
        headers: { 'Service-Wallet-Signature': 'x' },
      });
      expect(executed.status).to.equal(400);
    });

    it('outside SCA regions: 201 PENDING with the bank details at once', async () => {
      const payer = await wallet({ region: 'US' });
      const payee = await wallet();
      const quote = await t.api.post('/quotes', realtimeQuote(payer.customer.id, 'USD', payee.account.id, 500));
      expect(quote.status, quote.text).to.equal(201);
      expect(quote.body.status).to.equal('PENDING');
      expect(quote.body.paymentInstructions[0].accountOrWalletInfo).to.include({
        accountType: 'USD_ACCOUNT',
        routingNumber: '021000021',
      });
    });
  });

  describe('the SCA login', () => {
    it('needs a started login, the factor, the challengeId, the code and the end user’s IP; opens a 180-day session', async () => {
      const w = await wallet({ region: 'DE' });
      const customerId = w.customer.id;
      const complete = (body: Record<string, unknown>) =>
        t.api.call('POST', '/sca/login/complete', { query: { customerId }, body });
      const notStarted = await complete({
        factor: 'SMS_OTP',
        challengeId: 'ScaChallenge:x',
        code: '123456',
        endUserIpAddress: IP,
      });
      expect(notStarted.status).to.equal(400);

      const started = await t.api.call('POST', '/sca/login/start', {
        query: { customerId },
        body: { factor: 'SMS_OTP' },
      });
      expect(started.status, started.text).to.equal(200);
      expect(started.body.factor).to.equal('SMS_OTP');
      expect(started.body.challengeId).to.match(/^ScaChallenge:/);
      expect(Date.parse(started.body.expiresAt)).to.be.greaterThan(t.clock.now());

      const empty = await complete({});
      expect(empty.status).to.equal(400);
      const fields = empty.body.details.errors.map((e: { field: string }) => e.field);
      expect(fields).to.include.members(['factor', 'endUserIpAddress']);
      expect(fields.some((f: string) => f === 'code' || f === 'passkeyAssertion')).to.equal(true);
      const noIp = await complete({ factor: 'SMS_OTP', challengeId: started.body.challengeId, code: '123456' });
      expect(noIp.status).to.equal(400);
      expect(noIp.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['endUserIpAddress']);
      const noChallenge = await complete({ factor: 'SMS_OTP', code: '123456', endUserIpAddress: IP });
      expect(noChallenge.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['challengeId']);
      const otherChallenge = await complete({
        factor: 'SMS_OTP',
        challengeId: 'ScaChallenge:other',
        code: '123456',
        endUserIpAddress: IP,
      });
      expect(otherChallenge.status).to.equal(400);
      const wrongCode = await complete({
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '654321',
        endUserIpAddress: IP,
      });
      expect(wrongCode.status).to.equal(400);
      expect(wrongCode.body.details.attemptsRemaining).to.equal(4);
      const badIp = await complete({
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '123456',
        endUserIpAddress: 'my-laptop',
      });
      expect(badIp.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['endUserIpAddress']);
      const noQuery = await t.api.post('/sca/login/start', { factor: 'SMS_OTP' });
      expect(noQuery.status).to.equal(400);
      expect(noQuery.body.details.errors[0].field).to.equal('customerId');
      const noBodyCustomer = await t.api.post('/sca/login/complete', {
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '123456',
        endUserIpAddress: IP,
        customerId,
      });
      expect(noBodyCustomer.status).to.equal(400); // customerId is a query parameter

      const ok = await complete({
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '123456',
        endUserIpAddress: IP,
      });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.status).to.equal('SUCCESS');
      const days = (Date.parse(ok.body.sessionExpiresAt) - t.clock.now()) / 86_400_000;
      expect(days).to.be.within(179.99, 180.01);
      const replayed = await complete({
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '123456',
        endUserIpAddress: IP,
      });
      // completed again (its answer was lost): the same session, not "no such login"; with a wrong code, still wrong
      expect(replayed.status, replayed.text).to.equal(200);
      expect(replayed.body).to.deep.equal(ok.body);
      const replayedWrong = await complete({
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code: '000001',
        endUserIpAddress: IP,
      });
      expect(replayedWrong.status).to.equal(400);
    });

    it('logs in with a passkey: passkeyOptions from start, a real assertion with its origin on complete', async () => {
      const w = await wallet({ region: 'IE' });
      const customerId = w.customer.id;
      const refused = await t.api.call('POST', '/sca/login/start', {
        query: { customerId },
        body: { factor: 'PASSKEY' },
      });
      expect(refused.status).to.equal(400);
      const authenticator = await SoftwareAuthenticator.create({ origin: ORIGIN });
      const challenge = 'c2NhLXJlZ2lzdHJhdGlvbi1jaGFsbGVuZ2UtMDAy';
      const added = await t.api.signed(
        'POST',
        '/auth/credentials',
        {
          type: 'PASSKEY',
          accountId: w.account.id,
          nickname: 'Phone',
          challenge,
          attestation: await authenticator.register({ challenge }),
        },
        w.key,
      );
      expect(added.status, added.text).to.equal(201);
      const started = await t.api.call('POST', '/sca/login/start', {
        query: { customerId },
        body: { factor: 'PASSKEY' },
      });
      expect(started.status, started.text).to.equal(200);
      expect(started.body).to.include({ factor: 'PASSKEY', relyingPartyId: 'localhost' });
      expect(started.body).to.not.have.property('challengeId');
      const assertion = await authenticator.assertJSON({ challenge: started.body.passkeyOptions.challenge });
      const noOrigin = await t.api.call('POST', '/sca/login/complete', {
        query: { customerId },
        body: { factor: 'PASSKEY', passkeyAssertion: assertion, endUserIpAddress: IP },
      });
      expect(noOrigin.status).to.equal(400);
      const ok = await t.api.call('POST', '/sca/login/complete', {
        query: { customerId },
        body: { factor: 'PASSKEY', passkeyAssertion: assertion, origin: ORIGIN, endUserIpAddress: IP },
      });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.status).to.equal('SUCCESS');
    });

    it('answers 409 on every SCA endpoint for a customer outside SCA regions', async () => {
      const payer = await wallet({ region: 'US' });
      await fund(payer.account.id, 10);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 10));
      expect((await authorize(quote.body.id, { code: '123456' })).status).to.equal(409);
      expect((await t.api.post(`/quotes/${quote.body.id}/authorize/resend`, {})).status).to.equal(409);
      const query = { customerId: payer.customer.id };
      expect((await t.api.call('POST', '/sca/login/start', { query, body: { factor: 'SMS_OTP' } })).status).to.equal(
        409,
      );
      expect(
        (
          await t.api.call('POST', '/sca/login/complete', {
            query,
            body: { factor: 'SMS_OTP', challengeId: 'x', code: '123456', endUserIpAddress: IP },
          })
        ).status,
      ).to.equal(409);
    });
  });

  describe('concurrency: many parallel requests over HTTP for one quote move the money once', () => {
    const N = 16;

    it('parallel signed executes without SCA: one 200 PROCESSING, every other 409; one debit', async () => {
      const payer = await wallet({ region: 'US' });
      await fund(payer.account.id, 10_000);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 1_000));
      const answers = await Promise.all(Array.from({ length: N }, () => execute(payer, quote.body)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).to.have.length(1);
      expect(statuses.filter((s) => s === 409)).to.have.length(N - 1);
      expect(await balance(payer)).to.equal(9_000);
    });

    it('parallel signed executes sharing one Idempotency-Key: all answer the same 200; one debit', async () => {
      const payer = await wallet({ region: 'US' });
      await fund(payer.account.id, 10_000);
      const quote = await t.api.post('/quotes', await walletQuote(payer.account.id, 1_000));
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      const answers = await Promise.all(Array.from({ length: N }, () => execute(payer, quote.body, { headers })));
      expect(answers.map((a) => a.status)).to.deep.equal(Array(N).fill(200));
      for (const answer of answers) expect(answer.body).to.deep.equal(answers[0]!.body);
      expect(answers[0]!.body.status).to.equal('PROCESSING');
      expect(await balance(payer)).to.equal(9_000);
    });

    it('in an SCA region: parallel executes open one challenge; parallel authorizes release once; balances add up after settlement', async () => {
      const payer = await wallet({ region: 'DE', currencies: ['EUR'] });
      const payee = await wallet({ currencies: ['EUR'] });
      await fund(payer.account.id, 10_000);
      await scaLogin(payer.customer.id);
      const quote = await t.api.post('/quotes', {
        ...(await walletQuote(payer.account.id, 1_000)),
        lookupId: undefined,
        destination: { destinationType: 'ACCOUNT', accountId: payee.account.id },
      });
      const executes = await Promise.all(Array.from({ length: N }, () => execute(payer, quote.body)));
      const held = executes.filter((a) => a.status === 200);
      expect(held).to.have.length(1);
      expect(executes.filter((a) => a.status === 409)).to.have.length(N - 1);
      expect(held[0]!.body.status).to.equal('PENDING_AUTHORIZATION');
      expect((await t.api.get(`/quotes/${quote.body.id}`)).body.scaChallenge.id).to.equal(
        held[0]!.body.scaChallenge.id,
      );

      const authorizes = await Promise.all(
        Array.from({ length: N }, () => authorize(quote.body.id, { code: '123456' })),
      );
      expect(authorizes.filter((a) => a.status === 200).map((a) => a.body.status)).to.deep.equal(['PROCESSING']);
      expect(authorizes.filter((a) => a.status === 409)).to.have.length(N - 1);
      expect(await balance(payer)).to.equal(9_000);
      t.clock.advance(1_000);
      expect(await balance(payer)).to.equal(9_000);
      expect(await balance(payee)).to.equal(1_000);
    });
  });
});
