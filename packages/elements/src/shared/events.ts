/**
 * The events Paykit elements dispatch: one typed class per `pay-*` name, all `bubbles` and `composed`
 * so a page can listen on `document`. No event carries a secret: no OTP code, no key, no mnemonic and
 * no PAN URL; details hold ids, expiry times, reasons and error codes only.
 *
 * @example
 *   document.addEventListener('pay-session', (e) => console.log(e.detail.session.expiresAt));
 *   el.addEventListener('pay-error', (e) => track(e.detail.code));
 */
import type { AuthSession, Quote } from '@paykit/crypto-core';

/** The part of a session an event may carry: no keys, no credentials. */
export interface PaySessionSummary {
  id: string;
  accountId: string;
  type: string;
  expiresAt: string;
}

export type PayCardHiddenReason = 'expired' | 'hidden' | 'closed';
export type PayExportClosedReason = 'closed' | 'timeout' | 'hidden';
export type PayOtpChannel = 'email' | 'sms';

const init = <T>(detail: T): CustomEventInit<T> => ({ detail, bubbles: true, composed: true });

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
    super(PaySessionEvent.eventName, init({ session: summarizeSession(session) }));
  }
}

/** An operation failed; `detail.code` is the `PayError` code (never a message, which may be long). */
export class PayErrorEvent extends CustomEvent<{ code: string }> {
  static readonly eventName = 'pay-error';
  constructor(code: string) {
    super(PayErrorEvent.eventName, init({ code }));
  }
}

/** A one-time code was sent (or sent again). */
export class PayOtpSentEvent extends CustomEvent<{ channel: PayOtpChannel }> {
  static readonly eventName = 'pay-otp-sent';
  constructor(channel: PayOtpChannel) {
    super(PayOtpSentEvent.eventName, init({ channel }));
  }
}

/** A passkey was added to the account: `authMethodId` is the service's AuthMethod id. */
export class PayPasskeyRegisteredEvent extends CustomEvent<{ authMethodId: string; nickname: string | undefined }> {
  static readonly eventName = 'pay-passkey-registered';
  constructor(authMethodId: string, nickname: string | undefined) {
    super(PayPasskeyRegisteredEvent.eventName, init({ authMethodId, nickname }));
  }
}

/** The recovery phrase arrived and is shown (masked). No detail, on purpose. */
export class PayExportCompleteEvent extends CustomEvent<null> {
  static readonly eventName = 'pay-export-complete';
  constructor() {
    super(PayExportCompleteEvent.eventName, init(null));
  }
}

/** The recovery phrase was wiped from the page. */
export class PayExportClosedEvent extends CustomEvent<{ reason: PayExportClosedReason }> {
  static readonly eventName = 'pay-export-closed';
  constructor(reason: PayExportClosedReason) {
    super(PayExportClosedEvent.eventName, init({ reason }));
  }
}

/** The card details frame is showing until `expiresAt`. */
export class PayCardRevealedEvent extends CustomEvent<{ cardId: string; expiresAt: string }> {
  static readonly eventName = 'pay-card-revealed';
  constructor(cardId: string, expiresAt: string) {
    super(PayCardRevealedEvent.eventName, init({ cardId, expiresAt }));
  }
}

/** The card details frame was removed. */
export class PayCardHiddenEvent extends CustomEvent<{ cardId: string; reason: PayCardHiddenReason }> {
  static readonly eventName = 'pay-card-hidden';
  constructor(cardId: string, reason: PayCardHiddenReason) {
    super(PayCardHiddenEvent.eventName, init({ cardId, reason }));
  }
}

/** The quote left PENDING_AUTHORIZATION; `detail.quote` is the quote the service returned. */
export class PayScaCompleteEvent extends CustomEvent<{ quote: Quote }> {
  static readonly eventName = 'pay-sca-complete';
  constructor(quote: Quote) {
    super(PayScaCompleteEvent.eventName, init({ quote }));
  }
}

export type PayOwnershipFailedReason = 'unverified' | 'expired';

/** The external account's ownership is verified: it is ACTIVE. */
export class PayOwnershipVerifiedEvent extends CustomEvent<{ externalAccountId: string }> {
  static readonly eventName = 'pay-ownership-verified';
  constructor(externalAccountId: string) {
    super(PayOwnershipVerifiedEvent.eventName, init({ externalAccountId }));
  }
}

/** An ownership verification attempt failed (`unverified`: start again; `expired`: the challenge ran out). */
export class PayOwnershipFailedEvent extends CustomEvent<{
  externalAccountId: string;
  reason: PayOwnershipFailedReason;
}> {
  static readonly eventName = 'pay-ownership-failed';
  constructor(externalAccountId: string, reason: PayOwnershipFailedReason) {
    super(PayOwnershipFailedEvent.eventName, init({ externalAccountId, reason }));
  }
}

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
    super(PayTermsAcceptedEvent.eventName, init({ customerId, termsVersion, acceptanceMethod, alreadyAccepted }));
  }
}

export type PayContactChannel = 'email' | 'phone';

/** One contact channel of the customer is VERIFIED. No address, no number, no code. */
export class PayContactVerifiedEvent extends CustomEvent<{ customerId: string; channel: PayContactChannel }> {
  static readonly eventName = 'pay-contact-verified';
  constructor(customerId: string, channel: PayContactChannel) {
    super(PayContactVerifiedEvent.eventName, init({ customerId, channel }));
  }
}

