/**
 * Registers `<pay-oauth-button>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-oauth-button';
 */
import { PayOAuthButton } from '../oauth-button/oauth-button.js';

export { PayOAuthButton };

customElements.get('pay-oauth-button') ?? customElements.define('pay-oauth-button', PayOAuthButton);

declare global {
  interface HTMLElementTagNameMap {
    'pay-oauth-button': PayOAuthButton;
  }
}
