/**
 * The English messages of the shared code field (`code-field.ts`) and what is built on it (`code-entry.ts`,
 * `code-sender.ts`): registered when the field's module loads, so only pages with an element that takes a
 * one-time code ship them (a sign-in by passkey or OAuth does not). Other locales translate
 * every key (`translations/<locale>.ts`, typed by `Messages`); a platform with its own wording overrides
 * it with `registerMessages`.
 */
export const codeFieldMessages = {
  'error.wrongCodeLeft': 'That code isn’t right. {left} tries left.',
  'error.wrongCodeLast': 'That code isn’t right. 1 try left.',
  'error.codeUsedUp': 'That code isn’t right, and it can’t be used any more. Send a new code.',
  'error.codeUsed': 'This code can’t be used any more. Send a new code.',
  'error.codeExpired': 'This code has expired. Send a new code.',
  'error.lockedFor': 'Too many attempts. You can try again {time}.',
  'error.incompleteCode': 'Enter all {n} digits of the code.',
  'otp.sending': 'Sending code…',
  'otp.label': 'Verification code',
  'otp.hint': 'Enter the 6-digit code. You can paste it.',
  'otp.verifying': 'Checking your code…',
  'otp.resend': 'Resend code',
  'otp.resendIn': 'Resend code in {n} s',
  'otp.sendNew': 'Send a new code',
  'otp.neverShare': 'Never share this code. We will never ask you for it.',
} as const;
