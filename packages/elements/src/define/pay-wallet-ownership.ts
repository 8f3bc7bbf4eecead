/**
 * Registers `<pay-wallet-ownership>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-ownership';
 */
import { PayWalletOwnershipElement } from '../wallet-ownership/wallet-ownership.js';

export { PayWalletOwnershipElement };

customElements.get('pay-wallet-ownership') ?? customElements.define('pay-wallet-ownership', PayWalletOwnershipElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-ownership': PayWalletOwnershipElement;
  }
}
