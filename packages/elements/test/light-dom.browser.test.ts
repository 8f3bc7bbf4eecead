/**
 * Light DOM and server rendering: an element adds children to itself only when it has something to put
 * there, and never while it has `defer-hydration` (a framework is hydrating the server's HTML); once the
 * attribute goes, the field appears and works. Without this, React reports a hydration mismatch (#418)
 * on every server-rendered page with a login: the test/nextjs fixture checks that in a real build.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import type { PayScaChallengeElement } from '../src/sca-challenge/sca-challenge.js';
import { EMAIL_CREDENTIAL, pendingQuote } from './helpers/fake-service.js';
import { fixture, hasState, html, lightInput, part, setupElementTests, until } from './helpers/dom.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-sca-challenge.js';

describe('light DOM before and after hydration', () => {
  const t = setupElementTests();

  it('<pay-otp-login> adds no children until its code field shows', async () => {
    const el = await fixture<PayOtpLoginElement>(
      html`<pay-otp-login .client=${t.fake.client()} auth-method-id=${EMAIL_CREDENTIAL}></pay-otp-login>`,
    );
    expect(el.childNodes.length, 'children of an idle login').to.equal(0);
    part(el, 'send-button').click();
    await until(() => hasState(el, 'code-sent'), 'the code step');
    await el.updateComplete;
    expect(lightInput(el).getAttribute('autocomplete')).to.equal('one-time-code');
  });

  it('<pay-sca-challenge> keeps its light DOM empty while defer-hydration is set, and renders the field once it is removed', async () => {
    const el = await fixture<PayScaChallengeElement>(
      html`<pay-sca-challenge
        defer-hydration
        .client=${t.fake.client()}
        .quote=${pendingQuote()}
        customer-id="Customer:0191-cu"
      ></pay-sca-challenge>`,
    );
    await el.updateComplete;
    expect(part(el, 'amount').textContent, 'the shadow DOM renders meanwhile').to.equal('€1,234.56');
    expect(el.childNodes.length, 'children while defer-hydration is set').to.equal(0);
    el.removeAttribute('defer-hydration');
    await el.updateComplete;
    expect(lightInput(el).getAttribute('autocomplete')).to.equal('one-time-code');
  });
});
