/**
 * The events of `<pay-wallet-settings>`, with the conventions of shared/events.ts (typed, `bubbles` and `composed`,
 * ids, reasons and codes only: never a secret). A module of the element's own, so other elements do not
 * ship these classes; `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-wallet-privacy', (e) => console.log(e.detail));
 */
import { eventInit } from '../shared/events.js';

/** The wallet's privacy setting changed on the service. */
export class PayWalletPrivacyEvent extends CustomEvent<{ accountId: string; privateEnabled: boolean }> {
  static readonly eventName = 'pay-wallet-privacy';
  constructor(accountId: string, privateEnabled: boolean) {
    super(PayWalletPrivacyEvent.eventName, eventInit({ accountId, privateEnabled }));
  }
}

/** A card's delegated signing key became ACTIVE or was REVOKED (ids only; the key never leaves the service). */
export class PayDelegatedKeyEvent extends CustomEvent<{ keyId: string; cardId: string; status: 'ACTIVE' | 'REVOKED' }> {
  static readonly eventName = 'pay-delegated-key';
  constructor(keyId: string, cardId: string, status: 'ACTIVE' | 'REVOKED') {
    super(PayDelegatedKeyEvent.eventName, eventInit({ keyId, cardId, status }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-wallet-privacy': PayWalletPrivacyEvent;
    'pay-delegated-key': PayDelegatedKeyEvent;
  }
}
