/**
 * The events of `<pay-terms-consent>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-terms-accepted', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

export type PayTermsAcceptanceMethod = 'CHECKBOX' | 'CLICK_TO_ACCEPT';

/** The end-user terms are accepted (`alreadyAccepted`: they were on file before). No IP, no time, no name. */
export class PayTermsAcceptedEvent extends CustomEvent<{
  customerId: string;
  termsVersion: string;
  acceptanceMethod: PayTermsAcceptanceMethod;
  alreadyAccepted: boolean;
}> {
  static readonly eventName = 'pay-terms-accepted';
  constructor(
    customerId: string,
    termsVersion: string,
    acceptanceMethod: PayTermsAcceptanceMethod,
    alreadyAccepted: boolean,
  ) {
    super(PayTermsAcceptedEvent.eventName, eventInit({ customerId, termsVersion, acceptanceMethod, alreadyAccepted }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-terms-accepted': PayTermsAcceptedEvent;
  }
}
