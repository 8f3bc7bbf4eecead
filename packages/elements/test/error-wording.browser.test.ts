import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayOtpLoginElement } from '../src/otp-login/otp-login.js';
import type { PayTermsConsentElement } from '../src/terms-consent/terms-consent.js';
import { describeError } from '../src/shared/errors.js';
import { translate } from '../src/shared/i18n.js';
import { EMAIL_CREDENTIAL } from './helpers/fake-service.js';
import { fixture, html, part, pressEnter, setupElementTests, until } from './helpers/dom.js';
import { sandboxChain } from './helpers/sandbox-chain.js';
import '../src/define/pay-otp-login.js';
import '../src/define/pay-terms-consent.js';

/** One cause, one wording, in every element (shared/errors.ts). */
describe('error wording across elements', () => {
  const t = setupElementTests();
  const text = (node: Element): string => node.textContent!.replace(/\s+/g, ' ').trim();

  it('maps each cause to one message, whatever shape it arrives in', () => {
    const network = [
      { code: 'NETWORK_ERROR' },
      new TypeError('Failed to fetch'),
      new TypeError('NetworkError when attempting to fetch resource.'),
      new TypeError('Load failed'),
      { code: 'HTTP_502', status: 502 },
      { code: 'HTTP_503', status: 503 },
    ].map((error) => describeError(error));
    expect(network.map((view) => [view.key, view.retryable])).to.deep.equal(Array(6).fill(['error.network', true]));
    expect(network[1]!.code, 'pay-error names the cause').to.equal('NETWORK_ERROR');
    expect(describeError({ code: 'HTTP_504', status: 504 }).key).to.equal('error.timeout');
    expect(describeError(new TypeError('x is undefined')).key, 'a bug is not the network').to.equal('error.generic');
    expect(describeError({ code: 'INTERNAL_ERROR', status: 500 }).key).to.equal('error.generic');
  });

  it('the server out of reach reads the same in <pay-terms-consent> (a gateway 502) and <pay-otp-login> (no connection)', async () => {
    const chain = await sandboxChain();
    chain.sandbox.fetch = async () => new Response('Bad Gateway', { status: 502 });
    const terms = await fixture<PayTermsConsentElement>(
      html`<pay-terms-consent .client=${chain.client} customer-id=${chain.customerId}></pay-terms-consent>`,
    );
    await t.inState(terms, 'failed');

    t.fake.script('POST /auth/credentials/*/challenge', 'network-error');
    const otp = await fixture<PayOtpLoginElement>(
      html`<pay-otp-login .client=${t.fake.client()} auth-method-id=${EMAIL_CREDENTIAL}></pay-otp-login>`,
    );
    await pressEnter(part(otp, 'send-button'));
    await until(() => otp.shadowRoot!.querySelector('[part="error"]') !== null, 'the otp error');

    const words = translate('en', 'error.network');
    expect(text(part(terms, 'error'))).to.contain(words);
    expect(text(part(otp, 'error'))).to.contain(words);
    expect(t.leaks.of('pay-error').map((e) => (e.detail as { code: string }).code)).to.deep.equal([
      'HTTP_502',
      'NETWORK_ERROR',
    ]);
  });
});
