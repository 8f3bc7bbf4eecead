/**
 * The events every Paykit element shares (`pay-session`, `pay-error`) and the conventions of them all:
 * one typed class per `pay-*` name, all `bubbles` and `composed` so a page can listen on `document`. No
 * event carries a secret: no OTP code, no key, no mnemonic and no PAN URL; details hold ids, expiry
 * times, reasons and error codes only. Each element's own events live in its folder (`*-events.ts`).
 *
 * @example
 *   document.addEventListener('pay-session', (e) => console.log(e.detail.session.expiresAt));
 *   el.addEventListener('pay-error', (e) => track(e.detail.code));
 */
import type { AuthSession } from '@paykit/crypto-core';

/** The part of a session an event may carry: no keys, no credentials. */
export interface PaySessionSummary {
  id: string;
  accountId: string;
  type: string;
  expiresAt: string;
}

/** The options every Paykit event is made with: `detail`, `bubbles` and `composed`. */
export const eventInit = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });
/** Reduces a service session to the fields an event may carry. */
export function summarizeSession(
  session: Pick<AuthSession, 'id' | 'accountId' | 'type' | 'expiresAt'>,
): PaySessionSummary {
  return { id: session.id, accountId: session.accountId, type: session.type, expiresAt: session.expiresAt };
}

/** A sign-in finished; `detail.session` is the new session's summary. */
export class PaySessionEvent extends CustomEvent<{ session: PaySessionSummary }> {
  static readonly eventName = 'pay-session';
  constructor(session: PaySessionSummary) {
    super(PaySessionEvent.eventName, eventInit({ session: summarizeSession(session) }));
  }
}

/** An operation failed; `detail.code` is the `PayError` code (never a message, which may be long). */
export class PayErrorEvent extends CustomEvent<{ code: string }> {
  static readonly eventName = 'pay-error';
  constructor(code: string) {
    super(PayErrorEvent.eventName, eventInit({ code }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-session': PaySessionEvent;
    'pay-error': PayErrorEvent;
  }
}
