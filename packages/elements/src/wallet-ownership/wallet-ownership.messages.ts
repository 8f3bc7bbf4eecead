/**
 * The English messages of `<pay-wallet-ownership>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const walletOwnershipMessages = {
  'ownership.intro': 'Prove this wallet is yours by signing a message with it. Signing moves no money.',
  'ownership.introLiveness': 'Prove this wallet is yours with a short identity check.',
  'ownership.start': 'Sign with my wallet',
  'ownership.startLiveness': 'Start the identity check',
  'ownership.signing': 'Approve the signature request in your wallet…',
  'ownership.verifying': 'Checking the signature…',
  'ownership.livenessOpen': 'Complete the identity check in the new tab. We’ll update this page when it’s done.',
  'ownership.openLiveness': 'Open the identity check',
  'ownership.verified': 'Your wallet is verified.',
  'ownership.failed': 'We couldn’t verify this wallet. Start again to retry.',
  'ownership.expired': 'The verification request expired. Start again.',
  'ownership.again': 'Start again',
  'ownership.signFailed': 'Your wallet didn’t sign the message. Try again and approve the request.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof walletOwnershipMessages, string> {}
}
