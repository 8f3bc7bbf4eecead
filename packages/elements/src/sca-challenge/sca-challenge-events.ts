/**
 * The events of `<pay-sca-challenge>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-sca-complete', (e) => console.log(e.detail));
 */
import type { Quote } from '@paykit/crypto-core';
import { eventInit } from '../shared/events.js';

/** The quote left PENDING_AUTHORIZATION; `detail.quote` is the quote the service returned. */
export class PayScaCompleteEvent extends CustomEvent<{ quote: Quote }> {
  static readonly eventName = 'pay-sca-complete';
  constructor(quote: Quote) {
    super(PayScaCompleteEvent.eventName, eventInit({ quote }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-sca-complete': PayScaCompleteEvent;
  }
}
