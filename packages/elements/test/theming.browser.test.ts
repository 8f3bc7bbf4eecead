import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
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

const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
/** WCAG relative luminance of a computed colour: rgb(), color(srgb …) or color(xyz-d65 …) (relative colours compute to it). */
function luminance(color: string): number {
  const space = /^(rgba?\(|color\((srgb|xyz-d65|xyz) )/.exec(color)?.[0];
  if (!space) throw new Error(`unexpected computed colour ${color}`);
  const numbers = (color.slice(space.length).match(/-?[\d.]+(?:e-?\d+)?/g) ?? []).map(Number);
  if (space.startsWith('color(xyz')) return numbers[1]!;
  const scale = space.startsWith('rgb') ? 255 : 1;
  const [r, g, b] = numbers.slice(0, 3).map((v) => srgbToLinear(v / scale));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('theming, states and the page default client', () => {
  const t = setupElementTests();

  it('switches to the dark palette with theme="dark", accessibly, for every element', async () => {
    const client = t.fake.client();
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <pay-otp-login theme="dark" .client=${client} auth-method-id="AuthMethod:email-1"></pay-otp-login>
        <pay-passkey-login theme="dark" .client=${client} auth-method-id="AuthMethod:passkey-1"></pay-passkey-login>
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

  it('drops its own surface with appearance="flat" (attribute or property), for a page that draws the card', async () => {
    const client = t.fake.client();
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <pay-otp-login appearance="flat" .client=${client}></pay-otp-login>
        <pay-sca-challenge .client=${client} .quote=${pendingQuote()}></pay-sca-challenge>
      </div>`,
    );
    const [flat, framed] = [...wrapper.children] as (HTMLElement & {
      appearance?: string;
      updateComplete: Promise<unknown>;
    })[];
    await flat!.updateComplete;
    await framed!.updateComplete;
    const surface = (el: Element) => {
      const base = part(el, 'base');
      return [rgb(base, 'border-top-width'), rgb(base, 'padding-left'), rgb(base, 'background-color')];
    };
    expect(surface(flat!)).to.deep.equal(['0px', '0px', 'rgba(0, 0, 0, 0)']);
    expect(surface(framed!)[0]).to.equal('1px');
    expect(surface(framed!)[1]).to.not.equal('0px');
    framed!.appearance = 'flat';
    await framed!.updateComplete;
    expect(framed!.getAttribute('appearance'), 'the property reflects').to.equal('flat');
    expect(surface(framed!)).to.deep.equal(['0px', '0px', 'rgba(0, 0, 0, 0)']);
    await expectAccessible(flat!, 'flat');
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

  it('derives on-primary, hover and link colours from --pay-color-primary alone: every pair ≥ 4.5:1, light and dark', async () => {
    const failures: string[] = [];
    for (const brand of ['#0A7C66', '#FFD400', '#1E40AF', '#E11D48', '#000000', '#FFFFFF']) {
      for (const theme of ['light', 'dark']) {
        const el = await fixture<HTMLElement>(
          html`<pay-sca-challenge
            theme=${theme}
            style="--pay-color-primary: ${brand}"
            .client=${t.fake.client()}
            .quote=${pendingQuote()}
          ></pay-sca-challenge>`,
        );
        await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        // the colours as the element computes them: a probe in its shadow root reads each token
        const probe = document.createElement('span');
        el.shadowRoot!.append(probe);
        const token = (name: string): string => {
          probe.style.color = `var(${name})`;
          return getComputedStyle(probe).color;
        };
        const primary = token('--_primary');
        const onPrimary = token('--_on-primary');
        const hover = token('--_primary-hover');
        const link = token('--_link');
        const surface = rgb(part(el, 'base'), 'background-color');
        // the buttons use them: the primary button's colours, a link button's text
        const confirm = part(el, 'confirm-button');
        expect(getComputedStyle(confirm).backgroundColor, 'the button is the brand colour').to.equal(primary);
        expect(getComputedStyle(confirm).color).to.equal(onPrimary);
        const linkButton = Object.assign(document.createElement('button'), { className: 'button button--link' });
        el.shadowRoot!.append(linkButton);
        expect(getComputedStyle(linkButton).color, 'a link button').to.equal(link);
        const pairs: [string, string, string][] = [
          ['on-primary on primary', onPrimary, primary],
          ['on-primary on hover', onPrimary, hover],
          ['link on surface', link, surface],
        ];
        for (const [what, a, b] of pairs) {
          const ratio = contrast(a, b);
          if (!(ratio >= 4.5)) failures.push(`${brand} ${theme}: ${what} ${ratio.toFixed(2)}:1 (${a} / ${b})`);
        }
        const change = Math.abs(luminance(hover) - luminance(primary));
        // pure black has no darker shade: its hover stays black (a documented limit, within the size budget)
        if (!(change > 0.005) && brand !== '#000000')
          failures.push(`${brand} ${theme}: the hover colour looks the same (${hover})`);
        el.remove();
      }
    }
    expect(failures).to.deep.equal([]);
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
