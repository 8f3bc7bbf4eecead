/**
 * The English messages of `<pay-terms-consent>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const termsConsentMessages = {
  'terms.loading': 'Loading the terms…',
  'terms.linkText': 'End User Terms',
  'terms.newTab': '(opens in a new tab)',
  'terms.consentLabel': 'I have read and accept the {link}',
  'terms.clickToAccept': 'By selecting Accept, you agree to the {link}.',
  'terms.continue': 'Continue',
  'terms.accept': 'Accept',
  'terms.accepting': 'Saving your acceptance…',
  'terms.accepted': 'You’ve accepted the End User Terms.',
  'terms.notice.unchecked': 'Tick the box to accept the End User Terms.',
  'terms.notice.updated': 'The terms were updated. Please review the new version.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof termsConsentMessages, string> {}
}
