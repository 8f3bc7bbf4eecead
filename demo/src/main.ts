/**
 * The Paykit Wallet demo page: a platform's wallet area built from the five Paykit elements and one
 * `WalletClient` that talks to the platform proxy at `/api/wallet`. Seven steps: create a sandbox
 * customer, sign in with an email code, add a passkey, export the recovery phrase, issue and reveal a
 * card, pay (with Strong Customer Authentication for EU customers), manage sessions.
 *
 * Nothing secret is put in the URL, in web storage or in the console: the session key lives in
 * IndexedDB as a non-extractable CryptoKey (managed by crypto-core), the platform session is an
 * HttpOnly cookie, the PAN URL goes straight into the sandboxed frame.
 */
import './styles.css';
import '@paykit/elements/define';
import {
  PayError,
  WalletClient,
  fetchTransport,
  nextQuoteStep,
  type AuthMethod,
  type AuthSession,
  type CurrentSession,
  type Quote,
} from '@paykit/crypto-core';
import { setDefaultClient } from '@paykit/elements';
import { demoApi, DemoApiError, type DemoConfig, type Profile } from './api.js';
import { h, icon, mount, type ICONS } from './dom.js';
import { methodLabel, money, parseAmount, relative, shortId, time } from './format.js';

// ---- steps ---------------------------------------------------------------------------------------

type StepId = 'customer' | 'signin' | 'passkey' | 'export' | 'card' | 'pay' | 'sessions';
type Needs = 'nothing' | 'customer' | 'session';

interface Step {
  id: StepId;
  title: string;
  subtitle: string;
  icon: keyof typeof ICONS;
  needs: Needs;
}

const STEPS: Step[] = [
  {
    id: 'customer',
    title: 'Create a customer',
    subtitle: 'Sandbox customer and wallet',
    icon: 'user',
    needs: 'nothing',
  },
  { id: 'signin', title: 'Sign in', subtitle: 'Email one-time code', icon: 'mail', needs: 'customer' },
  { id: 'passkey', title: 'Passkey', subtitle: 'Register, then sign in', icon: 'key', needs: 'session' },
  { id: 'export', title: 'Recovery phrase', subtitle: 'Export the wallet', icon: 'wallet', needs: 'session' },
  { id: 'card', title: 'Virtual card', subtitle: 'Issue and reveal', icon: 'card', needs: 'session' },
  { id: 'pay', title: 'Payment', subtitle: 'Quote, authorize, sign', icon: 'send', needs: 'session' },
  { id: 'sessions', title: 'Sessions', subtitle: 'Refresh and sign out', icon: 'list', needs: 'session' },
];

const PAYEES = [
  { label: 'Corner Café', uma: '$corner.cafe@shops.example' },
  { label: 'City Books', uma: '$city.books@shops.example' },
  { label: 'Greenline Energy', uma: '$billing@greenline.example' },
];

// ---- state ---------------------------------------------------------------------------------------

interface Card {
  id: string;
  state: string;
  last4?: string;
  brand?: string;
  currency?: string;
  createdAt?: string;
}

type PaymentPhase = 'form' | 'quoting' | 'review' | 'executing' | 'settling' | 'done' | 'failed';

interface Payment {
  phase: PaymentPhase;
  quote?: Quote;
  payee?: (typeof PAYEES)[number];
  error?: string;
  /** One key per payment attempt: a retried request is not a second payment. */
  quoteKey: string;
  executeKey: string;
  /** The quote was stamped and executed (a wallet send in an SCA region then waits for its authorization). */
  signed: boolean;
  authorized: boolean;
}

const state = {
  config: undefined as unknown as DemoConfig,
  client: undefined as unknown as WalletClient,
  me: undefined as Profile | undefined,
  session: undefined as CurrentSession | undefined,
  balance: undefined as number | undefined,
  passkeys: [] as AuthMethod[],
  card: undefined as Card | undefined,
  step: 'customer' as StepId,
  exported: false,
  paid: false,
  passkeySignedIn: false,
  payment: newPayment(),
  sessions: [] as AuthSession[],
};

function newPayment(): Payment {
  return {
    phase: 'form',
    quoteKey: crypto.randomUUID(),
    executeKey: crypto.randomUUID(),
    signed: false,
    authorized: false,
  };
}

const $ = <T extends Element = HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`missing ${selector}`);
  return el;
};

// ---- theme ---------------------------------------------------------------------------------------

type Theme = 'light' | 'dark';
const THEME_KEY = 'paykit-demo-theme'; // a display preference, nothing secret

function currentTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
  for (const el of document.querySelectorAll(
    'pay-otp-login, pay-passkey-login, pay-wallet-export, pay-card-reveal, pay-sca-challenge',
  ))
    el.setAttribute('theme', theme);
  const button = $('[data-action="theme"]');
  button.setAttribute('aria-label', theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
}

/** A Paykit element, created with the page's theme. */
function payElement(tag: string, attrs: Record<string, string | undefined> = {}, testid?: string): HTMLElement {
  return h(tag, {
    attrs: { ...attrs, theme: document.documentElement.dataset['theme'] },
    ...(testid ? { testid } : {}),
  });
}

// ---- toasts and errors ---------------------------------------------------------------------------

function toast(message: string, kind: 'info' | 'error' | 'success' = 'info'): void {
  const region = $('[data-slot="toasts"]');
  const item = h(
    'div',
    { class: `toast toast--${kind}`, attrs: { role: kind === 'error' ? 'alert' : 'status' } },
    icon(kind === 'error' ? 'alert' : kind === 'success' ? 'check' : 'info'),
    h('span', { text: message }),
  );
  region.appendChild(item);
  setTimeout(() => item.classList.add('toast--leaving'), 5200);
  setTimeout(() => item.remove(), 5600);
}

function describe(error: unknown): string {
  if (error instanceof PayError) {
    const reason = typeof error.details?.['reason'] === 'string' ? ` (${error.details['reason']})` : '';
    return `${error.message}${reason} [${error.code}]`;
  }
  if (error instanceof DemoApiError) return `${error.message} [${error.code}]`;
  return error instanceof Error ? error.message : 'Something went wrong';
}

