/**
 * Registers `<pay-invitation>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-invitation';
 */
import { PayInvitationElement } from '../invitation/invitation.js';

export { PayInvitationElement };

customElements.get('pay-invitation') ?? customElements.define('pay-invitation', PayInvitationElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-invitation': PayInvitationElement;
  }
}
