/**
 * Registers `<pay-wallet-ownership>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-ownership';
 */
import { PayWalletOwnership } from '../wallet-ownership/wallet-ownership.js';

export { PayWalletOwnership };

customElements.get('pay-wallet-ownership') ?? customElements.define('pay-wallet-ownership', PayWalletOwnership);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-ownership': PayWalletOwnership;
  }
}
