/**
 * Step 1, create a customer: the platform's backend makes a sandbox customer with its credential (never
 * sent to the page), funds the wallet and starts the visitor's demo session (an HttpOnly cookie). A
 * visitor who signed out of the demo (or comes in another browser) signs in again here with
 * `<pay-sign-in>`: the lookup's grant lets the wallet proxy take the code before the demo knows them, and
 * the wallet sign-in gives them their demo session back.
 */
import { demoApi } from '../api.js';
import { h, icon } from '../dom.js';
import { money } from '../format.js';
import { continueButton, go, nextStep, renderSteps, renderTopbar, type Step } from '../shell.js';
import { forgetCustomer, state } from '../state.js';
import { localize, t } from '../i18n/translate.js';
import { card, describe, fact, howItWorks, initials, toast } from '../ui.js';
import { forgetWalletSession, loadWallet, refreshBalance } from '../wallet.js';
import { demoSignIn } from './signin.js';

export const customerStep: Step = {
  id: 'customer',
  icon: 'user',
  needs: 'nothing',
  done: () => !!state.me,
  render: customerPanel,
};

function customerPanel(): HTMLElement {
  const me = state.me;
  if (me) {
    return h(
      'div',
      { class: 'stack' },
      card(
        undefined,
        h(
          'div',
          { class: 'profile', testid: 'customer-summary' },
          h('span', { class: 'avatar avatar--large', text: initials(me), attrs: { 'aria-hidden': 'true' } }),
          h(
            'div',
            null,
            h('p', { class: 'profile__name', text: me.fullName || me.email }),
            me.fullName
              ? h('p', { class: 'muted', text: me.email })
              : h('p', { class: 'muted', t: 'customer.sandboxCustomer' }),
            h(
              'p',
              { class: 'badges' },
              h('span', { class: 'badge', text: me.regionName }),
              h('span', {
                class: `badge ${me.sca ? 'badge--warn' : 'badge--ok'}`,
                t: me.sca ? 'customer.sca' : 'customer.noSca',
              }),
              h('span', { class: 'badge', text: me.currency }),
              me.business ? h('span', { class: 'badge', t: 'customer.businessBadge' }) : null,
            ),
          ),
        ),
        h(
          'dl',
          { class: 'facts' },
          fact('fact.customer', me.customerId),
          fact('fact.embeddedWallet', me.accountId),
          fact('fact.method', t('fact.methodValue', { email: me.emailMasked })),
          fact('fact.balance', state.balance === undefined ? '—' : money(state.balance, me.currency)),
        ),
        h(
          'div',
          { class: 'actions' },
          continueButton(
            state.session ? nextStep() : 'signin',
            state.session ? 'shell.continue' : 'customer.continueSignin',
          ),
          h(
            'button',
            {
              class: 'button button--ghost',
              attrs: { type: 'button' },
              testid: 'start-over',
              on: { click: () => void startOver() },
            },
            h('span', { t: 'customer.startOver' }),
          ),
          h(
            'button',
            {
              class: 'button button--ghost',
              attrs: { type: 'button' },
              testid: 'sign-out-demo',
              on: { click: () => void signOutOfDemo() },
            },
            h('span', { t: 'customer.signOut' }),
          ),
        ),
      ),
      howItWorks([
        'The page posted `{email, region}` to `/api/demo/signup` on your backend.',
        'The backend called `POST /customers` on the sandbox with its platform credential and read the new `EMBEDDED_WALLET` account and its `EMAIL_OTP` credential.',
        'It funded the wallet (`POST /sandbox/internal-accounts/{id}/fund`) and set an HttpOnly, SameSite=Strict cookie naming your demo session.',
        'From now on the wallet proxy at `/api/wallet` forwards only calls about resources that session owns.',
      ]),
    );
  }

  const regions = state.config.regions;
  const email = h('input', {
    id: 'signup-email',
    class: 'input',
    attrs: {
      type: 'email',
      name: 'email',
      required: true,
      autocomplete: 'email',
      placeholder: 'you@example.com',
      spellcheck: 'false',
    },
  });
  const name = h('input', {
    id: 'signup-name',
    class: 'input',
    attrs: { type: 'text', name: 'fullName', autocomplete: 'name', placeholder: 'Alex Morgan', maxlength: 80 },
  });
  const phone = h('input', {
    id: 'signup-phone',
    class: 'input',
    attrs: { type: 'tel', name: 'phoneNumber', autocomplete: 'tel', placeholder: '+4915112345678', maxlength: 16 },
  });
  const region = h(
    'select',
    { id: 'signup-region', class: 'input', attrs: { name: 'region' } },
    regions.map((r) =>
      h('option', { attrs: { value: r.code }, text: `${r.name} (${r.currency})${r.sca ? ' · SCA' : ''}` }),
    ),
  );
  const submit = h(
    'button',
    { class: 'button button--primary button--wide', attrs: { type: 'submit' }, testid: 'signup-submit' },
    h('span', { t: 'customer.submit' }),
    icon('arrow'),
  );
  const kind = h(
    'select',
    { id: 'signup-kind', class: 'input', attrs: { name: 'customerType' } },
    h('option', { attrs: { value: 'INDIVIDUAL' }, t: 'customer.individual' }),
    h('option', { attrs: { value: 'BUSINESS' }, t: 'customer.business' }),
  );
  const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
  const scaNote = h('p', { class: 'field__hint' });
  const updateNote = (): void => {
    const r = regions.find((x) => x.code === region.value);
    localize(scaNote, r?.sca ? 'customer.scaEu' : 'customer.scaUs');
  };
  region.addEventListener('change', updateNote);
  updateNote();

  const form = h(
    'form',
    {
      class: 'form',
      attrs: { novalidate: true },
      testid: 'signup-form',
      on: {
        submit: (event) => {
          event.preventDefault();
          void signup();
        },
      },
    },
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-email' }, t: 'customer.email' }),
      email,
      h('p', { class: 'field__hint', t: 'customer.emailHint' }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-name' }, t: 'customer.name' }),
      name,
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-phone' }, t: 'customer.phone' }),
      phone,
      h('p', { class: 'field__hint', t: 'customer.phoneHint' }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-region' }, t: 'customer.region' }),
      region,
      scaNote,
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-kind' }, t: 'customer.kind' }),
      kind,
    ),
    error,
    submit,
  );

  async function signup(): Promise<void> {
    error.textContent = '';
    if (!email.checkValidity() || !email.value.trim()) {
      error.textContent = t('customer.invalidEmail');
      email.focus();
      return;
    }
    submit.setAttribute('disabled', '');
    submit.setAttribute('aria-busy', 'true');
    try {
      const me = await demoApi.signup({
        email: email.value,
        fullName: name.value,
        region: region.value,
        phoneNumber: phone.value,
        customerType: kind.value === 'BUSINESS' ? 'BUSINESS' : 'INDIVIDUAL',
      });
      await forgetWalletSession(); // a session of an earlier customer in this browser
      forgetCustomer();
      state.me = me;
      await refreshBalance();
      toast(t('customer.created', { currency: me.currency }), 'success');
      // EU customers onboard first (terms, contact details, KYC); a business names its owners
      go(me.sca ? 'terms' : me.business ? 'owners' : 'signin');
    } catch (e) {
      error.textContent = describe(e);
    } finally {
      submit.removeAttribute('disabled');
      submit.removeAttribute('aria-busy');
    }
  }

  const signIn = demoSignIn('returning-signin');
  signIn.addEventListener('pay-session', () => void welcomeBack());
  return h(
    'div',
    { class: 'stack' },
    h(
      'div',
      { class: 'grid-2' },
      card('customer.card', form),
      h(
        'aside',
        { class: 'card card--muted' },
        h('h2', { class: 'card__title', t: 'customer.inWalkthrough' }),
        h(
          'ul',
          { class: 'checklist' },
          (
            [
              'customer.plan1',
              'customer.plan2',
              'customer.plan3',
              'customer.plan4',
              'customer.plan5',
              'customer.plan6',
              'customer.plan7',
              'customer.plan8',
              'customer.plan9',
            ] as const
          ).map((key) => h('li', null, icon('check'), h('span', { t: key }))),
        ),
      ),
    ),
    card('customer.returning', signIn),
  );
}

/** After `<pay-sign-in>` on this step: the wallet proxy gave the demo session back; load the visitor. */
async function welcomeBack(): Promise<void> {
  const me = await demoApi.me();
  if (!me) {
    // a wallet of nobody the demo knows (for example a customer made before a restart)
    await forgetWalletSession();
    toast(t('customer.unknownWallet'), 'error');
    go('customer');
    return;
  }
  state.me = me;
  state.session = state.client.session;
  await loadWallet();
  renderTopbar();
  renderSteps();
  toast(t('customer.welcome', { name: me.fullName || me.email }), 'success');
  go(nextStep());
}

/** Signs the wallet out and ends the demo session in this browser; the customer stays, to sign in again. */
function signOutOfDemo(): Promise<void> {
  return leave(demoApi.signout);
}

/** Signs the wallet out, forgets the demo session (cookie) and starts again from step 1. */
function startOver(): Promise<void> {
  return leave(demoApi.reset);
}

/** Signs the wallet out, ends the demo session the server's way (`end`), and shows step 1 to nobody. */
async function leave(end: () => Promise<void>): Promise<void> {
  await forgetWalletSession();
  await end().catch(() => undefined);
  forgetCustomer();
  renderTopbar();
  go('customer');
}
