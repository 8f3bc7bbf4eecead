import { expect } from 'chai';
import { passkeysSupported, type Transport, type WalletClient } from '@paykit/crypto-core';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from '@paykit/test-harness/browser-commands';
import { beforeEach, describe, it, itWhen } from '@paykit/test-harness/suite';
import type { PayAuthMethodsElement } from '../src/auth-methods/auth-methods.js';
import '../src/define/pay-auth-methods.js';
import { CUSTOMER_ID, withAccountService, type AccountService } from './helpers/account-service.js';
import { ACCOUNT_ID, EMAIL_CREDENTIAL, OTP_CODE } from './helpers/fake-service.js';
import {
  announced,
  countDeviceCeremonies,
  expectAccessible,
  fixture,
  hasState,
  hideGlobal,
  html,
  lightInput,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';

const webAuthn = passkeysSupported();
const probe = webAuthn ? await addVirtualAuthenticator() : { unsupported: 'no WebAuthn in this engine' };
if (probe.authenticatorId) await removeVirtualAuthenticator(probe.authenticatorId);

describe('<pay-auth-methods>', () => {
  const t = setupElementTests();
  let account: AccountService;
  beforeEach(() => void (account = withAccountService(t.fake)));

  const render = async (client: WalletClient, getOidcToken?: () => Promise<string>): Promise<PayAuthMethodsElement> => {
    const el = await fixture<PayAuthMethodsElement>(
      html`<pay-auth-methods
        .client=${client}
        .getOidcToken=${getOidcToken}
        customer-id=${CUSTOMER_ID}
      ></pay-auth-methods>`,
    );
    await until(() => hasState(el, 'ready') || hasState(el, 'error'), 'the list');
    await el.updateComplete;
    return el;
  };
  const rows = (el: PayAuthMethodsElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="method"]')];
  const addButton = (el: PayAuthMethodsElement, name: string) =>
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="add-button"]')].find((b) =>
      b.textContent!.includes(name),
    );
  const other = (type: string, nickname: string, id = `AuthMethod:${type}`) => {
    account.credentials.push({ id, accountId: ACCOUNT_ID, type, nickname, createdAt: '2026-04-09T10:15:00Z' });
    return id;
  };

  it('lists the methods with their type, address or masked phone and date, the one in use marked', async () => {
    other('SMS_OTP', '+14155550123');
    other('OAUTH', 'ana@gmail.com');
    const el = await render(await account.signedInClient());
    const [email, sms, oauth] = rows(el).map((r) => r.textContent!.replace(/\s+/g, ' '));
    expect(email).to.contain('Email code').and.contain('ana@example.com').and.contain('In use').and.contain('Added');
    expect(sms).to.contain('Text message code').and.contain('•••• 0123').and.not.contain('4155550123');
    expect(sms).to.not.contain('In use');
    expect(oauth).to.contain('Sign-in provider').and.contain('ana@gmail.com');
    expect(t.fake.calls('GET /auth/credentials')[0]!.query).to.deep.equal({ accountId: ACCOUNT_ID });
    await expectAccessible(el, 'list');
  });

  it('refuses to remove the last method with a clear message, before calling the service', async () => {
    const el = await render(await account.signedInClient());
    await pressEnter(rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="remove-button"]')!);
    await el.updateComplete;
    expect(part(el, 'notice').textContent).to.contain('only sign-in method');
    expect(maybePart(el, 'confirm')).to.equal(null);
    expect(t.fake.calls('DELETE /auth/credentials/*')).to.have.length(0);
    await expectAccessible(el, 'refused');
  });

  it('refuses to remove the method this session was made by (the service wants another one to sign)', async () => {
    other('SMS_OTP', '+14155550123');
    const el = await render(await account.signedInClient());
    await pressEnter(rows(el)[0]!.querySelector<HTMLButtonElement>('[part~="remove-button"]')!);
    await el.updateComplete;
    expect(part(el, 'notice').textContent).to.contain('Sign in with another method to remove it');
    expect(t.fake.calls('DELETE /auth/credentials/*')).to.have.length(0);
  });

  it('removes another method after a confirmation, signed by the session of the method in use', async () => {
    const sms = other('SMS_OTP', '+14155550123');
    const el = await render(await account.signedInClient());
    const remove = rows(el)[1]!.querySelector<HTMLButtonElement>('[part~="remove-button"]')!;
    expect(remove.getAttribute('aria-label')).to.equal('Remove Text message code (•••• 0123)');
    // cancel first: nothing is called
    await pressEnter(remove);
    await el.updateComplete;
    expect(part(el, 'confirm').textContent).to.contain('Remove Text message code (•••• 0123)?');
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'confirm-remove-button'));
    await pressEnter(part(el, 'cancel-button'));
    await el.updateComplete;
    expect(maybePart(el, 'confirm')).to.equal(null);
    expect(t.fake.calls('DELETE /auth/credentials/*')).to.have.length(0);
    // then for real
    await pressEnter(rows(el)[1]!.querySelector<HTMLButtonElement>('[part~="remove-button"]')!);
    await el.updateComplete;
    await expectAccessible(el, 'confirm');
    const heard = nextEvent<CustomEvent>(document, 'pay-credential-removed'); // bubbles out to document
    await pressEnter(part(el, 'confirm-remove-button'));
    expect((await heard).detail).to.deep.equal({ authMethodId: sms, type: 'SMS_OTP' });
    await until(() => rows(el).length === 1, 'the row gone');
    expect(account.signed).to.deep.equal([
      { method: 'DELETE', path: `/auth/credentials/${encodeURIComponent(sms)}`, authMethodId: EMAIL_CREDENTIAL },
    ]);
    expect(t.leaks.of('pay-credential-removed').map((e) => e.detail)).to.deep.equal([
      { authMethodId: sms, type: 'SMS_OTP' },
    ]);
    expect(part(el, 'success').textContent).to.contain('was removed');
  });

  it('adds a text-message method: checks the number, then verifies it in place with its code', async () => {
    const client = await account.signedInClient();
    const el = await render(client);
    await pressEnter(addButton(el, 'Text message code')!);
    await el.updateComplete;
    const phone = el.querySelector<HTMLInputElement>('input[type="tel"]')!;
    expect(phone.getRootNode()).to.equal(document); // light DOM: autofill sees it
    expect(phone.labels?.[0]?.textContent).to.contain('Mobile number');
    // no region yet (the locale is plain "en"): the number needs a country first
    await typeInto(phone, '4155550123');
    await pressEnter(phone);
    await el.updateComplete;
    expect(el.textContent).to.contain('Choose the country, or type the number with + and its country code.');
    expect(phone.getAttribute('aria-invalid')).to.equal('true');
    expect(el.ownerDocument.activeElement).to.equal(el.querySelector('select'));
    expect(t.fake.calls('POST /auth/credentials')).to.have.length(0);
    phone.value = '';
    // no key twice in a row: WebKit's driver drops a repeated key
    await typeInto(phone, '+1415-678-0123');
    await pressEnter(part(el, 'submit-button'));
    await until(() => hasState(el, 'verify'), 'the code field');
    // the number goes on the customer (a signed retry: both legs carry it), then the method is added
    expect(
      t.fake.calls(`PATCH /customers/${encodeURIComponent(CUSTOMER_ID)}`).map((c) => JSON.parse(c.body!)),
    ).to.deep.equal([
      { customerType: 'INDIVIDUAL', phoneNumber: '+14156780123' },
      { customerType: 'INDIVIDUAL', phoneNumber: '+14156780123' },
    ]);
    expect(JSON.parse(t.fake.calls('POST /auth/credentials')[0]!.body!)).to.deep.equal({
      type: 'SMS_OTP',
      accountId: ACCOUNT_ID,
    });
    expect(rows(el).at(-1)!.textContent).to.contain('•••• 0123');
    const added = account.credentials.at(-1)!.id;
    expect(t.leaks.of('pay-credential-added').map((e) => e.detail)).to.deep.equal([
      { authMethodId: added, type: 'SMS_OTP', verified: false },
    ]);
    const code = lightInput(el);
    await until(() => el.ownerDocument.activeElement === code, 'focus in the code field');
    await expectAccessible(el, 'verify');
    await typeInto(code, OTP_CODE);
    await until(() => hasState(el, 'ready') && !hasState(el, 'busy'), 'verified');
    expect(client.session!.authMethodId).to.equal(added);
    await until(() => rows(el).at(-1)!.textContent!.includes('In use'), 'the new method in use');
    expect(t.leaks.of('pay-credential-added').at(-1)!.detail).to.deep.equal({
      authMethodId: added,
      type: 'SMS_OTP',
      verified: true,
    });
    expect(announced(el)).to.contain('is verified');
    expect(addButton(el, 'Text message code')).to.equal(undefined);
    t.leaks.assertClean(el);
  });

  it('offers no text-message method without customer-id (its codes go to the customer’s number)', async () => {
    const el = await fixture<PayAuthMethodsElement>(
      html`<pay-auth-methods .client=${await account.signedInClient()}></pay-auth-methods>`,
    );
    await until(() => hasState(el, 'ready'), 'the list');
    // the add section is there (with whatever else this engine offers), without the text-message method
    expect(part(el, 'add').textContent).to.contain('Add a sign-in method');
    expect(addButton(el, 'Text message code')).to.equal(undefined);
    el.customerId = CUSTOMER_ID;
    await el.updateComplete;
    expect(addButton(el, 'Text message code')).to.not.equal(undefined);
  });

  it('loads the code step when a code method is added: a wrong code is said under the field, the right one verifies it', async () => {
    account.credentials.splice(0, 1, { ...account.credentials[0]!, type: 'SMS_OTP', nickname: '+14155550000' });
    const client = await account.signedInClient();
    const el = await render(client);
    expect(el.querySelector('[slot="code-input"]'), 'no code field before one is needed').to.equal(null);
    await pressEnter(addButton(el, 'Email code')!);
    await until(() => hasState(el, 'verify'), 'the code field');
    const input = lightInput(el);
    await until(() => el.ownerDocument.activeElement === input, 'focus in the code field');
    expect(el.querySelectorAll('.pay-field__cell'), 'six cells over the one input').to.have.length(6);
    await typeInto(input, '123456');
    await until(() => hasState(el, 'error'), 'the error');
    // under the field, tied to the input, in red; the form stays
    const error = el.querySelector<HTMLElement>('[slot="code-input"] .pay-field__error')!;
    expect(error.textContent).to.equal('That code isn’t right.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(error.id);
    const cell = el.querySelector('.pay-field__cell')!;
    expect(getComputedStyle(cell).borderTopColor, 'red cells').to.equal(getComputedStyle(error).color);
    expect(hasState(el, 'verify')).to.equal(true);
    expect(t.leaks.of('pay-error').map((e) => (e.detail as { code: string }).code)).to.deep.equal(['UNAUTHORIZED']);
    await typeInto(input, OTP_CODE);
    await until(() => hasState(el, 'ready') && !hasState(el, 'busy'), 'verified');
    expect(t.leaks.of('pay-credential-added').at(-1)!.detail).to.include({ type: 'EMAIL_OTP', verified: true });
    expect(announced(el)).to.contain('is verified');
  });

  it('adds a sign-in provider with the token the page supplies', async () => {
    const el = await render(await account.signedInClient(), async () => 'header.payload.signature');
    await pressEnter(addButton(el, 'Sign-in provider')!);
    await until(() => t.leaks.of('pay-credential-added').length === 1, 'added');
    expect(JSON.parse(t.fake.calls('POST /auth/credentials')[0]!.body!)).to.include({ type: 'OAUTH' });
    expect(account.signed.map((s) => s.authMethodId)).to.deep.equal([EMAIL_CREDENTIAL]);
    expect(JSON.stringify(t.leaks.events)).to.not.contain('header.payload.signature');
    await until(() => rows(el).length === 2, 'listed');
  });

  it('offers no provider without a token source, and says passkeys are unavailable where WebAuthn is missing', async () => {
    t.cleanup(hideGlobal('PublicKeyCredential'));
    const el = await render(await account.signedInClient());
    expect(addButton(el, 'Sign-in provider')).to.equal(undefined);
    expect(addButton(el, 'Passkey')).to.equal(undefined);
    expect(part(el, 'passkey-unsupported').textContent).to.contain('Passkeys aren’t available in this browser');
    await expectAccessible(el, 'no passkeys');
  });

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    'starts the passkey ceremony from the form, and reports a cancel',
    async () => {
      const calls: CredentialCreationOptions[] = [];
      const original = navigator.credentials.create;
      navigator.credentials.create = (options?: CredentialCreationOptions) => {
        calls.push(options!);
        return Promise.reject(new DOMException('cancelled', 'NotAllowedError'));
      };
      t.cleanup(() => (navigator.credentials.create = original));
      const el = await render(await account.signedInClient());
      await pressEnter(addButton(el, 'Passkey')!);
      await el.updateComplete;
      const name = lightInput(el, 'field-input');
      expect(name.labels?.[0]?.textContent).to.contain('Passkey name');
      await until(() => document.activeElement === name, 'focus in the name field');
      await pressEnter(name);
      await until(() => hasState(el, 'error'), 'the error');
      expect(calls).to.have.length(1);
      expect(calls[0]!.publicKey!.user.name).to.equal('ana@example.com');
      expect(part(el, 'error').textContent).to.contain('cancelled');
      expect(t.fake.calls('POST /auth/credentials')).to.have.length(0);
    },
  );

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    'a 5xx after the device made the passkey says so, and the next press finishes that passkey: one passkey, no second ceremony (issue 30, case 4)',
    async () => {
      const device = countDeviceCeremonies(t);
      // the service registers the passkey, then its answer is a 502
      let failAfterActing = true;
      const transport: Transport = async (request) => {
        const response = await account.transport(request);
        const acted = request.headers?.['Service-Wallet-Signature'] && response.status === 201;
        if (request.method === 'POST' && request.path === '/auth/credentials' && acted && failAfterActing) {
          failAfterActing = false;
          return { status: 502, headers: {}, body: { status: 502, code: 'BAD_GATEWAY', message: 'bad gateway' } };
        }
        return response;
      };
      const el = await render(await account.signedInClient({ transport }));
      await pressEnter(addButton(el, 'Passkey')!);
      await el.updateComplete;
      await pressEnter(lightInput(el, 'field-input'));
      await until(() => hasState(el, 'error'), 'the error');
      expect(part(el, 'error').textContent).to.contain('Your device made a passkey');
      expect(part(el, 'error').textContent).to.not.match(/502|BAD_GATEWAY/);
      await expectAccessible(el, 'passkey not confirmed');
      await pressEnter(part(el, 'submit-button'));
      await until(() => t.leaks.of('pay-credential-added').length === 1, 'added');
      expect(device.ceremonies(), 'no second ceremony on the device').to.equal(1);
      expect(account.credentials.filter((c) => c.type === 'PASSKEY')).to.have.length(1);
      await until(() => rows(el).some((r) => r.textContent!.includes('Passkey')), 'listed');
    },
  );

  itWhen(!!probe.authenticatorId, probe.unsupported ?? '', 'adds a passkey (virtual authenticator)', async () => {
    const { authenticatorId } = await addVirtualAuthenticator();
    try {
      const el = await render(await account.signedInClient());
      await pressEnter(addButton(el, 'Passkey')!);
      await el.updateComplete;
      const name = lightInput(el, 'field-input');
      name.value = '';
      await typeInto(name, 'Work laptop');
      await pressEnter(part(el, 'submit-button'));
      await until(() => t.leaks.of('pay-credential-added').length === 1, 'added', 10_000);
      expect(t.leaks.of('pay-credential-added')[0]!.detail).to.include({ type: 'PASSKEY', verified: true });
      expect(account.signed.map((s) => s.authMethodId)).to.deep.equal([EMAIL_CREDENTIAL]);
      await until(() => rows(el).some((r) => r.textContent!.includes('Work laptop')), 'listed');
    } finally {
      await removeVirtualAuthenticator(authenticatorId!).catch(() => undefined);
    }
  });

  it('speaks Spanish', async () => {
    await import('../src/translations/es.js');
    const client = await account.signedInClient();
    const el = await fixture<PayAuthMethodsElement>(
      html`<pay-auth-methods lang="es" .client=${client}></pay-auth-methods>`,
    );
    await until(() => hasState(el, 'ready'), 'the list');
    expect(part(el, 'title').textContent).to.contain('Métodos de inicio de sesión');
  });
});
