/**
 * The English messages of the shared code field (`code-field.ts`): registered when the field's module
 * loads, so only pages with an element that takes a one-time code ship them. Other locales translate
 * every key (`translations/<locale>.ts`, typed by `Messages`); a platform with its own wording overrides
 * it with `registerMessages`.
 */
export const codeFieldMessages = {
  'otp.neverShare': 'Never share this code. We will never ask you for it.',
} as const;
