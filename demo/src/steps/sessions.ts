/**
 * The last step, account security: what the signed-in user manages themselves, from four elements on the
 * page's one client. `<pay-sessions>` lists where they are signed in (this device marked, with its
 * auto-refresh state), renews this session, signs out others or everywhere else, and signs out here;
 * `<pay-auth-methods>` lists, adds (passkey, email or text-message code) and removes sign-in methods;
 * `<pay-wallet-settings>` holds the wallet's privacy switch and the delegated key the demo's card needs
 * to spend from the wallet; `<pay-sca-factors>` lists the second factors that confirm payments in an SCA
 * region and adds an authenticator app, and `<pay-account-recovery>` (in an SCA region) resets a lost one after an
 * identity check. Signing out here (the element's button, or a `pay-session-revoked` event
 * for this page's session) returns the walkthrough to the sign-in step.
 *
 * @example
 *   import { sessionsStep } from './steps/sessions.js';
 *   startShell([...earlierSteps, sessionsStep]);
 */
import { h } from '../dom.js';
import { demoApi } from '../api.js';
import { go, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { t } from '../i18n/translate.js';
import { card, howItWorks, payElement, toast } from '../ui.js';
import { loadPasskeys } from '../wallet.js';

export const sessionsStep: Step = {
  id: 'sessions',
  icon: 'list',
  needs: 'session',
  done: () => false,
  render: sessionsPanel,
};

function sessionsPanel(): HTMLElement {
  const me = state.me!;
  const sessions = payElement('pay-sessions', {}, 'sessions');
  const methods = payElement(
    'pay-auth-methods',
    { 'user-name': me.email, 'customer-id': me.customerId },
    'auth-methods',
  );
  // "Sign-in provider": the sandbox's test identity provider (the demo backend fetches its token)
  (methods as HTMLElement & { getOidcToken?: () => Promise<string> }).getOidcToken = demoApi.oauthToken;
  const settings = payElement(
    'pay-wallet-settings',
    { 'customer-id': me.customerId, 'card-id': state.card?.id },
    'wallet-settings',
  );

  const factors = payElement('pay-sca-factors', { 'customer-id': me.customerId }, 'sca-factors');
  // outside an SCA region there is no second factor to lose
  const recovery = me.sca
    ? payElement(
        'pay-account-recovery',
        // the sandbox's identity check passes four seconds after it starts (two steps of two): read it every
        // second meanwhile, as the payout step reads its wallet check, rather than every three (the default)
        { 'customer-id': me.customerId, 'poll-interval': '1000' },
        'account-recovery',
      )
    : undefined;

  // the passkey step lists the wallet's passkeys: keep it in step with what is added or removed here
  const passkeysChanged = (event: Event): void => {
    if ((event as CustomEvent<{ type?: string }>).detail?.type !== 'PASSKEY') return;
    void loadPasskeys().then(renderSteps);
  };
  methods.addEventListener('pay-credential-added', passkeysChanged);
  methods.addEventListener('pay-credential-removed', passkeysChanged);

  return h(
    'div',
    { class: 'stack' },
    card(undefined, sessions),
    h('div', { class: 'grid-2 grid-2--account' }, card(undefined, methods), card(undefined, settings)),
    recovery
      ? h('div', { class: 'grid-2 grid-2--account' }, card(undefined, factors), card(undefined, recovery))
      : card(undefined, factors),
    howItWorks([
      'Sessions: `GET /auth/sessions`; "Sign out" on another session is `DELETE /auth/sessions/{id}` signed by this session’s key; "Renew now" is `POST /auth/sessions/{id}/refresh`: a new key, a new session, the old key deleted. The client renews by itself a minute before expiry (`client.autoRefresh`).',
      'Sign out on this device: `DELETE /auth/sessions/{id}`, then the key and the stored record leave IndexedDB and every other tab hears it; the page returns to sign-in.',
      'Sign-in methods: `GET /auth/credentials`; adding one is a signed `POST /auth/credentials` (a sign-in provider with an identity token of the sandbox’s test identity provider) (a code method is then verified with its code, which signs you in with it); removing one is a signed `DELETE /auth/credentials/{id}` that the service accepts only from a session of another method.',
      'Wallet settings: privacy is a signed `PATCH /internal-accounts/{id}`; "Allow card payments" creates the card’s delegated key through a three-leg signed `POST /auth/delegated-keys` (the service needs an ACTIVE one before the wallet funds card spending).',
      'Payment confirmation: `GET /sca/factors` lists the factors; “Add authenticator app” is `POST /sca/factors` then `POST /sca/factors/confirm` with its first code (the sandbox takes `123456`); a passkey factor is removed with `DELETE /sca/factors/{credentialId}`. Outside an SCA region the service answers 409 and the element says no factor is needed.',
      'Account recovery (SCA regions): “Check my identity” is `POST /sca/factors/reset` for the factor the person lost; `GET /sca/factors/reset/{resetId}` is read again until the identity check passed (the sandbox passes it after about four seconds), then “Finish” is `POST /sca/factors/reset/{resetId}/complete`, with the new number for a lost phone.',
      'Every call goes through the platform proxy, which forwards it only for ids this visitor owns.',
    ]),
  );
}

/** This page's session was revoked from the account page (or signed out): back to sign-in. */
export function watchSessionRevocations(): void {
  document.addEventListener('pay-session-revoked', (event) => {
    if (!(event as CustomEvent<{ current?: boolean }>).detail?.current) return;
    toast(t('shell.signedOutToast'), 'success');
    if (state.step !== 'signin') go('signin');
  });
}
