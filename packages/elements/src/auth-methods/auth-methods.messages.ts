/**
 * The English messages of `<pay-auth-methods>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const authMethodsMessages = {
  'authMethods.title': 'Sign-in methods',
  'authMethods.loading': 'Loading your sign-in methods…',
  'authMethods.inUseBadge': 'In use',
  'authMethods.remove': 'Remove',
  'authMethods.removeLabel': 'Remove {method}',
  'authMethods.methodLabel': '{type} ({detail})',
  'authMethods.created': 'Added {time}',
  'authMethods.cancel': 'Cancel',
  'authMethods.confirmRemove': 'Remove {method}? You won’t be able to sign in with it any more.',
  'authMethods.removed': '{method} was removed.',
  'authMethods.lastOne': 'This is your only sign-in method, so it can’t be removed. Add another one first.',
  'authMethods.inUse': 'You’re signed in with this method right now. Sign in with another method to remove it.',
  'authMethods.add': 'Add a sign-in method',
  'authMethods.codeHint': 'Enter the 6-digit code we sent to {destination}.',
  'authMethods.codeSent': 'We sent a code to {destination}.',
  'authMethods.verified': '{method} is verified. You’re now signed in with it.',
  'authMethods.added': '{method} was added.',
  'authMethods.passkeyName': 'Passkey name',
  'authMethods.createPasskey': 'Create passkey',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof authMethodsMessages, string> {}
}
