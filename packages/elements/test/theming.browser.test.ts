import { expect } from 'chai';
import { describe, it } from '../../../test/harness/suite.js';
import { getDefaultClient, setDefaultClient } from '../src/shared/client-context.js';
import { pendingQuote } from './helpers/fake-service.js';
import {
  expectAccessible,
  fixture,
  hasState,
  html,
  part,
  pressEnter,
  until,
  setupElementTests,
} from './helpers/dom.js';
import '../src/define/pay-card-reveal.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-passkey-login.js';
import '../src/define/pay-sca-challenge.js';
import '../src/define/pay-wallet-export.js';

const rgb = (el: Element, property: string): string => getComputedStyle(el).getPropertyValue(property).trim();

describe('theming, states and the page default client', () => {
  const t = setupElementTests();

  it('switches to the dark palette with theme="dark", accessibly, for every element', async () => {
    const client = t.fake.client();
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <pay-otp-login theme="dark" .client=${client} credential-id="AuthMethod:email-1"></pay-otp-login>
        <pay-passkey-login theme="dark" .client=${client} credential-id="AuthMethod:passkey-1"></pay-passkey-login>
        <pay-wallet-export theme="dark" .client=${client}></pay-wallet-export>
        <pay-card-reveal theme="dark" .client=${client} card-id="Card:1"></pay-card-reveal>
        <pay-sca-challenge theme="dark" .client=${client} .quote=${pendingQuote()}></pay-sca-challenge>
      </div>`,
    );
    for (const el of wrapper.children) {
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(rgb(part(el, 'base'), 'background-color'), el.localName).to.equal('rgb(17, 24, 39)');
      await expectAccessible(el, `${el.localName} dark`);
    }
    const light = await fixture<HTMLElement>(html`<pay-otp-login theme="light" .client=${client}></pay-otp-login>`);
    expect(rgb(part(light, 'base'), 'background-color')).to.equal('rgb(255, 255, 255)');
  });

  it('takes --pay-* custom properties from the page and exposes ::part()s', async () => {
    const style = document.createElement('style');
    style.textContent = `
      .branded { --pay-color-primary: rgb(10, 125, 82); --pay-radius: 3px; }
      .branded pay-card-reveal::part(show-button) { text-transform: uppercase; }
    `;
    document.head.append(style);
    try {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div class="branded">
          <pay-card-reveal .client=${t.fake.client()} card-id="Card:1"></pay-card-reveal>
        </div>`,
      );
      const button = part(wrapper.firstElementChild!, 'show-button');
      expect(rgb(button, 'background-color')).to.equal('rgb(10, 125, 82)');
      expect(rgb(button, 'border-top-left-radius')).to.equal('3px');
      expect(rgb(button, 'text-transform')).to.equal('uppercase');
    } finally {
      style.remove();
    }
  });

  it('exposes its state as :state() where supported and always as data-state', async () => {
    const el = await fixture<HTMLElement>(
      html`<pay-sca-challenge .client=${t.fake.client()} .quote=${pendingQuote()}></pay-sca-challenge>`,
    );
    expect(hasState(el, 'ready') && hasState(el, 'sms')).to.equal(true);
    let supported = true;
    try {
      el.matches(':state(ready)');
    } catch {
      supported = false;
    }
    if (supported)
      expect(el.matches(':state(ready)') && el.matches(':state(sms)') && !el.matches(':state(complete)')).to.equal(
        true,
      );
  });

  it('uses the page default client when it has none of its own, and says so when there is none', async () => {
    const el = await fixture<HTMLElement>(
      html`<pay-card-reveal card-id="Card:1" allowed-origins="https://pan.example.test"></pay-card-reveal>`,
    );
    await pressEnter(part(el, 'show-button'));
    await until(() => el.shadowRoot!.querySelector('[part~="error"]') !== null, 'the no-client error');
    expect(part(el, 'error').textContent).to.contain('not connected to a wallet client');

    setDefaultClient(t.fake.client());
    expect(getDefaultClient()).to.not.equal(undefined);
    await pressEnter(part(el, 'show-button'));
    await until(() => el.shadowRoot!.querySelector('iframe') !== null, 'the frame');
    expect(t.fake.calls('POST /cards/*/reveal')).to.have.length(1);
  });
});
