/**
 * Registers `<pay-kyc>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-kyc';
 */
import { PayKyc } from '../kyc/kyc.js';

export { PayKyc };

customElements.get('pay-kyc') ?? customElements.define('pay-kyc', PayKyc);

declare global {
  interface HTMLElementTagNameMap {
    'pay-kyc': PayKyc;
  }
}
