/**
 * After the payment, the wallet's activity: `<pay-transactions>` lists the customer's payments (newest
 * first, a status filter, "Load more") and cancels a bank transfer while the service still allows it.
 */
import { h } from '../dom.js';
import { continueButton, renderTopbar, type Step } from '../shell.js';
import { state } from '../state.js';
import { howItWorks, payElement } from '../ui.js';
import { refreshBalance } from '../wallet.js';

export const activityStep: Step = {
  id: 'activity',
  icon: 'list',
  needs: 'session',
  done: () => false,
  render: activityPanel,
};

function activityPanel(): HTMLElement {
  const list = payElement('pay-transactions', { 'customer-id': state.me!.customerId }, 'transactions');
  // a cancelled transfer gives the money back to the wallet: the top bar's balance follows
  list.addEventListener('pay-transaction-cancelled', () => void refreshBalance().then(renderTopbar));
  return h(
    'div',
    { class: 'stack' },
    list,
    h('div', { class: 'actions' }, continueButton('invite')),
    howItWorks([
      '`GET /transactions?customerId=` (through `listTransactions` of `@paykit/crypto-core/activity`), filtered by `status`, paged with its cursor.',
      '“Cancel transfer” is `POST /transactions/{id}/cancel`, asked for a bank transfer still in flight; the service answers 409 once its banking partner has processed it.',
    ]),
  );
}
