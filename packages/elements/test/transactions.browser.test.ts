import { expect } from 'chai';
import { createQuote, executeQuote } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayTransactionsElement } from '../src/transactions/transactions.js';
import '../src/define/pay-transactions.js';
import '../src/translations/fr.js';
import { walletChain, type WalletChain } from './helpers/sandbox-chain.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  until,
} from './helpers/dom.js';

/** Two settled UMA payments (12.50, 4.80) and a 250.00 bank transfer in flight (suffix 003: about 6 minutes). */
async function activity(): Promise<WalletChain> {
  const chain = await walletChain({}, { settlementDelayMs: 0 });
  for (const [address, amount] of [
    ['$shop@merchant.example', 1250],
    ['$cafe@merchant.example', 480],
  ] as const)
    await executeQuote(chain.client, { quote: await chain.quote(address, amount) });
  const bank = await chain.platform('POST', '/customers/external-accounts', {
    customerId: chain.customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber: '987654003',
      routingNumber: '021000021',
      bankAccountType: 'CHECKING',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
    },
  });
  const quote = await createQuote(chain.client, {
    source: { sourceType: 'ACCOUNT', accountId: chain.accountId },
    destination: { destinationType: 'ACCOUNT', accountId: bank.id },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 25_000,
  });
  chain.own(quote.id);
  await executeQuote(chain.client, { quote });
  return chain;
}

describe('<pay-transactions>', () => {
  setupElementTests();
  const rows = (el: PayTransactionsElement) => [
    ...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="transaction"]'),
  ];
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const settled = async (el: PayTransactionsElement, rowsWanted?: number) => {
    await until(
      () =>
        (hasState(el, 'ready') || hasState(el, 'empty') || hasState(el, 'error')) &&
        !hasState(el, 'busy') &&
        (rowsWanted === undefined || rows(el).length === rowsWanted),
      'the list',
    );
    await el.updateComplete;
  };

  it('lists the payments newest first with amounts, status words, paging and the status filter', async () => {
    const chain = await activity();
    const el = await fixture<PayTransactionsElement>(
      html`<pay-transactions .client=${chain.client} customer-id=${chain.customerId} page-size="2"></pay-transactions>`,
    );
    await settled(el, 2);
    expect(rows(el).map(text)).to.satisfy(
      (texts: string[]) => texts[0]!.includes('−$250.00') && texts[0]!.includes('In progress'),
    );
    expect(text(rows(el)[1]!))
      .to.contain('−$4.80')
      .and.contain('Completed');
    await expectAccessible(el, 'list');
    await pressEnter(part<HTMLButtonElement>(el, 'more-button'));
    await settled(el, 3);
    expect(text(rows(el)[2]!)).to.contain('−$12.50');
    expect(el.shadowRoot!.querySelector('[part~="more-button"]')).to.equal(null);

    const select = el.shadowRoot!.querySelector('select')!;
    select.value = 'COMPLETED';
    select.dispatchEvent(new Event('change'));
    await settled(el, 2);
    expect(
      rows(el)
        .map(text)
        .every((r) => r.includes('Completed')),
    ).to.equal(true);
    select.value = 'EXPIRED';
    select.dispatchEvent(new Event('change'));
    await settled(el, 0);
    expect(hasState(el, 'empty')).to.equal(true);
    expect(text(part(el, 'empty'))).to.equal('No payments with this status.');
    const lists = chain.forwarded.filter((p) => p.startsWith('GET /transactions'));
    expect(lists.length).to.equal(4);
  });

  it('cancels a bank transfer in flight after confirming, and says so when it can no longer be cancelled', async () => {
    const chain = await activity();
    const el = await fixture<PayTransactionsElement>(
      html`<pay-transactions .client=${chain.client} customer-id=${chain.customerId}></pay-transactions>`,
    );
    const stale = await fixture<PayTransactionsElement>(
      html`<pay-transactions .client=${chain.client} customer-id=${chain.customerId} lang="fr"></pay-transactions>`,
    );
    await settled(el, 3);
    await settled(stale, 3);
    expect(text(rows(stale)[0]!))
      .to.contain('250,00')
      .and.contain('En cours');
    expect(el.shadowRoot!.querySelectorAll('[part~="cancel-button"]')).to.have.length(1);
    await pressEnter(part<HTMLButtonElement>(el, 'cancel-button'));
    await el.updateComplete;
    expect(text(part(el, 'confirm'))).to.contain('Cancel this transfer of $250.00?');
    await expectAccessible(el, 'confirm');
    const cancelled = nextEvent<CustomEvent>(document, 'pay-transaction-cancelled');
    await pressEnter(part<HTMLButtonElement>(el, 'confirm-button'));
    expect((await cancelled).detail.status).to.equal('FAILED');
    await settled(el);
    expect(text(rows(el)[0]!)).to.contain('Cancelled');
    expect(text(part(el, 'success'))).to.contain('The transfer is cancelled.');
    expect(el.shadowRoot!.querySelector('[part~="cancel-button"]')).to.equal(null);
    const wallet = await chain.platform(
      'GET',
      `/customers/internal-accounts?customerId=${encodeURIComponent(chain.customerId)}`,
    );
    expect(wallet.data[0].balance.amount).to.equal(100_000 - 1250 - 480);

    // the other view still shows it in flight: the service refuses (409), and the element says why in French
    await pressEnter(part<HTMLButtonElement>(stale, 'cancel-button'));
    await stale.updateComplete;
    await pressEnter(part<HTMLButtonElement>(stale, 'confirm-button'));
    await settled(stale);
    expect(hasState(stale, 'error')).to.equal(true);
    expect(text(part(stale, 'error'))).to.equal('Ce virement ne peut plus être annulé.');
    expect(chain.forwarded.filter((p) => p.endsWith('/cancel'))).to.have.length(2);
  });
});
