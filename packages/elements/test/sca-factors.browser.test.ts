import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayScaFactorsElement } from '../src/sca-factors/sca-factors.js';
import '../src/define/pay-sca-factors.js';
import '../src/translations/fr.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  expectAccessible,
  fixture,
  hasState,
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

describe('<pay-sca-factors>', () => {
  setupElementTests();
  const rows = (el: PayScaFactorsElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="factor"]')];
  const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();
  const settled = async (el: PayScaFactorsElement, state = 'ready') => {
    await until(() => (hasState(el, state) || hasState(el, 'error')) && !hasState(el, 'busy'), state);
    await el.updateComplete;
  };
  const mount = (chain: SandboxChain, lang = 'en') =>
    fixture<PayScaFactorsElement>(
      html`<pay-sca-factors .client=${chain.client} customer-id=${chain.customerId} lang=${lang}></pay-sca-factors>`,
    );

  it('adds an authenticator app: setup key, a wrong code said under the field, the right one, recovery codes once', async () => {
    const chain = await sandboxChain({ region: 'DE' });
    const el = await mount(chain);
    await settled(el);
    expect(rows(el).map(text)).to.deep.equal(['Text message A code sent to your verified phone number']);
    expect(maybePart(el, 'remove-button')).to.equal(null); // SMS is never removed: one factor always stays
    await expectAccessible(el, 'list');

    await pressEnter(part<HTMLButtonElement>(el, 'add-button'));
    await settled(el, 'setup');
    expect(text(part(el, 'key'))).to.match(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(el.shadowRoot!.querySelector('a')!.getAttribute('href')).to.match(/^otpauth:\/\/totp\//);
    await expectAccessible(el, 'setup');
    expect(rows(el)).to.have.length(0); // not listed while pending

    await typeInto(lightInput(el), '654321');
    await until(() => hasState(el, 'error') && !hasState(el, 'busy'), 'the wrong code');
    expect(text(el.querySelector('.pay-field__error')!)).to.equal('That code isn’t right.');

    const added = nextEvent<CustomEvent>(document, 'pay-sca-factor-added');
    await typeInto(lightInput(el), '123456');
    expect((await added).detail).to.deep.equal({ factor: 'TOTP' });
    await settled(el, 'codes');
    const codes = [...part(el, 'codes').querySelectorAll('li')].map(text);
    expect(codes).to.have.length(8);
    expect(codes.every((c) => /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(c))).to.equal(true);
    expect(text(part(el, 'success'))).to.contain('Authenticator app added.');
    await pressEnter(part<HTMLButtonElement>(el, 'done-button'));
    // "Done" reads the list again: wait for its answer, not only for the element to leave "codes"
    await until(() => rows(el).length === 2, 'the list read again with the new factor');
    expect(rows(el).map((r) => text(r.querySelector('.name')!))).to.deep.equal(['Text message', 'Authenticator app']);
    expect(maybePart(el, 'add-button')).to.equal(null);
    expect(el.shadowRoot!.textContent).not.to.contain(codes[0]!); // shown once
  });

  it('removes a passkey after an “are you sure” whose destructive button is not the primary one', async () => {
    const chain = await sandboxChain({ region: 'FR' });
    // a passkey enrolled earlier (the sandbox verifies a real registration: here it is put in its store)
    const passkey = { credentialId: 'cred-7', publicKey: new Uint8Array(65), counter: 0, transports: [] };
    chain.sandbox.state.sca.put({
      id: chain.customerId,
      failures: 0,
      factors: [{ factor: 'PASSKEY', enrolledAt: Date.now(), passkey }],
    });
    const el = await mount(chain, 'fr');
    await settled(el);
    expect(rows(el).map((r) => text(r.querySelector('.name')!))).to.deep.equal(['SMS', 'Clé d’accès']);
    expect(el.shadowRoot!.querySelectorAll('[part~="remove-button"]')).to.have.length(1);
    await pressEnter(part<HTMLButtonElement>(el, 'remove-button'));
    await el.updateComplete;
    expect(text(part(el, 'confirm'))).to.contain('Supprimer « Clé d’accès » ?');
    const yes = part<HTMLButtonElement>(el, 'confirm-remove-button');
    expect(yes.classList.contains('button--primary')).to.equal(false);
    await expectAccessible(el, 'confirm');
    const removed = nextEvent<CustomEvent>(document, 'pay-sca-factor-removed');
    await pressEnter(yes);
    expect((await removed).detail).to.deep.equal({ factor: 'PASSKEY', credentialId: 'cred-7' });
    await settled(el);
    expect(rows(el)).to.have.length(1);
    expect(text(part(el, 'success'))).to.equal('« Clé d’accès » supprimé.');
    expect(chain.forwarded.filter((p) => p.startsWith('DELETE'))).to.deep.equal(['DELETE /sca/factors/cred-7']);
  });

  it('says when the account does not use SCA (409), and offers to retry after a network error', async () => {
    const us = await sandboxChain({ region: 'US' });
    const el = await mount(us);
    await settled(el, 'loading');
    expect(text(part(el, 'error'))).to.equal('Your account doesn’t use these verification methods.');

    const chain = await sandboxChain({ region: 'DE' });
    chain.loseNextAnswer(/^\/sca\/factors$/);
    const offline = await mount(chain);
    await until(() => hasState(offline, 'error') && !hasState(offline, 'busy'), 'the network error');
    await offline.updateComplete;
    expect(hasState(offline, 'loading')).to.equal(true);
    expect(text(part(offline, 'error'))).to.contain('Check your connection');
    await pressEnter(part<HTMLButtonElement>(offline, 'retry-button'));
    await settled(offline);
    expect(rows(offline)).to.have.length(1);
    expect(maybePart(offline, 'error')).to.equal(null);
  });
});
