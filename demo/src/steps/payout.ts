/**
 * Paying out to an external wallet: the customer adds a self-custody wallet of theirs (`POST
 * /customers/external-accounts`, which starts PENDING_OWNERSHIP_VERIFICATION) and proves it is theirs with
 * `<pay-wallet-ownership>` before any payout may go there. The demo uses the hosted liveness check (it
 * opens in a new tab; the sandbox's page approves it), as no browser wallet is assumed to be installed.
 */
import { h, icon, mount } from '../dom.js';
import { t } from '../i18n/translate.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, describe, howItWorks, payElement, toast } from '../ui.js';

/** A sample Base address, editable: the sandbox checks its format only. */
const SAMPLE_ADDRESS = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';

export const payoutStep: Step = {
  id: 'payout',
  icon: 'wallet',
  needs: 'session',
  done: () => state.payout.verified,
  render: payoutPanel,
};

function payoutPanel(): HTMLElement {
  const slot = h('div', { class: 'slot' });
  const render = (): void => {
    const id = state.payout.externalAccountId;
    mount(slot, id ? ownership(id, render) : addWallet(render));
  };
  render();
  return h(
    'div',
    { class: 'stack' },
    slot,
    h('div', { class: 'actions' }, continueButton('sessions')),
    howItWorks([
      '`POST /customers/external-accounts` `{customerId, currency: "USDC", ownershipType: "FIRST_PARTY", accountInfo: {accountType: "BASE_WALLET", address}}`: a first-party self-custody wallet starts PENDING_OWNERSHIP_VERIFICATION.',
      '`POST /customers/external-accounts/{id}/challenge` `{method}`: WALLET_SIGNATURE answers a `messageToSign` for the wallet to sign (`eip1193Signer`, `solanaSigner`), LIVENESS a hosted identity check; the element follows the account until it is ACTIVE.',
      'Only an ACTIVE external account takes payouts; the wallet proxy forwards these calls only for the visitor’s own customer and accounts.',
    ]),
  );
}

function addWallet(done: () => void): HTMLElement {
  const address = h('input', {
    id: 'payout-address',
    class: 'input mono',
    attrs: { type: 'text', name: 'address', spellcheck: 'false', autocomplete: 'off', value: SAMPLE_ADDRESS },
  });
  const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
  const submit = h(
    'button',
    { class: 'button button--primary', attrs: { type: 'submit' }, testid: 'payout-add' },
    h('span', { t: 'payout.add' }),
  );
  const form = h(
    'form',
    {
      class: 'form',
      attrs: { novalidate: true },
      on: {
        submit: (event) => {
          event.preventDefault();
          void add();
        },
      },
    },
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'payout-address' }, t: 'payout.address' }),
      address,
    ),
    error,
    submit,
  );
  async function add(): Promise<void> {
    error.textContent = '';
    submit.setAttribute('disabled', '');
    try {
      const account = await state.client.request<{ id: string }>('POST', '/customers/external-accounts', {
        body: {
          customerId: state.me!.customerId,
          currency: 'USDC',
          // the customer's own self-custody wallet: the service asks them to prove it before it takes payouts
          ownershipType: 'FIRST_PARTY',
          accountInfo: { accountType: 'BASE_WALLET', address: address.value.trim() },
        },
      });
      state.payout.externalAccountId = account.id;
      done();
    } catch (e) {
      error.textContent = describe(e);
      submit.removeAttribute('disabled');
    }
  }
  return card(undefined, form);
}

function ownership(externalAccountId: string, render: () => void): HTMLElement {
  if (state.payout.verified)
    return card(
      undefined,
      h(
        'div',
        { class: 'success-banner', testid: 'payout-verified', attrs: { tabindex: '-1', 'data-focus-result': '' } },
        h('span', { class: 'success-banner__icon' }, icon('check')),
        h('p', { class: 'success-banner__title', t: 'payout.verified' }),
      ),
    );
  const element = payElement(
    'pay-wallet-ownership',
    // the sandbox decides two seconds after the check: read the account every second meanwhile
    { 'external-account-id': externalAccountId, method: 'LIVENESS', 'poll-interval': '1000' },
    'wallet-ownership',
  );
  element.addEventListener('pay-ownership-verified', () => {
    state.payout.verified = true;
    renderSteps();
    toast(t('payout.verified'), 'success');
    render();
    document.querySelector<HTMLElement>('[data-testid="payout-verified"]')?.focus();
  });
  return h(
    'div',
    { class: 'stack stack--tight' },
    element,
    h('p', { class: 'hint' }, icon('info'), h('span', { t: 'payout.signerNote' })),
  );
}
