/**
 * The most common React page: `useSession()` decides what shows, so the login goes away the moment the
 * client is signed in, and the export, the card and the SCA challenge go away the moment it is signed
 * out. The element's event that goes with the change must still reach `usePayEvent` (a document
 * listener) as well as the wrapper's `on…` prop, each once. React 19 and 18; the elements' in-page fake
 * service does the real flows (sealed OTP, passkey challenge, export, reveal, SCA).
 */
import { expect } from 'chai';
import type { ReactElement } from 'react';
import { passkeysSupported, type WalletClient } from '@paykit/crypto-core';
import { setDefaultClient } from '@paykit/elements';
import { afterEach, before, beforeEach, describe, it, itWhen } from '@paykit/test-harness/suite';
import { createPaykitReact, type PaykitReact } from '../src/create.js';
import type { PayEventName } from '../src/hooks.js';
import {
  EMAIL_CREDENTIAL,
  OTP_CODE,
  PAN_ORIGIN,
  PASSKEY_CREDENTIAL,
  SCA_CODE,
  createFakeService,
  pendingQuote,
  type FakeService,
} from '../../elements/test/helpers/fake-service.js';
import { pressEnter } from '../../elements/test/helpers/dom.js';
import { loadReact, type ReactCopy } from './helpers/react-in-browser.js';
import { until } from './helpers/until.js';

const shadowPart = (el: Element | null, name: string): HTMLElement | null =>
  el?.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;

/** Puts `code` in the element's light-DOM code input as a paste would, once the input is there. */
async function enterCode(el: Element, code: string): Promise<void> {
  await until(() => !!el.querySelector('input'), 'the code input');
  const input = el.querySelector('input')!;
  input.value = code;
  input.dispatchEvent(
    new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertFromPaste', data: code }),
  );
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** Answers `navigator.credentials.get` as an authenticator would for the fake service's challenge. */
function stubPasskey(): () => void {
  const container = navigator.credentials as CredentialsContainer & { get: unknown };
  const own = Object.getOwnPropertyDescriptor(container, 'get');
  const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const get = (options: CredentialRequestOptions): Promise<unknown> => {
    const challenge = base64Url(new Uint8Array(options.publicKey!.challenge as ArrayBuffer));
    return Promise.resolve({
      id: 'cred-1',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: bytes(JSON.stringify({ type: 'webauthn.get', challenge })),
        authenticatorData: bytes('a'),
        signature: bytes('s'),
        userHandle: null,
      },
      getClientExtensionResults: () => ({}),
    });
  };
  Object.defineProperty(container, 'get', { configurable: true, writable: true, value: get });
  return () => (own ? Object.defineProperty(container, 'get', own) : delete (container as { get?: unknown }).get);
}

