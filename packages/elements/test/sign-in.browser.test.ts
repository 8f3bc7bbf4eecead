import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import {
  WalletClient,
  addCredential,
  passkeyAutofillSupported,
  passkeysSupported,
  type SignInAccount,
  type SignInIdentifier,
  type SignInLookup,
} from '@paykit/crypto-core';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from '@paykit/test-harness/browser-commands';
import { afterEach, before, describe, it, itWhen } from '@paykit/test-harness/suite';
import '../src/define/pay-sign-in.js';
import '../src/translations/es.js';
import type { PaySignInElement } from '../src/sign-in/sign-in.js';
import { PENDING_KEY, RESULT_KEY } from '../src/oauth-button/oauth-protocol.js';
import { oauthAccount, popupsAllowed as probePopups, type OAuthSandbox } from '@paykit/test-harness/oauth-sandbox';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  lightInput,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  typeInto,
  until,
  watchForLeaks,
} from './helpers/dom.js';
import '../src/define/pay-oauth-button.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-passkey-login.js';

const webAuthn = passkeysSupported();
// Chromium gets a CDP virtual authenticator from the runner; the other engines say why they cannot.
const probe = webAuthn ? await addVirtualAuthenticator() : { unsupported: 'no WebAuthn in this engine' };
// Chromium offers passkeys in autofill only while an authenticator is attached
const autofill = await passkeyAutofillSupported();
if (probe.authenticatorId) await removeVirtualAuthenticator(probe.authenticatorId);
const authenticator = !!probe.authenticatorId;
const NO_AUTHENTICATOR = probe.unsupported ?? 'no virtual authenticator in this engine';

const EMAIL = 'ana.sign-in@example.com';

/** Types the sandbox's code `000000` key by key (WebKitWebDriver collapses repeated keys in one sendKeys). */
async function typeCode(input?: HTMLElement): Promise<void> {
  input?.focus();
  for (const digit of '000000') await sendKeys({ type: digit });
}
const PHONE = '+447700900123';

