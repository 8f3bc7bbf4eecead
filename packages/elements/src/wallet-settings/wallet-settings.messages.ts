/**
 * The English messages of `<pay-wallet-settings>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const walletSettingsMessages = {
  'walletSettings.title': 'Wallet settings',
  'walletSettings.loading': 'Loading your wallet settings…',
  'walletSettings.privacy': 'Private wallet',
  'walletSettings.privacyHint': 'When on, your wallet’s balance and activity aren’t shown publicly.',
  'walletSettings.privateOn': 'Your wallet is now private.',
  'walletSettings.privateOff': 'Your wallet is no longer private.',
  'walletSettings.keys': 'Card spending',
  'walletSettings.keysHint':
    'A card needs a spending key before it can pay from this wallet. The key stays with the payment service.',
  'walletSettings.noKeys': 'No card can pay from this wallet yet.',
  'walletSettings.keyName': 'Card spending key',
  'walletSettings.keyCard': 'For card {card}',
  'walletSettings.active': 'Active',
  'walletSettings.pending': 'Not finished',
  'walletSettings.keyAdded': 'Added {time}',
  'walletSettings.cancel': 'Cancel',
  'walletSettings.createKey': 'Allow this card to pay from my wallet',
  'walletSettings.keyCreated': 'The card can now pay from your wallet.',
  'walletSettings.revoke': 'Revoke',
  'walletSettings.revokeLabel': 'Revoke the spending key of card {card}',
  'walletSettings.confirmRevoke': 'The card will stop paying from your wallet.',
  'walletSettings.keyRevoked': 'The card can no longer pay from your wallet.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof walletSettingsMessages, string> {}
}
