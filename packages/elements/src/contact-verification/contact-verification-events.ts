/**
 * The events of `<pay-contact-verification>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-contact-verified', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayContactChannel = 'email' | 'phone';

/** One contact channel of the customer is VERIFIED. No address, no number, no code. */
export class PayContactVerifiedEvent extends CustomEvent<{ customerId: string; channel: PayContactChannel }> {
  static readonly eventName = 'pay-contact-verified';
  constructor(customerId: string, channel: PayContactChannel) {
    super(PayContactVerifiedEvent.eventName, eventInit({ customerId, channel }));
  }
}

/** Every channel the customer's provider requires is VERIFIED (`channels`: those it requires; may be none). */
export class PayContactVerificationCompleteEvent extends CustomEvent<{
  customerId: string;
  channels: PayContactChannel[];
}> {
  static readonly eventName = 'pay-contact-verification-complete';
  constructor(customerId: string, channels: PayContactChannel[]) {
    super(PayContactVerificationCompleteEvent.eventName, eventInit({ customerId, channels }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-contact-verified': PayContactVerifiedEvent;
    'pay-contact-verification-complete': PayContactVerificationCompleteEvent;
  }
}
