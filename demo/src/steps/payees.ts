/**
 * After the payment, the customer's payees (the demo backend adds one bank account, `POST /api/demo/payee`):
 * `<pay-beneficiaries>` lists the external accounts they pay
 * and, in an SCA region, trusts or untrusts one with a texted code (a trusted payee is paid without a
 * code each time).
 */
import { demoApi } from '../api.js';
import { h } from '../dom.js';
import { continueButton, type Step } from '../shell.js';
import { state } from '../state.js';
import { fillWhenReady, howItWorks, payElement } from '../ui.js';

export const payeesStep: Step = {
  id: 'payees',
  icon: 'user',
  needs: 'session',
  done: () => false,
  render: payeesPanel,
};

function payeesPanel(): HTMLElement {
  // the element once the visitor has a payee to show (the demo backend adds one, as a platform's backend would)
  return h(
    'div',
    { class: 'stack' },
    fillWhenReady(h('div', { class: 'stack' }), demoApi.addPayee(), () =>
      payElement('pay-beneficiaries', { 'customer-id': state.me!.customerId }, 'beneficiaries'),
    ),
    h('div', { class: 'actions' }, continueButton('activity')),
    howItWorks([
      '`GET /customers/external-accounts` (through `listPayees` of `@paykit/crypto-core/payees`), with each payee’s trust.',
      '“Trust” is `POST /customers/external-accounts/{id}/trust`, then `…/trust/confirm` with the texted code; “Untrust” the same with `untrust`. Outside an SCA region the service answers 409 and the element says no trust is needed.',
    ]),
  );
}
