/**
 * `define/pay-payment` alone, as a page that uses only the payment element loads it: `<pay-sca-challenge>`
 * is not registered until a payment needs SCA, then it is fetched (the `import()` in define/pay-payment)
 * and shown. This file imports nothing that registers other elements (not the DOM helpers, which import
 * `define.js`), so the test runs in a page where the tag starts undefined.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import '../src/define/pay-payment.js';
import { createFakeService, pendingQuote } from './helpers/fake-service.js';

const until = async (condition: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 4000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('<pay-payment> loads <pay-sca-challenge> on demand', () => {
  it('registers and shows the SCA element only when the service asks for SCA', async () => {
    // booleans, not the classes: a failed assertion that carries an element class never reaches the
    // runner (serializing Lit's class hung the page in Chromium)
    expect(customElements.get('pay-payment') !== undefined, 'pay-payment registered').to.equal(true);
    expect(customElements.get('pay-sca-challenge') === undefined, 'pay-sca-challenge not loaded up front').to.equal(
      true,
    );
    const fake = await createFakeService();
    const el = document.createElement('pay-payment');
    el.client = fake.client();
    el.quote = pendingQuote();
    document.body.append(el);
    try {
      await until(() => customElements.get('pay-sca-challenge') !== undefined, 'the SCA element to be loaded');
      await until(() => el.querySelector(':scope > pay-sca-challenge[slot="sca"]') !== null, 'the SCA element');
      expect(el.getAttribute('data-state')).to.equal('sca');
    } finally {
      el.remove();
    }
  });
});
