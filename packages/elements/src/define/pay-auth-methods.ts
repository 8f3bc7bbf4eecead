/**
 * Registers `<pay-auth-methods>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-auth-methods';
 */
import { PayAuthMethods } from '../auth-methods/auth-methods.js';

export { PayAuthMethods };

customElements.get('pay-auth-methods') ?? customElements.define('pay-auth-methods', PayAuthMethods);

declare global {
  interface HTMLElementTagNameMap {
    'pay-auth-methods': PayAuthMethods;
  }
}
