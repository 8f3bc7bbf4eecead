/**
 * Registers `<pay-payment>` (once: importing this module twice, or alongside another copy, is harmless).
 * `<pay-sca-challenge>` is not part of it: the element loads it with a dynamic `import()` the first time a
 * payment needs SCA.
 *
 * @example
 *   import '@paykit/elements/define/pay-payment';
 *   // <pay-payment quote-id="Quote:…" customer-id="Customer:…"></pay-payment>
 */
import { PayPaymentElement } from '../payment/payment.js';

export { PayPaymentElement };

// <pay-sca-challenge> is fetched only when a payment needs SCA (a chunk of its own for a bundler that splits)
PayPaymentElement.loadScaChallenge ??= () => import('./pay-sca-challenge.js');

customElements.get('pay-payment') ?? customElements.define('pay-payment', PayPaymentElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-payment': PayPaymentElement;
  }
}
