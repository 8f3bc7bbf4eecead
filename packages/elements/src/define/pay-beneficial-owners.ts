/**
 * Registers `<pay-beneficial-owners>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-beneficial-owners';
 */
import { PayBeneficialOwnersElement } from '../kyc/beneficial-owners.js';

export { PayBeneficialOwnersElement };

customElements.get('pay-beneficial-owners') ??
  customElements.define('pay-beneficial-owners', PayBeneficialOwnersElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-beneficial-owners': PayBeneficialOwnersElement;
  }
}
