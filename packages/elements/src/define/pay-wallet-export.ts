/**
 * Registers `<pay-wallet-export>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-export';
 */
import { PayWalletExportElement } from '../wallet-export/wallet-export.js';

export { PayWalletExportElement };

customElements.get('pay-wallet-export') ?? customElements.define('pay-wallet-export', PayWalletExportElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-export': PayWalletExportElement;
  }
}