// ---- wallet calls the client has no method for ----------------------------------------------------

async function refreshBalance(): Promise<void> {
  const me = state.me;
  if (!me) return;
  try {
    const page = await state.client.request<{ data: { id: string; balance?: { amount?: number } }[] }>(
      'GET',
      '/customers/internal-accounts',
      { query: { customerId: me.customerId } },
    );
    const wallet = page.data.find((a) => a.id === me.accountId);
    if (typeof wallet?.balance?.amount === 'number') state.balance = wallet.balance.amount;
  } catch {
    // the header simply keeps the last known balance
  }
  renderTopbar();
}

async function loadPasskeys(): Promise<void> {
  if (!state.me) return;
  try {
    const credentials = await state.client.listCredentials(state.me.accountId);
    state.passkeys = credentials
      .filter((c) => c.type === 'PASSKEY')
      .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  } catch {
    state.passkeys = [];
  }
}

async function loadCard(): Promise<void> {
  const id = state.me?.cardIds.at(-1);
  if (!id) return;
  try {
    state.card = await state.client.request<Card>('GET', `/cards/${encodeURIComponent(id)}`);
  } catch {
    state.card = undefined;
  }
}

// ---- layout --------------------------------------------------------------------------------------

function stepAvailable(step: Step): boolean {
  if (step.needs === 'customer') return !!state.me;
  if (step.needs === 'session') return !!state.me && !!state.session;
  return true;
}

function stepDone(id: StepId): boolean {
  switch (id) {
    case 'customer':
      return !!state.me;
    case 'signin':
      return !!state.session;
    case 'passkey':
      return state.passkeys.length > 0 && (state.passkeySignedIn || state.session?.type === 'PASSKEY');
    case 'export':
      return state.exported;
    case 'card':
      return state.card?.state === 'ACTIVE';
    case 'pay':
      return state.paid;
    case 'sessions':
      return false;
  }
}

function renderSteps(): void {
  const list = $('[data-slot="steps"]');
  mount(
    list,
    STEPS.map((step, index) => {
      const available = stepAvailable(step);
      const done = stepDone(step.id);
      const current = state.step === step.id;
      return h(
        'li',
        { class: 'steps__item' },
        h(
          'a',
          {
            class: `step${current ? ' step--current' : ''}${done ? ' step--done' : ''}${available ? '' : ' step--locked'}`,
            attrs: { href: `#${step.id}`, 'aria-current': current ? 'step' : undefined },
            testid: `nav-${step.id}`,
          },
          h(
            'span',
            { class: 'step__marker', attrs: { 'aria-hidden': 'true' } },
            done ? icon('check') : available ? String(index + 1) : icon('lock'),
          ),
          h(
            'span',
            { class: 'step__text' },
            h('span', { class: 'step__title', text: step.title }),
            h('span', { class: 'step__subtitle', text: done ? `${step.subtitle} · done` : step.subtitle }),
          ),
        ),
      );
    }),
  );
}

function renderTopbar(): void {
  const slot = $('[data-slot="topbar"]');
  const { me, session } = state;
  if (!me) {
    mount(slot, h('span', { class: 'topbar__hint', text: 'No customer yet' }));
    return;
  }
  mount(
    slot,
    h(
      'div',
      { class: 'account-chip', attrs: { title: `${me.email} · ${me.regionName}` } },
      h('span', { class: 'avatar', text: initials(me), attrs: { 'aria-hidden': 'true' } }),
      h(
        'span',
        { class: 'account-chip__text' },
        h('span', { class: 'account-chip__email', text: me.email }),
        h('span', { class: 'account-chip__meta', text: `${me.regionName}${me.sca ? ' · SCA' : ''}` }),
      ),
    ),
    h(
      'div',
      { class: 'balance', testid: 'balance' },
      h('span', { class: 'balance__label', text: 'Balance' }),
      h('span', {
        class: 'balance__value',
        text: state.balance === undefined ? '—' : money(state.balance, me.currency),
      }),
    ),
    h(
      'div',
      {
        class: `session-pill ${session ? 'session-pill--on' : 'session-pill--off'}`,
        testid: 'session-status',
        attrs: {
          'data-state': session ? 'signed-in' : 'signed-out',
          'data-session-id': session?.id,
          title: session ? `Session ${session.id}` : 'No wallet session',
        },
      },
      h('span', { class: 'dot', attrs: { 'aria-hidden': 'true' } }),
      h(
        'span',
        null,
        session ? 'Signed in' : 'Signed out',
        session
          ? h('span', {
              class: 'session-pill__detail',
              text: ` · ${methodLabel(session.type)} · until ${time(session.expiresAt)}`,
            })
          : null,
      ),
    ),
  );
}

function initials(me: Profile): string {
  const source = me.fullName || me.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (me.fullName ? (parts[1]?.[0] ?? '') : '')).toUpperCase();
}

function go(step: StepId): void {
  if (location.hash !== `#${step}`) location.hash = step;
  else show(step);
}

function show(step: StepId, options: { focus?: boolean } = {}): void {
  state.step = step;
  renderSteps();
  const main = $('main');
  mount(main, panel(step));
  if (options.focus !== false) main.focus({ preventScroll: true });
  window.scrollTo({ top: 0 });
}

function stepFromHash(): StepId | undefined {
  const id = location.hash.slice(1);
  return STEPS.find((s) => s.id === id)?.id;
}

/** The first step that still needs doing. */
function nextStep(): StepId {
  if (!state.me) return 'customer';
  if (!state.session) return 'signin';
  return STEPS.find((s) => s.needs === 'session' && !stepDone(s.id))?.id ?? 'sessions';
}

// ---- panels ----------------------------------------------------------------------------------------

