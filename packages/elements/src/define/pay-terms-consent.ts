/**
 * Registers `<pay-terms-consent>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-terms-consent';
 */
import { PayTermsConsentElement } from '../terms-consent/terms-consent.js';

export { PayTermsConsentElement };

customElements.get('pay-terms-consent') ?? customElements.define('pay-terms-consent', PayTermsConsentElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-terms-consent': PayTermsConsentElement;
  }
}
