/**
 * The English messages of `<pay-sign-in>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const signInMessages = {
  'signIn.title': 'Sign in',
  'signIn.emailLabel': 'Email address',
  'signIn.continue': 'Continue',
  'signIn.checking': 'Checking…',
  'signIn.usePhone': 'Use phone instead',
  'signIn.useEmail': 'Use email instead',
  'signIn.emailMissing': 'Enter your email address.',
  'signIn.emailInvalid': 'Enter an email address like name@example.com.',
  'signIn.edit': 'Edit',
  'signIn.useAnotherEmail': 'Use another email',
  'signIn.unknown': 'There’s no account with this email address or phone number. Check it, or use another one.',
  'signIn.noMethod': 'This account has no sign-in method this browser can use.',
  'signIn.another': 'Use another method',
  'signIn.choose': 'Choose how to sign in',
  'signIn.passkey': 'Use a passkey',
  'signIn.email': 'Email a code to {destination}',
  'signIn.emailAnon': 'Email me a code',
  'signIn.sms': 'Text a code to {destination}',
  'signIn.smsAnon': 'Text me a code',
  'signIn.oauth': 'Continue with {provider}',
  'signIn.addPasskey': 'Add a passkey for faster sign-in',
  'signIn.addPasskeyText': 'Next time, sign in with your fingerprint, face or screen lock instead of a code.',
  'signIn.createPasskey': 'Create a passkey',
  'signIn.waiting': 'Follow the prompt from your browser or device…',
  'signIn.notNow': 'Not now',
  'signIn.close': 'Close',
  'signIn.signedIn': 'You’re signed in.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof signInMessages, string> {}
}
