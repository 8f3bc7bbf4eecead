/**
 * Registers `<pay-wallet-settings>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-wallet-settings';
 */
import { PayWalletSettingsElement } from '../wallet-settings/wallet-settings.js';

export { PayWalletSettingsElement };

customElements.get('pay-wallet-settings') ?? customElements.define('pay-wallet-settings', PayWalletSettingsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-wallet-settings': PayWalletSettingsElement;
  }
}
