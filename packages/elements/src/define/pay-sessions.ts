/**
 * Registers `<pay-sessions>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-sessions';
 */
import { PaySessionsElement } from '../sessions/sessions.js';

export { PaySessionsElement };

customElements.get('pay-sessions') ?? customElements.define('pay-sessions', PaySessionsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sessions': PaySessionsElement;
  }
}
