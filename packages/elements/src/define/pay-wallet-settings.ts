/**
 * Registers `<pay-wallet-settings>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-settings';
 */
import { PayWalletSettings } from '../wallet-settings/wallet-settings.js';

export { PayWalletSettings };

customElements.get('pay-wallet-settings') ?? customElements.define('pay-wallet-settings', PayWalletSettings);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-settings': PayWalletSettings;
  }
}
