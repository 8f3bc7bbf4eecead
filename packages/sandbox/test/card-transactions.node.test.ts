import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { fundAccount, signedInWallet, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';
import { DELAYED_PULL_MS } from '../src/routes/card-simulation.js';
import { checkExchange, rawViolations } from './contract/openapi-contract.js';

const ACTIVATION_MS = 60_000;

describe('sandbox: card transactions and the card simulators', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ cardActivationMs: ACTIVATION_MS });
  });
  after(() => t.close());

  /** An ACTIVE card on a funded wallet whose funding source is activated (an ACTIVE delegated key). */
  async function spendableCard(limits: Record<string, number> = {}, balance = 100_000) {
    const wallet = await signedInWallet(t);
    const issued = await t.api.call('POST', '/cards', {
      body: { fundingSource: wallet.account.id, ...limits },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(issued.status, issued.text).to.equal(201);
    t.clock.advance(ACTIVATION_MS);
    const key = await t.api.signed(
      'POST',
      '/auth/delegated-keys',
      { cardId: issued.body.id, internalAccountId: wallet.account.id, nickname: 'Card key' },
      wallet.key,
    );
    expect(key.status, key.text).to.equal(201);
    await fundAccount(t, wallet.account.id, balance);
    return { ...wallet, card: issued.body as { id: string } };
  }

  const authorize = (cardId: string, amount: number, descriptor: string, extra: Record<string, unknown> = {}) =>
    t.api.post(`/sandbox/cards/${cardId}/simulate/authorization`, {
      amount,
      currency: { code: 'USD' },
      merchant: { descriptor, mcc: '5814', country: 'US', ...extra },
    });
  const simulate = (cardId: string, what: string, body: Record<string, unknown>) =>
    t.api.post(`/sandbox/cards/${cardId}/simulate/${what}`, body);
  const rows = async (cardId: string, query: Record<string, string> = {}) => {
    const res = await t.api.get('/transactions', { cardId, ...query });
    expect(res.status, res.text).to.equal(200);
    return res.body.data as any[];
  };
  const balanceOf = async (accountId: string) => t.server.sandbox.state.accounts.get(accountId)!.balance;

  it('an approved authorization pulls the amount; clearing settles it; merchant place and currency metadata shown', async () => {
    const { card, account } = await spendableCard();
    const auth = await authorize(card.id, 1250, 'BLUE BOTTLE COFFEE SF', { city: 'San Francisco', state: 'CA' });
    expect(auth.status, auth.text).to.equal(202);
    expect(auth.body.issuerTransactionToken).to.be.a('string');
    const [row] = await rows(card.id);
    expect(row).to.include({ type: 'CARD', status: 'AUTHORIZED', direction: 'DEBIT', cardId: card.id });
    expect(row.issuerTransactionToken).to.equal(auth.body.issuerTransactionToken);
    expect(row.merchant).to.deep.equal({
      descriptor: 'BLUE BOTTLE COFFEE SF',
      mcc: '5814',
      country: 'US',
      city: 'San Francisco',
      state: 'CA',
    });
    expect(row.authorizedAmount).to.deep.equal({
      amount: 1250,
      currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
    });
    expect(await balanceOf(account.id)).to.equal(100_000 - 1250);

    expect((await simulate(card.id, 'clearing', { cardTransactionId: row.id, amount: 1000 })).status).to.equal(202);
    expect((await t.api.get(`/transactions/${row.id}`)).body.status).to.equal('PARTIALLY_SETTLED');
    // A tip beyond the authorization is a post-hoc pull.
    expect((await simulate(card.id, 'clearing', { cardTransactionId: row.id, amount: 500 })).status).to.equal(202);
    const settled = (await t.api.get(`/transactions/${row.id}`)).body;
    expect(settled.status).to.equal('SETTLED');
    expect(settled.settledAmount.amount).to.equal(1500);
    expect(settled.pullSummary).to.deep.equal({ count: 2, totalAmount: 1500, pendingCount: 0 });
    expect(await balanceOf(account.id)).to.equal(100_000 - 1500);
    const again = await simulate(card.id, 'clearing', { cardTransactionId: row.id, amount: 1 });
    expect(again.status).to.equal(400);
  });

  it('descriptor suffixes: 002 and 003 decline without moving money, 005 pulls late, 006 ends in EXCEPTION', async () => {
    const { card, account } = await spendableCard();
    await authorize(card.id, 100, 'SHOP-002');
    await authorize(card.id, 100, 'SHOP-003');
    const [paused, insufficient] = await rows(card.id);
    expect(insufficient).to.include({ status: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS' });
    expect(paused).to.include({ status: 'DECLINED', declineReason: 'CARD_PAUSED' });
    expect(paused).to.not.have.property('settledAmount');
    expect(await balanceOf(account.id)).to.equal(100_000);

    await authorize(card.id, 200, 'SLOW SHOP 005');
    let [delayed] = await rows(card.id);
    expect(delayed.status).to.equal('AUTHORIZED');
    expect(delayed.pullSummary.pendingCount).to.equal(1);
    t.clock.advance(DELAYED_PULL_MS);
    [delayed] = await rows(card.id);
    expect(delayed.pullSummary.pendingCount).to.equal(0);

    await authorize(card.id, 300, 'BROKEN 006');
    const [exception] = await rows(card.id);
    expect(exception.status).to.equal('EXCEPTION');
    expect(await balanceOf(account.id)).to.equal(100_000 - 200 - 300);
  });

  it('a FROZEN card declines CARD_PAUSED; unfrozen it approves again', async () => {
    const { card } = await spendableCard();
    expect((await t.api.call('PATCH', `/cards/${card.id}`, { body: { state: 'FROZEN' } })).status).to.equal(200);
    await authorize(card.id, 100, 'CAFE');
    expect((await rows(card.id))[0]).to.include({ status: 'DECLINED', declineReason: 'CARD_PAUSED' });
    expect((await t.api.call('PATCH', `/cards/${card.id}`, { body: { state: 'ACTIVE' } })).status).to.equal(200);
    await authorize(card.id, 100, 'CAFE');
    expect((await rows(card.id))[0].status).to.equal('AUTHORIZED');
  });

  it('freezing leaves in-flight authorizations to settle and refund; PATCHed limits apply from the next authorization', async () => {
    const { card } = await spendableCard();
    await authorize(card.id, 1_000, 'BEFORE FREEZE');
    const open = (await rows(card.id))[0];
    const patch = (body: Record<string, unknown>) => t.api.call('PATCH', `/cards/${card.id}`, { body });
    expect((await patch({ state: 'FROZEN' })).status).to.equal(200);
    // payments-api.md: "in-flight authorizations and reconciliation continue"
    expect((await simulate(card.id, 'clearing', { cardTransactionId: open.id, amount: 1_000 })).status).to.equal(202);
    expect((await simulate(card.id, 'return', { cardTransactionId: open.id, amount: 250 })).status).to.equal(202);
    const [refund, settled] = await rows(card.id);
    expect(settled).to.include({ id: open.id, status: 'SETTLED' });
    expect(refund).to.include({ direction: 'CREDIT', status: 'SETTLED', originalTransactionId: open.id });
    expect((await patch({ state: 'ACTIVE', maxSpendPerTransaction: 400 })).body).to.include({
      state: 'ACTIVE',
      maxSpendPerTransaction: 400,
    });
    await authorize(card.id, 401, 'OVER THE NEW LIMIT');
    expect((await rows(card.id))[0]).to.include({ status: 'DECLINED', declineReason: 'SPEND_LIMIT_EXCEEDED' });
    expect((await patch({ maxSpendPerTransaction: null })).body.maxSpendPerTransaction).to.equal(null);
    await authorize(card.id, 401, 'LIMIT CLEARED');
    expect((await rows(card.id))[0].status).to.equal('AUTHORIZED');
  });

  it('spend limits, the balance and an unactivated funding source decline', async () => {
    const { card } = await spendableCard({
      maxSpendPerTransaction: 500,
      maxSpendPerDay: 800,
      maxTransactionsPerDay: 3,
    });
    await authorize(card.id, 501, 'A');
    expect((await rows(card.id))[0].declineReason).to.equal('SPEND_LIMIT_EXCEEDED');
    await authorize(card.id, 500, 'B');
    await authorize(card.id, 301, 'C'); // 500 + 301 > 800 a day
    expect((await rows(card.id))[0].declineReason).to.equal('SPEND_LIMIT_EXCEEDED');
    await authorize(card.id, 300, 'D');
    await authorize(card.id, 1, 'E'); // the day's count is full (B, D and … 2 approved + this)
    const statuses = (await rows(card.id)).map((r) => r.status);
    expect(statuses.filter((s) => s === 'AUTHORIZED')).to.have.length(2);

    const poor = await spendableCard({}, 10);
    await authorize(poor.card.id, 11, 'F');
    expect((await rows(poor.card.id))[0].declineReason).to.equal('INSUFFICIENT_FUNDS');

    const wallet = await signedInWallet(t);
    const bare = await t.api.call('POST', '/cards', {
      body: { fundingSource: wallet.account.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    t.clock.advance(ACTIVATION_MS);
    await fundAccount(t, wallet.account.id, 1000);
    await authorize(bare.body.id, 10, 'G');
    expect((await rows(bare.body.id))[0].declineReason).to.equal('FUNDING_SOURCE_NOT_ACTIVATED');
  });

  it('a return is its own CREDIT row linked to the purchase, which stays SETTLED; a reversal takes it back', async () => {
    const { card, account } = await spendableCard();
    await authorize(card.id, 2000, 'BOOKSHOP');
    const [purchase] = await rows(card.id);
    await simulate(card.id, 'clearing', { cardTransactionId: purchase.id, amount: 2000 });
    expect((await simulate(card.id, 'return', { cardTransactionId: purchase.id, amount: 2001 })).status).to.equal(400);
    const returned = await simulate(card.id, 'return', { cardTransactionId: purchase.id, amount: 700 });
    expect(returned.status, returned.text).to.equal(202);
    const [refund, original] = await rows(card.id);
    expect(refund).to.include({ direction: 'CREDIT', status: 'SETTLED', originalTransactionId: purchase.id });
    expect(refund.settledAmount.amount).to.equal(700);
    expect(original).to.include({ id: purchase.id, status: 'SETTLED' });
    expect(original.refundedAmount.amount).to.equal(700);
    expect(original.refundSummary).to.deep.equal({ count: 1, totalAmount: 700 });
    expect(await balanceOf(account.id)).to.equal(100_000 - 2000 + 700);

    // return_reversal names the refund row, not the purchase.
    expect((await simulate(card.id, 'return_reversal', { cardTransactionId: purchase.id })).status).to.equal(400);
    expect((await simulate(card.id, 'return_reversal', { cardTransactionId: refund.id })).status).to.equal(202);
    const [reversed, after] = await rows(card.id);
    expect(reversed.settledAmount.amount).to.equal(0);
    expect(after.refundedAmount.amount).to.equal(0);
    expect(await balanceOf(account.id)).to.equal(100_000 - 2000);
  });

  it('advice re-sizes an open authorization; expiry releases a fully open one', async () => {
    const { card, account } = await spendableCard();
    await authorize(card.id, 1000, 'HOTEL');
    const [hotel] = await rows(card.id);
    expect(
      (await simulate(card.id, 'authorization_advice', { cardTransactionId: hotel.id, amount: 1500 })).status,
    ).to.equal(202);
    expect((await t.api.get(`/transactions/${hotel.id}`)).body.authorizedAmount.amount).to.equal(1500);
    expect(await balanceOf(account.id)).to.equal(100_000 - 1500);
    expect((await simulate(card.id, 'authorization_expiry', { cardTransactionId: hotel.id })).status).to.equal(202);
    const expired = (await t.api.get(`/transactions/${hotel.id}`)).body;
    expect(expired.status).to.equal('SETTLED');
    expect(expired.settledAmount.amount).to.equal(0);
    expect(await balanceOf(account.id)).to.equal(100_000);
    expect((await simulate(card.id, 'authorization_expiry', { cardTransactionId: hotel.id })).status).to.equal(400);
  });

  it('another card’s transaction is not found; the list pages and filters as the spec says', async () => {
    const a = await spendableCard();
    const b = await spendableCard();
    await authorize(a.card.id, 10, 'X');
    const [row] = await rows(a.card.id);
    const foreign = await simulate(b.card.id, 'clearing', { cardTransactionId: row.id, amount: 10 });
    expect(foreign.status).to.equal(404);
    expect(foreign.body.code).to.equal('TRANSACTION_NOT_FOUND');
    expect(
      (
        await simulate('Card:nope', 'authorization', {
          amount: 1,
          currency: { code: 'USD' },
          merchant: { descriptor: 'X' },
        })
      ).status,
    ).to.equal(404);

    for (let i = 0; i < 4; i++) await authorize(a.card.id, 10 + i, `P${i}`);
    const first = await t.api.get('/transactions', { cardId: a.card.id, limit: '2' });
    expect(first.body.data).to.have.length(2);
    expect(first.body.hasMore).to.equal(true);
    expect(first.body.totalCount).to.equal(5);
    const second = await t.api.get('/transactions', { cardId: a.card.id, limit: '2', cursor: first.body.nextCursor });
    expect(second.body.data.map((r: any) => r.id)).to.not.include.members(first.body.data.map((r: any) => r.id));
    // The UUID alone names the card too.
    expect((await rows(a.card.id.slice('Card:'.length))).length).to.equal(5);
    expect((await t.api.get('/transactions', { type: 'CARD', status: 'COMPLETED' })).status).to.equal(400);
    expect((await t.api.get('/transactions', { cardId: a.card.id, status: 'COMPLETED' })).status).to.equal(400);
    const byCustomer = await t.api.get('/transactions', { customerId: b.customer.id });
    expect(byCustomer.body.data).to.have.length(0);
    expect((await t.api.get('/transactions/Transaction:nope')).body.code).to.equal('TRANSACTION_NOT_FOUND');
  });

  it('the contract allows DECLINED (payments-api.md) and the cardId filter, and nothing else around them', () => {
    const row = {
      type: 'CARD',
      id: 'CardTransaction:1',
      status: 'DECLINED',
      direction: 'DEBIT',
      merchant: { descriptor: 'X' },
      authorizedAmount: { amount: 1, currency: { code: 'USD' } },
      accountId: 'InternalAccount:1',
      customerId: 'Customer:1',
      platformCustomerId: 'p',
      authorizedAt: '2026-01-01T00:00:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const exchange = (data: unknown[]) => ({
      method: 'GET',
      path: '/transactions?cardId=Card:1',
      status: 200,
      responseBody: { data, hasMore: false },
    });
    expect(rawViolations(exchange([row])).map((v) => v.kind)).to.deep.equal(['response', 'query']);
    expect(checkExchange(exchange([row]))).to.deep.equal([]);
    // (an enum violation of `status` carries no value, so the allowance covers that field's enum as a whole)
    const wrong = checkExchange(exchange([{ ...row, direction: 'SIDEWAYS' }]));
    expect(wrong.map((v) => v.message.split(' must')[0])).to.deep.equal(['/data/0/direction']);
  });
});
