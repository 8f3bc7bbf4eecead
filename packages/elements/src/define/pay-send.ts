/**
 * Registers `<pay-send>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-send';
 */
import { PaySendElement } from '../send/send.js';

export { PaySendElement };

customElements.get('pay-send') ?? customElements.define('pay-send', PaySendElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-send': PaySendElement;
  }
}