function panel(id: StepId): HTMLElement {
  const index = STEPS.findIndex((s) => s.id === id);
  const step = STEPS[index]!;
  const body = stepAvailable(step) ? BUILDERS[id]() : lockedBody(step);
  return h(
    'section',
    { class: 'panel', attrs: { 'aria-labelledby': `title-${id}`, 'data-step': id }, testid: `panel-${id}` },
    h(
      'header',
      { class: 'panel__header' },
      h('p', { class: 'eyebrow', text: `Step ${index + 1} of ${STEPS.length}` }),
      h('h1', { id: `title-${id}`, text: step.title }),
      h('p', { class: 'lead', text: LEADS[id] }),
    ),
    body,
  );
}

const LEADS: Record<StepId, string> = {
  customer:
    'Your backend creates a sandbox customer with its platform credential, which never reaches this page. The customer gets an embedded wallet, an email sign-in method and 5,000.00 to spend.',
  signin:
    'The code is sealed to a fresh, non-extractable session key made in this browser. The key signs every wallet action after sign-in; the service never sees it.',
  passkey:
    'Add a passkey to the wallet (signed with the current session), then use it to sign in: a new session, a new key, no code to type.',
  export:
    'The recovery phrase is encrypted by the wallet enclave to a one-time key made here, and decrypted only in this page. It is masked until you reveal it and wiped when you are done.',
  card: 'Issue a virtual card funded by the wallet, then show its details. Number and security code come from the card issuer’s own origin in a sandboxed frame: they never touch this page’s scripts.',
  pay: 'A payment is a quote, signed by your session key. Customers in the EU then confirm it with Strong Customer Authentication before any money moves.',
  sessions:
    'Every sign-in is a wallet session with its own key. Rotate the key, see where you are signed in, and sign out.',
};

function lockedBody(step: Step): HTMLElement {
  const needsCustomer = !state.me;
  return h(
    'div',
    { class: 'card card--empty', testid: 'locked' },
    h('div', { class: 'empty-icon' }, icon('lock')),
    h('h2', { text: needsCustomer ? 'Create a customer first' : 'Sign in to continue' }),
    h('p', {
      class: 'muted',
      text: needsCustomer
        ? 'This step works on a sandbox customer’s wallet. It takes a few seconds to make one.'
        : `“${step.title}” uses your wallet session. Sign in with the email code (or your passkey) first.`,
    }),
    h(
      'button',
      {
        class: 'button button--primary',
        attrs: { type: 'button' },
        on: { click: () => go(needsCustomer ? 'customer' : 'signin') },
      },
      needsCustomer ? 'Create a customer' : 'Go to sign-in',
      icon('arrow'),
    ),
  );
}

function card(title: string | undefined, ...children: (Node | string | false | null | undefined)[]): HTMLElement {
  return h('div', { class: 'card' }, title ? h('h2', { class: 'card__title', text: title }) : null, ...children);
}

function howItWorks(lines: string[]): HTMLElement {
  return h(
    'details',
    { class: 'how' },
    h('summary', null, icon('info'), 'What happens under the hood'),
    h(
      'ol',
      { class: 'how__list' },
      lines.map((line) => h('li', null, ...codeSpans(line))),
    ),
  );
}

/** `text with \`code\`` → text and <code> nodes. */
function codeSpans(line: string): (string | HTMLElement)[] {
  return line.split('`').map((part, i) => (i % 2 ? h('code', { text: part }) : part));
}

function continueButton(to: StepId, label = 'Continue'): HTMLElement {
  return h(
    'button',
    {
      class: 'button button--primary',
      attrs: { type: 'button' },
      testid: `continue-${to}`,
      on: { click: () => go(to) },
    },
    label,
    icon('arrow'),
  );
}

const BUILDERS: Record<StepId, () => HTMLElement> = {
  customer: customerPanel,
  signin: signinPanel,
  passkey: passkeyPanel,
  export: exportPanel,
  card: cardPanel,
  pay: payPanel,
  sessions: sessionsPanel,
};

// 1. customer -----------------------------------------------------------------------------------------

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
            h('p', { class: 'muted', text: me.fullName ? me.email : 'Sandbox customer' }),
            h(
              'p',
              { class: 'badges' },
              h('span', { class: 'badge', text: me.regionName }),
              h('span', {
                class: `badge ${me.sca ? 'badge--warn' : 'badge--ok'}`,
                text: me.sca ? 'Strong Customer Authentication' : 'No SCA',
              }),
              h('span', { class: 'badge', text: me.currency }),
            ),
          ),
        ),
        h(
          'dl',
          { class: 'facts' },
          fact('Customer', me.customerId),
          fact('Embedded wallet', me.accountId),
          fact('Sign-in method', `Email code to ${me.emailMasked}`),
          fact('Balance', state.balance === undefined ? '—' : money(state.balance, me.currency)),
        ),
        h(
          'div',
          { class: 'actions' },
          continueButton(state.session ? nextStep() : 'signin', state.session ? 'Continue' : 'Continue to sign-in'),
          h(
            'button',
            {
              class: 'button button--ghost',
              attrs: { type: 'button' },
              testid: 'start-over',
              on: { click: () => void startOver() },
            },
            'Start over with a new customer',
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
    'Create customer',
    icon('arrow'),
  );
  const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
  const scaNote = h('p', { class: 'field__hint' });
  const updateNote = (): void => {
    const r = regions.find((x) => x.code === region.value);
    scaNote.textContent = r?.sca
      ? 'EU customers confirm payments with Strong Customer Authentication.'
      : 'US customers pay without an extra confirmation step.';
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
      h('label', { class: 'label', attrs: { for: 'signup-email' }, text: 'Email' }),
      email,
      h('p', { class: 'field__hint', text: 'The sandbox never sends mail: the code is always shown in the sidebar.' }),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-name' }, text: 'Full name (optional)' }),
      name,
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'label', attrs: { for: 'signup-region' }, text: 'Region' }),
      region,
      scaNote,
    ),
    error,
    submit,
  );

  async function signup(): Promise<void> {
    error.textContent = '';
    if (!email.checkValidity() || !email.value.trim()) {
      error.textContent = 'Enter a valid email address.';
      email.focus();
      return;
    }
    submit.setAttribute('disabled', '');
    submit.setAttribute('aria-busy', 'true');
    try {
      const me = await demoApi.signup({ email: email.value, fullName: name.value, region: region.value });
      await forgetWalletSession(); // a session of an earlier customer in this browser
      state.me = me;
      state.passkeys = [];
      state.card = undefined;
      state.exported = state.paid = state.passkeySignedIn = false;
      state.payment = newPayment();
      state.balance = undefined;
      await refreshBalance();
      toast(`Customer created with a funded ${me.currency} wallet`, 'success');
      go('signin');
    } catch (e) {
      error.textContent = describe(e);
    } finally {
      submit.removeAttribute('disabled');
      submit.removeAttribute('aria-busy');
    }
  }

  return h(
    'div',
    { class: 'grid-2' },
    card('New sandbox customer', form),
    h(
      'aside',
      { class: 'card card--muted' },
      h('h2', { class: 'card__title', text: 'In this walkthrough' }),
      h(
        'ul',
        { class: 'checklist' },
        [
          'Sign in with an email code',
          'Add a passkey and sign in with it',
          'Export the recovery phrase',
          'Issue a card and reveal its number',
          'Pay, with SCA for EU customers',
          'Rotate the session key, sign out',
        ].map((text) => h('li', null, icon('check'), text)),
      ),
    ),
  );
}

