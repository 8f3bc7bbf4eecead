import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { fundAccount, signedInWallet, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const SETTLE_MS = 1_000;

describe('sandbox: POST /transactions/{id}/cancel cancels a bank transfer in flight', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ settlementDelayMs: SETTLE_MS });
  });
  after(() => t.close());

  async function payer() {
    const wallet = await signedInWallet(t);
    await fundAccount(t, wallet.account.id, 10_000);
    return wallet;
  }

  async function external(customerId: string, accountInfo: Record<string, unknown>) {
    const res = await t.api.post('/customers/external-accounts', { customerId, currency: 'USD', accountInfo });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  }
  const bank = (customerId: string, accountNumber: string) =>
    external(customerId, {
      accountType: 'USD_ACCOUNT',
      accountNumber,
      routingNumber: '021000021',
      bankAccountType: 'CHECKING',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ana Test' },
    });

  async function send(wallet: Awaited<ReturnType<typeof payer>>, accountId: string, execute = true) {
    const quote = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: wallet.account.id },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    });
    expect(quote.status, quote.text).to.equal(201);
    if (!execute) return quote.body.transactionId as string;
    const payload = quote.body.paymentInstructions[0].accountOrWalletInfo.payloadToSign;
    const executed = await t.api.call('POST', `/quotes/${quote.body.id}/execute`, {
      body: {},
      headers: { 'Service-Wallet-Signature': await wallet.key.stamp(payload) },
    });
    expect(executed.status, executed.text).to.equal(200);
    return executed.body.transactionId as string;
  }
  const balanceOf = (accountId: string) => t.server.sandbox.state.accounts.get(accountId)!.balance;

  it('a PROCESSING bank transfer ends FAILED with a USER_CANCELLATION refund, and cannot be cancelled twice', async () => {
    const wallet = await payer();
    const id = await send(wallet, await bank(wallet.customer.id, '987654003'));
    expect(balanceOf(wallet.account.id)).to.equal(9_000);
    const res = await t.api.post(`/transactions/${id}/cancel`, { reason: 'REQUESTED_AFTER_HOURS' });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ id, type: 'OUTGOING', status: 'FAILED' });
    expect(res.body.refund).to.include({ status: 'COMPLETED', reason: 'USER_CANCELLATION' });
    expect(balanceOf(wallet.account.id)).to.equal(10_000);
    t.clock.advance(SETTLE_MS * 400); // the 003 transfer would have settled by now: the cancellation holds
    expect((await t.api.get(`/transactions/${id}`)).body.status).to.equal('FAILED');
    const again = await t.api.post(`/transactions/${id}/cancel`, {});
    expect([again.status, again.body.code]).to.deep.equal([409, 'TRANSACTION_NOT_CANCELLABLE']);
  });

  it('a settled or not yet executed bank transfer is 409; a wallet payout is 400; an unknown id is 404', async () => {
    const wallet = await payer();
    const account = await bank(wallet.customer.id, '987654100');
    const settled = await send(wallet, account);
    t.clock.advance(SETTLE_MS);
    const late = await t.api.post(`/transactions/${settled}/cancel`);
    expect([late.status, late.body.code, late.body.details?.status]).to.deep.equal([
      409,
      'TRANSACTION_NOT_CANCELLABLE',
      'COMPLETED',
    ]);
    const early = await t.api.post(`/transactions/${await send(wallet, account, false)}/cancel`);
    expect([early.status, early.body.code]).to.deep.equal([409, 'TRANSACTION_NOT_CANCELLABLE']);

    const evm = await external(wallet.customer.id, {
      accountType: 'ETHEREUM_WALLET',
      address: `0x${'ab'.repeat(19)}01`,
      vaspName: 'Kraken',
    });
    const crypto = await t.api.post(`/transactions/${await send(wallet, evm)}/cancel`);
    expect([crypto.status, crypto.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    const missing = await t.api.post('/transactions/Transaction:nope/cancel');
    expect([missing.status, missing.body.code]).to.deep.equal([404, 'TRANSACTION_NOT_FOUND']);
    const bad = await t.api.post(`/transactions/${settled}/cancel`, { reason: 7 });
    expect([bad.status, bad.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
  });
});
