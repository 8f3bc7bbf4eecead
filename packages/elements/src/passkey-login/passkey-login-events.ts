/**
 * The events of `<pay-passkey-login>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-passkey-registered', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

/** A passkey was added to the account: `authMethodId` is the service's AuthMethod id. */
export class PayPasskeyRegisteredEvent extends CustomEvent<{ authMethodId: string; nickname: string | undefined }> {
  static readonly eventName = 'pay-passkey-registered';
  constructor(authMethodId: string, nickname: string | undefined) {
    super(PayPasskeyRegisteredEvent.eventName, eventInit({ authMethodId, nickname }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-passkey-registered': PayPasskeyRegisteredEvent;
  }
}
