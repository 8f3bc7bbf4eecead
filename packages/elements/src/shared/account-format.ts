/**
 * What the account-security elements (`<pay-sessions>`, `<pay-auth-methods>`, `<pay-wallet-settings>`)
 * share: the message key naming a credential type and the locale's short form of a service timestamp.
 *
 * @example
 *   this.t(credentialTypeKey('SMS_OTP')); // 'Text message code'
 *   formatTime('es', '2026-04-08T15:30:01Z'); // '8 abr 2026, 15:30'
 */
import { accountFormatMessages } from './account-format.messages.js';
import { registerMessages, type MessageKey } from './i18n.js';

registerMessages('en', accountFormatMessages);

const typeKeys: Record<string, MessageKey> = {
  EMAIL_OTP: 'account.type.EMAIL_OTP',
  SMS_OTP: 'account.type.SMS_OTP',
  OAUTH: 'account.type.OAUTH',
  PASSKEY: 'account.type.PASSKEY',
};

/** The message key of a credential (or session) type; unknown types get a generic name. */
export function credentialTypeKey(type: string | undefined): MessageKey {
  return typeKeys[type ?? ''] ?? 'account.type.other';
}

/** `iso` as the locale's medium date and short time; an absent or invalid time gives ''. */
export function formatTime(locale: string, iso: string | undefined): string {
  const time = Date.parse(iso ?? '');
  if (Number.isNaN(time)) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  }
}
