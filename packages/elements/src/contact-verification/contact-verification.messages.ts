/**
 * The English messages of `<pay-contact-verification>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const contactVerificationMessages = {
  'contact.loading': 'Checking what needs verifying…',
  'contact.channel.email': 'Email address',
  'contact.channel.phone': 'Phone number',
  'contact.pending': 'Not verified yet',
  'contact.verified': 'Verified',
  'contact.step': 'Step {n} of {total}',
  'contact.intro.email': 'We’ll email you a 6-digit code to confirm your email address.',
  'contact.intro.phone': 'We’ll text you a 6-digit code to confirm your phone number.',
  'contact.sent.email': 'We sent a code to your email address.',
  'contact.sent.phone': 'We sent a code to your phone.',
  'contact.labelEmail': 'Code from the email',
  'contact.labelPhone': 'Code from the text message',
  'contact.hint': 'Enter the 6-digit code. You can paste it.',
  'contact.wrongCode': 'That code is not right, or it has expired. Check it or send a new one.',
  'contact.channelVerified': '{channel} verified.',
  'contact.complete': 'Your contact details are verified.',
  'contact.notRequired': 'No contact verification is needed.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof contactVerificationMessages, string> {}
}
