/**
 * Registers `<pay-passkey-login>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-passkey-login';
 */
import { PayPasskeyLoginElement } from '../passkey-login/passkey-login.js';

export { PayPasskeyLoginElement };

customElements.get('pay-passkey-login') ?? customElements.define('pay-passkey-login', PayPasskeyLoginElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-passkey-login': PayPasskeyLoginElement;
  }
}
