/**
 * Registers `<pay-contact-verification>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-contact-verification';
 */
import { PayContactVerificationElement } from '../contact-verification/contact-verification.js';

export { PayContactVerificationElement };

customElements.get('pay-contact-verification') ??
  customElements.define('pay-contact-verification', PayContactVerificationElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-contact-verification': PayContactVerificationElement;
  }
}
