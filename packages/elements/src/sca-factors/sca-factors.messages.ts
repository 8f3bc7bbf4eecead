/**
 * The English messages of `<pay-sca-factors>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const scaFactorsMessages = {
  'scaFactors.title': 'Ways to confirm it’s you',
  'scaFactors.intro': 'We ask for one of these when you pay or sign in.',
  'scaFactors.loading': 'Loading your verification methods…',
  'scaFactors.empty': 'No verification methods yet.',
  'scaFactors.type.SMS_OTP': 'Text message',
  'scaFactors.type.TOTP': 'Authenticator app',
  'scaFactors.type.PASSKEY': 'Passkey',
  'scaFactors.about.SMS_OTP': 'A code sent to your verified phone number',
  'scaFactors.about.TOTP': 'A code from your authenticator app',
  'scaFactors.about.PASSKEY': 'Your fingerprint, face or screen lock',
  'scaFactors.addTotp': 'Add authenticator app',
  'scaFactors.setupTitle': 'Set up your authenticator app',
  'scaFactors.setupHint':
    'In your authenticator app, add an account with this setup key, or open the link on this device.',
  'scaFactors.key': 'Setup key',
  'scaFactors.openApp': 'Open in authenticator app',
  'scaFactors.codeLabel': 'Code from your app',
  'scaFactors.codeHint': 'Enter the 6-digit code your app shows now.',
  'scaFactors.confirm': 'Confirm',
  'scaFactors.cancel': 'Cancel',
  'scaFactors.expired': 'This setup has expired. Please start again.',
  'scaFactors.added': 'Authenticator app added.',
  'scaFactors.codesTitle': 'Save your recovery codes',
  'scaFactors.codesHint':
    'Each code works once, if you lose your phone. Keep them somewhere safe: you won’t see them again.',
  'scaFactors.done': 'Done',
  'scaFactors.remove': 'Remove',
  'scaFactors.removeConfirm': 'Remove “{factor}”? You can still confirm it’s you with your other methods.',
  'scaFactors.removeYes': 'Yes, remove it',
  'scaFactors.removeNo': 'Keep it',
  'scaFactors.removed': '“{factor}” removed.',
  'scaFactors.notNeeded': 'Your account doesn’t use these verification methods.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof scaFactorsMessages, string> {}
}
