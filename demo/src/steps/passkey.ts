/**
 * Step 3, passkey: `<pay-passkey-login mode="register">` adds a passkey to the wallet (signed by the
 * current session), then `mode="login"` signs in with it: a new session with a new key.
 */
import { h, icon, mount } from '../dom.js';
import { shortId } from '../format.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { t } from '../i18n/translate.js';
import { card, howItWorks, payElement, toast } from '../ui.js';

export const passkeyStep: Step = {
  id: 'passkey',
  icon: 'key',
  needs: 'session',
  done: () => state.passkeys.length > 0 && (state.passkeySignedIn || state.session?.type === 'PASSKEY'),
  render: passkeyPanel,
};

function passkeyPanel(): HTMLElement {
  const me = state.me!;
  const register = payElement(
    'pay-passkey-login',
    { mode: 'register', 'user-name': me.email, nickname: 'Paykit demo passkey' },
    'passkey-register',
  );
  const loginSlot = h('div', { class: 'slot' });
  const list = h('div', { class: 'slot' });

  const renderLogin = (): void => {
    const passkey = state.passkeys[0];
    mount(
      loginSlot,
      passkey
        ? [
            h('p', { class: 'muted', t: 'passkey.signInText' }),
            payElement('pay-passkey-login', { mode: 'login', 'auth-method-id': passkey.id }, 'passkey-login'),
          ]
        : h('p', { class: 'muted', t: 'passkey.first' }),
    );
    mount(
      list,
      state.passkeys.length
        ? h(
            'ul',
            { class: 'mini-list', testid: 'passkey-list' },
            state.passkeys.map((p) =>
              h(
                'li',
                null,
                icon('key'),
                h('span', { text: p.nickname ?? 'Passkey' }),
                h('span', { class: 'mono muted', text: shortId(p.id) }),
              ),
            ),
          )
        : null,
    );
  };
  renderLogin();

  register.addEventListener('pay-passkey-registered', (event) => {
    const { authMethodId, nickname } = (event as CustomEvent<{ authMethodId: string; nickname?: string }>).detail;
    state.passkeys = [
      {
        id: authMethodId,
        accountId: me.accountId,
        type: 'PASSKEY',
        ...(nickname ? { nickname } : {}),
        createdAt: new Date().toISOString(),
      },
      ...state.passkeys,
    ];
    renderLogin();
    renderSteps();
    toast(t('passkey.added'), 'success');
  });
  loginSlot.addEventListener('pay-session', () => {
    state.passkeySignedIn = true;
    renderSteps();
    toast(t('passkey.signedIn'), 'success');
  });

  return h(
    'div',
    { class: 'stack' },
    h(
      'div',
      { class: 'grid-2' },
      card('passkey.create', h('p', { class: 'muted', t: 'passkey.createText' }), register, list),
      card('passkey.signIn', loginSlot),
    ),
    h('div', { class: 'actions' }, continueButton('export')),
    howItWorks([
      'Register: `navigator.credentials.create` for RP id `localhost`, then `POST /auth/credentials` `{type: "PASSKEY"}` as a signed retry stamped by the current session key.',
      'Sign in: a new session key, `POST /auth/credentials/{id}/challenge` binds it, `navigator.credentials.get` signs the challenge, `verify` returns the session.',
      'The proxy learns the new passkey’s id from its answer, so only you can use it.',
    ]),
  );
}
