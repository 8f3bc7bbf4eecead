/**
 * The English messages of `<pay-invitation>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const invitationMessages = {
  'invitation.title': 'Invitation',
  'invitation.loading': 'Loading the invitation…',
  'invitation.from': '{name} invited you',
  'invitation.amount': '{amount} for you',
  'invitation.expires': 'Accept by {date}',
  'invitation.claim': 'Accept invitation',
  'invitation.claimed': 'Invitation accepted.',
  'invitation.alreadyClaimed': 'This invitation has already been accepted.',
  'invitation.cancelled': 'This invitation was cancelled by the person who sent it.',
  'invitation.expired': 'This invitation has expired. Ask for a new one.',
  'invitation.notFound': 'We can’t find this invitation. Check the link you were sent.',
  'invitation.status.PENDING': 'Waiting for you',
  'invitation.status.CLAIMED': 'Accepted',
  'invitation.status.EXPIRED': 'Expired',
  'invitation.status.CANCELLED': 'Cancelled',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof invitationMessages, string> {}
}
