/**
 * The English names of credential types (`account-format.ts`): registered when that module loads, so only
 * pages with an account-security element ship them. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const accountFormatMessages = {
  'account.type.EMAIL_OTP': 'Email code',
  'account.type.SMS_OTP': 'Text message code',
  'account.type.OAUTH': 'Sign-in provider',
  'account.type.PASSKEY': 'Passkey',
  'account.type.other': 'Other sign-in method',
} as const;