/** A label and value; ids (`Type:…`) are set in the monospace font. */
function fact(label: string, value: string, testid?: string): HTMLElement {
  const id = /^[A-Za-z]+:[0-9a-f]{4,}/.test(value);
  return h(
    'div',
    { class: 'fact' },
    h('dt', { text: label }),
    h('dd', { class: id ? 'mono' : '', text: value, ...(testid ? { testid } : {}) }),
  );
}

async function startOver(): Promise<void> {
  await forgetWalletSession();
  await demoApi.reset().catch(() => undefined);
  state.me = undefined;
  state.balance = undefined;
  state.passkeys = [];
  state.card = undefined;
  state.exported = state.paid = state.passkeySignedIn = false;
  state.payment = newPayment();
  renderTopbar();
  go('customer');
}

/** Signs the wallet out locally and, when the proxy still allows it, on the service. */
async function forgetWalletSession(): Promise<void> {
  try {
    await state.client.logout();
  } catch {
    // the local key and record are gone even when the service call failed
  }
}

// 2. sign in -------------------------------------------------------------------------------------------

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
              text: `${methodLabel(state.session.type)} session, expires ${relative(state.session.expiresAt)} and is refreshed automatically.`,
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

// 3. passkey ---------------------------------------------------------------------------------------------

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
            payElement('pay-passkey-login', { mode: 'login', 'credential-id': passkey.id }, 'passkey-login'),
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
    const { credentialId, nickname } = (event as CustomEvent<{ credentialId: string; nickname?: string }>).detail;
    state.passkeys = [
      {
        id: credentialId,
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

// 4. export -----------------------------------------------------------------------------------------------

function exportPanel(): HTMLElement {
  const exporter = payElement('pay-wallet-export', { 'reveal-timeout': '120' }, 'wallet-export');
  exporter.addEventListener('pay-export-complete', () => {
    state.exported = true;
    renderSteps();
  });
  return h(
    'div',
    { class: 'stack' },
    card('Recovery phrase', exporter),
    h('div', { class: 'actions' }, continueButton('card')),
    howItWorks([
      'A one-time P-256 key is made in this page; `POST /internal-accounts/{id}/export` sends its public half, stamped by your session key.',
      'The enclave encrypts the 12 words to it and signs the bundle; the client checks the signature against the pinned enclave keys, then decrypts.',
      'The words are masked until you press Reveal, and are wiped on Done, after two minutes, or when you leave the tab.',
    ]),
  );
}

// 5. card ---------------------------------------------------------------------------------------------------

let cardIssueKey: string | undefined;

function cardPanel(): HTMLElement {
  const slot = h('div', { class: 'stack' });
  const render = (): void => {
    const c = state.card;
    if (!c) {
      const button = h(
        'button',
        { class: 'button button--primary', attrs: { type: 'button' }, testid: 'card-issue' },
        icon('card'),
        'Issue virtual card',
      );
      button.addEventListener('click', () => void issue(button));
      mount(
        slot,
        card(
          'Virtual card',
          h(
            'div',
            { class: 'card-art card-art--ghost', attrs: { 'aria-hidden': 'true' } },
            h('span', { class: 'card-art__brand', text: 'Paykit' }),
            h('span', { class: 'card-art__number', text: '•••• •••• •••• ••••' }),
          ),
          h('p', {
            class: 'muted',
            text: 'A virtual Visa debit card spending from your wallet. Activation takes about a second.',
          }),
          button,
        ),
      );
      return;
    }
    const active = c.state === 'ACTIVE';
    const reveal = payElement(
      'pay-card-reveal',
      { 'card-id': c.id, 'allowed-origins': state.config.panOrigin },
      'card-reveal',
    );
    mount(
      slot,
      h(
        'div',
        { class: 'grid-2 grid-2--card' },
        card(
          undefined,
          h(
            'div',
            {
              class: 'card-art',
              attrs: { role: 'img', 'aria-label': `${c.brand ?? 'Visa'} card ending in ${c.last4 ?? '••••'}` },
            },
            h('span', { class: 'card-art__brand', text: 'Paykit' }),
            h('span', { class: 'card-art__chip', attrs: { 'aria-hidden': 'true' } }),
            h('span', { class: 'card-art__number', text: `•••• •••• •••• ${c.last4 ?? '••••'}` }),
            h('span', { class: 'card-art__name', text: (state.me?.fullName || state.me?.email || '').toUpperCase() }),
            h('span', { class: 'card-art__network', text: c.brand ?? 'VISA' }),
          ),
          h(
            'dl',
            { class: 'facts facts--compact' },
            fact('Card', c.id),
            h(
              'div',
              { class: 'fact' },
              h('dt', { text: 'State' }),
              h(
                'dd',
                null,
                h('span', {
                  class: `badge ${active ? 'badge--ok' : 'badge--warn'}`,
                  testid: 'card-state',
                  text: c.state,
                }),
              ),
            ),
          ),
        ),
        card(
          'Card details',
          active
            ? reveal
            : h(
                'p',
                { class: 'muted' },
                h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
                ' Activating your card…',
              ),
          h(
            'p',
            { class: 'hint' },
            icon('shield'),
            'Shown from ',
            h('code', { text: state.config.panOrigin }),
            ' in a sandboxed frame, hidden automatically after two minutes.',
          ),
        ),
      ),
    );
  };

  async function issue(button: HTMLElement): Promise<void> {
    const me = state.me!;
    button.setAttribute('disabled', '');
    button.setAttribute('aria-busy', 'true');
    cardIssueKey ??= crypto.randomUUID(); // kept until success: a retry after a network error is not a second card
    try {
      const created = await state.client.request<Card>('POST', '/cards', {
        body: {
          fundingSource: me.accountId,
          customerId: me.customerId,
          platformCardId: `demo-card-${crypto.randomUUID().slice(0, 8)}`,
        },
        headers: { 'Idempotency-Key': cardIssueKey },
      });
      cardIssueKey = undefined;
      state.card = created;
      state.me = { ...me, cardIds: [...me.cardIds, created.id] };
      render();
      await waitForCard(created.id);
      render();
      renderSteps();
      if (state.card?.state === 'ACTIVE') toast('Card issued and active', 'success');
    } catch (e) {
      toast(describe(e), 'error');
      button.removeAttribute('disabled');
      button.removeAttribute('aria-busy');
    }
  }

  render();
  if (state.card && state.card.state === 'PROCESSING') void waitForCard(state.card.id).then(render);
  return h(
    'div',
    { class: 'stack' },
    slot,
    h('div', { class: 'actions' }, continueButton('pay')),
    howItWorks([
      '`POST /cards` with an `Idempotency-Key` through the proxy; the card starts `PROCESSING` and is `ACTIVE` a second later.',
      '`POST /cards/{id}/reveal` returns a single-use `panEmbedUrl` on the issuer’s origin. The element loads it into a sandboxed iframe only if that origin is in `allowed-origins`.',
      'This page’s CSP allows frames from that one origin (`frame-src`), and the card page allows only this origin to frame it.',
    ]),
  );
}

async function waitForCard(id: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const c = await state.client.request<Card>('GET', `/cards/${encodeURIComponent(id)}`);
    state.card = c;
    if (c.state !== 'PROCESSING') return;
    await sleep(500);
  }
}

// 6. pay -------------------------------------------------------------------------------------------------------

function payPanel(): HTMLElement {
  const me = state.me!;
  const slot = h('div', { class: 'stack' });
  const render = (): void =>
    mount(slot, state.payment.phase === 'form' || state.payment.phase === 'quoting' ? payForm() : payReview(render));
  function payForm(): HTMLElement {
    const payee = h(
      'select',
      { id: 'pay-payee', class: 'input' },
      PAYEES.map((p, i) => h('option', { attrs: { value: String(i) }, text: `${p.label} · ${p.uma}` })),
    );
    const amount = h('input', {
      id: 'pay-amount',
      class: 'input input--amount',
      attrs: {
        type: 'text',
        inputmode: 'decimal',
        autocomplete: 'off',
        value: '24.50',
        'aria-describedby': 'pay-amount-hint',
      },
    });
    const note = h('input', {
      id: 'pay-note',
      class: 'input',
      attrs: { type: 'text', maxlength: 80, placeholder: 'Coffee and a croissant', autocomplete: 'off' },
    });
    const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
    const hint = h('p', { class: 'field__hint', id: 'pay-amount-hint' });
    const updateHint = (): void => {
      const minor = parseAmount(amount.value, me.currency);
      hint.textContent = !me.sca
        ? 'US customers: no SCA, the payment is signed and sent at once.'
        : 'You sign this payment, then confirm it with a text-message code.';
    };
    amount.addEventListener('input', updateHint);
    updateHint();
    const chips = h(
      'div',
      { class: 'chips' },
      ['12.00', '24.50', '120.00', '1250.00'].map((value) =>
        h(
          'button',
          {
            class: 'chip',
            attrs: { type: 'button' },
            on: { click: () => ((amount.value = value), updateHint(), amount.focus()) },
          },
          money(parseAmount(value, me.currency) ?? 0, me.currency),
        ),
      ),
    );
    const submit = h(
      'button',
      { class: 'button button--primary button--wide', attrs: { type: 'submit' }, testid: 'pay-review' },
      'Review payment',
      icon('arrow'),
    );
    if (state.payment.phase === 'quoting') {
      submit.setAttribute('disabled', '');
      submit.setAttribute('aria-busy', 'true');
    }
    const form = h(
      'form',
      {
        class: 'form',
        attrs: { novalidate: true },
        on: {
          submit: (event) => {
            event.preventDefault();
            const minor = parseAmount(amount.value, me.currency);
            if (minor === undefined) {
              error.textContent = 'Enter an amount such as 24.50.';
              amount.focus();
              return;
            }
            if (state.balance !== undefined && minor > state.balance) {
              error.textContent = `That is more than your balance of ${money(state.balance, me.currency)}.`;
              return;
            }
            void createQuote(PAYEES[Number(payee.value)] ?? PAYEES[0]!, minor, note.value.trim(), render);
          },
        },
      },
      h('div', { class: 'field' }, h('label', { class: 'label', attrs: { for: 'pay-payee' }, text: 'Pay to' }), payee),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'label', attrs: { for: 'pay-amount' }, text: `Amount (${me.currency})` }),
        amount,
        chips,
        hint,
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'label', attrs: { for: 'pay-note' }, text: 'Note (optional)' }),
        note,
      ),
      error,
      submit,
    );
    return h(
      'div',
      { class: 'grid-2' },
      card('New payment', form),
      h(
        'aside',
        { class: 'card card--muted' },
        h('h2', { class: 'card__title', text: 'From' }),
        h(
          'dl',
          { class: 'facts facts--compact' },
          fact('Wallet', shortId(me.accountId)),
          fact('Available', state.balance === undefined ? '—' : money(state.balance, me.currency)),
          fact('Region', `${me.regionName}${me.sca ? ' (SCA)' : ''}`),
        ),
      ),
    );
  }
  render();
  return h(
    'div',
    { class: 'stack' },
    slot,
    howItWorks([
      "`client.lookupUma` → `GET /receiver/uma/{address}` through the proxy (as yourself): the payee's currencies and a `lookupId`. `client.createQuote` → `POST /quotes` with that `lookupId`, through the proxy, which checks that the source wallet is yours. The quote carries the `payloadToSign` of your wallet.",
      '`client.executeQuote` stamps that `payloadToSign` with your session key: `POST /quotes/{id}/execute`. US customers: the transfer starts (PROCESSING).',
      'EU customers: execute answers `PENDING_AUTHORIZATION` with one SCA challenge and nothing moves yet; `<pay-sca-challenge>` answers it (`POST /quotes/{id}/authorize`), which releases the transfer. On 409 `SCA_SESSION_REQUIRED` it signs you in again first (`/sca/login/start`, a texted code, `/sca/login/complete`; the demo server adds your IP address).',
      'The page follows `nextQuoteStep(quote)` (it also handles a quote challenged at creation: authorize, then execute) and polls `GET /quotes/{id}` until `COMPLETED`.',
    ]),
  );
}

