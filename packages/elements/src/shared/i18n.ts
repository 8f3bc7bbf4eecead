/**
 * The typed translation table. English is built in and the fallback for every key: the shared table
 * below, and each element's own table (`<element>/<element>.messages.ts`, whose keys join `PayMessages`),
 * which the element registers when its module loads, so a page ships only the English of the elements it uses. Other
 * locales are modules a page imports when it wants them (`import '@paykit/elements/translations/es'`
 * registers Spanish), so a page ships only the languages it speaks. A platform can add or override a
 * locale with `registerMessages`. An element picks its locale from its `locale` property, else the
 * nearest `lang` attribute, else English. `{name}` placeholders are replaced from the params object.
 *
 * @example
 *   import '@paykit/elements/translations/es';
 *   registerMessages('sv', { 'otp.send': 'Skicka kod' });
 *   translate('es-MX', 'otp.resendIn', { n: 30 }); // 'Reenviar código en 30 s'
 */
import type { accountFormatMessages } from './account-format.messages.js';
import type { codeFieldMessages } from './code-field.messages.js';
import type { phoneFieldMessages } from './phone-field.messages.js';

const en = {
  'common.retry': 'Try again',
  'common.working': 'Working…',
  'common.checking': 'Checking…',
  'error.generic': 'Something went wrong. Please try again.',
  'error.network': 'Can’t reach the server. Check your connection and try again.',
  'error.timeout': 'The server took too long to answer. Please try again.',
  'error.rateLimited': 'Too many attempts, try again in {n} s.',
  'error.rateLimitedNow': 'Too many attempts. Please wait a moment and try again.',
  'error.wrongCode': 'That code isn’t right.',
  'error.locked': 'This account is locked after too many attempts. Contact support to unlock it.',
  'error.noClient': 'This form is not connected to a wallet client.',
  'error.noSession': 'Sign in first.',
  'error.challengeExpired': 'The request expired. Please try again.',
  'error.bundleInvalid': 'We couldn’t verify the server’s response, so we stopped. Please try again later.',
  'error.decryption': 'The wallet data couldn’t be decrypted. Please try again.',
  'error.passkeyCancelled': 'The passkey request was cancelled or timed out.',
  'error.passkeyUnsupported': 'Passkeys aren’t available in this browser.',
  'error.passkeyExists': 'This passkey is already registered.',
  'error.passkeyNotSaved':
    'Your device made a passkey, but we couldn’t confirm your account saved it. Try again to finish adding that same passkey.',
  'error.exportTimeout': 'The export is taking too long. Please try again later.',
  'error.revealRejected': 'The card details came from an unexpected address, so they were not shown.',
  'error.scaSession': 'Your secure session has ended. Please sign in again to confirm.',
  'error.invalidArgument': 'This form is missing some information it needs.',
  'otp.send': 'Send code',
  'otp.verify': 'Verify',
} as const;

/**
 * Every message key, as one open list: the shared keys here (this table's and the shared code and phone
 * fields' and credential type names', whose modules an element's public types do not reach), and each element's, which its
 * `<element>.messages.ts` adds by declaration merging (the way an element adds its tag to
 * `HTMLElementTagNameMap`), so adding an element adds nothing here:
 *   declare module '../shared/i18n.js' {
 *     interface PayMessages extends Record<keyof typeof otpLoginMessages, string> {}
 *   }
 */
export interface PayMessages extends Record<
  | keyof typeof en
  | keyof typeof accountFormatMessages
  | keyof typeof codeFieldMessages
  | keyof typeof phoneFieldMessages,
  string
> {}

export type MessageKey = keyof PayMessages;
/** The English messages every element shares (errors, common actions); each element adds its own. */
export const sharedMessages = en;
/** A complete locale: every key (a locale module typed by it fails to compile when one is missing). */
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

const catalogs = new Map<string, Partial<Messages>>([['en', en]]);

/** Adds a locale, or overrides keys of an existing one. Missing keys fall back to English. */
export function registerMessages(locale: string, messages: Partial<Messages>): void {
  const tag = locale.toLowerCase();
  catalogs.set(tag, { ...catalogs.get(tag), ...messages });
}

/**
 * The catalog tag for a BCP 47 tag: exact match, then the language with the tag's private-use part
 * (`de-AT-x-formal` → `de-x-formal`, the formal German table), then the primary language, then 'en'.
 */
export function resolveLocale(requested: string | null | undefined): string {
  const tag = (requested ?? '').trim().toLowerCase();
  for (const each of [tag, tag.replace(/-.*-x-/, '-x-'), tag.replace(/-.*/, '')]) if (catalogs.has(each)) return each;
  return 'en';
}

/** The message for `key` in `locale` with `{name}` placeholders filled from `params`. */
export function translate(locale: string | null | undefined, key: MessageKey, params?: MessageParams): string {
  // English is the fallback: the shared table plus the tables the page's elements registered
  const template = catalogs.get(resolveLocale(locale))?.[key] ?? catalogs.get('en')?.[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A translated sentence with `{name}` slots filled by rendered parts (a link stays a real element), so
 * each language places the part where its word order needs it: `['I accept the ', link, '.']`.
 * A slot without a part is left as written.
 */
export function fillSlots(text: string, parts: Record<string, unknown>): unknown[] {
  return text.split(/\{(\w+)\}/).map((piece, i) => (i % 2 ? (piece in parts ? parts[piece] : `{${piece}}`) : piece));
}
