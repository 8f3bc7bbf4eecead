/**
 * Registers `<pay-terms-consent>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-terms-consent';
 */
import { PayTermsConsent } from '../terms-consent/terms-consent.js';

export { PayTermsConsent };

customElements.get('pay-terms-consent') ?? customElements.define('pay-terms-consent', PayTermsConsent);

declare global {
  interface HTMLElementTagNameMap {
    'pay-terms-consent': PayTermsConsent;
  }
}