async function createQuote(
  payee: (typeof PAYEES)[number],
  amount: number,
  note: string,
  render: () => void,
): Promise<void> {
  const me = state.me!;
  const payment = state.payment;
  payment.phase = 'quoting';
  payment.payee = payee;
  render();
  try {
    // The service quotes a UMA destination only with the lookupId of a receiver lookup of that address.
    const lookup = await state.client.lookupUma({ receiverUmaAddress: payee.uma, customerId: me.customerId });
    payment.quote = await state.client.createQuote(
      {
        source: { sourceType: 'ACCOUNT', accountId: me.accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee.uma },
        lookupId: lookup.lookupId,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
        description: note || `Payment to ${payee.label}`,
      },
      payment.quoteKey,
    );
    payment.phase = 'review';
  } catch (e) {
    payment.phase = 'form';
    payment.quoteKey = crypto.randomUUID();
    toast(describe(e), 'error');
  }
  render();
}

function payReview(render: () => void): HTMLElement {
  const me = state.me!;
  const payment = state.payment;
  const quote = payment.quote!;
  const amount = money(quote.totalSendingAmount ?? 0, quote.sendingCurrency?.code ?? me.currency);
  const needsSca = quote.status === 'PENDING_AUTHORIZATION' && !!quote.scaChallenge;
  const status = h('span', {
    class: `badge status status--${quote.status.toLowerCase()}`,
    testid: 'payment-status',
    attrs: { 'data-status': quote.status },
    text: statusLabel(quote.status),
  });

  const timeline = h(
    'ol',
    { class: 'timeline' },
    timelineItem('Quote created', true, shortId(quote.id)),
    timelineItem('Signed with your session key', payment.signed, 'Service-Wallet-Signature'),
    me.sca
      ? timelineItem(
          'Strong Customer Authentication',
          payment.authorized,
          payment.authorized ? 'Confirmed' : payment.signed ? 'Waiting for your code' : 'After signing',
        )
      : null,
    timelineItem(
      'Completed',
      quote.status === 'COMPLETED',
      quote.status === 'COMPLETED' ? time(String(quote['updatedAt'] ?? '')) : '',
    ),
  );

  let action: Node;
  if (payment.phase === 'done') {
    action = h(
      'div',
      { class: 'success-banner', testid: 'payment-done' },
      h('span', { class: 'success-banner__icon' }, icon('check')),
      h(
        'div',
        null,
        h('p', { class: 'success-banner__title', text: `${amount} sent to ${payment.payee?.label ?? 'the payee'}` }),
        h('p', {
          class: 'muted',
          text: `New balance ${state.balance === undefined ? '—' : money(state.balance, me.currency)}`,
        }),
      ),
    );
  } else if (payment.phase === 'failed') {
    action = h('p', { class: 'form-error', text: payment.error ?? 'The payment failed.' });
  } else if (needsSca) {
    const sca = payElement('pay-sca-challenge', { 'customer-id': me.customerId }, 'sca-challenge');
    (sca as unknown as { quote: Quote }).quote = quote;
    sca.addEventListener('pay-sca-complete', (event) => {
      const next = (event as CustomEvent<{ quote: Quote }>).detail.quote;
      payment.quote = next;
      payment.authorized = true;
      // a wallet send is released by its authorization; a quote challenged at creation is executed now
      void (nextQuoteStep(next) === 'execute' ? execute(render) : settle(next, render));
    });
    action = h(
      'div',
      { class: 'stack stack--tight' },
      sca,
      h(
        'p',
        { class: 'hint' },
        icon('info'),
        'Sandbox: the text-message code is always ',
        h('kbd', { text: state.config.hints.scaCode }),
        '.',
      ),
    );
  } else if (payment.phase === 'review') {
    action = h(
      'button',
      {
        class: 'button button--primary button--wide',
        attrs: { type: 'button' },
        testid: 'pay-confirm',
        on: { click: () => void execute(render) },
      },
      icon('send'),
      `Pay ${amount}`,
    );
  } else {
    action = h(
      'p',
      { class: 'muted' },
      h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
      payment.phase === 'executing' ? ' Signing and sending…' : ' Settling…',
    );
  }

  const footer =
    payment.phase === 'done' || payment.phase === 'failed'
      ? h(
          'button',
          {
            class: 'button button--secondary',
            attrs: { type: 'button' },
            testid: 'pay-new',
            on: { click: () => ((state.payment = newPayment()), render()) },
          },
          'Make another payment',
        )
      : payment.phase === 'review'
        ? h(
            'button',
            {
              class: 'button button--ghost',
              attrs: { type: 'button' },
              on: { click: () => ((state.payment = newPayment()), render()) },
            },
            'Cancel',
          )
        : null;

  return h(
    'div',
    { class: 'grid-2 grid-2--pay' },
    card(
      undefined,
      h(
        'div',
        { class: 'quote-head' },
        h('div', null, h('p', { class: 'eyebrow', text: 'Payment' }), h('p', { class: 'quote-amount', text: amount })),
        status,
      ),
      h(
        'dl',
        { class: 'facts facts--compact' },
        fact('To', `${payment.payee?.label ?? ''} · ${payment.payee?.uma ?? ''}`),
        fact('Quote', quote.id),
        fact('Expires', time(quote.expiresAt)),
      ),
      action,
      footer,
    ),
    h('aside', { class: 'card card--muted' }, h('h2', { class: 'card__title', text: 'Progress' }), timeline),
  );
}

