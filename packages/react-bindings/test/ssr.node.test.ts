/**
 * Server rendering with React 19 (the package entry, bound to `react`) and React 18 (the same code
 * built by `createPaykitReact` over the `react18` copy): the wrapper renders its custom element tag,
 * the provider and hooks render without effects (no restore, no page-wide default client, no
 * warnings), and `useSession` renders `loading`, as hydration in the browser will.
 */
import { expect } from 'chai';
import type { ReactElement } from 'react';
import * as ReactDOMServer19 from 'react-dom/server';
import * as React19 from 'react';
import { getDefaultClient } from '@paykit/elements';
import type { WalletClient } from '@paykit/crypto-core';
import * as paykit19 from '@paykit/react';
import { createPaykitReact, type PaykitReact } from '@paykit/react';
import { afterEach, beforeEach, describe, it } from '@paykit/test-harness/suite';
import { ACCOUNT_ID, createFakeService, type FakeService } from './helpers/fake-service.js';
import { loadReact18 } from './helpers/react18-node.js';
import type { ReactModule } from '../src/react-module.js';

interface Binding {
  version: string;
  React: ReactModule;
  renderToString: (element: ReactElement) => string;
  paykit: Pick<PaykitReact, 'PaykitProvider' | 'PayOtpLogin' | 'PayWalletExport' | 'useSession' | 'useWalletClient'>;
}

function react19(): Binding {
  return {
    version: React19.version,
    React: React19,
    renderToString: ReactDOMServer19.renderToString,
    paykit: paykit19,
  };
}

function react18(): Binding {
  const { React, ReactDOMServer } = loadReact18();
  return {
    version: React.version,
    React,
    renderToString: ReactDOMServer.renderToString,
    paykit: createPaykitReact(React),
  };
}

for (const make of [react19, react18]) {
  const binding = make();
  const { React, renderToString, paykit } = binding;
  const h = React.createElement;

  describe(`server rendering with React ${binding.version}`, () => {
    let fake: FakeService;
    let client: WalletClient;
    let errors: unknown[][];
    let restoreCalls: number;
    const consoleError = console.error;

    beforeEach(() => {
      fake = createFakeService();
      client = fake.client();
      restoreCalls = 0;
      const restore = client.restore.bind(client);
      client.restore = () => {
        restoreCalls++;
        return restore();
      };
      errors = [];
      console.error = (...args: unknown[]) => void errors.push(args);
    });

    afterEach(() => {
      console.error = consoleError;
      client.close();
    });

    it('renders <PayOtpLogin> in <PaykitProvider> as <pay-otp-login>, with no warning and no effect run', () => {
      const html = renderToString(
        h(
          paykit.PaykitProvider,
          { client },
          h(paykit.PayOtpLogin, {
            accountId: ACCOUNT_ID,
            onPaySession: () => undefined,
            className: 'login',
            id: 'sign-in',
          }),
        ),
      );
      expect(html).to.match(/^<pay-otp-login\b[^>]*><\/pay-otp-login>$/);
      expect(html).to.contain('class="login"').and.contain('id="sign-in"');
      // element properties and event props are set on the element in the browser, not serialized
      expect(html).not.to.match(/onPaySession|function|=>/);
      expect(errors, 'console.error during rendering').to.deep.equal([]);
      expect(restoreCalls, 'client.restore() on the server').to.equal(0);
      expect(getDefaultClient(), 'the default client on the server').to.equal(undefined);
      expect(fake.requests).to.deep.equal([]);
    });

    it('renders every wrapper as its tag, with defer-hydration so the element leaves its light DOM alone until hydrated', () => {
      expect(renderToString(h(paykit.PayWalletExport, { revealTimeout: 60 }))).to.equal(
        '<pay-wallet-export defer-hydration=""></pay-wallet-export>',
      );
      expect(renderToString(h(paykit.PayOtpLogin, { accountId: ACCOUNT_ID }))).to.equal(
        '<pay-otp-login defer-hydration=""></pay-otp-login>',
      );
    });

    it('renders useSession as loading even for a signed-in client, as the browser will hydrate it', async () => {
      await fake.signIn(client);
      expect(client.session?.id).to.equal('Session:1');
      const seen: string[] = [];
      function Status(): ReactElement {
        const { status, session } = paykit.useSession();
        seen.push(status);
        return h('output', null, `${status} ${session?.id ?? '-'}`);
      }
      expect(renderToString(h(paykit.PaykitProvider, { client }, h(Status)))).to.equal('<output>loading -</output>');
      expect(seen).to.deep.equal(['loading']);
      expect(errors).to.deep.equal([]);
    });

    it('gives useSession actions that log out and refresh through the client, with no key id', async () => {
      await fake.signIn(client);
      let actions: ReturnType<PaykitReact['useSession']> | undefined;
      function Grab(): null {
        actions = paykit.useSession();
        expect(paykit.useWalletClient()).to.equal(client);
        return null;
      }
      renderToString(h(paykit.PaykitProvider, { client }, h(Grab)));
      const refreshed = await actions!.refresh();
      expect(refreshed.id).to.equal('Session:2');
      expect(refreshed).to.have.all.keys('id', 'accountId', 'type', 'authMethodId', 'expiresAt');
      expect(Object.isFrozen(refreshed)).to.equal(true);
      expect(fake.calls('POST /auth/sessions/Session:1/refresh')).to.have.length(1);
      await actions!.logout();
      expect(fake.calls('DELETE /auth/sessions/Session:2')).to.have.length(1);
      expect(client.session).to.equal(undefined);
    });

    it('throws NO_CLIENT from the hooks outside a provider, and INVALID_ARGUMENT for a provider without a client', () => {
      function Orphan(): null {
        paykit.useSession();
        return null;
      }
      expect(() => renderToString(h(Orphan)))
        .to.throw()
        .with.property('code', 'NO_CLIENT');
      const noClient = { client: undefined } as unknown as { client: WalletClient };
      expect(() => renderToString(h(paykit.PaykitProvider, noClient)))
        .to.throw()
        .with.property('code', 'INVALID_ARGUMENT');
    });
  });
}
