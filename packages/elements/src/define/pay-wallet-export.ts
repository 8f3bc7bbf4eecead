/**
 * Registers `<pay-wallet-export>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-export';
 */
import { PayWalletExport } from '../wallet-export/wallet-export.js';

export { PayWalletExport };

customElements.get('pay-wallet-export') ?? customElements.define('pay-wallet-export', PayWalletExport);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-export': PayWalletExport;
  }
}
