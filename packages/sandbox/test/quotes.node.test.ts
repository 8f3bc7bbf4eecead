import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  fundAccount,
  newCustomer,
  signedInWallet,
  startTestSandbox,
  umaLookupId,
  type SignedInWallet,
  type TestSandbox,
} from './helpers/sandbox-client.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

type Wallet = SignedInWallet;

describe('sandbox: quotes from an embedded wallet, with and without Strong Customer Authentication', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  const wallet = (fields: Record<string, unknown> = {}): Promise<Wallet> => signedInWallet(t, fields);
  const fund = (accountId: string, amount: number) => fundAccount(t, accountId, amount);
  /** A wallet quote to `$bob@receiver.example` (looked up first, as the service requires), or to `extra.destination`. */
  const quoteBody = async (from: string, amount: number, extra: Record<string, unknown> = {}) => {
    const destination = (extra.destination as Record<string, string> | undefined) ?? {
      destinationType: 'UMA_ADDRESS',
      umaAddress: '$bob@receiver.example',
    };
    const lookup =
      destination.destinationType === 'UMA_ADDRESS'
        ? { lookupId: await umaLookupId(t.api, destination.umaAddress!) }
        : {};
    return {
      source: { sourceType: 'ACCOUNT', accountId: from },
      destination,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
      ...lookup,
      ...extra,
    };
  };
  const payloadOfQuote = (quote: {
    paymentInstructions: { accountOrWalletInfo: { accountType: string; payloadToSign: string } }[];
  }) =>
    quote.paymentInstructions.find((p) => p.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET')!.accountOrWalletInfo
      .payloadToSign;
  const execute = async (w: Wallet, quote: any, headers: Record<string, string> = {}) =>
    t.api.call('POST', `/quotes/${quote.id}/execute`, {
      body: {},
      headers: { 'Service-Wallet-Signature': await w.key.stamp(payloadOfQuote(quote)), ...headers },
    });

  it('needs TRANSACT: the view-only token gets 403 FORBIDDEN on create and execute, and may still read', async () => {
    const w = await wallet();
    const denied = await t.viewApi.post('/quotes', await quoteBody(w.account.id, 100));
    expect(denied.status).to.equal(403);
    expect(denied.body).to.include({ status: 403, code: 'FORBIDDEN' });
    const quote = await t.api.post('/quotes', await quoteBody(w.account.id, 100));
    expect((await t.viewApi.post(`/quotes/${quote.body.id}/execute`, {})).status).to.equal(403);
    expect((await t.viewApi.get(`/quotes/${quote.body.id}`)).status).to.equal(200);
  });

  it('quotes with an EMBEDDED_WALLET payloadToSign, executes with one stamped request, settles to COMPLETED and moves the balance', async () => {
    const payer = await wallet();
    const payee = await wallet();
    const created = await t.api.post(
      '/quotes',
      await quoteBody(payer.account.id, 2_500, {
        destination: { destinationType: 'ACCOUNT', accountId: payee.account.id },
      }),
    );
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({
      status: 'PENDING',
      totalSendingAmount: 2_500,
      totalReceivingAmount: 2_500,
      feesIncluded: 0,
    });
    expect(created.body.id).to.match(/^Quote:/);
    expect(JSON.parse(payloadOfQuote(created.body)).type).to.equal('ACTIVITY_TYPE_SIGN_TRANSACTION_V2');

    const broke = await execute(payer, created.body);
    expect(broke.status).to.equal(400);
    expect(broke.body.code).to.equal('INVALID_AMOUNT');
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
    const balances = async (customerId: string) =>
      (await t.api.get('/customers/internal-accounts', { customerId })).body.data[0].balance.amount;
    expect(await balances(payer.customer.id)).to.equal(7_500);
    expect(await balances(payee.customer.id)).to.equal(2_500);
  });

  it('fails a payment to a destination ending in 002 after PROCESSING and refunds the wallet', async () => {
    const payer = await wallet();
    await fund(payer.account.id, 500);
    const quote = await t.api.post(
      '/quotes',
      await quoteBody(payer.account.id, 500, {
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$fail002@receiver.example' },
      }),
    );
    expect((await execute(payer, quote.body)).body.status).to.equal('PROCESSING');
    t.clock.advance(1_000);
    const settled = await t.api.get(`/quotes/${quote.body.id}`);
    expect(settled.body).to.include({ status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED' });
    expect(
      (await t.api.get('/customers/internal-accounts', { customerId: payer.customer.id })).body.data[0].balance.amount,
    ).to.equal(500);
  });

  it("looks up an UMA receiver: its currencies and a lookupId; malformed, unknown and failing receivers answer the service's codes", async () => {
    const found = await t.api.get(`/receiver/uma/${encodeURIComponent('$bob@receiver.example')}`);
    expect(found.status).to.equal(200);
    expect(found.body.receiverUmaAddress).to.equal('$bob@receiver.example');
    expect(found.body.lookupId).to.match(/^Lookup:/);
    expect(found.body.supportedCurrencies.map((c: { currency: { code: string } }) => c.currency.code)).to.deep.equal([
      'USD',
      'EUR',
      'MXN',
    ]);
    const again = await t.api.get(`/receiver/uma/${encodeURIComponent('$bob@receiver.example')}`);
    expect(again.body.lookupId, 'each lookup has its own id').to.not.equal(found.body.lookupId);
    const cases: [string, number, string][] = [
      ['bob@receiver.example', 400, 'INVALID_UMA_ADDRESS'],
      ['$nobody404@receiver.example', 404, 'UMA_NOT_FOUND'],
      ['$old412@receiver.example', 412, 'UNSUPPORTED_UMA_VERSION'],
      ['$down424@receiver.example', 424, 'PAYREQ_REQUEST_FAILED'],
    ];
    for (const [address, status, code] of cases) {
      const res = await t.api.get(`/receiver/uma/${encodeURIComponent(address)}`);
      expect([res.status, res.body.code], address).to.deep.equal([status, code]);
    }
    expect(
      (
        await t.api.get(`/receiver/uma/${encodeURIComponent('$bob@receiver.example')}`, {
          customerId: 'Customer:missing',
        })
      ).status,
    ).to.equal(404);
    const anonymous = await t.fetch(`${t.api.baseUrl}/receiver/uma/${encodeURIComponent('$bob@receiver.example')}`);
    expect(anonymous.status, 'platform credential required').to.equal(401);
  });

  it('creates an UMA quote only with a lookup of that same address (400 INVALID_INPUT on lookupId otherwise)', async () => {
    const payer = await wallet();
    const body = await quoteBody(payer.account.id, 100);
    const { lookupId: _, ...without } = body as Record<string, unknown>;
    const missing = await t.api.post('/quotes', without);
    expect([missing.status, missing.body.code, missing.body.details.errors[0].field]).to.deep.equal([
      400,
      'INVALID_INPUT',
      'lookupId',
    ]);
    const other = await t.api.post('/quotes', {
      ...body,
      lookupId: await umaLookupId(t.api, '$alice@receiver.example'),
    });
    expect([other.status, other.body.code, other.body.details.errors[0].field]).to.deep.equal([
      400,
      'INVALID_INPUT',
      'lookupId',
    ]);
    const unknown = await t.api.post('/quotes', { ...body, lookupId: 'Lookup:00000000-0000-0000-0000-000000000000' });
    expect([unknown.status, unknown.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const forOther = await wallet();
    const otherSender = (
      await t.api.get(`/receiver/uma/${encodeURIComponent('$bob@receiver.example')}`, {
        customerId: forOther.customer.id,
      })
    ).body.lookupId;
    expect(
      (await t.api.post('/quotes', { ...body, lookupId: otherSender })).status,
      'a lookup for another sender',
    ).to.equal(400);
    const ok = await t.api.post('/quotes', body);
    expect(ok.status).to.equal(201);
    t.clock.advance(16 * 60_000);
    expect((await t.api.post('/quotes', body)).status, 'an expired lookup').to.equal(400);
  });

  it('expires an unexecuted quote', async () => {
    const payer = await wallet();
    const quote = await t.api.post('/quotes', await quoteBody(payer.account.id, 100));
    t.clock.advance(5 * 60_000);
    const res = await execute(payer, quote.body);
    expect(res.status).to.equal(409);
    expect(res.body.details.status).to.equal('EXPIRED');
  });

  it('validates quote requests, listing every invalid field', async () => {
    const payer = await wallet();
    const res = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'bob' },
      lockedCurrencySide: 'BOTH',
      lockedCurrencyAmount: 1.5,
      remittanceInformation: 'x'.repeat(81),
    });
    expect(res.status).to.equal(400);
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).to.have.members([
      'source.accountId',
      'destination.umaAddress',
      'lockedCurrencySide',
      'lockedCurrencyAmount',
      'remittanceInformation',
    ]);
    const self = await t.api.post(
      '/quotes',
      await quoteBody(payer.account.id, 1, {
        destination: { destinationType: 'ACCOUNT', accountId: payer.account.id },
      }),
    );
    expect(self.body.code).to.equal('SELF_PAYMENT');
    const immediate = await t.api.post('/quotes', await quoteBody(payer.account.id, 1, { immediatelyExecute: true }));
    expect(immediate.status).to.equal(400);
    // a pair without a sandbox rate (exchange-rates.ts: USD, EUR, MXN convert) is refused, never quoted as USD
    const pounds = await newCustomer(t.api, { currencies: ['GBP'] });
    const crossCurrency = await t.api.post(
      '/quotes',
      await quoteBody(payer.account.id, 1, {
        destination: { destinationType: 'ACCOUNT', accountId: pounds.account.id },
      }),
    );
    expect(crossCurrency.status).to.equal(400);
    expect(crossCurrency.body.code).to.equal('INVALID_CURRENCY');
  });

  // Strong Customer Authentication (both orders, SCA login, concurrency): sca.node.test.ts
});

