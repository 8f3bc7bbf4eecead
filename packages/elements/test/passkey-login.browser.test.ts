import { expect } from 'chai';
import { passkeysSupported, type WalletClient } from '@paykit/crypto-core';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from '@paykit/test-harness/browser-commands';
import { describe, it, itWhen } from '@paykit/test-harness/suite';
import type { PayPasskeyLoginElement } from '../src/passkey-login/passkey-login.js';
import { PASSKEY_CREDENTIAL } from './helpers/fake-service.js';
import {
  announced,
  countDeviceCeremonies,
  expectAccessible,
  fixture,
  hangingCredentialsGet,
  hasState,
  hideGlobal,
  html,
  lightInput,
  maybePart,
  part,
  pressEnter,
  setupElementTests,
  stubCredentialsGet,
  until,
} from './helpers/dom.js';
import '../src/define/pay-passkey-login.js';

const webAuthn = passkeysSupported();
// Chromium gets a CDP virtual authenticator from the runner; the other engines say why they cannot.
const probe = webAuthn ? await addVirtualAuthenticator() : { unsupported: 'no WebAuthn in this engine' };
if (probe.authenticatorId) await removeVirtualAuthenticator(probe.authenticatorId);

describe('<pay-passkey-login>', () => {
  const t = setupElementTests();

  const render = (
    client: WalletClient,
    attrs: { mode?: string; conditional?: boolean } = {},
  ): Promise<PayPasskeyLoginElement> =>
    fixture<PayPasskeyLoginElement>(
      html`<pay-passkey-login
        .client=${client}
        mode=${attrs.mode ?? 'login'}
        auth-method-id=${PASSKEY_CREDENTIAL}
        user-name="ana@example.com"
        nickname="Laptop"
        ?conditional=${attrs.conditional ?? false}
      ></pay-passkey-login>`,
    );

  it("says passkeys aren't available where WebAuthn is missing, instead of offering a button", async () => {
    t.cleanup(hideGlobal('PublicKeyCredential'));
    const el = await render(t.fake.client());
    expect(hasState(el, 'unsupported')).to.equal(true);
    expect(part(el, 'unsupported').textContent).to.contain('Passkeys aren’t available in this browser');
    expect(maybePart(el, 'passkey-button')).to.equal(null);
    await expectAccessible(el, 'unsupported');
  });

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    'starts the ceremony inside the click handler and cancels it when removed',
    async () => {
      const calls: CredentialRequestOptions[] = [];
      t.cleanup(stubCredentialsGet(hangingCredentialsGet(calls)));
      const client = t.fake.client();
      let called = false;
      const original = client.loginWithPasskey.bind(client);
      client.loginWithPasskey = (params) => {
        called = true;
        return original(params);
      };
      const el = await render(client);
      await expectAccessible(el, 'login button');
      const button = part<HTMLButtonElement>(el, 'passkey-button');
      expect(button.textContent).to.contain('Sign in with a passkey');
      button.click();
      // checked before anything could run after an await: the call happened inside the click itself
      expect(called, 'client.loginWithPasskey ran inside the click').to.equal(true);

      await until(() => calls.length === 1, 'navigator.credentials.get');
      await el.updateComplete;
      expect(hasState(el, 'pending')).to.equal(true);
      const signal = calls[0]!.signal!;
      expect(signal.aborted).to.equal(false);
      el.remove();
      expect(signal.aborted, 'the pending ceremony is cancelled on disconnect').to.equal(true);
      expect(t.leaks.of('pay-error')).to.deep.equal([]);
    },
  );

  itWhen(webAuthn, 'no WebAuthn in this engine', 'reports a cancelled ceremony with its code only', async () => {
    t.cleanup(stubCredentialsGet(() => Promise.reject(new DOMException('The user cancelled.', 'NotAllowedError'))));
    const el = await render(t.fake.client());
    await pressEnter(part(el, 'passkey-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(part(el, 'error').textContent).to.contain('The passkey request was cancelled or timed out.');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'WEBAUTHN_CANCELLED' }]);
    expect(announced(el)).to.contain('cancelled');
    await expectAccessible(el, 'cancelled');
  });

  itWhen(webAuthn, 'no WebAuthn in this engine', 'asks for a sign-in before registering', async () => {
    const el = await render(t.fake.client(), { mode: 'register' });
    expect(part(el, 'passkey-button').textContent).to.contain('Create a passkey');
    await pressEnter(part(el, 'passkey-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(part(el, 'error').textContent).to.contain('Sign in first.');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'NO_SESSION' }]);
  });

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    'register: a 5xx after the device made the passkey says what happened, and the next press finishes that passkey (issue 30, case 4)',
    async () => {
      const device = countDeviceCeremonies(t);
      const el = await render(await t.fake.signedInClient(), { mode: 'register' });
      t.fake.script('POST /auth/credentials', { status: 503, body: { status: 503, code: 'SERVICE_UNAVAILABLE' } });
      await pressEnter(part(el, 'passkey-button'));
      await until(() => maybePart(el, 'error') !== null, 'the error');
      expect(part(el, 'error').textContent).to.contain('Your device made a passkey');
      expect(part(el, 'error').textContent).to.not.contain('503');
      expect(announced(el)).to.contain('Your device made a passkey');
      await pressEnter(part(el, 'passkey-button'));
      await until(() => t.leaks.of('pay-passkey-registered').length === 1, 'pay-passkey-registered');
      expect(device.ceremonies(), 'one ceremony, one passkey').to.equal(1);
      expect(
        t.fake.calls('POST /auth/credentials').map((r) => JSON.parse(r.body!).attestation.credentialId),
      ).to.satisfy((ids: string[]) => ids.length >= 2 && new Set(ids).size === 1);
    },
  );

  itWhen(
    webAuthn,
    'no WebAuthn in this engine',
    'offers the passkey in autofill with a light-DOM username field (conditional)',
    async () => {
      const calls: CredentialRequestOptions[] = [];
      t.cleanup(stubCredentialsGet(hangingCredentialsGet(calls)));
      const pkc = window.PublicKeyCredential as unknown as Record<string, unknown>;
      const own = Object.getOwnPropertyDescriptor(pkc, 'isConditionalMediationAvailable');
      Object.defineProperty(pkc, 'isConditionalMediationAvailable', {
        configurable: true,
        value: () => Promise.resolve(true),
      });
      t.cleanup(() =>
        own
          ? Object.defineProperty(pkc, 'isConditionalMediationAvailable', own)
          : delete pkc['isConditionalMediationAvailable'],
      );

      const el = await render(t.fake.client(), { conditional: true });
      await until(() => calls.length === 1, 'the conditional request');
      const input = lightInput(el, 'autofill-input');
      expect(input.getRootNode()).to.equal(document);
      expect(input.getAttribute('autocomplete')).to.equal('username webauthn');
      expect(input.labels?.[0]?.textContent?.trim()).to.equal('Email or username');
      expect((calls[0] as { mediation?: string }).mediation).to.equal('conditional');
      await expectAccessible(el, 'conditional');
      el.remove();
      expect(calls[0]!.signal!.aborted).to.equal(true);
    },
  );

  itWhen(
    !!probe.authenticatorId,
    probe.unsupported ?? '',
    'registers a passkey and signs in with it (virtual authenticator)',
    async () => {
      const { authenticatorId } = await addVirtualAuthenticator();
      try {
        await registerThenSignIn();
      } finally {
        await removeVirtualAuthenticator(authenticatorId!).catch(() => undefined);
      }
    },
  );

  async function registerThenSignIn(): Promise<void> {
    const client = await t.fake.signedInClient();
    const register = await render(client, { mode: 'register' });
    await pressEnter(part(register, 'passkey-button'));
    await until(() => t.leaks.of('pay-passkey-registered').length === 1, 'pay-passkey-registered', 10_000);
    expect(t.leaks.of('pay-passkey-registered')[0]!.detail).to.deep.equal({
      authMethodId: PASSKEY_CREDENTIAL,
      nickname: 'Laptop',
    });
    await register.updateComplete;
    expect(hasState(register, 'registered')).to.equal(true);
    await expectAccessible(register, 'registered');

    const login = await render(t.fake.client());
    await pressEnter(part(login, 'passkey-button'));
    await until(() => t.leaks.of('pay-session').length === 1, 'pay-session', 10_000);
    const { session } = t.leaks.of('pay-session')[0]!.detail as { session: Record<string, unknown> };
    expect(Object.keys(session).sort()).to.deep.equal(['accountId', 'expiresAt', 'id', 'type']);
    expect(session['type']).to.equal('PASSKEY');
    await login.updateComplete;
    expect(part(login, 'success').textContent).to.contain('You’re signed in.');
    t.leaks.assertClean(register, login);
  }
});
