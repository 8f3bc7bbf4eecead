/**
 * Registers `<pay-contact-verification>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-contact-verification';
 */
import { PayContactVerification } from '../contact-verification/contact-verification.js';

export { PayContactVerification };

customElements.get('pay-contact-verification') ??
  customElements.define('pay-contact-verification', PayContactVerification);

declare global {
  interface HTMLElementTagNameMap {
    'pay-contact-verification': PayContactVerification;
  }
}
