/**
 * The English messages of `<pay-sessions>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const sessionsMessages = {
  'sessions.title': 'Where you’re signed in',
  'sessions.loading': 'Loading your sessions…',
  'sessions.thisDevice': 'This device',
  'sessions.device': '{browser} on {os}',
  'sessions.thisBrowser': 'This browser',
  'sessions.otherDevice': 'Another device',
  'sessions.created': 'Signed in {time}',
  'sessions.expires': 'Active until {time}',
  'sessions.autoRefresh': 'Renews automatically',
  'sessions.expiresAt': 'Expires at {time}',
  'sessions.renewedAt': 'Renewed {time}',
  'sessions.renewed': 'Your session was renewed. It’s now active until {time}.',
  'sessions.renew': 'Renew now',
  'sessions.revoke': 'Sign out',
  'sessions.revokeLabel': 'Sign out {device} ({type}, signed in {time})',
  'sessions.revoked': 'That session is signed out.',
  'sessions.revokeOthers': 'Sign out everywhere else',
  'sessions.revokedOthers': 'You’re signed out everywhere else.',
  'sessions.none': 'You aren’t signed in anywhere else.',
  'sessions.signOut': 'Sign out on this device',
  'sessions.signedOut': 'You’re signed out on this device.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof sessionsMessages, string> {}
}
