/**
 * Registers `<pay-otp-login>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-otp-login';
 */
import { PayOtpLogin } from '../otp-login/otp-login.js';

export { PayOtpLogin };

customElements.get('pay-otp-login') ?? customElements.define('pay-otp-login', PayOtpLogin);

declare global {
  interface HTMLElementTagNameMap {
    'pay-otp-login': PayOtpLogin;
  }
}
