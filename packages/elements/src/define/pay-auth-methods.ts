/**
 * Registers `<pay-auth-methods>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-auth-methods';
 */
import { PayAuthMethodsElement } from '../auth-methods/auth-methods.js';

export { PayAuthMethodsElement };

customElements.get('pay-auth-methods') ?? customElements.define('pay-auth-methods', PayAuthMethodsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-auth-methods': PayAuthMethodsElement;
  }
}
