/**
 * Registers `<pay-otp-login>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-otp-login';
 */
import { PayOtpLoginElement } from '../otp-login/otp-login.js';

export { PayOtpLoginElement };

customElements.get('pay-otp-login') ?? customElements.define('pay-otp-login', PayOtpLoginElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-otp-login': PayOtpLoginElement;
  }
}
