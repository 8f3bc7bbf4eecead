/**
 * Registers `<pay-transactions>` (once: importing this module twice, or alongside another copy, is harmless).
 *
 * @example
 *   import '@paykit/elements/define/pay-transactions';
 */
import { PayTransactionsElement } from '../transactions/transactions.js';

export { PayTransactionsElement };

customElements.get('pay-transactions') ?? customElements.define('pay-transactions', PayTransactionsElement);

declare global {
  interface HTMLElementTagNameMap {
    'pay-transactions': PayTransactionsElement;
  }
}
