/**
 * Step 2, sign in: `<pay-sign-in>` from the email address (or phone number): the demo backend's lookup
 * (`POST /api/demo/sign-in/lookup`) names the wallet's methods, and the element offers them, a passkey
 * first once the wallet has one, then the email code, and "Continue with Sandbox ID" (OAuth through the
 * sandbox's test identity provider, in a popup, or through a redirect and back where popups are
 * blocked) once the wallet has that method; the session key is made in this browser and never leaves it.
 */
import { h, icon } from '../dom.js';
import { methodLabel, relative, shortId } from '../format.js';
import { continueButton, nextStep, type Step } from '../shell.js';
import { state } from '../state.js';
import { t } from '../i18n/translate.js';
import { card, fact, howItWorks, payElement } from '../ui.js';

export const signinStep: Step = {
  id: 'signin',
  icon: 'mail',
  needs: 'customer',
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
          // focused after a sign-in: "You're signed in" and the session's terms are read first
          { class: 'success-banner', testid: 'signed-in', attrs: { tabindex: '-1', 'data-focus-result': '' } },
          h('span', { class: 'success-banner__icon' }, icon('check')),
          h(
            'div',
            null,
            h('p', { class: 'success-banner__title', t: 'signin.done' }),
            h('p', {
              class: 'muted',
              t: [
                state.client.autoRefresh ? 'signin.doneRefreshed' : 'signin.doneText',
                { method: methodLabel(state.session.type), when: relative(state.session.expiresAt) },
              ],
            }),
          ),
        ),
        h(
          'dl',
          { class: 'facts' },
          fact('fact.session', state.session.id, 'signin-session-id'),
          fact('fact.expires', new Date(state.session.expiresAt).toLocaleString(document.documentElement.lang)),
        ),
        h('div', { class: 'actions' }, continueButton(nextStep())),
      ),
      signinHow(),
    );
  }

  const signIn = demoSignIn('signin', me.region);
  prefillEmail(signIn, me.email);
  return h(
    'div',
    { class: 'stack' },
    h(
      'div',
      { class: 'grid-2' },
      card('signin.card', signIn),
      h(
        'aside',
        { class: 'card card--muted' },
        h('h2', { class: 'card__title', t: 'signin.to' }),
        h(
          'dl',
          { class: 'facts facts--compact' },
          fact('fact.email', me.emailMasked),
          fact('fact.wallet', shortId(me.accountId)),
          fact('fact.region', me.regionName),
          fact('fact.passkeys', String(state.passkeys.length)),
        ),
      ),
    ),
    signinHow(),
  );
}

/**
 * `<pay-sign-in>` as the demo uses it: the visitor types their email (or phone), the demo backend's
 * lookup answers with the wallet's methods (passkey first where the browser has one, then the email or
 * text code, then the sandbox's test identity provider once the wallet has that method) and grants this
 * browser those credentials' sign-in calls; the demo's passkey step adds passkeys, so the element's own
 * add-passkey prompt is off. Also used on the first step by a visitor coming back signed out.
 */
export function demoSignIn(testid: string, defaultCountry?: string): HTMLElement {
  const signIn = payElement(
    'pay-sign-in',
    { 'lookup-url': '/api/demo/sign-in/lookup', 'no-passkey-prompt': '', 'default-country': defaultCountry },
    testid,
  );
  // the demo's one OAuth provider, the sandbox's test identity provider (own origin, approves at once)
  const { issuer, authorizationEndpoint, clientId, redirectUri } = state.config.oauth;
  (signIn as HTMLElement & { oauthProviders?: Record<string, unknown> }).oauthProviders = {
    sandbox: { issuer, displayName: 'Sandbox ID', authorizationEndpoint, clientId, redirectUri, params: { auto: '1' } },
  };
  signIn.append(
    h('span', { class: 'muted', attrs: { slot: 'brand' }, t: 'signin.brand' }),
    h(
      'p',
      { class: 'hint', attrs: { slot: 'footer' } },
      icon('info'),
      h('span', { t: ['signin.hint', { code: state.config.hints.otpCode }] }),
    ),
  );
  return signIn;
}

/**
 * Puts the email the customer step signed up with into `<pay-sign-in>`'s field (it renders the field in
 * its light DOM, a moment after it connects), so it is not typed twice. Only an empty field is filled:
 * what a person (or the browser's autofill) already put there stays.
 */
function prefillEmail(signIn: HTMLElement, email: string): void {
  const fill = (): boolean => {
    const input = signIn.querySelector<HTMLInputElement>('input[type="email"]');
    if (!input) return false;
    if (!input.value) {
      input.value = email;
      input.dispatchEvent(new Event('input', { bubbles: true })); // the element hears it as typed
    }
    return true;
  };
  if (fill()) return;
  const observer = new MutationObserver(() => {
    if (fill()) observer.disconnect();
  });
  observer.observe(signIn, { childList: true, subtree: true });
}

function signinHow(): HTMLElement {
  return howItWorks([
    '`POST /auth/credentials/{id}/challenge` returns an encryption target signed by the wallet enclave; the client checks the signature against the pinned enclave keys.',
    'The client makes a P-256 session key (non-extractable, in IndexedDB) and seals the code to the target with HPKE.',
    '`POST /auth/credentials/{id}/verify` answers 202 with a payload to sign; the retry, stamped by the new key, returns the session.',
    'Reload the page: the session comes back from IndexedDB, no new sign-in needed.',
  ]);
}
