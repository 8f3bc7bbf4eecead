/**
 * Step 4, recovery phrase: `<pay-wallet-export>` exports the wallet's mnemonic, encrypted by the
 * enclave to a one-time key made in this page.
 */
import { h } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, howItWorks, payElement } from '../ui.js';

export const exportStep: Step = {
  id: 'export',
  icon: 'wallet',
  needs: 'session',
  done: () => state.exported,
  render: exportPanel,
};

function exportPanel(): HTMLElement {
  const exporter = payElement('pay-wallet-export', { 'reveal-timeout': '120' }, 'wallet-export');
  exporter.addEventListener('pay-export-complete', () => {
    state.exported = true;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    card(undefined, exporter),
    h('div', { class: 'actions' }, continueButton('card')),
    howItWorks([
      'A one-time P-256 key is made in this page; `POST /internal-accounts/{id}/export` sends its public half, stamped by your session key.',
      'The enclave encrypts the 12 words to it and signs the bundle; the client checks the signature against the pinned enclave keys, then decrypts.',
      'The words are masked until you press Reveal, and are wiped on Done, after two minutes, or when you leave the tab.',
    ]),
  );
}
