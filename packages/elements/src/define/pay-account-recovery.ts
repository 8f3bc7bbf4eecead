/**
 * Registers `<pay-account-recovery>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-account-recovery';
 */
import { PayAccountRecoveryElement } from '../account-recovery/account-recovery.js';

export { PayAccountRecoveryElement };

customElements.get('pay-account-recovery') ?? customElements.define('pay-account-recovery', PayAccountRecoveryElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-account-recovery': PayAccountRecoveryElement;
  }
}
