/**
 * Step 3, passkey: `<pay-passkey-login mode="register">` adds a passkey to the wallet (signed by the
 * current session), then `mode="login"` signs in with it: a new session with a new key.
 */
import { h, icon, mount } from '../dom.js';
import { shortId } from '../format.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state } from '../state.js';
import { card, howItWorks, payElement, toast } from '../ui.js';

export const passkeyStep: Step = {
  id: 'passkey',
  title: 'Passkey',
  subtitle: 'Register, then sign in',
  icon: 'key',
  needs: 'session',
  lead: 'Add a passkey to the wallet (signed with the current session), then use it to sign in: a new session, a new key, no code to type.',
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
            h('p', {
              class: 'muted',
              text: 'Sign in with the passkey you just made. You get a new session with a new key.',
            }),
            payElement('pay-passkey-login', { mode: 'login', 'auth-method-id': passkey.id }, 'passkey-login'),
          ]
        : h('p', { class: 'muted', text: 'Create a passkey first; then sign in with it here.' }),
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
    toast('Passkey added to your wallet', 'success');
  });
  loginSlot.addEventListener('pay-session', () => {
    state.passkeySignedIn = true;
    renderSteps();
    toast('Signed in with your passkey: new session', 'success');
  });

  return h(
    'div',
    { class: 'stack' },
    h(
      'div',
      { class: 'grid-2' },
      card(
        '1 · Create a passkey',
        h('p', {
          class: 'muted',
          text: 'Your browser or password manager stores it; the wallet keeps only its public key.',
        }),
        register,
        list,
      ),
      card('2 · Sign in with it', loginSlot),
    ),
    h('div', { class: 'actions' }, continueButton('export')),
    howItWorks([
      'Register: `navigator.credentials.create` for RP id `localhost`, then `POST /auth/credentials` `{type: "PASSKEY"}` as a signed retry stamped by the current session key.',
      'Sign in: a new session key, `POST /auth/credentials/{id}/challenge` binds it, `navigator.credentials.get` signs the challenge, `verify` returns the session.',
      'The proxy learns the new passkey’s id from its answer, so only you can use it.',
    ]),
  );
}
