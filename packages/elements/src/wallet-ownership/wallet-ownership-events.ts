/**
 * The events of `<pay-wallet-ownership>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-ownership-verified', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayOwnershipFailedReason = 'unverified' | 'expired';

/** The external account's ownership is verified: it is ACTIVE. */
export class PayOwnershipVerifiedEvent extends CustomEvent<{ externalAccountId: string }> {
  static readonly eventName = 'pay-ownership-verified';
  constructor(externalAccountId: string) {
    super(PayOwnershipVerifiedEvent.eventName, eventInit({ externalAccountId }));
  }
}

/** An ownership verification attempt failed (`unverified`: start again; `expired`: the challenge ran out). */
export class PayOwnershipFailedEvent extends CustomEvent<{
  externalAccountId: string;
  reason: PayOwnershipFailedReason;
}> {
  static readonly eventName = 'pay-ownership-failed';
  constructor(externalAccountId: string, reason: PayOwnershipFailedReason) {
    super(PayOwnershipFailedEvent.eventName, eventInit({ externalAccountId, reason }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-ownership-verified': PayOwnershipVerifiedEvent;
    'pay-ownership-failed': PayOwnershipFailedEvent;
  }
}
