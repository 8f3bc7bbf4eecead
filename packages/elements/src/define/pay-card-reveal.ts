/**
 * Registers `<pay-card-reveal>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-card-reveal';
 */
import { PayCardRevealElement } from '../card-reveal/card-reveal.js';

export { PayCardRevealElement };

customElements.get('pay-card-reveal') ?? customElements.define('pay-card-reveal', PayCardRevealElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-reveal': PayCardRevealElement;
  }
}