function timelineItem(label: string, done: boolean, detail: string): HTMLElement {
  return h(
    'li',
    { class: `timeline__item${done ? ' timeline__item--done' : ''}` },
    h('span', { class: 'timeline__dot', attrs: { 'aria-hidden': 'true' } }, done ? icon('check') : null),
    h(
      'span',
      null,
      h('span', { class: 'timeline__label', text: label }),
      detail ? h('span', { class: 'timeline__detail', text: detail }) : null,
    ),
  );
}

function statusLabel(status: string): string {
  return (
    {
      PENDING_AUTHORIZATION: 'Needs confirmation',
      PENDING: 'Ready to pay',
      PROCESSING: 'Processing',
      COMPLETED: 'Completed',
      FAILED: 'Failed',
      EXPIRED: 'Expired',
    }[status] ?? status
  );
}

/** Stamps and executes the quote; in an SCA region the answer waits for authorization (rendered by payReview). */
async function execute(render: () => void): Promise<void> {
  const payment = state.payment;
  if (!payment.quote || payment.phase === 'executing' || payment.phase === 'settling') return;
  payment.phase = 'executing';
  render();
  let quote: Quote;
  try {
    quote = await state.client.executeQuote({ quote: payment.quote, idempotencyKey: payment.executeKey });
  } catch (e) {
    payment.phase = 'failed';
    payment.error = describe(e);
    if (state.step === 'pay') render();
    return;
  }
  payment.quote = quote;
  payment.signed = true;
  if (nextQuoteStep(quote) === 'authorize') {
    payment.phase = 'review';
    if (state.step === 'pay') render();
    return;
  }
  await settle(quote, render);
}

