/**
 * Registers `<pay-sca-challenge>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-sca-challenge';
 */
import { PayScaChallengeElement } from '../sca-challenge/sca-challenge.js';

export { PayScaChallengeElement };

customElements.get('pay-sca-challenge') ?? customElements.define('pay-sca-challenge', PayScaChallengeElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sca-challenge': PayScaChallengeElement;
  }
}
