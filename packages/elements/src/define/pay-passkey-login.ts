/**
 * Registers `<pay-passkey-login>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-passkey-login';
 */
import { PayPasskeyLogin } from '../passkey-login/passkey-login.js';

export { PayPasskeyLogin };

customElements.get('pay-passkey-login') ?? customElements.define('pay-passkey-login', PayPasskeyLogin);

declare global {
  interface HTMLElementTagNameMap {
    'pay-passkey-login': PayPasskeyLogin;
  }
}