/** Polls a started transfer until it leaves PROCESSING, then shows the outcome. */
async function settle(started: Quote, render: () => void): Promise<void> {
  const payment = state.payment;
  let quote = started;
  payment.phase = 'settling';
  render();
  try {
    const deadline = Date.now() + 30_000;
    while (quote.status === 'PROCESSING' && Date.now() < deadline) {
      await sleep(600);
      quote = await state.client.getQuote(quote.id);
    }
    payment.quote = quote;
    if (quote.status === 'COMPLETED') {
      payment.phase = 'done';
      state.paid = true;
      await refreshBalance();
      renderSteps();
      toast('Payment completed', 'success');
    } else {
      payment.phase = 'failed';
      payment.error = `The payment ended as ${quote.status}${quote['failureReason'] ? ` (${String(quote['failureReason'])})` : ''}.`;
    }
  } catch (e) {
    payment.phase = 'failed';
    payment.error = describe(e);
  }
  if (state.step === 'pay') render();
}

// 7. sessions ---------------------------------------------------------------------------------------------------

function sessionsPanel(): HTMLElement {
  const table = h('div', { class: 'table-wrap' });
  const current = h('dl', { class: 'facts' });
  const refresh = h(
    'button',
    { class: 'button button--secondary', attrs: { type: 'button' }, testid: 'session-refresh' },
    icon('refresh'),
    'Rotate session key',
  );
  const logout = h(
    'button',
    { class: 'button button--danger', attrs: { type: 'button' }, testid: 'logout' },
    icon('logout'),
    'Sign out',
  );
  const reload = h(
    'button',
    { class: 'button button--ghost button--small', attrs: { type: 'button' }, testid: 'sessions-reload' },
    icon('refresh'),
    'Reload list',
  );

  const renderCurrent = (): void => {
    const s = state.session;
    if (!s) return;
    mount(
      current,
      fact('Current session', s.id, 'current-session-id'),
      fact('Method', methodLabel(s.type)),
      fact('Expires', `${new Date(s.expiresAt).toLocaleTimeString('en')} (${relative(s.expiresAt)})`),
    );
  };

  const renderTable = (): void => {
    const rows = state.sessions;
    mount(
      table,
      h(
        'table',
        { class: 'table', testid: 'sessions-table' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { text: 'Session', attrs: { scope: 'col' } }),
            h('th', { text: 'Method', attrs: { scope: 'col' } }),
            h('th', { text: 'Started', attrs: { scope: 'col' } }),
            h('th', { text: 'Expires', attrs: { scope: 'col' } }),
            h('th', { attrs: { scope: 'col' } }, h('span', { class: 'visually-hidden', text: 'Actions' })),
          ),
        ),
        h(
          'tbody',
          null,
          rows.length
            ? rows.map((row) => {
                const mine = row.id === state.session?.id;
                return h(
                  'tr',
                  { attrs: { 'data-session-id': row.id, 'data-current': mine ? 'true' : undefined } },
                  h(
                    'td',
                    { class: 'mono', attrs: { title: row.id } },
                    shortId(row.id),
                    mine ? h('span', { class: 'badge badge--ok badge--inline', text: 'This browser' }) : null,
                  ),
                  h('td', { text: methodLabel(row.type) }),
                  h('td', { text: time(row.createdAt) }),
                  h('td', { text: time(row.expiresAt) }),
                  h(
                    'td',
                    { class: 'table__actions' },
                    mine
                      ? null
                      : h(
                          'button',
                          {
                            class: 'button button--ghost button--small',
                            attrs: { type: 'button' },
                            on: { click: () => void revoke(row.id) },
                          },
                          'Revoke',
                        ),
                  ),
                );
              })
            : h('tr', null, h('td', { attrs: { colspan: 5 }, class: 'muted', text: 'No active sessions.' })),
        ),
      ),
    );
  };

  const loadSessions = async (): Promise<void> => {
    reload.setAttribute('aria-busy', 'true');
    try {
      state.sessions = (await state.client.listSessions()).sort((a, b) =>
        String(b.createdAt).localeCompare(String(a.createdAt)),
      );
      renderTable();
    } catch (e) {
      toast(describe(e), 'error');
    } finally {
      reload.removeAttribute('aria-busy');
    }
  };

  const revoke = async (id: string): Promise<void> => {
    try {
      await state.client.revokeSession(id);
      toast('Session revoked', 'success');
    } catch (e) {
      toast(describe(e), 'error');
    }
    await loadSessions();
  };

  refresh.addEventListener('click', async () => {
    refresh.setAttribute('disabled', '');
    refresh.setAttribute('aria-busy', 'true');
    try {
      const before = state.session?.id;
      const next = await state.client.refreshSession();
      renderCurrent();
      toast(before !== next.id ? 'New session key, new session' : 'Session refreshed', 'success');
      await loadSessions();
    } catch (e) {
      toast(describe(e), 'error');
    } finally {
      refresh.removeAttribute('disabled');
      refresh.removeAttribute('aria-busy');
    }
  });
  logout.addEventListener('click', async () => {
    logout.setAttribute('disabled', '');
    try {
      await state.client.logout();
      toast('Signed out. The session key was deleted from this browser.', 'success');
    } catch (e) {
      toast(`Signed out here; the service said: ${describe(e)}`, 'error');
    }
  });
  reload.addEventListener('click', () => void loadSessions());

  sessionsView = { renderCurrent, loadSessions };
  renderCurrent();
  renderTable();
  void loadSessions();

  return h(
    'div',
    { class: 'stack' },
    card('This browser', current, h('div', { class: 'actions' }, refresh, logout)),
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'card__head' }, h('h2', { class: 'card__title', text: 'Active sessions' }), reload),
      table,
      h('p', {
        class: 'hint',
        text: 'A rotated session stays valid until it expires; revoke the ones you no longer use.',
      }),
    ),
    howItWorks([
      'Rotate: a new key is made, `POST /auth/sessions/{id}/refresh` is signed by the old key and returns a new session; the old key is deleted. Other tabs adopt the new session.',
      'Sign out: `DELETE /auth/sessions/{id}`, signed by the session’s own key; then the key and the stored record are deleted from IndexedDB.',
      'The client also refreshes by itself a minute before a session expires.',
    ]),
  );
}

