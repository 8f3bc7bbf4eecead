/**
 * The events of `<pay-sca-factors>`, with the conventions of shared/events.ts (typed, `bubbles` and
 * `composed`, ids and kinds only: never a secret or a recovery code). A module of the element's own;
 * `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-sca-factor-added', (e) => console.log(e.detail.factor));
 */
import { eventInit } from '../shared/events.js';

/** A factor was enrolled and confirmed on the service (`TOTP` from the element). */
export class PayScaFactorAddedEvent extends CustomEvent<{ factor: string }> {
  static readonly eventName = 'pay-sca-factor-added';
  constructor(factor: string) {
    super(PayScaFactorAddedEvent.eventName, eventInit({ factor }));
  }
}

/** A factor was removed on the service (a passkey: the only kind with a `credentialId`). */
export class PayScaFactorRemovedEvent extends CustomEvent<{ factor: string; credentialId: string }> {
  static readonly eventName = 'pay-sca-factor-removed';
  constructor(factor: string, credentialId: string) {
    super(PayScaFactorRemovedEvent.eventName, eventInit({ factor, credentialId }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-sca-factor-added': PayScaFactorAddedEvent;
    'pay-sca-factor-removed': PayScaFactorRemovedEvent;
  }
}
