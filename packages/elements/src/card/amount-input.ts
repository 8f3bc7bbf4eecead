/**
 * Amounts a person types, in their locale's numbers: the field is prefilled with the locale's own
 * formatting (`1.000,00` in German, `1 000,00` in French) and reads it back, grouping included. The
 * separators come from `Intl.NumberFormat` parts. Spaces and apostrophes (French, Swiss grouping) are
 * ignored; a `.` or `,` that is not the locale's decimal separator is read as grouping when it splits
 * digits in threes (`1.000` is one thousand in German; Indian `12,34,567` too), else as the decimal separator (`12.5`).
 *
 * @example
 *   formatAmountInput(100000, 2, 'de'); // '1.000,00'
 *   readAmount('1.000', 2, 'de'); // 100000
 *   readAmount('12,345', 2, 'de'); // 'decimals'
 */

/** What is wrong with a typed amount: not a positive number, or more decimals than the currency has. */
export type AmountProblem = 'invalid' | 'decimals';

const numberFormat = (locale: string, decimals: number): Intl.NumberFormat => {
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
};

/** Smallest units as the locale writes the amount: 100000, 2, 'de' → '1.000,00'. */
export function formatAmountInput(units: number, decimals: number, locale: string): string {
  return numberFormat(locale, decimals).format(units / 10 ** decimals);
}

/** `text` in major units as smallest units; '' → null; else what is wrong with it. */
export function readAmount(text: string, decimals: number, locale: string): number | null | AmountProblem {
  const parts = numberFormat(locale, 1).formatToParts(12345.6);
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  const other = decimal === ',' ? '.' : ',';
  const value = text.replace(/[\s'’]/g, '');
  if (!value) return null;
  const grouped = new RegExp(`^\\d{1,3}(?:\\${other}\\d{2,3})*\\${other}\\d{3}(?:\\${decimal}\\d*)?$`).test(value);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(grouped ? value.split(other).join('') : value);
  if (!match) return 'invalid';
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) return 'decimals';
  const units = Number(whole! + fraction.padEnd(decimals, '0'));
  return Number.isSafeInteger(units) && units > 0 ? units : 'invalid';
}