describe('<pay-sign-in>', () => {
  let chain: SandboxChain;
  let smsCredentialId: string;
  const asked: SignInIdentifier[] = [];

  before(async () => {
    // every test sends codes to the same two credentials: no resend limit between tests
    // the SMS_OTP credential goes to the customer's number (POST /auth/credentials takes none)
    chain = await sandboxChain(
      { fullName: 'Ana Sign-In', email: EMAIL, phoneNumber: PHONE },
      { rateLimit: { max: 1000, windowMs: 1000 } },
    );
    const challenge = await chain.client.requestOtp({ authMethodId: chain.emailCredentialId });
    await chain.client.loginWithOtp({ challenge, code: '000000' });
    const sms = await addCredential(chain.client, { type: 'SMS_OTP', accountId: chain.accountId });
    smsCredentialId = sms.id;
    await chain.client.logout();
  });
  /** Undone after each test. */
  const t: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (t.length) await t.pop()!();
    asked.length = 0;
    document.querySelectorAll('pay-sign-in').forEach((el) => el.remove());
    if (chain.client.session) await chain.client.logout().catch(() => undefined);
  });

  /** The platform's lookup over its one user: the email or the phone number sign in to the sandbox account. */
  const lookupOf =
    (methods: () => SignInAccount['methods']): SignInLookup =>
    async (identifier) => {
      asked.push(identifier);
      const known = 'email' in identifier ? identifier.email === EMAIL : identifier.phone === PHONE;
      return known ? { accountId: chain.accountId, methods: methods() } : undefined;
    };
  const emailOnly = lookupOf(() => [
    { type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId, destination: 'a•••@example.com' },
  ]);

  const render = async (lookup: SignInLookup, client: WalletClient = chain.client, modal = false) => {
    const el = await fixture<PaySignInElement>(
      html`<pay-sign-in .client=${client} .lookup=${lookup} ?modal=${modal} default-country="GB">
        <span slot="brand">Acme</span>
        <p slot="footer">By continuing you accept the terms.</p>
      </pay-sign-in>`,
    );
    await el.updateComplete;
    return el;
  };
  const emailInput = (el: PaySignInElement) => lightInput(el, 'identifier');
  const enterEmail = async (el: PaySignInElement, email: string) => {
    emailInput(el).value = email;
    part(el, 'continue-button').click();
    await el.updateComplete;
  };
  const methodElement = <T extends HTMLElement = HTMLElement>(el: PaySignInElement) =>
    el.querySelector<T>(':scope > [slot="method"] > *');
  const signInWithCode = async (el: PaySignInElement) => {
    await until(() => !!el.querySelector('[slot="method"] [slot="code-input"] input'), 'the code input');
    const otp = methodElement(el)!;
    const session = nextEvent(el, 'pay-session');
    await typeCode(lightInput(otp));
    return session;
  };

  it('checks the email before asking anyone: missing, then malformed, focus back on the input', async () => {
    const el = await render(emailOnly);
    await expectAccessible(el, 'identifier');
    expect(emailInput(el).autocomplete).to.equal('username webauthn');
    await enterEmail(el, '');
    expect(el.querySelector('.pay-field__error')!.textContent).to.equal('Enter your email address.');
    await enterEmail(el, 'ana@example');
    expect(el.querySelector('.pay-field__error')!.textContent).to.equal(
      'Enter an email address like name@example.com.',
    );
    expect(emailInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(emailInput(el));
    expect(announced(el)).to.contain('name@example.com');
    expect(asked).to.deep.equal([]);
    await expectAccessible(el, 'email error');
  });

  it('takes a phone number with the country picker, checks it, and looks it up in E.164', async () => {
    const el = await render(
      lookupOf(() => [{ type: 'SMS_OTP', authMethodId: smsCredentialId, destination: '•••• 0123' }]),
    );
    part(el, 'toggle-button').click();
    await until(() => !!el.querySelector('[slot="identifier"] input[type="tel"]'), 'the phone field');
    await el.updateComplete;
    const tel = el.querySelector<HTMLInputElement>('[slot="identifier"] input[type="tel"]')!;
    expect(document.activeElement).to.equal(tel);
    expect(part(el, 'toggle-button').textContent!.trim()).to.equal('Use email instead');
    tel.value = '12';
    part(el, 'continue-button').click();
    await el.updateComplete;
    expect(tel.getAttribute('aria-invalid')).to.equal('true');
    expect(asked).to.deep.equal([]);
    tel.value = '07700 900123';
    part(el, 'continue-button').click();
    await until(() => asked.length === 1, 'the lookup');
    expect(asked[0]).to.deep.equal({ phone: PHONE });
    // SMS end to end: the code goes out at once, and 000000 signs in
    await until(() => !!methodElement(el), 'the text code');
    expect(methodElement(el)!.getAttribute('channel')).to.equal('sms');
    const event = await signInWithCode(el);
    expect(event.detail.session).to.include({ accountId: chain.accountId });
  });

  it('offers the methods in order: passkey (where WebAuthn is), email code, text code, then OAuth', async () => {
    const leaks = watchForLeaks();
    const el = await render(
      lookupOf(() => [
        { type: 'OAUTH', authMethodId: 'AuthMethod:o', issuer: 'https://accounts.google.com' },
        { type: 'SMS_OTP', authMethodId: smsCredentialId, destination: '•••• 0123' },
        { type: 'PASSKEY', authMethodId: 'AuthMethod:p' },
        { type: 'OAUTH', authMethodId: 'AuthMethod:x', issuer: 'https://unknown.example' },
        { type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId, destination: 'a•••@example.com' },
      ]),
    );
    const chosen = nextEvent(el, 'pay-sign-in-method');
    await enterEmail(el, EMAIL);
    expect((await chosen).detail).to.deep.equal({ method: webAuthn ? 'PASSKEY' : 'EMAIL_OTP', provider: undefined });
    await until(() => !!methodElement(el), 'the first method');
    expect(methodElement(el)!.localName).to.equal(webAuthn ? 'pay-passkey-login' : 'pay-otp-login');
    expect(part(el, 'identifier').textContent).to.equal(EMAIL);
    // focus is on the method (its button, or the code input once the code is sent)
    await until(() => methodElement(el)!.contains(document.activeElement), 'focus on the method');
    part(el, 'another-button').click();
    await el.updateComplete;
    const labels = [...el.shadowRoot!.querySelectorAll('[part~="method-button"]')].map((b) => b.textContent!.trim());
    expect(labels).to.deep.equal([
      ...(webAuthn ? ['Use a passkey'] : []),
      'Email a code to a•••@example.com',
      'Text a code to •••• 0123',
      'Continue with Google', // the provider of an unknown issuer is not offered
    ]);
    await until(() => el.shadowRoot!.activeElement?.textContent?.trim() === labels[0], 'focus on the first method');
    await expectAccessible(el, 'choose');
    leaks.stop();
    for (const event of leaks.of('pay-sign-in-method'))
      expect(JSON.stringify(event.detail)).not.to.contain('example.com');
  });

  it('says when there is no account, and keeps the email editable there: fixed and continued, it signs in', async () => {
    const el = await render(emailOnly);
    const input = emailInput(el);
    await enterEmail(el, 'nobody@example.com');
    await until(() => hasState(el, 'unknown'), 'the unknown state');
    await el.updateComplete;
    expect(part(el, 'error').textContent).to.contain('There’s no account with this email address or phone number');
    expect(emailInput(el), 'the same field, not a new one').to.equal(input);
    expect(input.value).to.equal('nobody@example.com');
    expect(input.readOnly || input.disabled).to.equal(false);
    await until(() => document.activeElement === input, 'focus in the email, to fix it');
    await expectAccessible(el, 'unknown');
    input.select();
    await sendKeys({ type: EMAIL });
    await el.updateComplete;
    expect(hasState(el, 'identify'), 'typing clears the answer about the old address').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await until(() => !!methodElement(el), 'the account’s method');
    expect(asked.map((a) => ('email' in a ? a.email : a.phone))).to.deep.equal(['nobody@example.com', EMAIL]);
  });

  describe('what a person typed is never replaced', () => {
    /** A loader that lands only when `land()` is called (a slow network for the lazy chunks). */
    const slowLoaders = () => {
      const loaders = (customElements.get('pay-sign-in') as unknown as typeof PaySignInElement).loaders;
      const saved = { ...loaders };
      t.push(async () => void Object.assign(loaders, saved));
      const waiting: (() => void)[] = [];
      for (const kind of ['otp', 'passkey', 'oauth', 'phone'] as const) {
        const load = saved[kind]!;
        loaders[kind] = (() => new Promise<void>((resolve) => waiting.push(resolve)).then(load)) as never;
      }
      return { land: () => waiting.splice(0).forEach((resolve) => resolve()) };
    };
    /** Connects the element without waiting for anything, as a page's markup does. */
    const connect = (attrs: Record<string, string> = {}) => {
      const el = document.createElement('pay-sign-in');
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      el.lookup = emailOnly;
      document.body.append(el);
      return el;
    };

    it('typed as soon as the field shows, before the client and the lazy chunks land: the email survives', async () => {
      const { land } = slowLoaders();
      const el = connect({ 'passkey-auth-method-id': 'AuthMethod:none', 'default-country': 'GB' });
      await until(() => !!el.querySelector('input[type="email"]'), 'the email field');
      const input = emailInput(el);
      input.focus();
      await sendKeys({ type: EMAIL });
      // now the rest arrives: the client (resume check, passkey autofill), the phone field, back to email
      el.client = chain.client;
      await el.updateComplete;
      part(el, 'toggle-button').click();
      land();
      await until(() => !!el.querySelector('input[type="tel"]:not([hidden] *)'), 'the phone field');
      part(el, 'toggle-button').click();
      await el.updateComplete;
      expect(emailInput(el), 'the same field').to.equal(input);
      expect(input.value).to.equal(EMAIL);
      part(el, 'continue-button').click();
      await until(() => asked.length === 1, 'the lookup');
      expect(asked[0]).to.deep.equal({ email: EMAIL });
      expect(el.querySelector('.pay-field__error')?.textContent?.trim()).to.equal('');
      land();
    });

    it('an autofilled value (set without a keystroke) right after connecting is what Continue looks up', async () => {
      slowLoaders().land();
      const el = connect();
      await until(() => !!el.querySelector('input[type="email"]'), 'the email field');
      emailInput(el).value = EMAIL; // autofill: the value, maybe no input event
      el.client = chain.client;
      await el.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await el.updateComplete;
      expect(emailInput(el).value).to.equal(EMAIL);
      part(el, 'continue-button').click();
      await until(() => asked.length === 1, 'the lookup');
      expect(asked[0]).to.deep.equal({ email: EMAIL });
    });

    it('phone only: no email field is shown first and swapped for the phone field when its chunk lands', async () => {
      const { land } = slowLoaders();
      const el = connect({ identifiers: 'phone', 'default-country': 'GB' });
      el.client = chain.client;
      await el.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(el.querySelector('input'), 'nothing to type into that would be replaced').to.equal(null);
      land();
      await until(() => !!el.querySelector('input[type="tel"]'), 'the phone field');
      expect(el.querySelector('input[type="email"]')).to.equal(null);
    });
  });

  it('email code, keyboard only: Enter in the email, the code sent at once, typed, signed in; then "Not now"', async () => {
    const leaks = watchForLeaks();
    const el = await render(emailOnly);
    await typeInto(emailInput(el), EMAIL);
    const method = nextEvent(el, 'pay-sign-in-method');
    await sendKeys({ press: 'Enter' });
    expect((await method).detail.method).to.equal('EMAIL_OTP');
    await until(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code', 'focus in the code');
    const session = nextEvent(el, 'pay-session');
    await typeCode();
    expect((await session).detail.session).to.include({ accountId: chain.accountId, type: 'EMAIL_OTP' });
    await el.updateComplete;
    if (webAuthn) {
      await until(() => hasState(el, 'add-passkey'), 'the add-passkey prompt');
      expect(part(el, 'title').textContent!.trim()).to.equal('Add a passkey for faster sign-in');
      expect(part(el, 'add-passkey-button').textContent!.trim()).to.equal('Create a passkey');
      expect(el.querySelector('pay-passkey-login'), 'the offer is the element’s own button').to.equal(null);
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'add-passkey-button'));
      await expectAccessible(el, 'add passkey');
      await pressEnter(part(el, 'not-now-button'));
      await el.updateComplete;
    }
    await until(() => hasState(el, 'signed-in'), 'signed in');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'success'));
    leaks.stop();
    leaks.assertClean(el);
    expect(JSON.stringify(leaks.events)).not.to.contain(EMAIL);
    expect(location.href).not.to.contain('example');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.to.contain(EMAIL);
  });

  it('pay-sign-in-complete comes after the add-passkey offer (pay-session before it), to document', async () => {
    const el = await render(emailOnly);
    const completes: CustomEvent[] = [];
    const onComplete = (e: Event) => completes.push(e as CustomEvent);
    document.addEventListener('pay-sign-in-complete', onComplete);
    t.push(async () => document.removeEventListener('pay-sign-in-complete', onComplete));
    await enterEmail(el, EMAIL);
    await signInWithCode(el);
    await el.updateComplete;
    if (webAuthn) {
      await until(() => hasState(el, 'add-passkey'), 'the add-passkey prompt');
      expect(completes, 'not while the offer is shown').to.have.length(0);
      part(el, 'not-now-button').click();
    }
    await until(() => completes.length === 1, 'pay-sign-in-complete');
    expect(hasState(el, 'signed-in')).to.equal(true);
    expect(completes[0]!.detail).to.deep.include({ passkeyAdded: false });
    expect(completes[0]!.detail.session).to.include({ accountId: chain.accountId, type: 'EMAIL_OTP' });
    expect(JSON.stringify(completes[0]!.detail)).not.to.contain(EMAIL);
  });

  itWhen(
    webAuthn,
    'no WebAuthn in this engine: no add-passkey offer',
    'the add-passkey offer loads no method element, and its press calls the client at once',
    async () => {
      const loaders = (customElements.get('pay-sign-in') as unknown as typeof PaySignInElement).loaders;
      const saved = { ...loaders };
      t.push(async () => void Object.assign(loaders, saved));
      const loaded: string[] = [];
      for (const kind of ['otp', 'passkey', 'oauth', 'phone'] as const)
        loaders[kind] = (() => (loaded.push(kind), saved[kind]!())) as never;
      const client = chain.client;
      const register = client.registerPasskey;
      t.push(async () => void (client.registerPasskey = register));
      let calls = 0;
      client.registerPasskey = () => {
        calls++;
        return Promise.reject(Object.assign(new Error('lost'), { name: 'NotAllowedError' }));
      };
      const el = await render(emailOnly);
      await enterEmail(el, EMAIL);
      await signInWithCode(el);
      await until(() => hasState(el, 'add-passkey'), 'the add-passkey prompt');
      await el.updateComplete;
      part(el, 'add-passkey-button').click();
      expect(calls, 'called inside the click, nothing awaited first').to.equal(1);
      await until(() => hasState(el, 'error'), 'the registration error');
      expect(hasState(el, 'add-passkey'), 'still offered: press again or "Not now"').to.equal(true);
      expect(loaded).to.deep.equal(['otp']);
    },
  );

  it('offers only the identifiers the platform signs in with: identifiers="email" has no phone switch, "phone" starts on it', async () => {
    const both = await render(emailOnly);
    expect(maybePart(both, 'toggle-button'), 'the default offers phone too').not.to.equal(null);
    both.identifiers = 'email';
    await both.updateComplete;
    expect(maybePart(both, 'toggle-button')).to.equal(null);
    both.remove();
    const phone = await fixture<PaySignInElement>(
      html`<pay-sign-in
        .client=${chain.client}
        .lookup=${lookupOf(() => [{ type: 'SMS_OTP', authMethodId: smsCredentialId }])}
        identifiers="phone"
        default-country="GB"
      ></pay-sign-in>`,
    );
    await until(() => !!phone.querySelector('[slot="identifier"] input[type="tel"]'), 'the phone field at once');
    expect(maybePart(phone, 'toggle-button')).to.equal(null);
    expect(phone.querySelector('input[type="email"]')).to.equal(null);
    phone.querySelector<HTMLInputElement>('input[type="tel"]')!.value = '07700 900123';
    part(phone, 'continue-button').click();
    await until(() => asked.length === 1, 'the lookup');
    expect(asked[0]).to.deep.equal({ phone: PHONE });
  });

  it('"Use another method" switches from the first method to the one chosen', async () => {
    const el = await render(
      lookupOf(() => [
        { type: 'SMS_OTP', authMethodId: smsCredentialId, destination: '•••• 0123' },
        { type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId, destination: 'a•••@example.com' },
      ]),
    );
    await enterEmail(el, EMAIL);
    await until(() => methodElement(el)?.getAttribute('channel') === 'email', 'the email code first');
    part(el, 'another-button').click();
    await el.updateComplete;
    expect(methodElement(el)).to.equal(null);
    const chosen = nextEvent(el, 'pay-sign-in-method');
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="method-button"]')[1]!.click();
    expect((await chosen).detail.method).to.equal('SMS_OTP');
    await until(() => methodElement(el)?.getAttribute('channel') === 'sms', 'the text code');
    const event = await signInWithCode(el);
    expect(event.detail.session.accountId).to.equal(chain.accountId);
  });

  it('loads only the first method’s element after the lookup, and the others once "Use another method" opens', async () => {
    const loaders = (customElements.get('pay-sign-in') as unknown as typeof PaySignInElement).loaders;
    const saved = { ...loaders };
    t.push(async () => void Object.assign(loaders, saved));
    const loaded: string[] = [];
    for (const kind of ['otp', 'passkey', 'oauth'] as const) {
      const load = saved[kind]!;
      loaders[kind] = () => (loaded.push(kind), load());
    }
    const el = await render(
      lookupOf(() => [
        { type: 'OAUTH', authMethodId: 'AuthMethod:google', issuer: 'https://accounts.google.com' },
        { type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId, destination: 'a•••@example.com' },
      ]),
    );
    await enterEmail(el, EMAIL);
    await until(() => methodElement(el)?.getAttribute('channel') === 'email', 'the email code first');
    expect(loaded).to.deep.equal(['otp']);
    part(el, 'another-button').click();
    await el.updateComplete;
    expect(loaded).to.include('oauth');
  });

  it('asks a lookup-url with a JSON POST when no lookup is set, and reports a failing one', async () => {
    const calls: { url: string; body: string }[] = [];
    const realFetch = window.fetch;
    let status = 200;
    window.fetch = async (input, init) => {
      calls.push({ url: String(input), body: String(init?.body) });
      return new Response(
        JSON.stringify({
          accountId: chain.accountId,
          methods: [{ type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId }],
        }),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    };
    try {
      const el = await fixture<PaySignInElement>(
        html`<pay-sign-in .client=${chain.client} lookup-url="/api/sign-in/lookup"></pay-sign-in>`,
      );
      status = 500;
      await enterEmail(el, EMAIL);
      await until(() => hasState(el, 'error'), 'the error');
      expect(hasState(el, 'identify')).to.equal(true);
      status = 200;
      part(el, 'continue-button').click();
      await until(() => !!methodElement(el), 'the email code');
      expect(calls.map((c) => [c.url, c.body])).to.deep.equal([
        ['/api/sign-in/lookup', JSON.stringify({ email: EMAIL })],
        ['/api/sign-in/lookup', JSON.stringify({ email: EMAIL })],
      ]);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('in a dialog: the page behind is inert, Escape closes it, a backdrop click too; Spanish follows', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.body.append(outside);
    try {
      const el = await render(emailOnly, chain.client, true);
      expect(part<HTMLDialogElement>(el, 'dialog').open).to.equal(false);
      el.show();
      await el.updateComplete;
      const dialog = part<HTMLDialogElement>(el, 'dialog');
      expect(dialog.open).to.equal(true);
      expect(document.activeElement).to.equal(emailInput(el));
      await expectAccessible(el, 'dialog');
      outside.focus();
      expect(document.activeElement).not.to.equal(outside);
      // Tab goes through the dialog's controls, never to the page behind it
      const inside = (key: string) => expect(el.contains(document.activeElement), key).to.equal(true);
      // (past the last control a native modal dialog lets focus go to the browser's own UI, not the page:
      // Firefox then leaves the document unfocused, so the walk stays within the controls)
      for (let i = 0; i < 2; i++) {
        await sendKeys({ press: 'Tab' });
        inside('Tab');
      }
      await sendKeys({ press: 'Escape' });
      await until(() => !el.open, 'the dialog to close');
      expect(dialog.open).to.equal(false);
      el.show();
      el.locale = 'es';
      await el.updateComplete;
      expect(part(el, 'title').textContent!.trim()).to.equal('Iniciar sesión');
      dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await el.updateComplete;
      expect(el.open).to.equal(false);
    } finally {
      outside.remove();
    }
  });

  itWhen(
    autofill,
    'no passkey autofill (conditional mediation) in this engine',
    'offers the platform’s remembered passkey in the identifier’s autofill, and stops when the person continues',
    async () => {
      const auth = authenticator ? await addVirtualAuthenticator() : undefined;
      if (auth?.authenticatorId) t.push(() => removeVirtualAuthenticator(auth.authenticatorId!));
      const asks: { authMethodId: string; conditional?: boolean }[] = [];
      const client = Object.create(chain.client) as WalletClient;
      client.loginWithPasskey = (params) => {
        asks.push(params);
        return new Promise(() => undefined); // the person has not picked a passkey
      };
      const el = await fixture<PaySignInElement>(
        html`<pay-sign-in
          .client=${client}
          .lookup=${lookupOf(() => [])}
          passkey-auth-method-id="AuthMethod:remembered"
        ></pay-sign-in>`,
      );
      await until(() => asks.length === 1, 'the conditional request');
      expect(asks[0]).to.include({ authMethodId: 'AuthMethod:remembered', conditional: true });
      expect(emailInput(el).autocomplete).to.equal('username webauthn');
      await enterEmail(el, EMAIL);
      await until(() => hasState(el, 'unknown'), 'the lookup answer');
      expect(asks).to.have.length(1); // not asked again after Continue
    },
  );

  itWhen(authenticator, NO_AUTHENTICATOR, 'adds a passkey after a code sign-in, then signs in with it', async () => {
    const auth = await addVirtualAuthenticator();
    try {
      const el = await render(emailOnly);
      await enterEmail(el, EMAIL);
      await signInWithCode(el);
      await until(() => hasState(el, 'add-passkey'), 'the add-passkey prompt');
      const added = nextEvent<CustomEvent<{ authMethodId: string }>>(el, 'pay-passkey-registered');
      const complete = nextEvent<CustomEvent<{ passkeyAdded: boolean }>>(el, 'pay-sign-in-complete');
      part(el, 'add-passkey-button').click(); // one press: the ceremony starts inside it
      const passkeyId = (await added).detail.authMethodId;
      expect((await complete).detail.passkeyAdded).to.equal(true);
      await until(() => hasState(el, 'signed-in'), 'signed in');
      await chain.client.logout();

      const again = await render(
        lookupOf(() => [
          { type: 'EMAIL_OTP', authMethodId: chain.emailCredentialId },
          { type: 'PASSKEY', authMethodId: passkeyId },
        ]),
      );
      await enterEmail(again, EMAIL);
      await until(() => methodElement(again)?.localName === 'pay-passkey-login', 'the passkey first');
      const login = methodElement<HTMLElement & { updateComplete: Promise<unknown> }>(again)!;
      await login.updateComplete;
      const session = nextEvent(again, 'pay-session');
      part(login, 'passkey-button').click();
      expect((await session).detail.session).to.include({ type: 'PASSKEY' });
      await until(() => hasState(again, 'signed-in'), 'signed in without the prompt');
      expect(maybePart(again, 'not-now-button')).to.equal(null);
    } finally {
      if (auth.authenticatorId) await removeVirtualAuthenticator(auth.authenticatorId);
    }
  });
});

/** WebKitGTK under WebDriver blocks windows a script opens without a user gesture (see oauth-button's tests). */
const popupsAllowed = probePopups();

describe('<pay-sign-in> with OAuth against the sandbox identity provider', () => {
  const CLIENT_ID = 'paykit-elements-tests';
  const FIXTURES = new URL('./fixtures/', import.meta.url);
  const REDIRECT_URI = new URL('oauth-callback.html', FIXTURES).href;
  const sub = `idp-sign-in-${Math.random().toString(36).slice(2)}`;
  let started: OAuthSandbox;
  let oauthCredentialId: string;
  const account = oauthAccount({ sub, clientId: CLIENT_ID, redirectUri: REDIRECT_URI });
  const newClient = account.newClient;
  /** The platform's one provider, the sandbox IdP (`auto=1` approves at once), under the name `sandbox`. */
  const providers = (params: Record<string, string> = { auto: '1' }, endpoint?: string) => ({
    sandbox: {
      issuer: started.idpOrigin,
      displayName: 'Sandbox ID',
      authorizationEndpoint: endpoint ?? `${started.idpOrigin}/authorize`,
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      params: { login_hint: sub, ...params },
    },
  });
  const lookup: SignInLookup = async () => ({
    accountId: started.accountId,
    methods: [
      { type: 'OAUTH', authMethodId: oauthCredentialId, issuer: started.idpOrigin },
      { type: 'EMAIL_OTP', authMethodId: started.emailCredentialId },
    ],
  });

  before(async () => {
    ({ credentialId: oauthCredentialId, ...started } = await account.start());
  });
  afterEach(() => {
    document.querySelectorAll('pay-sign-in').forEach((el) => el.remove());
    sessionStorage.removeItem(PENDING_KEY);
    sessionStorage.removeItem(RESULT_KEY);
  });

  itWhen(
    popupsAllowed,
    'this engine blocks script-opened windows under automation (the redirect tests cover it)',
    'offers the provider of the account’s issuer, and one press on it in "Use another method" signs in through its popup',
    async () => {
      const el = await fixture<PaySignInElement>(html`<pay-sign-in></pay-sign-in>`);
      el.client = await newClient();
      el.oauthProviders = providers();
      el.lookup = lookup;
      await el.updateComplete;
      lightInput(el, 'identifier').value = 'ana@example.com';
      const chosen = nextEvent(el, 'pay-sign-in-method');
      part(el, 'continue-button').click();
      await until(() => !!el.querySelector('pay-otp-login'), 'the email code first');
      part(el, 'another-button').click();
      await el.updateComplete;
      expect((await chosen).detail.method).to.equal('EMAIL_OTP');
      const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="method-button"]')];
      expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['Email me a code', 'Continue with Sandbox ID']);
      const oauthChosen = nextEvent(el, 'pay-sign-in-method');
      const session = nextEvent(el, 'pay-session');
      buttons[1]!.click(); // the only press: no second "Continue with Sandbox ID" to press
      expect((await oauthChosen).detail).to.deep.equal({ method: 'OAUTH', provider: 'sandbox' });
      await until(() => !!el.querySelector('pay-oauth-button'), 'the provider button');
      const button = el.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('pay-oauth-button')!;
      await until(() => !hasState(button, 'idle'), 'the provider started without another press');
      expect((await session).detail.session).to.include({ accountId: started.accountId, type: 'OAUTH' });
      await until(() => hasState(el, 'signed-in'), 'signed in (no passkey prompt after OAuth)');
      await expectAccessible(el, 'signed in');
    },
  );

  describe('redirect fallback (popups blocked): the page leaves for the provider and comes back', () => {
    interface SignInHost {
      events: { type: string; detail: string }[];
      loads: number;
      client: WalletClient;
      lookup: SignInLookup;
      oauthProviders: ReturnType<typeof providers>;
    }
    let frame: HTMLIFrameElement | undefined;
    afterEach(() => {
      frame?.remove();
      frame = undefined;
      delete (window as { signInHost?: unknown }).signInHost;
    });

    /** Loads the platform's sign-in page (it blocks popups) in a frame, and starts OAuth there. */
    const signInThroughRedirect = async (oauthProviders: SignInHost['oauthProviders']) => {
      // OAuth is the account's only method here: no code is sent (the sandbox limits how often)
      const oauthOnly: SignInLookup = async () => ({
        accountId: started.accountId,
        methods: [{ type: 'OAUTH', authMethodId: oauthCredentialId, issuer: started.idpOrigin }],
      });
      const host: SignInHost = { events: [], loads: 0, client: await newClient(), lookup: oauthOnly, oauthProviders };
      (window as { signInHost?: unknown }).signInHost = host;
      frame = document.createElement('iframe');
      frame.title = 'platform sign-in page';
      frame.src = new URL('sign-in-host.html', FIXTURES).href;
      document.body.append(frame);
      await until(() => host.loads === 1, 'the platform page', 10_000);
      const signIn = () => frame!.contentDocument!.querySelector<PaySignInElement>('pay-sign-in')!;
      await until(() => !!signIn()?.shadowRoot?.querySelector('[part~="continue-button"]'), 'the sign-in element');
      lightInput(signIn(), 'identifier').value = 'ana@example.com';
      part(signIn(), 'continue-button').click();
      const oauthButton = () => signIn().querySelector('pay-oauth-button')?.shadowRoot?.querySelector('button');
      await until(() => !!oauthButton(), 'the provider button');
      oauthButton()!.click();
      await until(() => host.loads === 2, 'the return to the platform page', 15_000);
      return { host, signIn };
    };

    it('resumes after the return, straight on the provider, and emits pay-session', async () => {
      const { host, signIn } = await signInThroughRedirect(providers());
      await until(() => hasState(signIn(), 'signed-in'), 'signed in after the return', 10_000);
      // OAuth offered after the lookup; back from the provider, offered again and signed in (no passkey prompt)
      expect(host.events.map((e) => e.type)).to.deep.equal(['pay-sign-in-method', 'pay-sign-in-method', 'pay-session']);
      expect(JSON.parse(host.events[1]!.detail)).to.deep.equal({ method: 'OAUTH', provider: 'sandbox' });
      expect(JSON.parse(host.events[2]!.detail).session).to.include({
        accountId: started.accountId,
        type: 'OAUTH',
      });
      expect(maybePart(signIn(), 'not-now-button')).to.equal(null);
      // nothing kept: no records, no token in the frame's URL, no identifier or token in an event
      expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
      expect(sessionStorage.getItem(RESULT_KEY)).to.equal(null);
      expect(frame!.contentWindow!.location.href).not.to.match(/id_token|example/);
      expect(JSON.stringify(host.events)).not.to.match(/eyJ|example\.com/);
    });

    it('a cancelled return shows the button’s error on the provider, and "Use another email" starts over', async () => {
      const forger = new URL('oauth-forger.html', FIXTURES).href;
      const { host, signIn } = await signInThroughRedirect(providers({ forge: 'redirect-cancel' }, forger));
      const button = () => signIn().querySelector('pay-oauth-button');
      await until(() => !!button() && hasState(button()!, 'error'), 'the error after the return', 10_000);
      await signIn().updateComplete;
      expect(part(button()!, 'error').textContent).to.contain('Sign-in was cancelled.');
      expect(host.events.map((e) => (e.type === 'pay-error' ? e.detail : e.type))).to.deep.equal([
        'pay-sign-in-method',
        'pay-sign-in-method',
        'OAUTH_CANCELLED',
      ]);
      expect(hasState(signIn(), 'method')).to.equal(true);
      expect(maybePart(signIn(), 'identifier')).to.equal(null); // the identifier is not known after the redirect
      expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
      expect(sessionStorage.getItem(RESULT_KEY)).to.equal(null);
      const startOver = part(signIn(), 'edit-button');
      expect(startOver.textContent!.trim()).to.equal('Use another email');
      startOver.click();
      await until(() => hasState(signIn(), 'identify'), 'the identifier again');
      await signIn().updateComplete;
      expect(frame!.contentDocument!.activeElement).to.equal(lightInput(signIn(), 'identifier'));
    });
  });

  it('a stored failed answer (as the callback leaves it) shows the error, axe clean, in Spanish too', async () => {
    sessionStorage.setItem(
      PENDING_KEY,
      JSON.stringify({
        state: 's1',
        keyId: 'gone',
        provider: 'sandbox',
        authMethodId: oauthCredentialId,
        returnTo: location.href,
        createdAt: Date.now(),
      }),
    );
    sessionStorage.setItem(RESULT_KEY, JSON.stringify({ state: 's1', error: 'server_error' }));
    const el = await fixture<PaySignInElement>(html`<pay-sign-in .oauthProviders=${providers()}></pay-sign-in>`);
    const error = nextEvent<CustomEvent<{ code: string }>>(el, 'pay-error');
    el.client = await newClient();
    expect((await error).detail.code).to.equal('OAUTH_PROVIDER_ERROR');
    const button = el.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('pay-oauth-button')!;
    await button.updateComplete;
    await el.updateComplete;
    expect(button.getAttribute('auth-method-id')).to.equal(oauthCredentialId);
    expect(part(button, 'oauth-button').textContent!.trim()).to.equal('Continue with Sandbox ID');
    expect(hasState(button, 'error')).to.equal(true);
    expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
    await expectAccessible(el, 'failed OAuth return');
    el.locale = 'es';
    await el.updateComplete;
    expect(part(el, 'edit-button').textContent!.trim()).to.equal('Usar otro correo electrónico');
  });
});
