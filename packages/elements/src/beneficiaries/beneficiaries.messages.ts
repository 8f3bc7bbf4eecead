/**
 * The English messages of `<pay-beneficiaries>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const beneficiariesMessages = {
  'beneficiaries.title': 'Payees',
  'beneficiaries.loading': 'Loading your payees…',
  'beneficiaries.empty': 'No payees yet.',
  'beneficiaries.trusted': 'Trusted',
  'beneficiaries.trust': 'Trust',
  'beneficiaries.untrust': 'Stop trusting',
  'beneficiaries.trustName': 'Trust {name}',
  'beneficiaries.untrustName': 'Stop trusting {name}',
  'beneficiaries.confirmTrust': 'Trust {name}? Payments to them won’t ask for a code each time.',
  'beneficiaries.confirmUntrust': 'Stop trusting {name}? Payments to them will ask for a code again.',
  'beneficiaries.codeHint': 'Enter the 6-digit code we sent to your phone.',
  'beneficiaries.confirmTrustButton': 'Trust payee',
  'beneficiaries.confirmUntrustButton': 'Stop trusting payee',
  'beneficiaries.keep': 'Cancel',
  'beneficiaries.nowTrusted': '{name} is now trusted.',
  'beneficiaries.nowUntrusted': '{name} is no longer trusted.',
  'beneficiaries.notNeeded': 'Your account doesn’t need trusted payees: payments don’t ask for a code.',
  'beneficiaries.unnamed': 'Payee',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof beneficiariesMessages, string> {}
}
