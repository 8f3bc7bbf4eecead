/**
 * Registers `<pay-card>` and the `<pay-card-reveal>` it shows the card details with (once: importing
 * this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-card';
 */
import { PayCard } from '../card/card.js';

export { PayCard };

customElements.get('pay-card') ?? customElements.define('pay-card', PayCard);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card': PayCard;
  }
}
