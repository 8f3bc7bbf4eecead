/**
 * Registers `<pay-beneficiaries>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-beneficiaries';
 */
import { PayBeneficiariesElement } from '../beneficiaries/beneficiaries.js';

export { PayBeneficiariesElement };

customElements.get('pay-beneficiaries') ?? customElements.define('pay-beneficiaries', PayBeneficiariesElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-beneficiaries': PayBeneficiariesElement;
  }
}
