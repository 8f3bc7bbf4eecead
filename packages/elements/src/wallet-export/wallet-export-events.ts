/**
 * The events of `<pay-wallet-export>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-export-complete', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayExportClosedReason = 'closed' | 'timeout' | 'hidden';

/** The recovery phrase arrived and is shown (masked). No detail, on purpose. */
export class PayExportCompleteEvent extends CustomEvent<null> {
  static readonly eventName = 'pay-export-complete';
  constructor() {
    super(PayExportCompleteEvent.eventName, eventInit(null));
  }
}

/** The recovery phrase was wiped from the page. */
export class PayExportClosedEvent extends CustomEvent<{ reason: PayExportClosedReason }> {
  static readonly eventName = 'pay-export-closed';
  constructor(reason: PayExportClosedReason) {
    super(PayExportClosedEvent.eventName, eventInit({ reason }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-export-complete': PayExportCompleteEvent;
    'pay-export-closed': PayExportClosedEvent;
  }
}
