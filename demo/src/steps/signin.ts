/**
 * Step 2, sign in: `<pay-otp-login>` with the email code (and `<pay-passkey-login>` once the wallet has
 * a passkey); the session key is made in this browser and never leaves it.
 */
import { h, icon } from '../dom.js';
import { methodLabel, relative, shortId } from '../format.js';
import { continueButton, nextStep, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, fact, howItWorks, payElement } from '../ui.js';

export const signinStep: Step = {
  id: 'signin',
  title: 'Sign in',
  subtitle: 'Email one-time code',
  icon: 'mail',
  needs: 'customer',
  lead: 'The code is sealed to a fresh, non-extractable session key made in this browser. The key signs every wallet action after sign-in; the service never sees it.',
  done: () => !!state.session,
  render: signinPanel,
};

function signinPanel(): HTMLElement {
  const me = state.me!;
  if (state.session) {
    return h(
      'div',
      { class: 'stack' },
      card(
        undefined,
        h(
          'div',
          { class: 'success-banner', testid: 'signed-in' },
          h('span', { class: 'success-banner__icon' }, icon('check')),
          h(
            'div',
            null,
            h('p', { class: 'success-banner__title', text: 'You’re signed in' }),
            h('p', {
              class: 'muted',
              text: `${methodLabel(state.session.type)} session, expires ${relative(state.session.expiresAt)}${state.client.autoRefresh ? ' and is refreshed automatically' : ''}.`,
            }),
          ),
        ),
        h(
          'dl',
          { class: 'facts' },
          fact('Session', state.session.id, 'signin-session-id'),
          fact('Expires', new Date(state.session.expiresAt).toLocaleString('en')),
        ),
        h('div', { class: 'actions' }, continueButton(nextStep())),
      ),
      signinHow(),
    );
  }

  const otp = payElement(
    'pay-otp-login',
    { 'credential-id': me.otpCredentialId, channel: 'email', destination: me.emailMasked },
    'otp-login',
  );
  const passkey = state.passkeys[0];
  return h(
    'div',
    { class: 'stack' },
    h(
      'div',
      { class: 'grid-2' },
      card(
        'Email code',
        otp,
        h(
          'p',
          { class: 'hint' },
          icon('info'),
          'Sandbox: the code is always ',
          h('kbd', { text: state.config.hints.otpCode }),
          '.',
        ),
      ),
      passkey
        ? card(
            'Or use your passkey',
            h('p', { class: 'muted', text: 'You added a passkey to this wallet. Sign in without a code.' }),
            payElement('pay-passkey-login', { mode: 'login', 'credential-id': passkey.id }, 'signin-passkey'),
          )
        : h(
            'aside',
            { class: 'card card--muted' },
            h('h2', { class: 'card__title', text: 'Signing in to' }),
            h(
              'dl',
              { class: 'facts facts--compact' },
              fact('Email', me.emailMasked),
              fact('Wallet', shortId(me.accountId)),
              fact('Region', me.regionName),
            ),
          ),
    ),
    signinHow(),
  );
}

function signinHow(): HTMLElement {
  return howItWorks([
    '`POST /auth/credentials/{id}/challenge` returns an encryption target signed by the wallet enclave; the client checks the signature against the pinned enclave keys.',
    'The client makes a P-256 session key (non-extractable, in IndexedDB) and seals the code to the target with HPKE.',
    '`POST /auth/credentials/{id}/verify` answers 202 with a payload to sign; the retry, stamped by the new key, returns the session.',
    'Reload the page: the session comes back from IndexedDB, no new sign-in needed.',
  ]);
}
