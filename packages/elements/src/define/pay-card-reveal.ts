/**
 * Registers `<pay-card-reveal>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-card-reveal';
 */
import { PayCardReveal } from '../card-reveal/card-reveal.js';

export { PayCardReveal };

customElements.get('pay-card-reveal') ?? customElements.define('pay-card-reveal', PayCardReveal);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-reveal': PayCardReveal;
  }
}
