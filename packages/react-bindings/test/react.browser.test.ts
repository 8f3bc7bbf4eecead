/**
 * The bindings in real browsers, with React 19 and React 18: the wrapped element is registered before
 * the first render and upgraded, element props become properties, `on…` props receive the element's
 * events (the instance it dispatched), the provider sets and clears the elements' default client and
 * restores the session once (StrictMode included), `useSession` follows sign-in and logout through a
 * WalletClient over a fake service, and `usePayEvent` hears `pay-*` events from anywhere in the page.
 * Elements, classes and clients are compared as booleans: a failed chai assertion carries its operands
 * to the runner, which would try to serialize a whole custom element class or client.
 */
import { expect } from 'chai';
import type { ReactElement } from 'react';
import { PayError, type WalletClient } from '@paykit/crypto-core';
import {
  getDefaultClient,
  PayErrorEvent,
  PayOtpLoginElement,
  PaySessionEvent,
  setDefaultClient,
} from '@paykit/elements';
import { afterEach, before, beforeEach, describe, it } from '@paykit/test-harness/suite';
import { createPaykitReact, type PaykitReact } from '../src/create.js';
import { ACCOUNT_ID, createFakeService, type FakeService } from './helpers/fake-service.js';
import { loadReact, type ReactCopy } from './helpers/react-in-browser.js';
import { until } from './helpers/until.js';

const summary = { id: 'Session:9', accountId: ACCOUNT_ID, type: 'EMAIL_OTP', expiresAt: '2030-01-01T00:00:00.000Z' };