/** Every channel the customer's provider requires is VERIFIED (`channels`: those it requires; may be none). */
export class PayContactVerificationCompleteEvent extends CustomEvent<{
  customerId: string;
  channels: PayContactChannel[];
}> {
  static readonly eventName = 'pay-contact-verification-complete';
  constructor(customerId: string, channels: PayContactChannel[]) {
    super(PayContactVerificationCompleteEvent.eventName, init({ customerId, channels }));
  }
}

export type PayKycStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** The customer's KYC (or KYB) status as read, and each time it changes. No name, no document, no data. */
export class PayKycStatusEvent extends CustomEvent<{ customerId: string; status: PayKycStatus }> {
  static readonly eventName = 'pay-kyc-status';
  constructor(customerId: string, status: PayKycStatus) {
    super(PayKycStatusEvent.eventName, init({ customerId, status }));
  }
}

/** `POST /verifications` answered: its id and status only (RESOLVE_ERRORS, PENDING_MANUAL_REVIEW, …), never the errors' text. */
export class PayKycSubmittedEvent extends CustomEvent<{
  customerId: string;
  verificationId: string;
  verificationStatus: string;
}> {
  static readonly eventName = 'pay-kyc-submitted';
  constructor(customerId: string, verificationId: string, verificationStatus: string) {
    super(PayKycSubmittedEvent.eventName, init({ customerId, verificationId, verificationStatus }));
  }
}

/** A document was uploaded (`replaced`: an earlier one was replaced with `PUT /documents/{id}`). Ids only. */
export class PayDocumentUploadedEvent extends CustomEvent<{
  customerId: string;
  documentId: string;
  replaced: boolean;
}> {
  static readonly eventName = 'pay-document-uploaded';
  constructor(customerId: string, documentId: string, replaced: boolean) {
    super(PayDocumentUploadedEvent.eventName, init({ customerId, documentId, replaced }));
  }
}

/** A beneficial owner (or control person) was added to the business. Ids only. */
export class PayBeneficialOwnerAddedEvent extends CustomEvent<{ customerId: string; beneficialOwnerId: string }> {
  static readonly eventName = 'pay-beneficial-owner-added';
  constructor(customerId: string, beneficialOwnerId: string) {
    super(PayBeneficialOwnerAddedEvent.eventName, init({ customerId, beneficialOwnerId }));
  }
}

/**
 * Every event name, for listeners that want them all (analytics, tests). Literals, not `X.eventName`:
 * reading a class's property would keep every event class in every element's bundle.
 */
export const PAY_EVENT_NAMES = [
  'pay-session',
  'pay-error',
  'pay-otp-sent',
  'pay-passkey-registered',
  'pay-export-complete',
  'pay-export-closed',
  'pay-card-revealed',
  'pay-card-hidden',
  'pay-sca-complete',
  'pay-ownership-verified',
  'pay-ownership-failed',
  'pay-terms-accepted',
  'pay-contact-verified',
  'pay-contact-verification-complete',
  'pay-kyc-status',
  'pay-kyc-submitted',
  'pay-document-uploaded',
  'pay-beneficial-owner-added',
  // the account-security events (account-events.ts; named here, not imported, so other elements do not ship them)
  'pay-session-revoked',
  'pay-credential-added',
  'pay-credential-removed',
  'pay-wallet-privacy',
  'pay-delegated-key',
  // <pay-payment>'s events (payment/payment-events.ts)
  'pay-payment-executed',
  'pay-payment-completed',
  'pay-payment-failed',
  'pay-payment-expired',
  'pay-payment-requote',
  // <pay-sign-in>'s own (sign-in/sign-in-events.ts)
  'pay-sign-in-method',
  'pay-sign-in-complete',
  // <pay-card>'s events (card/card-events.ts)
  'pay-card-frozen',
  'pay-card-unfrozen',
  'pay-card-limits-changed',
  'pay-card-activated',
  'pay-card-ready',
] as const;

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-session': PaySessionEvent;
    'pay-error': PayErrorEvent;
    'pay-otp-sent': PayOtpSentEvent;
    'pay-passkey-registered': PayPasskeyRegisteredEvent;
    'pay-export-complete': PayExportCompleteEvent;
    'pay-export-closed': PayExportClosedEvent;
    'pay-card-revealed': PayCardRevealedEvent;
    'pay-card-hidden': PayCardHiddenEvent;
    'pay-sca-complete': PayScaCompleteEvent;
    'pay-ownership-verified': PayOwnershipVerifiedEvent;
    'pay-ownership-failed': PayOwnershipFailedEvent;
    'pay-terms-accepted': PayTermsAcceptedEvent;
    'pay-contact-verified': PayContactVerifiedEvent;
    'pay-contact-verification-complete': PayContactVerificationCompleteEvent;
    'pay-kyc-status': PayKycStatusEvent;
    'pay-kyc-submitted': PayKycSubmittedEvent;
    'pay-document-uploaded': PayDocumentUploadedEvent;
    'pay-beneficial-owner-added': PayBeneficialOwnerAddedEvent;
  }
}
