/**
 * Registers `<pay-oauth-button>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-oauth-button';
 */
import { PayOAuthButtonElement } from '../oauth-button/oauth-button.js';

export { PayOAuthButtonElement };

customElements.get('pay-oauth-button') ?? customElements.define('pay-oauth-button', PayOAuthButtonElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-oauth-button': PayOAuthButtonElement;
  }
}
