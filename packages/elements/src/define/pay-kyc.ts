/**
 * Registers `<pay-kyc>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-kyc';
 */
import { PayKycElement } from '../kyc/kyc.js';

export { PayKycElement };

customElements.get('pay-kyc') ?? customElements.define('pay-kyc', PayKycElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-kyc': PayKycElement;
  }
}
