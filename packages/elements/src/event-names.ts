/**
 * Every `pay-*` event name the elements dispatch, for listeners that want them all (analytics, tests).
 * Literals, not `X.eventName`: reading a class's property would keep every event class in every
 * element's bundle. test/event-names.test.ts keeps it equal to the exported event classes.
 *
 * @example
 *   for (const name of PAY_EVENT_NAMES) document.addEventListener(name, (e) => track(e.type));
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
  'pay-session-revoked',
  'pay-credential-added',
  'pay-credential-removed',
  'pay-wallet-privacy',
  'pay-delegated-key',
  'pay-payment-executed',
  'pay-payment-completed',
  'pay-payment-failed',
  'pay-payment-expired',
  'pay-payment-requote',
  'pay-sign-in-method',
  'pay-sign-in-complete',
  'pay-card-frozen',
  'pay-card-unfrozen',
  'pay-card-limits-changed',
  'pay-card-activated',
  'pay-card-ready',
  'pay-transaction-cancelled',
  'pay-beneficiary-trust-changed',
  'pay-invitation-claimed',
  'pay-sca-factor-added',
  'pay-sca-factor-removed',
  'pay-send-quoted',
  'pay-send-new-payee',
  'pay-account-recovery-started',
  'pay-account-recovery-completed',
] as const;