for (const version of [19, 18] as const) {
  describe(`React ${version}: useSession hides the element, and its event still reaches usePayEvent`, () => {
    let react: ReactCopy;
    let paykit: PaykitReact;
    let fake: FakeService;
    let container: HTMLElement;
    let undo: (() => void)[] = [];

    before(async () => {
      react = await loadReact(version);
      paykit = createPaykitReact(react.React);
    });

    beforeEach(async () => {
      fake = await createFakeService();
      container = document.body.appendChild(document.createElement('div'));
    });

    afterEach(() => {
      for (const fn of undo.reverse()) fn();
      undo = [];
      container.remove();
      setDefaultClient(undefined);
    });

    /**
     * Renders `element` while `showWhen` is the session status (loading counts as neither), and
     * records what usePayEvent and the wrapper's `on…` prop heard of `type`.
     */
    function mount(
      client: WalletClient,
      type: PayEventName,
      showWhen: 'signed-in' | 'signed-out',
      element: (onEvent: (event: Event) => void) => ReactElement,
    ) {
      const heard = { hook: [] as Event[], prop: [] as Event[] };
      const h = react.React.createElement;
      function Page(): ReactElement {
        const { status } = paykit.useSession();
        paykit.usePayEvent(type, (event) => heard.hook.push(event));
        return h('main', null, status === showWhen ? element((event) => heard.prop.push(event)) : h('p', null, status));
      }
      const root = react.ReactDOMClient.createRoot(container);
      react.ReactDOM.flushSync(() => root.render(h(paykit.PaykitProvider, { client }, h(Page))));
      undo.push(
        () => react.ReactDOM.flushSync(() => root.unmount()),
        () => client.close(),
      );
      return heard;
    }

    async function shown(tag: string): Promise<HTMLElement> {
      await until(() => !!container.querySelector(tag), `<${tag}>`);
      const el = container.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(tag)!;
      await el.updateComplete;
      return el;
    }

    async function heardOnce(heard: { hook: Event[]; prop: Event[] }, tag: string): Promise<void> {
      await until(() => heard.hook.length > 0, 'the event through usePayEvent');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container.querySelector(tag) === null, `<${tag}> was hidden by useSession`).to.equal(true);
      expect([heard.hook.length, heard.prop.length], 'usePayEvent and the on… prop each heard it once').to.deep.equal([
        1, 1,
      ]);
    }

    it('<PayOtpLogin>: pay-session after useSession hid it on sign-in', async () => {
      const client = fake.client();
      const heard = mount(client, 'pay-session', 'signed-out', (on) =>
        react.React.createElement(paykit.PayOtpLogin, { authMethodId: EMAIL_CREDENTIAL, onPaySession: on }),
      );
      const el = await shown('pay-otp-login');
      shadowPart(el, 'send-button')!.click();
      await enterCode(el, OTP_CODE);
      await heardOnce(heard, 'pay-otp-login');
      expect((heard.hook[0] as CustomEvent<{ session: { id: string } }>).detail.session.id).to.equal(
        client.session?.id,
      );
    });

    itWhen(
      passkeysSupported(),
      'no WebAuthn in this engine',
      '<PayPasskeyLogin>: pay-session after useSession hid it on sign-in',
      async () => {
        undo.push(stubPasskey());
        const client = fake.client();
        const heard = mount(client, 'pay-session', 'signed-out', (on) =>
          react.React.createElement(paykit.PayPasskeyLogin, { authMethodId: PASSKEY_CREDENTIAL, onPaySession: on }),
        );
        const el = await shown('pay-passkey-login');
        shadowPart(el, 'passkey-button')!.click();
        await heardOnce(heard, 'pay-passkey-login');
      },
    );

    it('<PayWalletExport>: pay-export-closed after useSession hid it on sign-out', async () => {
      const client = await fake.signedInClient();
      const heard = mount(client, 'pay-export-closed', 'signed-in', (on) =>
        react.React.createElement(paykit.PayWalletExport, { onPayExportClosed: on }),
      );
      const el = await shown('pay-wallet-export');
      el.shadowRoot!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await pressEnter(shadowPart(el, 'start-button')!); // a real press: a script's click() does not start an export
      await until(() => (el.getAttribute('data-state') ?? '').includes('ready'), 'the phrase');
      await client.logout();
      await heardOnce(heard, 'pay-wallet-export');
      expect((heard.hook[0] as CustomEvent).detail).to.deep.equal({ reason: 'closed' });
    });

    it('<PayCardReveal>: pay-card-hidden after useSession hid it on sign-out', async () => {
      const client = await fake.signedInClient();
      const heard = mount(client, 'pay-card-hidden', 'signed-in', (on) =>
        react.React.createElement(paykit.PayCardReveal, {
          cardId: 'Card:0191-c1',
          allowedOrigins: PAN_ORIGIN,
          onPayCardHidden: on,
        }),
      );
      const el = await shown('pay-card-reveal');
      shadowPart(el, 'show-button')!.click();
      await until(() => (el.getAttribute('data-state') ?? '').includes('revealed'), 'the card frame');
      await client.logout();
      await heardOnce(heard, 'pay-card-reveal');
      expect((heard.hook[0] as CustomEvent).detail).to.deep.equal({ cardId: 'Card:0191-c1', reason: 'closed' });
    });

    it('<PayScaChallenge>: pay-sca-complete settling after useSession hid it on sign-out', async () => {
      const client = await fake.signedInClient();
      const quote = pendingQuote();
      const heard = mount(client, 'pay-sca-complete', 'signed-in', (on) =>
        react.React.createElement(paykit.PayScaChallenge, {
          quote,
          customerId: 'Customer:0191-cu',
          onPayScaComplete: on,
        }),
      );
      const el = await shown('pay-sca-challenge');
      const gate = fake.gate('POST /quotes/*/authorize');
      await enterCode(el, SCA_CODE);
      await gate.reached;
      await client.logout();
      await until(() => container.querySelector('pay-sca-challenge') === null, 'hidden on sign-out');
      gate.release();
      await heardOnce(heard, 'pay-sca-challenge');
    });
  });
}
