/**
 * Quotes across currencies (issue 31, item 8): a USD wallet paying a EUR destination is converted at the
 * sandbox's fixed rate (exchange-rates.ts, the API's `exchangeRate`: sending units per receiving unit,
 * fee-exclusive) with its fee in `feesIncluded`; the wallet is debited `totalSendingAmount` and the
 * destination credited `totalReceivingAmount`. A pair without a rate is refused; nothing comes back USD → USD.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/cross-currency-quotes.node.test.ts'
 */
import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { CROSS_CURRENCY_FEE, USD_PER_UNIT } from '../src/money/exchange-rates.js';
import {
  fundAccount,
  signedInWallet,
  startTestSandbox,
  umaLookupId,
  type SignedInWallet,
  type TestSandbox,
} from './helpers/sandbox-client.js';

describe('sandbox: quotes across currencies', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  const quote = (from: SignedInWallet, destination: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: from.account.id },
      destination,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
      ...extra,
    });
  const payloadOf = (q: any): string =>
    q.paymentInstructions.find((p: any) => p.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET').accountOrWalletInfo
      .payloadToSign;
  const balanceOf = async (customerId: string): Promise<{ amount: number; currency: { code: string } }> =>
    (await t.api.get('/customers/internal-accounts', { customerId })).body.data[0].balance;

  it('converts USD to a EUR wallet at the documented rate, with the fee, and moves both sides', async () => {
    const payer = await signedInWallet(t);
    const payee = await signedInWallet(t, { currencies: ['EUR'] });
    expect((await balanceOf(payee.customer.id)).currency.code).to.equal('EUR');
    const created = await quote(payer, { destinationType: 'ACCOUNT', accountId: payee.account.id });
    expect(created.status, created.text).to.equal(201);
    const rate = USD_PER_UNIT['EUR']! / USD_PER_UNIT['USD']!;
    expect(created.body.sendingCurrency.code).to.equal('USD');
    expect(created.body.receivingCurrency.code).to.equal('EUR');
    expect(created.body.exchangeRate).to.equal(rate);
    expect(created.body.feesIncluded).to.equal(CROSS_CURRENCY_FEE);
    expect(created.body.totalSendingAmount).to.equal(10_000);
    expect(created.body.totalReceivingAmount).to.equal(Math.floor((10_000 - CROSS_CURRENCY_FEE) / rate));
    expect(created.body.totalReceivingAmount).to.equal(9_231);

    await fundAccount(t, payer.account.id, 12_000);
    const done = await t.api.call('POST', `/quotes/${created.body.id}/execute`, {
      body: {},
      headers: { 'Service-Wallet-Signature': await payer.key.stamp(payloadOf(created.body)) },
    });
    expect(done.status, done.text).to.equal(200);
    t.clock.advance(1_000);
    expect((await t.api.get(`/quotes/${created.body.id}`)).body.status).to.equal('COMPLETED');
    expect((await balanceOf(payer.customer.id)).amount).to.equal(2_000);
    expect(await balanceOf(payee.customer.id)).to.deep.include({ amount: 9_231 });
    const tx = await t.api.get(`/transactions/${created.body.transactionId}`);
    expect(tx.body.receivedAmount).to.deep.include({ amount: 9_231 });
    expect(tx.body.receivedAmount.currency.code).to.equal('EUR');
  });

  it('locks the receiving side: the sender pays the converted amount plus the fee', async () => {
    const payer = await signedInWallet(t);
    const payee = await signedInWallet(t, { currencies: ['EUR'] });
    const created = await quote(
      payer,
      { destinationType: 'ACCOUNT', accountId: payee.account.id },
      { lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 2_000 },
    );
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({ totalReceivingAmount: 2_000, totalSendingAmount: 2_160 + CROSS_CURRENCY_FEE });
  });

  it('pays an UMA receiver in the currency its destination asks for (EUR), as the lookup advertises', async () => {
    const payer = await signedInWallet(t);
    const lookup = await t.api.get(`/receiver/uma/${encodeURIComponent('$anna@receiver.example')}`);
    expect(lookup.body.supportedCurrencies.map((c: any) => c.currency.code)).to.include('EUR');
    const created = await quote(
      payer,
      { destinationType: 'UMA_ADDRESS', umaAddress: '$anna@receiver.example', currency: 'EUR' },
      { lookupId: lookup.body.lookupId },
    );
    expect(created.status, created.text).to.equal(201);
    expect(created.body.receivingCurrency.code).to.equal('EUR');
    expect(created.body.destination).to.deep.include({ currency: 'EUR' });
    expect(created.body.totalReceivingAmount).to.equal(9_231);
  });

  it('refuses a currency the receiver does not take, and a pair without a rate, instead of quoting USD → USD', async () => {
    const payer = await signedInWallet(t);
    const jpy = await quote(
      payer,
      { destinationType: 'UMA_ADDRESS', umaAddress: '$anna@receiver.example', currency: 'JPY' },
      { lookupId: await umaLookupId(t.api, '$anna@receiver.example') },
    );
    expect(jpy.status, jpy.text).to.equal(400);
    expect(jpy.body.details.errors.map((e: any) => e.field)).to.deep.equal(['destination.currency']);

    const gbp = await signedInWallet(t, { currencies: ['GBP'] });
    const noRate = await quote(payer, { destinationType: 'ACCOUNT', accountId: gbp.account.id });
    expect(noRate.status, noRate.text).to.equal(400);
    expect(noRate.body.code).to.equal('INVALID_CURRENCY');
  });

  it('publishes the same rates at GET /exchange-rates, in the API shape', async () => {
    const res = await t.api.get('/exchange-rates', { sourceCurrency: 'USD', destinationCurrency: 'EUR' });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.have.length(1);
    expect(res.body.data[0]).to.deep.include({
      sendingAmount: 10_000,
      receivingAmount: 9_231,
      exchangeRate: 1.08,
      fees: { fixed: CROSS_CURRENCY_FEE, total: CROSS_CURRENCY_FEE },
    });
    const all = await t.api.get('/exchange-rates', { sourceCurrency: 'USD' });
    expect(all.body.data.map((r: any) => r.destinationCurrency.code).sort()).to.deep.equal(['EUR', 'MXN']);
  });

  it('refuses an amount the fee would swallow', async () => {
    const payer = await signedInWallet(t);
    const payee = await signedInWallet(t, { currencies: ['EUR'] });
    const tiny = await quote(
      payer,
      { destinationType: 'ACCOUNT', accountId: payee.account.id },
      { lockedCurrencyAmount: CROSS_CURRENCY_FEE },
    );
    expect(tiny.status, tiny.text).to.equal(400);
    expect(tiny.body.code).to.equal('INVALID_AMOUNT');
  });
});
