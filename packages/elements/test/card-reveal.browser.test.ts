import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayCardRevealElement } from '../src/card-reveal/card-reveal.js';
import { isAllowedUrl, parseAllowedOrigins } from '../src/card-reveal/card-reveal.js';
import { PAN_ORIGIN, PAN_URL, errorBody } from './helpers/fake-service.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  part,
  pressEnter,
  setPageVisibility,
  until,
  restorePageVisibility,
  setupElementTests,
} from './helpers/dom.js';
import '../src/define/pay-card-reveal.js';

describe('<pay-card-reveal>', () => {
  const t = setupElementTests();

  const render = (allowed = `https://other.example.test ${PAN_ORIGIN}`): Promise<PayCardRevealElement> =>
    fixture<PayCardRevealElement>(
      html`<pay-card-reveal
        .client=${t.fake.client()}
        card-id="Card:0191-c1"
        allowed-origins=${allowed}
      ></pay-card-reveal>`,
    );

  async function reveal(el: PayCardRevealElement): Promise<HTMLIFrameElement> {
    await pressEnter(part(el, 'show-button'));
    await until(() => t.leaks.of('pay-card-revealed').length === 1, 'pay-card-revealed');
    return part<HTMLIFrameElement>(el, 'frame');
  }

  it('loads the card details into a restrictive sandboxed frame, the URL set on the frame only', async () => {
    const el = await render();
    expect(part(el, 'show-button').textContent?.trim()).to.equal('Show card details');
    await expectAccessible(el, 'before reveal');
    const frame = await reveal(el);
    expect(frame.src, 'the language in the fragment only').to.equal(`${PAN_URL}#lang=en`);
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin');
    expect(frame.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(frame.getAttribute('allow')).to.equal('clipboard-write');
    expect(frame.getAttribute('loading')).to.equal('eager');
    expect(frame.title).to.equal('Card number, expiry date and security code');
    const detail = t.leaks.of('pay-card-revealed')[0]!.detail as Record<string, unknown>;
    expect(Object.keys(detail).sort()).to.deep.equal(['cardId', 'expiresAt']);
    expect(detail['cardId']).to.equal('Card:0191-c1');
    expect(hasState(el, 'revealed')).to.equal(true);
    expect(announced(el)).to.contain('Card details shown');
    // the frame's document belongs to the issuer; axe checks the element around it
    await expectAccessible(el, 'revealed');
    t.leaks.assertClean(el);
  });

  it('gives the frame the theme and language, and lets only that frame at an allowed origin size it', async () => {
    const el = await fixture<PayCardRevealElement>(
      html`<pay-card-reveal
        .client=${t.fake.client()}
        card-id="Card:0191-c1"
        allowed-origins=${PAN_ORIGIN}
        locale="es-MX"
        theme="dark"
      ></pay-card-reveal>`,
    );
    const frame = await reveal(el);
    expect(frame.src).to.equal(`${PAN_URL}#lang=es-MX&theme=dark`);
    // the test frame goes to a same-origin blank page: Firefox builds a MessageEvent only with a source
    // it can reach (the frame's WindowProxy stays the same object across the navigation)
    const blank = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = 'about:blank';
    await blank;
    const initial = frame.getBoundingClientRect().height;
    const post = (data: unknown, origin: string, source: MessageEventSource | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    post({ type: 'pay-card-frame-height', height: 400 }, 'https://evil.example.test', frame.contentWindow);
    post({ type: 'pay-card-frame-height', height: 400 }, PAN_ORIGIN, window);
    post({ type: 'pay-card-frame-height', height: '400' }, PAN_ORIGIN, frame.contentWindow);
    expect(frame.getBoundingClientRect().height, 'no other origin, window or shape sizes it').to.equal(initial);
    post({ type: 'pay-card-frame-height', height: 180.4 }, PAN_ORIGIN, frame.contentWindow);
    expect(frame.style.height).to.equal('180px');
    post({ type: 'pay-card-frame-height', height: 99999 }, PAN_ORIGIN, frame.contentWindow);
    expect(frame.style.height, 'clamped').to.equal('1000px');
    await pressEnter(part(el, 'hide-button'));
    t.leaks.assertClean(el);
  });

  it('passes a live language or theme switch to the frame, at its origin only', async () => {
    const el = await fixture<PayCardRevealElement>(
      html`<div lang="en">
        <pay-card-reveal
          .client=${t.fake.client()}
          card-id="Card:0191-c1"
          allowed-origins=${PAN_ORIGIN}
        ></pay-card-reveal>
      </div>`,
    ).then((wrap) => wrap.querySelector('pay-card-reveal')!);
    const frame = await reveal(el);
    expect(frame.src).to.equal(`${PAN_URL}#lang=en`);
    // a same-origin blank page stands in for the card page, so the test can hear what is posted to it
    const blank = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = 'about:blank';
    await blank;
    const posted: [unknown, unknown][] = [];
    (frame.contentWindow as Window).postMessage = ((data: unknown, origin: unknown) =>
      void posted.push([data, origin])) as Window['postMessage'];
    el.parentElement!.setAttribute('lang', 'fr');
    await until(() => posted.length === 1, 'the new language posted');
    expect(posted[0]).to.deep.equal([{ type: 'pay-card-frame-view', view: 'lang=fr' }, PAN_ORIGIN]);
    el.theme = 'dark';
    await until(() => posted.length === 2, 'the new theme posted');
    expect(posted[1]![0]).to.deep.equal({ type: 'pay-card-frame-view', view: 'lang=fr&theme=dark' });
    el.requestUpdate();
    await el.updateComplete;
    expect(posted, 'an unrelated render posts nothing').to.have.length(2);
    await pressEnter(part(el, 'hide-button'));
    el.parentElement!.setAttribute('lang', 'de');
    await el.updateComplete;
    expect(posted, 'nothing once the details are hidden').to.have.length(2);
  });

  it('removes the frame at expiresAt', async () => {
    t.fake.settings.reveal.expiresInMs = 700;
    const el = await render();
    await reveal(el);
    await until(() => t.leaks.of('pay-card-hidden').length === 1, 'pay-card-hidden', 3000);
    await el.updateComplete;
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(t.leaks.of('pay-card-hidden')[0]!.detail).to.deep.equal({ cardId: 'Card:0191-c1', reason: 'expired' });
    expect(part(el, 'status').textContent).to.contain('the secure link expired');
    await expectAccessible(el, 'expired');
  });

  it("keeps a frame whose expiresAt is beyond setTimeout's 24.8-day ceiling", async () => {
    t.fake.settings.reveal.expiresInMs = 30 * 24 * 3600_000;
    const el = await render();
    await reveal(el);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await el.updateComplete;
    expect(t.leaks.of('pay-card-hidden').length).to.equal(0);
    expect(maybePart(el, 'frame') !== null).to.equal(true);
  });

  it('removes the frame when the tab is hidden, and on "Hide card details"', async () => {
    const el = await render();
    await reveal(el);
    setPageVisibility('hidden');
    await el.updateComplete;
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(t.leaks.of('pay-card-hidden')[0]!.detail).to.deep.equal({ cardId: 'Card:0191-c1', reason: 'hidden' });

    restorePageVisibility();
    await reveal2(el);
    await pressEnter(part(el, 'hide-button'));
    await el.updateComplete;
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(t.leaks.of('pay-card-hidden')[1]!.detail).to.deep.equal({ cardId: 'Card:0191-c1', reason: 'closed' });
    t.leaks.assertClean(el);
  });

  it('removes the frame when the element leaves the page, and does not bring it back when re-inserted', async () => {
    const el = await render();
    const frame = await reveal(el);
    const parent = el.parentNode!;
    el.remove();
    await el.updateComplete;
    // booleans, not elements: a failing assertion on an iframe would make the reporter walk its window
    expect(el.shadowRoot!.querySelector('iframe') === null, 'no frame while detached').to.equal(true);
    expect(frame.src).to.equal('about:blank');
    parent.appendChild(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('iframe') === null, 'no frame after re-insertion').to.equal(true);
    expect(hasState(el, 'idle')).to.equal(true);
    // detached when it hides the frame, and still heard on document
    expect(t.leaks.of('pay-card-hidden').map((e) => e.detail)).to.deep.equal([
      { cardId: 'Card:0191-c1', reason: 'closed' },
    ]);
    t.leaks.assertClean(el);
  });

  it('Escape removes the card details, focus back on "Show card details"', async () => {
    const el = await render();
    await reveal(el);
    await el.updateComplete;
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(t.leaks.of('pay-card-hidden').map((e) => (e.detail as { reason: string }).reason)).to.deep.equal(['closed']);
    expect(el.shadowRoot!.activeElement).to.equal(part(el, 'show-button'));
  });

  it('keeps keyboard focus on its button when "Show" turns into "Hide" and back', async () => {
    const el = await render();
    await reveal(el);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement === part(el, 'hide-button'), 'focus on "Hide card details"').to.equal(true);
    await pressEnter(part(el, 'hide-button'));
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement === part(el, 'show-button'), 'focus back on "Show card details"').to.equal(
      true,
    );
  });

  async function reveal2(el: PayCardRevealElement): Promise<void> {
    await pressEnter(part(el, 'show-button'));
    await until(() => t.leaks.of('pay-card-revealed').length === 2, 'the second reveal');
  }

  it('refuses a URL from an origin that is not allowed, rendering nothing', async () => {
    const el = await render('https://issuer.example.test');
    await pressEnter(part(el, 'show-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(maybePart(el, 'frame')).to.equal(null);
    expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'REVEAL_URL_REJECTED' }]);
    expect(part(el, 'error').textContent).to.contain('unexpected address');
    expect(el.shadowRoot!.innerHTML).to.not.contain(PAN_ORIGIN);
    await expectAccessible(el, 'rejected');
    t.leaks.assertClean(el);
  });

  it("refuses a URL on the page's own origin even when it is listed (the sandbox would not hold)", async () => {
    t.fake.settings.reveal.panEmbedUrl = `${location.origin}/embed/card_1?token=tok_live_9f8e7d6c5b4a`;
    const el = await render(`${location.origin} ${PAN_ORIGIN}`);
    await pressEnter(part(el, 'show-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(el.shadowRoot!.querySelector('iframe') === null, 'no frame').to.equal(true);
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'REVEAL_URL_REJECTED' }]);
  });

  it('says the reveal was refused in its own words, never the service’s English reason', async () => {
    t.fake.script('POST /cards/*/reveal', errorBody(403, 'FORBIDDEN', 'Card does not support PAN reveal'));
    const el = await render();
    await pressEnter(part(el, 'show-button'));
    await until(() => maybePart(el, 'error') !== null, 'the error');
    expect(part(el, 'error').textContent?.trim()).to.equal('Something went wrong. Please try again.');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'FORBIDDEN' }]);
  });

  it('matches origins exactly', () => {
    const allowed = parseAllowedOrigins(`${PAN_ORIGIN}/ not-a-url https://b.example.test:8443`);
    expect([...allowed]).to.deep.equal([PAN_ORIGIN, 'https://b.example.test:8443']);
    expect(isAllowedUrl(PAN_URL, allowed)).to.equal(true);
    expect(isAllowedUrl('http://pan.example.test/embed', allowed)).to.equal(false);
    expect(isAllowedUrl('https://pan.example.test.evil.test/embed', allowed)).to.equal(false);
    expect(isAllowedUrl('https://b.example.test/embed', allowed)).to.equal(false);
    expect(isAllowedUrl('javascript:alert(1)', allowed)).to.equal(false);
    expect(isAllowedUrl(PAN_URL, parseAllowedOrigins(''))).to.equal(false);
  });
});
