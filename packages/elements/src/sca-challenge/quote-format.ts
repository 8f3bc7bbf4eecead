/**
 * How `<pay-sca-challenge>` describes a quote: the amount in the sending currency and the payee.
 * The amount is in the currency's smallest unit; it is formatted from its decimal string, so large
 * amounts with many decimals (crypto) keep every digit where the engine formats strings exactly.
 *
 * @example
 *   formatAmount(123456, { code: 'EUR', decimals: 2 }, 'es'); // '1234,56 €'
 *   payeeLabel({ accountHolderName: 'Ana López' });          // 'Ana López'
 */
import type { Quote } from '@paykit/crypto-core';

/** `amount` smallest units as a decimal string with `decimals` places: 123456, 2 → '1234.56'. */
export function toDecimalString(amount: number, decimals: number): string {
  const negative = amount < 0;
  const digits = BigInt(Math.trunc(Math.abs(amount)))
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A formatter for `locale`, or for English when the tag is malformed; throws when `options` are bad. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

/** The amount for people: currency style where the code is an ISO 4217 code, else number + code. */
export function formatAmount(amount: number | undefined, currency: Quote['sendingCurrency'], locale: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const decimals =
    Number.isInteger(currency?.decimals) && currency!.decimals! >= 0 && currency!.decimals! <= 20
      ? currency!.decimals!
      : 2;
  const code = typeof currency?.code === 'string' ? currency.code : '';
  const decimal = toDecimalString(amount, decimals);
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  // format() takes a decimal string (exact in current engines; older ones convert to a Number).
  const format = (f: Intl.NumberFormat): string => f.format(decimal as unknown as number);
  if (/^[A-Za-z]{3}$/.test(code)) {
    try {
      return format(numberFormat(locale, { style: 'currency', currency: code, ...digits }));
    } catch {
      /* fall through to the plain form */
    }
  }
  return `${format(numberFormat(locale, digits))} ${code}`.trim();
}

const NAME_FIELDS = [
  'displayName',
  'name',
  'accountHolderName',
  'beneficiaryName',
  'accountName',
  'fullName',
  'umaAddress',
  'email',
  'walletAddress',
  'address',
];
const NUMBER_FIELDS = ['iban', 'accountNumber', 'clabe', 'cardNumber'];

/** A short, human description of a quote's destination, or undefined when nothing usable is there. */
export function payeeLabel(destination: Record<string, unknown> | undefined): string | undefined {
  if (!destination || typeof destination !== 'object') return undefined;
  for (const source of [
    destination,
    destination['beneficiary'],
    destination['counterparty'],
    destination['accountInfo'],
  ]) {
    if (!source || typeof source !== 'object') continue;
    const record = source as Record<string, unknown>;
    for (const field of NAME_FIELDS) {
      const value = record[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    for (const field of NUMBER_FIELDS) {
      const value = record[field];
      if (typeof value === 'string' && value.replace(/\s/g, '').length >= 4)
        return `•••• ${value.replace(/\s/g, '').slice(-4)}`;
    }
  }
  return undefined;
}
