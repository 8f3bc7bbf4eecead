/**
 * The typed translation table. English is built in, complete, and the fallback for every key; other
 * locales are modules a page imports when it wants them (`import '@paykit/elements/translations/es'`
 * registers Spanish), so a page ships only the languages it speaks. A platform can add or override a
 * locale with `registerMessages`. An element picks its locale from its `locale` property, else the
 * nearest `lang` attribute, else English. `{name}` placeholders are replaced from the params object.
 *
 * @example
 *   import '@paykit/elements/translations/es';
 *   registerMessages('de', { 'otp.send': 'Code senden' });
 *   translate('es-MX', 'otp.resendIn', { n: 30 }); // 'Reenviar código en 30 s'
 */
const en = {
  // Shared
  'common.retry': 'Try again',
  'common.working': 'Working…',
  'error.generic': 'Something went wrong. Please try again.',
  'error.network': "Can't reach the server. Check your connection and try again.",
  'error.timeout': 'The server took too long to answer. Please try again.',
  'error.rateLimited': 'Too many attempts, try again in {n} s.',
  'error.rateLimitedNow': 'Too many attempts. Please wait a moment and try again.',
  'error.wrongCode': 'That code is not right.',
  'error.incompleteCode': 'Enter all {n} digits of the code.',
  'error.locked': 'This account is locked after too many attempts. Contact support to unlock it.',
  'error.noClient': 'This form is not connected to a wallet client.',
  'error.noSession': 'Sign in first.',
  'error.challengeExpired': 'The request expired. Please try again.',
  'error.bundleInvalid': "We couldn't verify the server's response, so we stopped. Please try again later.",
  'error.decryption': "The wallet data couldn't be decrypted. Please try again.",
  'error.passkeyCancelled': 'The passkey request was cancelled or timed out.',
  'error.passkeyUnsupported': "Passkeys aren't available in this browser.",
  'error.passkeyExists': 'This passkey is already registered.',
  'error.exportTimeout': 'The export is taking too long. Please try again later.',
  'error.revealRejected': 'The card details came from an unexpected address, so they were not shown.',
  'error.scaSession': 'Your secure session has ended. Please sign in again to confirm.',
  'error.invalidArgument': 'This form is missing some information it needs.',
  'error.reason': 'Details: {reason}',

  // <pay-otp-login>
  'otp.intro.email': "We'll email a 6-digit code to {destination}.",
  'otp.intro.emailAnon': "We'll email you a 6-digit code.",
  'otp.intro.sms': "We'll text a 6-digit code to {destination}.",
  'otp.intro.smsAnon': "We'll text you a 6-digit code.",
  'otp.send': 'Send code',
  'otp.sending': 'Sending code…',
  'otp.sent': 'We sent a code to {destination}.',
  'otp.sentAnon': 'We sent you a code.',
  'otp.label': 'Verification code',
  'otp.hint': 'Enter the 6-digit code. You can paste it.',
  'otp.verify': 'Verify',
  'otp.verifying': 'Checking your code…',
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend code in {n} s',
  'otp.signedIn': "You're signed in.",

  // <pay-passkey-login>
  'passkey.login': 'Sign in with a passkey',
  'passkey.register': 'Create a passkey',
  'passkey.waiting': 'Follow the prompt from your browser or device…',
  'passkey.unsupported': "Passkeys aren't available in this browser. Use another way to sign in.",
  'passkey.autofillLabel': 'Email or username',
  'passkey.registered': 'Passkey created. You can use it to sign in next time.',
  'passkey.signedIn': "You're signed in.",

  // <pay-wallet-export>
  'export.warning':
    'Your recovery phrase gives full control of your wallet. Never share it with anyone, including support.',
  'export.confirm': 'I understand anyone with these words controls the wallet',
  'export.start': 'Export recovery phrase',
  'export.exporting': 'Preparing your recovery phrase…',
  'export.processing': 'Still preparing. This can take a moment…',
  'export.progressLabel': 'Export progress',
  'export.ready': 'Your recovery phrase is ready. It stays hidden until you press Reveal.',
  'export.gridLabel': 'Recovery phrase, {n} words',
  'export.hiddenWord': 'hidden',
  'export.reveal': 'Reveal',
  'export.hide': 'Hide',
  'export.revealed': 'Recovery phrase shown. Make sure nobody can see your screen.',
  'export.concealed': 'Recovery phrase hidden.',
  'export.copy': 'Copy',
  'export.copied': 'Copied. Store it somewhere safe, then clear your clipboard.',
  'export.copyFailed': "Couldn't copy. Reveal the words and write them down instead.",
  'export.close': 'Done',
  'export.hidesIn': 'Hides automatically in {n} s',
  'export.closed.closed': 'Your recovery phrase was removed from this page.',
  'export.closed.timeout': 'Your recovery phrase was removed from this page after a while, for your safety.',
  'export.closed.hidden': 'Your recovery phrase was removed because you left the page.',
  'export.again': 'Start again',

  // <pay-card-reveal>
  'card.show': 'Show card details',
  'card.hide': 'Hide card details',
  'card.loading': 'Loading card details…',
  'card.frameTitle': 'Card number, expiry date and security code',
  'card.shown': 'Card details shown. They hide automatically.',
  'card.hidden.expired': 'Card details hidden: the secure link expired.',
  'card.hidden.hidden': 'Card details hidden because you left the page.',
  'card.hidden.closed': 'Card details hidden.',

  // <pay-sca-challenge>
  'sca.title': 'Confirm this payment',
  'sca.amount': 'Amount',
  'sca.payee': 'To',
  'sca.unknownPayee': 'Recipient',
  'sca.factor.legend': 'Confirm with',
  'sca.factor.SMS_OTP': 'Text message code',
  'sca.factor.PASSKEY': 'Passkey',
  'sca.codeLabel': 'Code from the text message',
  'sca.codeHint': 'Enter the 6-digit code we sent to your phone.',
  'sca.confirm': 'Confirm payment',
  'sca.confirmPasskey': 'Confirm with passkey',
  'sca.confirming': 'Confirming…',
  'sca.resend': 'Resend code',
  'sca.resendIn': 'Resend code in {n} s',
  'sca.resent': 'We sent a new code.',
  'sca.renewing': 'Renewing your secure session, then trying again…',
  'sca.loginCodeLabel': 'Code to sign in again',
  'sca.loginHint': 'Your secure session has ended. Enter the 6-digit code we just sent to your phone.',
  'sca.another': 'Another confirmation is needed.',
  'sca.complete': 'Payment confirmed.',
  'sca.locked': 'Your account is locked after too many attempts. Contact support to unlock it.',
  'sca.noQuote': 'There is no payment waiting for confirmation.',
  'sca.noFactor': "This payment can't be confirmed here. Please use the app you started it in.",

  // <pay-wallet-ownership>
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
  // <pay-terms-consent>
  'terms.loading': 'Loading the terms…',
  'terms.linkText': 'End User Terms',
  'terms.newTab': '(opens in a new tab)',
  'terms.checkboxLabel': 'I have read and accept the',
  'terms.clickIntro': 'By selecting Accept, you agree to the',
  'terms.continue': 'Continue',
  'terms.accept': 'Accept',
  'terms.accepting': 'Saving your acceptance…',
  'terms.accepted': 'You’ve accepted the End User Terms.',
  'terms.notice.unchecked': 'Tick the box to accept the End User Terms.',
  'terms.notice.updated': 'The terms were updated. Please review the new version.',

  // <pay-contact-verification>
  'contact.loading': 'Checking what needs verifying…',
  'contact.channel.email': 'Email address',
  'contact.channel.phone': 'Phone number',
  'contact.pending': 'Not verified yet',
  'contact.verified': 'Verified',
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
  // Account security (<pay-sessions>, <pay-auth-methods>, <pay-wallet-settings>)
  'account.type.EMAIL_OTP': 'Email code',
  'account.type.SMS_OTP': 'Text message code',
  'account.type.OAUTH': 'Sign-in provider',
  'account.type.PASSKEY': 'Passkey',
  'account.type.other': 'Other sign-in method',

  // <pay-sessions>
  'sessions.title': 'Where you’re signed in',
  'sessions.loading': 'Loading your sessions…',
  'sessions.thisDevice': 'This device',
  'sessions.created': 'Signed in {time}',
  'sessions.expires': 'Active until {time}',
  'sessions.renewedAt': 'renewed {time}',
  'sessions.renewed': 'Your session was renewed. It’s now active until {time}.',
  'sessions.renew': 'Renew now',
  'sessions.revoke': 'Sign out',
  'sessions.revokeLabel': 'Sign out the {type} session from {time}',
  'sessions.revoked': 'That session is signed out.',
  'sessions.revokeOthers': 'Sign out everywhere else',
  'sessions.revokedOthers': 'You’re signed out everywhere else.',
  'sessions.none': 'You aren’t signed in anywhere else.',
  'sessions.signOut': 'Sign out on this device',
  'sessions.signedOut': 'You’re signed out on this device.',

  // <pay-auth-methods>
  'authMethods.title': 'Sign-in methods',
  'authMethods.loading': 'Loading your sign-in methods…',
  'authMethods.inUseBadge': 'In use',
  'authMethods.created': 'Added {time}',
  'authMethods.remove': 'Remove',
  'authMethods.removeLabel': 'Remove {method}',
  'authMethods.confirmRemove': 'Remove {method}? You won’t be able to sign in with it any more.',
  'authMethods.removed': '{method} was removed.',
  'authMethods.cancel': 'Cancel',
  'authMethods.lastOne': 'This is your only sign-in method, so it can’t be removed. Add another one first.',
  'authMethods.inUse': 'You’re signed in with this method right now. Sign in with another method to remove it.',
  'authMethods.add': 'Add a sign-in method',
  'authMethods.codeHint': 'Enter the 6-digit code we sent to {destination}.',
  'authMethods.codeSent': 'We sent a code to {destination}.',
  'authMethods.verified': '{method} is verified. You’re now signed in with it.',
  'authMethods.added': '{method} was added.',
  'authMethods.phoneLabel': 'Mobile number, with country code',
  'authMethods.phoneInvalid': 'Enter the number with its country code, for example +44 7700 900123.',
  'authMethods.passkeyName': 'Passkey name',
  'authMethods.createPasskey': 'Create passkey',

  // <pay-wallet-settings>
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
  'walletSettings.createKey': 'Allow this card to pay from my wallet',
  'walletSettings.keyCreated': 'The card can now pay from your wallet.',
  'walletSettings.revoke': 'Revoke',
  'walletSettings.revokeLabel': 'Revoke the spending key of card {card}',
  'walletSettings.confirmRevoke': 'The card will stop paying from your wallet.',
  'walletSettings.keyRevoked': 'The card can no longer pay from your wallet.',
  // <pay-oauth-button>
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.waiting': 'Finish signing in with {provider} in the window that opened…',
  'oauth.redirecting': 'Taking you to {provider}…',
  'oauth.signedIn': 'You’re signed in.',
  'oauth.cancelled': 'Sign-in was cancelled. You can try again.',
  'oauth.stateMismatch': 'That sign-in answer wasn’t for this request. Please try again.',
  'oauth.providerError': 'The sign-in provider couldn’t sign you in. Please try again.',
  'oauth.rejected': 'This sign-in wasn’t accepted. Please try again.',
  'oauth.notConfigured': 'This sign-in option isn’t set up.',
} as const;

export type MessageKey = keyof typeof en;
/** Every message key (the English table is complete). */
export const MESSAGE_KEYS = Object.freeze(Object.keys(en) as MessageKey[]);
/** A complete locale: every key (a locale module typed by it fails to compile when one is missing). */
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

const catalogs = new Map<string, Partial<Messages>>([['en', en]]);

/** Adds a locale, or overrides keys of an existing one. Missing keys fall back to English. */
export function registerMessages(locale: string, messages: Partial<Messages>): void {
  const tag = locale.toLowerCase();
  catalogs.set(tag, { ...catalogs.get(tag), ...messages });
}

/** The catalog tag for a BCP 47 tag: exact match, then the primary language, then 'en'. */
export function resolveLocale(requested: string | null | undefined): string {
  const tag = (requested ?? '').trim().toLowerCase();
  if (catalogs.has(tag)) return tag;
  const primary = tag.split('-')[0] ?? '';
  return catalogs.has(primary) ? primary : 'en';
}

/** The message for `key` in `locale` with `{name}` placeholders filled from `params`. */
export function translate(locale: string | null | undefined, key: MessageKey, params?: MessageParams): string {
  const template = catalogs.get(resolveLocale(locale))?.[key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
