/**
 * The events of the account-security elements (`<pay-sessions>`, `<pay-auth-methods>`,
 * `<pay-wallet-settings>`), with the same conventions as events.ts (typed, `bubbles` and `composed`,
 * ids only, never a secret). A module apart so the other elements do not ship these classes (a class
 * extending `CustomEvent` is kept by bundlers whether used or not); `PAY_EVENT_NAMES` names them.
 *
 * @example
 *   document.addEventListener('pay-credential-removed', (e) => audit(e.detail.authMethodId));
 */
const init = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });

/** A session was revoked on the service; `current` is true when it was this page's own (signed out here). */
export class PaySessionRevokedEvent extends CustomEvent<{ sessionId: string; current: boolean }> {
  static readonly eventName = 'pay-session-revoked';
  constructor(sessionId: string, current: boolean) {
    super(PaySessionRevokedEvent.eventName, init({ sessionId, current }));
  }
}

/** A credential was added (`verified` false: an OTP credential still waits for its code). */
export class PayCredentialAddedEvent extends CustomEvent<{ authMethodId: string; type: string; verified: boolean }> {
  static readonly eventName = 'pay-credential-added';
  constructor(authMethodId: string, type: string, verified: boolean) {
    super(PayCredentialAddedEvent.eventName, init({ authMethodId, type, verified }));
  }
}

/** A credential was removed from the account. */
export class PayCredentialRemovedEvent extends CustomEvent<{ authMethodId: string; type: string }> {
  static readonly eventName = 'pay-credential-removed';
  constructor(authMethodId: string, type: string) {
    super(PayCredentialRemovedEvent.eventName, init({ authMethodId, type }));
  }
}

/** The wallet's privacy setting changed on the service. */
export class PayWalletPrivacyEvent extends CustomEvent<{ accountId: string; privateEnabled: boolean }> {
  static readonly eventName = 'pay-wallet-privacy';
  constructor(accountId: string, privateEnabled: boolean) {
    super(PayWalletPrivacyEvent.eventName, init({ accountId, privateEnabled }));
  }
}

/** A card's delegated signing key became ACTIVE or was REVOKED (ids only; the key never leaves the service). */
export class PayDelegatedKeyEvent extends CustomEvent<{ keyId: string; cardId: string; status: 'ACTIVE' | 'REVOKED' }> {
  static readonly eventName = 'pay-delegated-key';
  constructor(keyId: string, cardId: string, status: 'ACTIVE' | 'REVOKED') {
    super(PayDelegatedKeyEvent.eventName, init({ keyId, cardId, status }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-session-revoked': PaySessionRevokedEvent;
    'pay-credential-added': PayCredentialAddedEvent;
    'pay-credential-removed': PayCredentialRemovedEvent;
    'pay-wallet-privacy': PayWalletPrivacyEvent;
    'pay-delegated-key': PayDelegatedKeyEvent;
  }
}
