/**
 * The events of `<pay-sign-in>` of its own (it also lets its methods' `pay-session`, `pay-otp-sent`,
 * `pay-passkey-registered` and `pay-error` through). Same conventions as events.ts: typed, `bubbles` and
 * `composed`; it names the method only, never the identifier, a credential id or a destination.
 *
 * @example
 *   document.addEventListener('pay-sign-in-method', (e) => track('sign-in', e.detail.method, e.detail.provider));
 *   document.addEventListener('pay-sign-in-complete', () => location.assign('/wallet'));
 */

import type { PaySessionSummary } from '../shared/events.js';

/** A sign-in method: the `SignInMethod` type. */
export type PaySignInMethodType = 'PASSKEY' | 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH';

/** The person was offered, or chose, a method: `provider` names an OAuth provider (`google`). */
export class PaySignInMethodEvent extends CustomEvent<{ method: PaySignInMethodType; provider: string | undefined }> {
  static readonly eventName = 'pay-sign-in-method';
  constructor(method: PaySignInMethodType, provider?: string) {
    super(PaySignInMethodEvent.eventName, { detail: { method, provider }, bubbles: true, composed: true });
  }
}

/**
 * Sign-in is finished, with its optional steps (the add-passkey offer): the moment to leave the sign-in
 * page. `pay-session` comes earlier, as soon as the session exists. `passkeyAdded`: a passkey was added
 * in the offer.
 */
export class PaySignInCompleteEvent extends CustomEvent<{ session: PaySessionSummary; passkeyAdded: boolean }> {
  static readonly eventName = 'pay-sign-in-complete';
  constructor(session: PaySessionSummary, passkeyAdded: boolean) {
    super(PaySignInCompleteEvent.eventName, { detail: { session, passkeyAdded }, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-sign-in-method': PaySignInMethodEvent;
    'pay-sign-in-complete': PaySignInCompleteEvent;
  }
}
