/**
 * Onboarding 1, end-user terms: `<pay-terms-consent>` shows the service's current terms and records the
 * customer's acceptance; the wallet proxy adds the visitor's IP address and the time, never the page.
 */
import { h } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, howItWorks, payElement } from '../ui.js';

export const termsStep: Step = {
  id: 'terms',
  icon: 'list',
  needs: 'customer',
  done: () => state.onboarding.terms,
  render: termsPanel,
};

function termsPanel(): HTMLElement {
  const terms = payElement('pay-terms-consent', { 'customer-id': state.me!.customerId }, 'terms-consent');
  terms.addEventListener('pay-terms-accepted', () => {
    state.onboarding.terms = true;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    card('terms.title', terms),
    h('div', { class: 'actions' }, continueButton('contact', 'shell.continue', 'terms')),
    howItWorks([
      '`GET /customers/end-user-terms` gives the current version and the hosted URL of the terms.',
      '`PATCH /customers/{id}` records `{termsVersion, acceptanceMethod}`; the wallet proxy adds `ipAddress` and `acceptedAt` from the connection and its own clock.',
    ]),
  );
}