for (const version of [19, 18] as const) {
  describe(`@paykit/react in the browser with React ${version}`, () => {
    let react: ReactCopy;
    let h: ReactCopy['React']['createElement'];
    let paykit: PaykitReact;
    let fake: FakeService;
    let client: WalletClient;
    let container: HTMLElement;
    let unmount: (() => void) | undefined;

    before(async () => {
      react = await loadReact(version);
      h = react.React.createElement;
      paykit = createPaykitReact(react.React);
    });

    beforeEach(() => {
      fake = createFakeService();
      client = fake.client();
      container = document.body.appendChild(document.createElement('div'));
    });

    afterEach(() => {
      unmount?.();
      unmount = undefined;
      container.remove();
      client.close();
      setDefaultClient(undefined);
    });

    /** Renders `element` into the container synchronously (commit and layout effects included). */
    function render(element: ReactElement): void {
      const root = unmount ? renderRoot : (renderRoot = react.ReactDOMClient.createRoot(container));
      unmount = () => react.ReactDOM.flushSync(() => root.unmount());
      react.ReactDOM.flushSync(() => root.render(element));
    }
    let renderRoot: ReturnType<ReactCopy['ReactDOMClient']['createRoot']>;

    it('registers <pay-otp-login> before the first render, and React creates it upgraded with its properties', async () => {
      expect(
        customElements.get('pay-otp-login') === PayOtpLoginElement,
        '<pay-otp-login> is registered with the element class',
      ).to.equal(true);
      const ref = react.React.createRef<PayOtpLoginElement>();
      render(
        h(
          paykit.PaykitProvider,
          { client },
          h(paykit.PayOtpLogin, {
            ref,
            accountId: ACCOUNT_ID,
            destination: 'a•••@example.com',
            resendSeconds: 45,
            className: 'login',
          }),
        ),
      );
      const el = container.querySelector<PayOtpLoginElement>('pay-otp-login')!;
      expect(el instanceof PayOtpLoginElement, 'upgraded when React created it').to.equal(true);
      expect(ref.current === el, 'the ref is the element').to.equal(true);
      expect(el.accountId).to.equal(ACCOUNT_ID);
      expect(el.resendSeconds).to.equal(45);
      expect(el.className).to.equal('login');
      await el.updateComplete;
      expect(el.shadowRoot?.querySelector('[part~="send-button"]'), 'rendered shadow DOM').to.not.equal(null);
      expect(el.shadowRoot?.querySelector('[part~="intro"]')?.textContent).to.contain('a•••@example.com');
    });

    it('calls onPaySession with the pay-session event the element dispatches, and follows prop changes', () => {
      const first: PaySessionEvent[] = [];
      const second: PaySessionEvent[] = [];
      const tree = (onPaySession?: (event: PaySessionEvent) => void) =>
        h(
          paykit.PaykitProvider,
          { client },
          h(paykit.PayOtpLogin, { accountId: ACCOUNT_ID, ...(onPaySession ? { onPaySession } : {}) }),
        );
      render(tree((event) => first.push(event)));
      const el = container.querySelector<PayOtpLoginElement>('pay-otp-login')!;
      const event = new PaySessionEvent(summary);
      el.dispatchEvent(event);
      expect(first).to.have.length(1);
      expect(first[0] === event, 'the dispatched instance').to.equal(true);
      expect(first[0]!.detail.session).to.deep.equal(summary);

      render(tree((e) => second.push(e)));
      el.dispatchEvent(new PaySessionEvent(summary));
      expect([first.length, second.length], 'the new handler, not the old').to.deep.equal([1, 1]);

      render(tree(undefined));
      el.dispatchEvent(new PaySessionEvent(summary));
      expect([first.length, second.length], 'no handler after the prop is removed').to.deep.equal([1, 1]);
    });

    it('sets its client as the elements default while mounted, and restores the session once under StrictMode', async () => {
      let restores = 0;
      const restore = client.restore.bind(client);
      client.restore = () => {
        restores++;
        return restore();
      };
      render(
        h(
          react.React.StrictMode,
          null,
          h(paykit.PaykitProvider, { client }, h(paykit.PayOtpLogin, { accountId: ACCOUNT_ID })),
        ),
      );
      expect(getDefaultClient() === client, 'the provider client is the default').to.equal(true);
      const el = container.querySelector<PayOtpLoginElement>('pay-otp-login')!;
      await el.updateComplete;
      expect(el.client === undefined, 'no client property: the element uses the default').to.equal(true);
      await until(() => restores > 0, 'client.restore()');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(restores).to.equal(1);
      unmount!();
      unmount = undefined;
      expect(getDefaultClient() === undefined, 'no default client after unmount').to.equal(true);
    });

    it('reports a failed restore to onRestoreError once, and useSession is then signed-out', async () => {
      client.restore = () => Promise.reject(new PayError('KEY_STORE_UNAVAILABLE', 'IndexedDB is not available'));
      const errors: string[] = [];
      function Status(): ReactElement {
        return h('output', null, paykit.useSession().status);
      }
      render(
        h(
          react.React.StrictMode,
          null,
          h(
            paykit.PaykitProvider,
            { client, onRestoreError: (error) => errors.push((error as PayError).code) },
            h(Status),
          ),
        ),
      );
      const output = (): string => container.querySelector('output')!.textContent ?? '';
      await until(() => output() === 'signed-out', 'signed-out after the failed restore');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).to.deep.equal(['KEY_STORE_UNAVAILABLE']);
    });

    it('leaves a default client that another provider set since', () => {
      const other = fake.client();
      try {
        render(h(paykit.PaykitProvider, { client }, null));
        setDefaultClient(other);
        unmount!();
        unmount = undefined;
        expect(getDefaultClient() === other, 'the other provider client stays the default').to.equal(true);
      } finally {
        other.close();
      }
    });

    it('useSession goes loading → signed-out → signed-in on sign-in → signed-out on logout', async () => {
      const seen: string[] = [];
      let logout: (() => Promise<void>) | undefined;
      function Status(): ReactElement {
        const session = paykit.useSession();
        logout = session.logout;
        const text = `${session.status} ${session.session?.id ?? '-'}`;
        if (seen[seen.length - 1] !== text) seen.push(text);
        return h('output', null, text);
      }
      render(h(paykit.PaykitProvider, { client }, h(Status)));
      const output = (): string => container.querySelector('output')!.textContent ?? '';
      await until(() => output() === 'signed-out -', 'the restored (empty) session');
      await fake.signIn(client);
      await until(() => output() === 'signed-in Session:1', 'the signed-in state');
      await logout!();
      await until(() => output() === 'signed-out -', 'the signed-out state');
      expect(fake.calls('DELETE /auth/sessions/Session:1')).to.have.length(1);
      expect(seen).to.deep.equal(['loading -', 'signed-out -', 'signed-in Session:1', 'signed-out -']);
    });

    it('usePayEvent hears pay-* events from anywhere in the page until unmounted', () => {
      const codes: string[] = [];
      function Tracker(): null {
        paykit.usePayEvent('pay-error', (event) => codes.push(event.detail.code));
        return null;
      }
      render(h(paykit.PaykitProvider, { client }, h(Tracker)));
      const elsewhere = document.body.appendChild(document.createElement('section'));
      try {
        elsewhere.dispatchEvent(new PayErrorEvent('NETWORK_ERROR'));
        expect(codes).to.deep.equal(['NETWORK_ERROR']);
        unmount!();
        unmount = undefined;
        elsewhere.dispatchEvent(new PayErrorEvent('TIMEOUT'));
        expect(codes).to.deep.equal(['NETWORK_ERROR']);
      } finally {
        elsewhere.remove();
      }
    });

    it('usePayEvent listens on the element a ref points to, not the rest of the page', () => {
      const codes: string[] = [];
      function Tracked(): ReactElement {
        const ref = react.React.useRef<HTMLElement>(null);
        paykit.usePayEvent('pay-error', (event) => codes.push(event.detail.code), ref);
        return h('section', { ref }, h('span'));
      }
      render(h(paykit.PaykitProvider, { client }, h(Tracked)));
      container.querySelector('span')!.dispatchEvent(new PayErrorEvent('NETWORK_ERROR'));
      document.body.dispatchEvent(new PayErrorEvent('TIMEOUT'));
      expect(codes).to.deep.equal(['NETWORK_ERROR']);
    });
  });
}
