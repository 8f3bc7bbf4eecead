/**
 * The events of `<pay-card-reveal>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-card-revealed', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayCardHiddenReason = 'expired' | 'hidden' | 'closed';

/** The card details frame is showing until `expiresAt`. */
export class PayCardRevealedEvent extends CustomEvent<{ cardId: string; expiresAt: string }> {
  static readonly eventName = 'pay-card-revealed';
  constructor(cardId: string, expiresAt: string) {
    super(PayCardRevealedEvent.eventName, eventInit({ cardId, expiresAt }));
  }
}

/** The card details frame was removed. */
export class PayCardHiddenEvent extends CustomEvent<{ cardId: string; reason: PayCardHiddenReason }> {
  static readonly eventName = 'pay-card-hidden';
  constructor(cardId: string, reason: PayCardHiddenReason) {
    super(PayCardHiddenEvent.eventName, eventInit({ cardId, reason }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-card-revealed': PayCardRevealedEvent;
    'pay-card-hidden': PayCardHiddenEvent;
  }
}
