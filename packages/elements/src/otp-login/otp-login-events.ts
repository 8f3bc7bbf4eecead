/**
 * The events of `<pay-otp-login>` (`<pay-contact-verification>` sends `pay-otp-sent` too), with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-otp-sent', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayOtpChannel = 'email' | 'sms';

/** A one-time code was sent (or sent again). */
export class PayOtpSentEvent extends CustomEvent<{ channel: PayOtpChannel }> {
  static readonly eventName = 'pay-otp-sent';
  constructor(channel: PayOtpChannel) {
    super(PayOtpSentEvent.eventName, eventInit({ channel }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-otp-sent': PayOtpSentEvent;
  }
}
