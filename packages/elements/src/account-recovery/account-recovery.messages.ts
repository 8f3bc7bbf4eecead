/**
 * The English messages of `<pay-account-recovery>`: built in, registered when the element's module loads, so
 * a page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const accountRecoveryMessages = {
  'recovery.title': 'Lost a way to confirm it’s you?',
  'recovery.intro': 'We check that it’s really you, then you set up a new one. Nothing changes until you finish.',
  'recovery.loading': 'Loading your verification methods…',
  'recovery.choose': 'What did you lose?',
  'recovery.type.SMS_OTP': 'My phone number',
  'recovery.type.TOTP': 'My authenticator app',
  'recovery.type.PASSKEY': 'My passkey',
  'recovery.start': 'Check my identity',
  'recovery.INITIATED': 'Your identity check has started.',
  'recovery.PENDING_REVIEW': 'Your identity check is being reviewed.',
  'recovery.verify': 'Continue the identity check',
  'recovery.waiting': 'This page updates by itself. It usually takes a few minutes.',
  'recovery.expires': 'Finish by {date}.',
  'recovery.passed': 'It’s you: your identity is confirmed.',
  'recovery.newPhone': 'Enter the phone number you use now. We’ll send your codes there.',
  'recovery.finish': 'Finish',
  'recovery.done.SMS_OTP': 'Your new phone number is set.',
  'recovery.done.TOTP': 'Your old authenticator app is removed. Add your new one to use it.',
  'recovery.done.PASSKEY': 'Your old passkey is removed. Add a new one to use it.',
  'recovery.REJECTED': 'We couldn’t confirm it’s you, so nothing was changed. Contact support if you need help.',
  'recovery.EXPIRED': 'This reset expired before it was finished. Nothing was changed.',
  'recovery.again': 'Start again',
  'recovery.notNeeded': 'Your account has no second step to recover: its payments don’t ask for one.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof accountRecoveryMessages, string> {}
}
