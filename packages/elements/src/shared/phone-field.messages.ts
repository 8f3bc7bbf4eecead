/**
 * The English messages of the shared phone field (`phone-field.ts`): registered when the field's module
 * loads, so only pages with an element that asks for a phone number ship them. Other locales translate
 * every key (`translations/<locale>.ts`, typed by `Messages`).
 */
export const phoneFieldMessages = {
  'phone.label': 'Mobile number',
  'phone.countryLabel': 'Country or region',
  'phone.noCountry': 'Choose…',
  'phone.country': 'Choose the country, or type the number with + and its country code.',
  'phone.empty': 'Enter your mobile number.',
  'phone.short': 'This number is too short for {country}.',
  'phone.long': 'This number is too long for {country}.',
} as const;
