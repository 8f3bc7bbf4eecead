/**
 * The English messages of `<pay-card-reveal>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const cardRevealMessages = {
  'card.show': 'Show card details',
  'card.hide': 'Hide card details',
  'card.loading': 'Loading card details…',
  'card.frameTitle': 'Card number, expiry date and security code',
  'card.shown': 'Card details shown. They hide automatically.',
  'card.hidden.expired': 'Card details hidden: the secure link expired.',
  'card.hidden.hidden': 'Card details hidden because you left the page.',
  'card.hidden.closed': 'Card details hidden.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof cardRevealMessages, string> {}
}
