/**
 * Registers `<pay-sca-challenge>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-sca-challenge';
 */
import { PayScaChallenge } from '../sca-challenge/sca-challenge.js';

export { PayScaChallenge };

customElements.get('pay-sca-challenge') ?? customElements.define('pay-sca-challenge', PayScaChallenge);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sca-challenge': PayScaChallenge;
  }
}
