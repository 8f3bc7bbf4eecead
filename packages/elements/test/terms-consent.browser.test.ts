import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayTermsConsentElement } from '../src/terms-consent/terms-consent.js';
import { safeTermsUrl } from '../src/terms-consent/terms-consent.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  part,
  pressEnter,
  setupElementTests,
  until,
} from './helpers/dom.js';
import { CLIENT_ADDRESS, sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-terms-consent.js';
import { de } from '../src/translations/de.js';
import { nl } from '../src/translations/nl.js';

describe('<pay-terms-consent> (against the sandbox, through the proxy)', () => {
  const t = setupElementTests();

  const render = (chain: SandboxChain, method?: string): Promise<PayTermsConsentElement> =>
    fixture<PayTermsConsentElement>(
      html`<pay-terms-consent
        .client=${chain.client}
        customer-id=${chain.customerId}
        acceptance-method=${method ?? 'CHECKBOX'}
      ></pay-terms-consent>`,
    );

  it('puts the link inside one translated sentence, where German and Dutch word order needs it', async () => {
    const chain = await sandboxChain({ region: 'DE' });
    const text = (node: Element): string => node.textContent!.replace(/\s+/g, ' ').trim();
    for (const [lang, table] of [
      ['de', de],
      ['nl', nl],
    ] as const) {
      for (const method of ['CHECKBOX', 'CLICK_TO_ACCEPT']) {
        const el = await fixture<PayTermsConsentElement>(
          html`<pay-terms-consent
            lang=${lang}
            .client=${chain.client}
            customer-id=${chain.customerId}
            acceptance-method=${method}
          ></pay-terms-consent>`,
        );
        await t.inState(el, 'ready');
        const sentence = method === 'CHECKBOX' ? part(el, 'consent').querySelector('span')! : part(el, 'intro');
        const link = part<HTMLAnchorElement>(el, 'terms-link');
        expect(sentence.contains(link), `${lang} ${method}: the link is inside the sentence`).to.equal(true);
        const key = method === 'CHECKBOX' ? 'terms.consentLabel' : 'terms.clickToAccept';
        expect(text(sentence), `${lang} ${method}`).to.equal(table[key].replace('{link}', text(link)));
      }
    }
    expect(de['terms.consentLabel']).to.match(/\{link\} gelesen und akzeptiere/);
  });

  it('links the current terms and records a checkbox acceptance; the backend adds the IP and time', async () => {
    const chain = await sandboxChain({ region: 'DE' });
    const el = await render(chain);
    await t.inState(el, 'ready');
    const terms = await chain.platform('GET', '/customers/end-user-terms');
    const link = part<HTMLAnchorElement>(el, 'terms-link');
    expect(link.href).to.equal(terms.url);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.textContent).to.contain('(opens in a new tab)');
    await expectAccessible(el, 'ready');

    // Continue without the tick: nothing is sent, the user is told what to do, in red under the box
    await pressEnter(part(el, 'accept-button'));
    await el.updateComplete;
    expect(announced(el)).to.contain('Tick the box');
    expect(chain.forwarded.filter((f) => f.startsWith('PATCH'))).to.deep.equal([]);
    const box = part(el, 'consent').querySelector('input')!;
    const error = part(el, 'field-error');
    expect(error.textContent?.trim()).to.equal('Tick the box to accept the End User Terms.');
    expect(part(el, 'consent').nextElementSibling, 'next to the box').to.equal(error);
    expect(getComputedStyle(error).color, 'red (the light theme’s danger colour)').to.equal('rgb(185, 28, 28)');
    expect(box.getAttribute('aria-invalid')).to.equal('true');
    expect(box.getAttribute('aria-describedby')).to.equal(error.id);
    await until(() => el.shadowRoot!.activeElement === box, 'focus on the box');
    await expectAccessible(el, 'unticked');

    box.click();
    await el.updateComplete;
    expect(box.getAttribute('aria-invalid')).to.equal('false');
    expect(box.hasAttribute('aria-describedby')).to.equal(false);
    expect(maybePart(el, 'field-error')).to.equal(null);
    await pressEnter(part(el, 'accept-button'));
    await until(() => t.leaks.of('pay-terms-accepted').length === 1, 'pay-terms-accepted');
    await el.updateComplete;
    expect(t.leaks.of('pay-terms-accepted')[0]!.detail).to.deep.equal({
      customerId: chain.customerId,
      termsVersion: terms.version,
      acceptanceMethod: 'CHECKBOX',
      alreadyAccepted: false,
    });
    expect(part(el, 'success').textContent).to.contain('accepted the End User Terms');
    expect(hasState(el, 'accepted')).to.equal(true);
    const stored = (await chain.platform('GET', `/customers/${chain.customerId}`)).endUserTermsConsent;
    expect(stored).to.include({ termsVersion: terms.version, acceptanceMethod: 'CHECKBOX', ipAddress: CLIENT_ADDRESS });
    expect(Math.abs(Date.parse(stored.acceptedAt) - Date.now())).to.be.lessThan(60_000);
    await expectAccessible(el, 'accepted');
    const leaked = JSON.stringify(t.leaks.events) + el.outerHTML;
    expect(leaked).not.to.contain(CLIENT_ADDRESS);
    expect(leaked).not.to.contain('@example.com');
    t.leaks.assertClean(el);
  });

  it('click to accept: one Accept button, keyboard only, CLICK_TO_ACCEPT on file', async () => {
    const chain = await sandboxChain();
    const el = await render(chain, 'CLICK_TO_ACCEPT');
    await t.inState(el, 'ready');
    expect(maybePart(el, 'consent')).to.equal(null);
    expect(part(el, 'intro').textContent).to.contain('By selecting Accept');
    expect(part(el, 'accept-button').textContent?.trim()).to.equal('Accept');
    await expectAccessible(el, 'click to accept');
    await pressEnter(part(el, 'accept-button'));
    await t.inState(el, 'accepted');
    const stored = (await chain.platform('GET', `/customers/${chain.customerId}`)).endUserTermsConsent;
    expect(stored.acceptanceMethod).to.equal('CLICK_TO_ACCEPT');
  });

  it('says so when the current version is already on file', async () => {
    const chain = await sandboxChain();
    const terms = await chain.platform('GET', '/customers/end-user-terms');
    await chain.platform('PATCH', `/customers/${chain.customerId}`, {
      customerType: 'INDIVIDUAL',
      endUserTermsConsent: {
        termsVersion: terms.version,
        acceptanceMethod: 'CHECKBOX',
        ipAddress: '203.0.113.1',
        acceptedAt: new Date().toISOString(),
      },
    });
    const el = await render(chain);
    await t.inState(el, 'accepted');
    expect(maybePart(el, 'accept-button')).to.equal(null);
    expect(t.leaks.of('pay-terms-accepted')[0]!.detail).to.include({ alreadyAccepted: true });
  });

  it('END_USER_TERMS_VERSION_NOT_FOUND: shows the new version and asks again', async () => {
    const chain = await sandboxChain();
    const el = await render(chain, 'CLICK_TO_ACCEPT');
    await t.inState(el, 'ready');
    // the terms change under the page: the version it showed is no longer served
    const original = chain.sandbox.fetch;
    let stale = true;
    chain.sandbox.fetch = async (request) => {
      if (stale && request.method === 'PATCH') {
        stale = false;
        const body = JSON.parse(await request.clone().text());
        body.endUserTermsConsent.termsVersion = 'old-version';
        return original(
          new Request(request.url, { method: 'PATCH', headers: request.headers, body: JSON.stringify(body) }),
        );
      }
      return original(request);
    };
    await pressEnter(part(el, 'accept-button'));
    await until(() => announced(el).includes('terms were updated'), 'updated notice');
    await t.inState(el, 'ready');
    expect(t.leaks.of('pay-terms-accepted')).to.have.length(0);
    await expectAccessible(el, 'updated');
    await pressEnter(part(el, 'accept-button'));
    await t.inState(el, 'accepted');
  });

  it('a failed load shows the error with Try again, and recovers', async () => {
    const chain = await sandboxChain();
    const original = chain.sandbox.fetch;
    let down = true;
    chain.sandbox.fetch = async (request) =>
      down ? Response.json({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }) : original(request);
    const el = await render(chain);
    await t.inState(el, 'failed');
    expect(t.leaks.of('pay-error')[0]!.detail).to.deep.equal({ code: 'INTERNAL_ERROR' });
    await expectAccessible(el, 'failed');
    down = false;
    await pressEnter(part(el, 'retry-button'));
    await t.inState(el, 'ready');
  });

  it('never links a terms URL that is not http(s)', () => {
    expect(safeTermsUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeTermsUrl('data:text/html,x')).to.equal(undefined);
    expect(safeTermsUrl('/relative')).to.equal(undefined);
    expect(safeTermsUrl('https://terms.example/v1')).to.equal('https://terms.example/v1');
  });
});
