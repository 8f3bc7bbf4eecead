/**
 * The English messages of `<pay-sca-challenge>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const scaChallengeMessages = {
  'sca.title': 'Confirm this payment',
  'sca.amount': 'Amount',
  'sca.payee': 'To',
  'sca.unknownPayee': 'Recipient',
  'sca.factor.legend': 'Confirm with',
  'sca.factor.SMS_OTP': 'Text message code',
  'sca.factor.PASSKEY': 'Passkey',
  'sca.codeLabel': 'Code from the text message',
  'sca.codeHint': 'Enter the 6-digit code we sent to your phone.',
  'sca.codeHintTo': 'Enter the 6-digit code we sent to {destination}.',
  'sca.step': 'Step {n} of {total}',
  'sca.confirm': 'Confirm payment',
  'sca.confirmPasskey': 'Confirm with passkey',
  'sca.confirming': 'Confirming…',
  'sca.resent': 'We sent a new code.',
  'sca.renewing': 'Confirming your payment…',
  'sca.checking': 'Checking whether your payment went through…',
  'sca.loginCodeLabel': 'One more code, from a new text message',
  'sca.loginPasskey': 'One more check: confirm with your passkey that it’s you.',
  'sca.another': 'Another confirmation is needed.',
  'sca.complete': 'Payment confirmed.',
  'sca.expired': 'This confirmation has expired. Please start the payment again.',
  'sca.noQuote': 'There is no payment waiting for confirmation.',
  'sca.noFactor': 'This payment can’t be confirmed here. Please use the app you started it in.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof scaChallengeMessages, string> {}
}