describe('sandbox: the single-transaction and daily volume limits of quotes', () => {
  let t: TestSandbox;
  before(async () => {
    // the session outlives the day
    t = await startTestSandbox({
      dailyVolumeLimit: 3_000,
      maxTransactionAmount: 2_500,
      sessionTtlMs: 48 * 60 * 60_000,
    });
  });
  after(() => t.close());

  it('answers 429 DAILY_VOLUME_LIMIT_EXCEEDED (nothing debited) when an execute would pass it within 24 hours, and again after them', async () => {
    const w = await signedInWallet(t);
    await fundAccount(t, w.account.id, 10_000);
    const quote = async (amount: number) =>
      (
        await t.api.post('/quotes', {
          source: { sourceType: 'ACCOUNT', accountId: w.account.id },
          destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example' },
          lookupId: await umaLookupId(t.api, '$bob@receiver.example'),
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: amount,
        })
      ).body;
    const execute = async (q: any) =>
      t.api.call('POST', `/quotes/${q.id}/execute`, {
        body: {},
        headers: {
          'Service-Wallet-Signature': await w.key.stamp(q.paymentInstructions[0].accountOrWalletInfo.payloadToSign),
        },
      });
    const balance = async () =>
      (await t.api.get('/customers/internal-accounts', { customerId: w.customer.id })).body.data[0].balance.amount;

    expect((await execute(await quote(2_000))).body.status).to.equal('PROCESSING');
    const over = await quote(1_500);
    const refused = await execute(over);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.include({ status: 429, code: 'DAILY_VOLUME_LIMIT_EXCEEDED' });
    expect(await balance()).to.equal(8_000);
    expect((await t.api.get(`/quotes/${over.id}`)).body.status, 'still executable').to.equal('PENDING');
    expect((await execute(await quote(1_000))).body.status, 'up to the limit').to.equal('PROCESSING');

    const tooBig = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: w.account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example' },
      lookupId: await umaLookupId(t.api, '$bob@receiver.example'),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 2_501,
    });
    expect(tooBig.status).to.equal(400);
    expect(tooBig.body).to.include({ code: 'TRANSACTION_SIZE_LIMIT_EXCEEDED' });

    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await execute(await quote(2_500))).body.status, 'a new day').to.equal('PROCESSING');
  });
});
