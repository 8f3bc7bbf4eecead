/**
 * Registers `<pay-card>` and the `<pay-card-reveal>` it shows the card details with (once: importing
 * this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-card';
 */
import { PayCardElement } from '../card/card.js';

export { PayCardElement };

customElements.get('pay-card') ?? customElements.define('pay-card', PayCardElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card': PayCardElement;
  }
}
