/**
 * Onboarding 3, identity verification: `<pay-kyc>` shows the customer's KYC status and finishes it
 * through the provider's hosted flow (framed on this page) or with details and a document entered here.
 */
import type { PayKycElement } from '@paykit/elements';
import { h } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, howItWorks, payElement } from '../ui.js';

export const kycStep: Step = {
  id: 'kyc',
  icon: 'shield',
  needs: 'customer',
  done: () => state.onboarding.kyc === 'APPROVED' || state.onboarding.kyc === 'PENDING',
  render: kycPanel,
};

function kycPanel(): HTMLElement {
  const kyc = payElement('pay-kyc', { 'customer-id': state.me!.customerId, embed: '' }, 'kyc') as PayKycElement;
  // the sandbox decides as the person finishes its hosted flow: read the status every second while the flow
  // is open (a property only; the default is five), so the step moves on about as soon as they finish
  kyc.pollSeconds = 1;
  kyc.addEventListener('pay-kyc-status', (event) => {
    state.onboarding.kyc = event.detail.status;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    card(undefined, kyc),
    h(
      'div',
      { class: 'actions' },
      state.me!.business ? continueButton('owners') : continueButton('signin', 'kyc.continue'),
    ),
    howItWorks([
      'Hosted: `POST /customers/{id}/kyc-link` returns a single-use link (and a token where the provider can be embedded); the page frames it and reads the status until the provider decides.',
      'In page: `PATCH /customers/{id}` saves the details, `POST /documents` uploads the ID (multipart; PDF, JPEG or PNG, up to 10 MB, checked first), `POST /verifications` answers with what is still missing, field by field.',
      'Sandbox rules: the last three characters of the name decide (001 review, 002 rejected, 003 asks for a sharper photo once); a file named `…-rejected.png` is refused by screening.',
    ]),
  );
}
