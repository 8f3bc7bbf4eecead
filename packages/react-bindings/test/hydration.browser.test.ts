/**
 * Hydration with React's development builds (19 and 18), in each engine: the page holds what the server
 * rendered (the markup `ssr.node.test.ts` checks the wrappers produce, `defer-hydration` included), the
 * tags are registered first so the elements upgrade before React hydrates, as on a real page; React then
 * reports no recoverable error and logs nothing, and the element's light-DOM field appears once hydrated.
 * A control without `defer-hydration` must produce a mismatch: proof that this test can see one. The
 * production path is tested in a real Next.js build (`npm run test:nextjs`).
 */
import { expect } from 'chai';
import type { ReactElement } from 'react';
import type { WalletClient } from '@paykit/crypto-core';
import { setDefaultClient } from '@paykit/elements';
import { afterEach, before, beforeEach, describe, it } from '@paykit/test-harness/suite';
import { createPaykitReact, type PaykitReact } from '../src/create.js';
import { EMAIL_CREDENTIAL, createFakeService, pendingQuote } from '../../elements/test/helpers/fake-service.js';
import { loadReact, type ReactCopy } from './helpers/react-in-browser.js';
import { until } from './helpers/until.js';

for (const version of [19, 18] as const) {
  describe(`hydrating server-rendered wrappers with React ${version} (development build)`, () => {
    let react: ReactCopy;
    let h: ReactCopy['React']['createElement'];
    let paykit: PaykitReact;
    let client: WalletClient;
    let container: HTMLElement;
    let problems: string[];
    let unmount: (() => void) | undefined;
    const consoleError = console.error;
    const consoleWarn = console.warn;

    before(async () => {
      react = await loadReact(version);
      h = react.React.createElement;
      paykit = createPaykitReact(react.React); // registers the tags, as importing @paykit/react does
    });

    beforeEach(async () => {
      client = (await createFakeService()).client();
      container = document.body.appendChild(document.createElement('div'));
      problems = [];
      hydrated = false;
      console.error = (...args: unknown[]) => void problems.push(`console.error: ${args.map(String).join(' ')}`);
      console.warn = (...args: unknown[]) => void problems.push(`console.warn: ${args.map(String).join(' ')}`);
    });

    afterEach(() => {
      console.error = consoleError;
      console.warn = consoleWarn;
      if (unmount) react.ReactDOM.flushSync(unmount);
      unmount = undefined;
      container.remove();
      client.close();
      setDefaultClient(undefined);
    });

    /** Puts `serverHtml` in the page (the elements upgrade at once), then hydrates `tree` over it. */
    async function hydrate(serverHtml: string, tree: ReactElement, beforeHydration?: () => void): Promise<void> {
      container.innerHTML = serverHtml;
      beforeHydration?.();
      const root = react.ReactDOMClient.hydrateRoot(container, tree, {
        onRecoverableError: (error: unknown) =>
          void problems.push(`recoverable: ${String((error as Error)?.message ?? error)}`),
      });
      unmount = () => root.unmount();
      await until(() => hydrated, 'hydration');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    let hydrated = false;
    /** Renders nothing; its effect runs once React has committed the hydrated tree. */
    function HydrationMark(): null {
      react.React.useEffect(() => {
        hydrated = true;
      }, []);
      return null;
    }
    const app = (...children: ReactElement[]): ReactElement =>
      h(paykit.PaykitProvider, { client }, h('main', null, ...children, h(HydrationMark)));

    /**
     * The element has its field to show before React hydrates (its quote is already set, as a click
     * before hydration would give the login its code field).
     */
    const readyEarly = (): void => {
      (container.querySelector('pay-sca-challenge') as HTMLElement & { quote: unknown }).quote = pendingQuote();
    };

    it('<PayScaChallenge>: no mismatch, and its code field appears after hydration', async () => {
      const quote = pendingQuote();
      await hydrate(
        '<main><pay-sca-challenge defer-hydration=""></pay-sca-challenge></main>',
        app(h(paykit.PayScaChallenge, { quote, customerId: 'Customer:0191-cu' })),
        readyEarly,
      );
      const el = container.querySelector('pay-sca-challenge')!;
      await until(() => !!el.querySelector(':scope > [slot="code-input"] input'), 'the light-DOM code field');
      expect(el.hasAttribute('defer-hydration')).to.equal(false);
      expect(problems).to.deep.equal([]);
    });

    it('<PayOtpLogin>, <PayPasskeyLogin conditional>, <PayWalletExport>, <PayCardReveal>: no mismatch', async () => {
      await hydrate(
        '<main><pay-otp-login defer-hydration=""></pay-otp-login><pay-passkey-login defer-hydration=""></pay-passkey-login>' +
          '<pay-wallet-export defer-hydration=""></pay-wallet-export><pay-card-reveal defer-hydration=""></pay-card-reveal></main>',
        app(
          h(paykit.PayOtpLogin, { authMethodId: EMAIL_CREDENTIAL }),
          h(paykit.PayPasskeyLogin, { authMethodId: 'AuthMethod:passkey-1', conditional: true }),
          h(paykit.PayWalletExport, {}),
          h(paykit.PayCardReveal, { cardId: 'Card:0191-c1' }),
        ),
      );
      expect(problems).to.deep.equal([]);
      expect(
        [...container.querySelectorAll('[defer-hydration]')].length,
        'defer-hydration removed everywhere',
      ).to.equal(0);
    });

    it('control: without defer-hydration in the server HTML, React reports the mismatch', async () => {
      const quote = pendingQuote();
      await hydrate(
        '<main><pay-sca-challenge></pay-sca-challenge></main>',
        app(h(paykit.PayScaChallenge, { quote, customerId: 'Customer:0191-cu' })),
        readyEarly,
      );
      expect(problems.length, 'a hydration error or warning').to.be.greaterThan(0);
    });
  });
}
