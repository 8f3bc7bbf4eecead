/**
 * The events of `<pay-payment>`, with the same conventions as events.ts (typed, `bubbles` and
 * `composed`, ids and codes only, never a secret, an amount or an account number). A module apart so
 * the other elements do not ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-payment-completed', (e) => receipt(e.detail.quoteId));
 *   document.addEventListener('pay-payment-requote', async (e) => (el.quoteId = await newQuoteLike(e.detail.quoteId)));
 */
import { eventInit } from '../shared/events.js';

/** The transfer started (PROCESSING): the execute was accepted, after SCA when the service asked for it. */
export class PayPaymentExecutedEvent extends CustomEvent<{ quoteId: string; transactionId: string | undefined }> {
  static readonly eventName = 'pay-payment-executed';
  constructor(quoteId: string, transactionId: string | undefined) {
    super(PayPaymentExecutedEvent.eventName, eventInit({ quoteId, transactionId }));
  }
}

/** The payment reached COMPLETED. */
export class PayPaymentCompletedEvent extends CustomEvent<{ quoteId: string; transactionId: string | undefined }> {
  static readonly eventName = 'pay-payment-completed';
  constructor(quoteId: string, transactionId: string | undefined) {
    super(PayPaymentCompletedEvent.eventName, eventInit({ quoteId, transactionId }));
  }
}

/** The payment reached FAILED; `reason` is the transaction's failure reason (QUOTE_EXECUTION_FAILED, …) when known. */
export class PayPaymentFailedEvent extends CustomEvent<{ quoteId: string; reason: string | undefined }> {
  static readonly eventName = 'pay-payment-failed';
  constructor(quoteId: string, reason: string | undefined) {
    super(PayPaymentFailedEvent.eventName, eventInit({ quoteId, reason }));
  }
}

/** The quote expired before it was executed. */
export class PayPaymentExpiredEvent extends CustomEvent<{ quoteId: string }> {
  static readonly eventName = 'pay-payment-expired';
  constructor(quoteId: string) {
    super(PayPaymentExpiredEvent.eventName, eventInit({ quoteId }));
  }
}

/**
 * The user asked for a new quote in place of the expired `quoteId`. The platform answers by creating one
 * (it owns the quote request: source, destination, amounts, lookup) and setting the element's
 * `quote-id` (or `quote`); until then the element says it is getting a new quote.
 */
export class PayPaymentRequoteEvent extends CustomEvent<{ quoteId: string }> {
  static readonly eventName = 'pay-payment-requote';
  constructor(quoteId: string) {
    super(PayPaymentRequoteEvent.eventName, eventInit({ quoteId }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-payment-executed': PayPaymentExecutedEvent;
    'pay-payment-completed': PayPaymentCompletedEvent;
    'pay-payment-failed': PayPaymentFailedEvent;
    'pay-payment-expired': PayPaymentExpiredEvent;
    'pay-payment-requote': PayPaymentRequoteEvent;
  }
}
