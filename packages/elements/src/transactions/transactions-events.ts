/**
 * The events of `<pay-transactions>`, with the conventions of shared/events.ts (typed, `bubbles` and
 * `composed`, ids and statuses only). A module of the element's own; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-transaction-cancelled', (e) => console.log(e.detail.transactionId));
 */
import { eventInit } from '../shared/events.js';

/** A bank transfer was cancelled on the service; `status` is the transaction's status now. */
export class PayTransactionCancelledEvent extends CustomEvent<{ transactionId: string; status: string }> {
  static readonly eventName = 'pay-transaction-cancelled';
  constructor(transactionId: string, status: string) {
    super(PayTransactionCancelledEvent.eventName, eventInit({ transactionId, status }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-transaction-cancelled': PayTransactionCancelledEvent;
  }
}
