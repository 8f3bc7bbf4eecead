/**
 * The events of `<pay-auth-methods>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-credential-added', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

/** A credential was added (`verified` false: an OTP credential still waits for its code). */
export class PayCredentialAddedEvent extends CustomEvent<{ authMethodId: string; type: string; verified: boolean }> {
  static readonly eventName = 'pay-credential-added';
  constructor(authMethodId: string, type: string, verified: boolean) {
    super(PayCredentialAddedEvent.eventName, eventInit({ authMethodId, type, verified }));
  }
}

/** A credential was removed from the account. */
export class PayCredentialRemovedEvent extends CustomEvent<{ authMethodId: string; type: string }> {
  static readonly eventName = 'pay-credential-removed';
  constructor(authMethodId: string, type: string) {
    super(PayCredentialRemovedEvent.eventName, eventInit({ authMethodId, type }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-credential-added': PayCredentialAddedEvent;
    'pay-credential-removed': PayCredentialRemovedEvent;
  }
}
