/**
 * The events of `<pay-sessions>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-session-revoked', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

/** A session was revoked on the service; `current` is true when it was this page's own (signed out here). */
export class PaySessionRevokedEvent extends CustomEvent<{ sessionId: string; current: boolean }> {
  static readonly eventName = 'pay-session-revoked';
  constructor(sessionId: string, current: boolean) {
    super(PaySessionRevokedEvent.eventName, eventInit({ sessionId, current }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-session-revoked': PaySessionRevokedEvent;
  }
}
