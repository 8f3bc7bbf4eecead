/**
 * Two copies of `@paykit/crypto-core` in one page, as on a CDN page or after lockfile drift: the page makes
 * its `WalletClient` with the single-file build of the core (`paykit-core.global.js`, a whole second copy,
 * loaded with a script tag), while `<pay-sessions>` calls the flows of the copy it imports. Against the
 * in-page chain (the client's transport → `@paykit/proxy` → `@paykit/sandbox`), the element lists the
 * sessions of the other copy's client and revokes one with a signed retry stamped by that client's key.
 */
import { expect } from 'chai';
import { WalletClient as ElementsWalletClient } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import type { PaySessionsElement } from '../src/sessions/sessions.js';
import '../src/define/pay-sessions.js';
import { walletChain } from './helpers/sandbox-chain.js';
import { fixture, hasState, html, pressEnter, setupElementTests, until } from './helpers/dom.js';

type Core = typeof import('../../crypto-core/src/webview/single-file.js');
/** Served by the test runner, built from the core's current sources (test/harness/wtr/webview-native-plugin.mjs). */
const SINGLE_FILE_URL = '/__paykit/single-file/paykit-core.global.js';

let loaded: Promise<Core> | undefined;
const secondCopy = (): Promise<Core> =>
  (loaded ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SINGLE_FILE_URL;
    script.onload = () => resolve((window as unknown as { PaykitCore: Core }).PaykitCore);
    script.onerror = () => reject(new Error(`${SINGLE_FILE_URL} did not load`));
    document.head.append(script);
  }));

describe('<pay-sessions> with a client from another copy of the core', () => {
  const t = setupElementTests();

  it('lists the sessions and revokes another one with the other copy’s client', async () => {
    const core = await secondCopy();
    expect(core.WalletClient).to.not.equal(ElementsWalletClient);
    const chain = await walletChain({ fullName: 'Two Copies' });
    const signers = chain.sandbox.enclaveSigners;
    const client = new core.WalletClient({
      transport: chain.client.transport,
      keyStore: core.memoryKeyStore(),
      trustedSigners: { otp: signers, export: signers },
      autoRefresh: false,
    });
    t.cleanup(() => client.close());
    const { accountId } = chain;
    await client.loginWithOtp({ challenge: await client.requestOtp({ accountId }), code: '000000' });
    expect(client instanceof ElementsWalletClient).to.equal(false);

    const el = await fixture<PaySessionsElement>(html`<pay-sessions .client=${client}></pay-sessions>`);
    await until(() => hasState(el, 'ready') || hasState(el, 'error'), 'the list');
    await el.updateComplete;
    expect(hasState(el, 'error'), 'no error state').to.equal(false);
    const rows = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="session"]')];
    expect(rows()).to.have.length(2); // this client's session first, the chain client's second
    expect(rows()[0]!.querySelector('[part~="current-badge"]')).to.not.equal(null);

    const other = chain.client.session!.id;
    await pressEnter(rows()[1]!.querySelector<HTMLButtonElement>('[part~="revoke-button"]')!);
    await until(() => rows().length === 1 && !hasState(el, 'busy'), 'the revoked row gone');
    expect(hasState(el, 'error'), 'no error state').to.equal(false);
    expect(typeof chain.sandbox.state.sessions.get(other)?.revokedAt, 'revoked on the service').to.equal('number');
    expect(client.session).to.not.equal(undefined);
  });
});
