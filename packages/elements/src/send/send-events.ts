/**
 * The events of `<pay-send>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids and service resources only). A module of the element's own; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-send-quoted', (e) => (payment.quoteId = e.detail.quoteId));
 */
import type { Quote } from '@paykit/crypto-core';
import { eventInit } from '../shared/events.js';

/** The payment is composed and its quote made: the page hands `quoteId` to `<pay-payment>`. */
export class PaySendQuotedEvent extends CustomEvent<{ quoteId: string; quote: Quote }> {
  static readonly eventName = 'pay-send-quoted';
  constructor(quote: Quote) {
    super(PaySendQuotedEvent.eventName, eventInit({ quoteId: quote.id, quote }));
  }
}

/**
 * The person chose a receiving institution to pay someone new there: the page collects the account's details
 * and adds it (`POST /customers/external-accounts` with this `bankName`); it then shows under "Saved account".
 */
export class PaySendNewPayeeEvent extends CustomEvent<{ bankName: string; country: string; currency: string }> {
  static readonly eventName = 'pay-send-new-payee';
  constructor(bankName: string, country: string, currency: string) {
    super(PaySendNewPayeeEvent.eventName, eventInit({ bankName, country, currency }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-send-quoted': PaySendQuotedEvent;
    'pay-send-new-payee': PaySendNewPayeeEvent;
  }
}
