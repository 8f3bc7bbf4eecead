/**
 * Onboarding 2, email and phone: `<pay-contact-verification>` confirms each channel the customer's
 * provider requires (EU customers: every contact detail they gave) with a one-time code.
 */
import { h } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, howItWorks, payElement } from '../ui.js';

export const contactStep: Step = {
  id: 'contact',
  icon: 'mail',
  needs: 'customer',
  done: () => state.onboarding.contact,
  render: contactPanel,
};

function contactPanel(): HTMLElement {
  const contact = payElement(
    'pay-contact-verification',
    { 'customer-id': state.me!.customerId },
    'contact-verification',
  );
  contact.addEventListener('pay-contact-verification-complete', () => {
    state.onboarding.contact = true;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    card(undefined, contact),
    h('div', { class: 'actions' }, continueButton('kyc')),
    howItWorks([
      'The customer’s `contactVerification` lists the channels to confirm (none outside the EU).',
      '`POST /customers/{id}/verify-email` (or `verify-phone`) sends a code; `…/confirm` checks it and marks the channel VERIFIED.',
      'Changing the email or phone number later makes that channel PENDING again.',
    ]),
  );
}
