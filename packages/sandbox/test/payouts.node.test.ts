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
import { PAYOUT_RETURN_MS, SLOW_PAYOUT_MS } from '../src/money/payouts.js';

const SETTLE_MS = 1_000;

describe('sandbox: payout scenarios (destination suffixes 002–007), quote transactions and /sandbox/send', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ settlementDelayMs: SETTLE_MS });
  });
  after(() => t.close());

  /** A custodial (ACTIVE at once) EVM wallet whose address ends in `suffix`, owned by `customerId`. */
  async function externalWallet(customerId: string, currency: string, suffix: string) {
    const address = `0x${'ab'.repeat(20).slice(0, 40 - suffix.length)}${suffix}`;
    const res = await t.api.post('/customers/external-accounts', {
      customerId,
      currency,
      accountInfo: { accountType: 'ETHEREUM_WALLET', address, vaspName: 'Kraken' },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body as { id: string };
  }

  async function send(payer: SignedInWallet, destination: Record<string, unknown>, amount = 1_000) {
    const quote = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.account.id },
      destination,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
      ...(destination['umaAddress'] ? { lookupId: await umaLookupId(t.api, destination['umaAddress'] as string) } : {}),
    });
    expect(quote.status, quote.text).to.equal(201);
    const payload = quote.body.paymentInstructions[0].accountOrWalletInfo.payloadToSign;
    const executed = await t.api.call('POST', `/quotes/${quote.body.id}/execute`, {
      body: {},
      headers: { 'Service-Wallet-Signature': await payer.key.stamp(payload) },
    });
    expect(executed.status, executed.text).to.equal(200);
    return executed.body as { id: string; transactionId: string };
  }

  const balanceOf = (accountId: string) => t.server.sandbox.state.accounts.get(accountId)!.balance;
  const transaction = async (id: string) => (await t.api.get(`/transactions/${id}`)).body;

  async function funded() {
    const payer = await signedInWallet(t);
    await fundAccount(t, payer.account.id, 10_000);
    return payer;
  }

  it('an external wallet destination settles as OUTGOING; 002 fails and refunds', async () => {
    const payer = await funded();
    const ok = await send(payer, {
      destinationType: 'ACCOUNT',
      accountId: (await externalWallet(payer.customer.id, 'USD', '100')).id,
    });
    t.clock.advance(SETTLE_MS);
    const done = await transaction(ok.transactionId);
    expect(done).to.include({ type: 'OUTGOING', status: 'COMPLETED', direction: 'DEBIT', quoteId: ok.id });
    expect(done.sentAmount.amount).to.equal(1_000);
    expect(balanceOf(payer.account.id)).to.equal(9_000);

    const failing = await send(payer, { destinationType: 'UMA_ADDRESS', umaAddress: '$bob002@receiver.example' });
    t.clock.advance(SETTLE_MS);
    const failed = await transaction(failing.transactionId);
    expect(failed).to.include({ status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED' });
    expect(failed.refund).to.include({ status: 'COMPLETED', reason: 'TRANSACTION_FAILED' });
    expect(balanceOf(payer.account.id)).to.equal(9_000);
  });

  it('003 completes after about 6 minutes; 005 completes and is then returned (PAYOUT_RETURNED, refunded)', async () => {
    const payer = await funded();
    const currency = 'USD'; // the wallet's currency
    const slow = await send(payer, {
      destinationType: 'ACCOUNT',
      accountId: (await externalWallet(payer.customer.id, currency, '003')).id,
    });
    t.clock.advance(SETTLE_MS);
    expect((await transaction(slow.transactionId)).status).to.equal('PROCESSING');
    t.clock.advance(SLOW_PAYOUT_MS);
    expect((await transaction(slow.transactionId)).status).to.equal('COMPLETED');

    const returned = await send(payer, {
      destinationType: 'ACCOUNT',
      accountId: (await externalWallet(payer.customer.id, currency, '005')).id,
    });
    t.clock.advance(SETTLE_MS);
    expect((await transaction(returned.transactionId)).status).to.equal('COMPLETED');
    expect(balanceOf(payer.account.id)).to.equal(8_000);
    t.clock.advance(PAYOUT_RETURN_MS);
    const back = await transaction(returned.transactionId);
    expect(back).to.include({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED' });
    expect(balanceOf(payer.account.id)).to.equal(9_000);
  });

  it('004, 006 and 007: delivery failed, user cancellation (refunded), payout and refund failed (not refunded)', async () => {
    const payer = await funded();
    const uma = (suffix: string) => ({
      destinationType: 'UMA_ADDRESS',
      umaAddress: `$carol${suffix}@receiver.example`,
    });
    const delivery = await send(payer, uma('004'));
    const cancelled = await send(payer, uma('006'));
    const lost = await send(payer, uma('007'));
    t.clock.advance(SETTLE_MS);
    expect(await transaction(delivery.transactionId)).to.include({
      status: 'FAILED',
      failureReason: 'ACCOUNT_CANNOT_RECEIVE',
    });
    expect((await transaction(cancelled.transactionId)).refund).to.include({
      status: 'COMPLETED',
      reason: 'USER_CANCELLATION',
    });
    const refundFailed = await transaction(lost.transactionId);
    expect(refundFailed.refund.status).to.equal('FAILED');
    expect(refundFailed.refund).to.not.have.property('settledAt');
    expect(balanceOf(payer.account.id)).to.equal(10_000 - 1_000); // only 007's debit is lost
  });

  it('an unverified self-custody wallet is not a destination until its ownership is verified', async () => {
    const payer = await funded();
    const { customer } = payer;
    const created = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: `0x${'cd'.repeat(20)}` },
    });
    const quote = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.account.id },
      destination: { destinationType: 'ACCOUNT', accountId: created.body.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(quote.status).to.equal(400);
    expect(quote.body.code).to.equal('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED');
  });

  it('/sandbox/send funds a realtime-funding quote: PROCESSING then COMPLETED; a wrong amount fails it', async () => {
    const { customer } = await newCustomer(t.api);
    const bank = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '987654321',
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ana Test' },
      },
    });
    const quote = (amount: number) =>
      t.api.post('/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', customerId: customer.id, currency: 'USD' },
        destination: { destinationType: 'ACCOUNT', accountId: bank.body.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
      });
    const q = await quote(2_500);
    expect(q.status, q.text).to.equal(201);
    const sent = await t.api.post('/sandbox/send', { quoteId: q.body.id, currencyCode: 'USD' });
    expect(sent.status, sent.text).to.equal(200);
    expect(sent.body).to.include({ type: 'OUTGOING', status: 'PROCESSING', id: q.body.transactionId });
    expect(sent.body.source).to.include({ sourceType: 'REALTIME_FUNDING', currency: 'USD' });
    t.clock.advance(SETTLE_MS);
    expect((await transaction(q.body.transactionId)).status).to.equal('COMPLETED');
    expect((await t.api.post('/sandbox/send', { quoteId: q.body.id, currencyCode: 'USD' })).status).to.equal(400);

    const short = await quote(1_000);
    const mismatch = await t.api.post('/sandbox/send', {
      quoteId: short.body.id,
      currencyCode: 'USD',
      currencyAmount: 999,
    });
    expect(mismatch.body).to.include({ status: 'FAILED', failureReason: 'FUNDING_AMOUNT_MISMATCH' });
    expect((await t.api.post('/sandbox/send', { quoteId: 'Quote:nope', currencyCode: 'USD' })).body.code).to.equal(
      'QUOTE_NOT_FOUND',
    );
    const listed = await t.api.get('/transactions', { customerId: customer.id, type: 'OUTGOING', sortOrder: 'asc' });
    expect(listed.body.data.map((x: { id: string }) => x.id)).to.deep.equal([
      q.body.transactionId,
      short.body.transactionId,
    ]);
    expect((await t.api.get('/transactions', { customerId: customer.id, status: 'FAILED' })).body.data).to.have.length(
      1,
    );
  });
});
