/**
 * The Paykit Wallet demo page: a platform's wallet area built from the Paykit elements and one
 * `WalletClient` that talks to the platform proxy at `/api/wallet`. Thirteen steps (`steps/`, in order in
 * `steps/index.ts`): create a sandbox customer (a person or a business), onboarding (terms, email and
 * phone, KYC, a business's owners), sign in, add a passkey, export the recovery phrase, issue and reveal a
 * card, pay (with Strong Customer Authentication for EU customers), the wallet's activity, an external
 * wallet to pay out to, account security (sessions, sign-in methods, wallet settings). Around them,
 * `shell.ts` (sidebar, top bar, navigation, theme), `i18n/` (the page's words and its language switch),
 * `state.ts` (what the page knows), `api.ts` (the platform's own backend), `wallet.ts` (wallet reads
 * several steps share).
 * This module boots it: configuration, the client, the restored session, the first panel.
 *
 * Nothing secret is put in the URL, in web storage or in the console: the session key lives in
 * IndexedDB as a non-extractable CryptoKey (managed by crypto-core), the platform session is an
 * HttpOnly cookie, the PAN URL goes straight into the sandboxed frame.
 */
// styles in cascade order: base (palette, type), shared components, the shell, each step's own
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/steps/card.css';
import './styles/steps/pay.css';
import './styles/steps/sessions.css';
import '@paykit/elements/define';
import { WalletClient, fetchTransport, type CurrentSession } from '@paykit/crypto-core';
import { setDefaultClient } from '@paykit/elements';
import { demoApi } from './api.js';
import { $, h, icon, mount } from './dom.js';
import { focusIsInContent, focusResult } from './focus.js';
import { currentStepNeeds, go, renderSteps, renderTopbar, show, startShell, startTheme } from './shell.js';
import { newPayment, state } from './state.js';
import { STEPS } from './steps/index.js';
import { watchSessionRevocations } from './steps/sessions.js';
import { localize, startLanguage, t } from './i18n/translate.js';
import { describe, toast } from './ui.js';
import { forgetWalletSession, loadWallet } from './wallet.js';

// ---- session changes ------------------------------------------------------------------------------------------

/** Follows the client's session: sign-in, sign-out and rotation (also from other tabs). */
function onSession(session: CurrentSession | undefined): void {
  const wasSignedIn = !!state.session;
  // a session of another customer (an earlier visit in this browser) is not ours
  if (session && state.me && session.accountId !== state.me.accountId) {
    void forgetWalletSession();
    return;
  }
  state.session = session;
  renderTopbar();
  renderSteps();
  const needs = currentStepNeeds();
  if (wasSignedIn !== !!session) {
    if (session) {
      toast(t('shell.signedInToast'), 'success');
      if (state.step === 'signin' || needs === 'session') {
        // the sign-in element that had focus is replaced: focus goes to what the sign-in produced
        const moveFocus = focusIsInContent();
        show(state.step, { focus: false });
        if (moveFocus) focusResult();
      }
    } else {
      state.payment = newPayment();
      if (state.step === 'signin') show('signin', { focus: false });
      else if (needs === 'session') go('signin');
    }
  }
}

// ---- boot ---------------------------------------------------------------------------------------------------------

/** CSP violations seen by this page (the server receives the reports too). */
let cspViolations = 0;
document.addEventListener('securitypolicyviolation', () => {
  cspViolations++;
  const chip = document.querySelector('[data-slot="security"]');
  chip?.classList.add('security-chip--alert');
  chip?.setAttribute('data-violations', String(cspViolations));
  const label = chip?.querySelector('span');
  if (label) localize(label, 'shell.cspBlocked', { count: cspViolations });
});

async function boot(): Promise<void> {
  startLanguage();
  startTheme();

  state.config = await demoApi.config();

  state.client = new WalletClient({
    transport: fetchTransport({ baseUrl: '/api/wallet' }),
    trustedSigners: state.config.signers,
    rpId: state.config.rpId,
  });
  setDefaultClient(state.client);

  state.me = await demoApi.me();
  const restored = await state.client.restore();
  if (restored && (!state.me || restored.accountId !== state.me.accountId)) await forgetWalletSession();
  state.session = state.client.session;
  state.client.subscribe(onSession);
  watchSessionRevocations();
  await loadWallet();

  startShell(STEPS);
  document.documentElement.dataset['ready'] = 'true';
}

boot().catch((error: unknown) => {
  mount(
    $('main'),
    h(
      'div',
      { class: 'card card--empty', testid: 'boot-error' },
      h('div', { class: 'empty-icon' }, icon('alert')),
      h('h2', { t: 'shell.bootError' }),
      h('p', { class: 'muted', text: describe(error) }),
      h(
        'button',
        { class: 'button button--primary', attrs: { type: 'button' }, on: { click: () => location.reload() } },
        t('shell.retry'),
      ),
    ),
  );
});
