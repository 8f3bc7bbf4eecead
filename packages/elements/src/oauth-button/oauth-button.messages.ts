/**
 * The English messages of `<pay-oauth-button>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const oauthButtonMessages = {
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.waiting': 'Finish signing in with {provider} in the window that opened…',
  'oauth.redirecting': 'Taking you to {provider}…',
  'oauth.signedIn': 'You’re signed in.',
  'oauth.cancelled': 'Sign-in was cancelled. You can try again.',
  'oauth.stateMismatch': 'That sign-in answer wasn’t for this request. Please try again.',
  'oauth.providerError': 'The sign-in provider couldn’t sign you in. Please try again.',
  'oauth.rejected': 'This sign-in wasn’t accepted. Please try again.',
  'oauth.notConfigured': 'This sign-in option isn’t set up.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof oauthButtonMessages, string> {}
}
