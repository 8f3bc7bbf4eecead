/**
 * Registers `<pay-sessions>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-sessions';
 */
import { PaySessions } from '../sessions/sessions.js';

export { PaySessions };

customElements.get('pay-sessions') ?? customElements.define('pay-sessions', PaySessions);

declare global {
  interface HTMLElementTagNameMap {
    'pay-sessions': PaySessions;
  }
}
