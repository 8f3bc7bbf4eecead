/**
 * The English messages of `<pay-passkey-login>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const passkeyLoginMessages = {
  'passkey.login': 'Sign in with a passkey',
  'passkey.register': 'Create a passkey',
  'passkey.waiting': 'Follow the prompt from your browser or device…',
  'passkey.unsupported': 'Passkeys aren’t available in this browser. Use another way to sign in.',
  'passkey.autofillLabel': 'Email or username',
  'passkey.registered': 'Passkey created. You can use it to sign in next time.',
  'passkey.signedIn': 'You’re signed in.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof passkeyLoginMessages, string> {}
}
