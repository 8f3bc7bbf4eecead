/**
 * Registers `<pay-sca-factors>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-sca-factors';
 */
import { PayScaFactorsElement } from '../sca-factors/sca-factors.js';

export { PayScaFactorsElement };

customElements.get('pay-sca-factors') ?? customElements.define('pay-sca-factors', PayScaFactorsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sca-factors': PayScaFactorsElement;
  }
}
