/**
 * Onboarding 4, a business's owners (KYB): `<pay-beneficial-owners>` lists the people who own 25% or more
 * of the business and its control person, and adds them (`POST /beneficial-owners`). A person signed up
 * as an individual has none: the step says so, and how to see it (sign up as a business).
 */
import { h } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { howItWorks, payElement } from '../ui.js';

export const ownersStep: Step = {
  id: 'owners',
  icon: 'user',
  needs: 'customer',
  done: () => !!state.me?.business && state.onboarding.owners > 0,
  render: ownersPanel,
};

function ownersPanel(): HTMLElement {
  if (!state.me!.business)
    return h(
      'div',
      { class: 'stack' },
      h(
        'div',
        { class: 'card card--empty', testid: 'owners-individual' },
        h('p', { class: 'muted', t: 'owners.individual' }),
      ),
      h('div', { class: 'actions' }, continueButton('signin')),
    );
  const owners = payElement('pay-beneficial-owners', { 'customer-id': state.me!.customerId }, 'beneficial-owners');
  owners.addEventListener('pay-beneficial-owner-added', () => {
    state.onboarding.owners++;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    owners,
    h('div', { class: 'actions' }, continueButton('signin', 'kyc.continue')),
    howItWorks([
      '`GET /beneficial-owners?customerId=` lists the people added, each with their own KYC status.',
      '`POST /beneficial-owners` adds one: `roles` (UBO, CONTROL_PERSON, DIRECTOR), `ownershipPercentage` and their personal details, in the request body only; the element’s event carries ids.',
      'The wallet proxy forwards both only for the visitor’s own customer.',
    ]),
  );
}
