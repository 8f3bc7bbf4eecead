/** Each language the demo's and the gallery's switches offer, named in itself. */
export const LANGUAGES = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
} as const;

export type Language = keyof typeof LANGUAGES;