/** Hooks into the sessions panel while it is shown (the current-session facts follow a rotation). */
let sessionsView: { renderCurrent: () => void; loadSessions: () => Promise<void> } | undefined;

// ---- session changes ------------------------------------------------------------------------------------------

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
  const needs = STEPS.find((s) => s.id === state.step)?.needs;
  if (wasSignedIn !== !!session) {
    if (session) {
      toast('Signed in', 'success');
      if (state.step === 'signin' || needs === 'session') show(state.step, { focus: false });
    } else {
      state.sessions = [];
      state.payment = newPayment();
      sessionsView = undefined;
      if (state.step === 'signin') show('signin', { focus: false });
      else if (needs === 'session') go('signin');
    }
  } else if (session && state.step === 'sessions' && sessionsView) {
    sessionsView.renderCurrent();
    void sessionsView.loadSessions();
  }
}

// ---- boot ---------------------------------------------------------------------------------------------------------

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** CSP violations seen by this page (the server receives the reports too). */
let cspViolations = 0;
document.addEventListener('securitypolicyviolation', () => {
  cspViolations++;
  const chip = document.querySelector('[data-slot="security"]');
  chip?.classList.add('security-chip--alert');
  chip?.setAttribute('data-violations', String(cspViolations));
  const label = chip?.querySelector('span');
  if (label) label.textContent = `CSP blocked ${cspViolations} request${cspViolations === 1 ? '' : 's'}`;
});

async function boot(): Promise<void> {
  applyTheme(currentTheme());
  $('[data-action="theme"]').addEventListener('click', () => {
    const next: Theme = document.documentElement.dataset['theme'] === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, next);
    applyTheme(next);
  });

  state.config = await demoApi.config();
  $('[data-slot="otp-code"]').textContent = state.config.hints.otpCode;
  $('[data-slot="sca-code"]').textContent = state.config.hints.scaCode;

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
  if (state.me) await Promise.all([refreshBalance(), loadPasskeys(), loadCard()]);

  renderTopbar();
  window.addEventListener('hashchange', () => {
    const step = stepFromHash();
    if (step) show(step);
  });
  const wanted = stepFromHash();
  show(wanted && stepAvailable(STEPS.find((s) => s.id === wanted)!) ? wanted : nextStep(), { focus: false });
  document.documentElement.dataset['ready'] = 'true';
}

boot().catch((error: unknown) => {
  mount(
    $('main'),
    h(
      'div',
      { class: 'card card--empty', testid: 'boot-error' },
      h('div', { class: 'empty-icon' }, icon('alert')),
      h('h2', { text: 'The demo could not start' }),
      h('p', { class: 'muted', text: describe(error) }),
      h(
        'button',
        { class: 'button button--primary', attrs: { type: 'button' }, on: { click: () => location.reload() } },
        'Try again',
      ),
    ),
  );
});
