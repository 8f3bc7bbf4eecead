/**
 * A friend's UMA invitation: the demo backend has another customer of the platform invite this one
 * (`POST /invitations`, as a platform does when a customer invites someone), and `<pay-invitation>` shows
 * who sent it and the amount, and accepts it for the customer's own UMA address.
 */
import { demoApi } from '../api.js';
import { h } from '../dom.js';
import { continueButton, type Step } from '../shell.js';
import { state } from '../state.js';
import { fillWhenReady, howItWorks, payElement } from '../ui.js';

export const inviteStep: Step = {
  id: 'invite',
  icon: 'mail',
  needs: 'session',
  done: () => false,
  render: invitePanel,
};

function invitePanel(): HTMLElement {
  return h(
    'div',
    { class: 'stack' },
    fillWhenReady(h('div', { class: 'stack' }), demoApi.invitationCode(), (code) =>
      payElement('pay-invitation', { code, 'customer-id': state.me!.customerId }, 'invitation'),
    ),
    h('div', { class: 'actions' }, continueButton('payout')),
    howItWorks([
      '`GET /invitations/{code}` (through `getInvitation` of `@paykit/crypto-core/activity`): who invites, the amount, the status.',
      '“Accept invitation” is `POST /invitations/{code}/claim` with the customer’s own UMA address; the proxy forwards it only for the signed-in customer’s address.',
    ]),
  );
}
