/**
 * The countries a KYC form offers: every ISO 3166-1 alpha-2 code, named in the reader's language by
 * `Intl.DisplayNames` (no name table shipped) and sorted as that language sorts. The value stays the code.
 *
 * @example
 *   countryOptions('de').find(([code]) => code === 'DE'); // ['DE', 'Deutschland']
 */

/** The 249 codes, grouped by first letter: `A` + `DEF…` is AD, AE, AF… */
const CODES =
  'ADEFGILMOQRSTUWXZ BABDEFGHIJLMNOQRSTVWYZ CACDFGHIKLMNORUVWXYZ DEJKMOZ ECEGHRST FIJKMOR GABDEFGHILMNPQRSTUWY HKMNRTU IDELMNOQRST JEMOP KEGHIMNPRWYZ LABCIKRSTUVY MACDEFGHKLMNOPQRSTUVWXYZ NACEFGILOPRUZ OM PAEFGHKLMNRSTWY QA REOSUW SABCDEGHIJKLMNORSTVXYZ TCDFGHJKLMNORTVWZ UAGMSYZ VACEGINU WFS YET ZAMW'
    .split(' ')
    .flatMap((group) => [...group.slice(1)].map((letter) => group[0]! + letter));

const byLocale = new Map<string, string[][]>();

/** `[code, name]` for every country, in `locale` (English where the tag is malformed), sorted by name. */
export function countryOptions(locale: string): string[][] {
  let options = byLocale.get(locale);
  if (!options) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames(locale, { type: 'region' });
    } catch {
      names = new Intl.DisplayNames('en', { type: 'region' });
    }
    const collator = new Intl.Collator(names.resolvedOptions().locale);
    options = CODES.map((code) => [code, names.of(code) ?? code]).sort((a, b) => collator.compare(a[1]!, b[1]!));
    byLocale.set(locale, options);
  }
  return options;
}

/** Whether `code` is one of the offered countries. */
export const isCountryCode = (code: string): boolean => CODES.includes(code);
