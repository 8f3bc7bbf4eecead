/**
 * The events of `<pay-beneficiaries>`, with the conventions of shared/events.ts (typed, `bubbles` and
 * `composed`, ids and states only). A module of the element's own; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-beneficiary-trust-changed', (e) => console.log(e.detail.trusted));
 */
import { eventInit } from '../shared/events.js';

/** A payee was trusted or untrusted on the service (the SCA confirmation succeeded). */
export class PayBeneficiaryTrustChangedEvent extends CustomEvent<{ externalAccountId: string; trusted: boolean }> {
  static readonly eventName = 'pay-beneficiary-trust-changed';
  constructor(externalAccountId: string, trusted: boolean) {
    super(PayBeneficiaryTrustChangedEvent.eventName, eventInit({ externalAccountId, trusted }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-beneficiary-trust-changed': PayBeneficiaryTrustChangedEvent;
  }
}
