/**
 * The English messages of `<pay-otp-login>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const otpLoginMessages = {
  'otp.signedIn': 'You’re signed in.',
  'otp.intro.email': 'We’ll email a 6-digit code to {destination}.',
  'otp.intro.emailAnon': 'We’ll email you a 6-digit code.',
  'otp.intro.sms': 'We’ll text a 6-digit code to {destination}.',
  'otp.intro.smsAnon': 'We’ll text you a 6-digit code.',
  'otp.sent': 'We sent a code to {destination}.',
  'otp.sentAnon': 'We sent you a code.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof otpLoginMessages, string> {}
}
