/**
 * Registers `<pay-beneficial-owners>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-beneficial-owners';
 */
import { PayBeneficialOwners } from '../kyc/beneficial-owners.js';

export { PayBeneficialOwners };

customElements.get('pay-beneficial-owners') ?? customElements.define('pay-beneficial-owners', PayBeneficialOwners);

declare global {
  interface HTMLElementTagNameMap {
    'pay-beneficial-owners': PayBeneficialOwners;
  }
}
