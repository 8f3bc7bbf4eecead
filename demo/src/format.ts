/** Formatting for the demo page, in its language: money in minor units, times, ids. */
import { language, t } from './i18n/translate.js';

const DECIMALS: Record<string, number> = { USD: 2, EUR: 2, GBP: 2 };

export function money(amount: number, currency: string): string {
  const decimals = DECIMALS[currency] ?? 2;
  try {
    return new Intl.NumberFormat(language(), { style: 'currency', currency, minimumFractionDigits: decimals }).format(
      amount / 10 ** decimals,
    );
  } catch {
    return `${(amount / 10 ** decimals).toFixed(decimals)} ${currency}`;
  }
}

/** "12.50" / "1,250" / "12,5" → minor units, or undefined when it is not a positive amount. */
/** An amount as a person types it in the page's language (`24,50` in French): no currency, no grouping. */
export function amountText(amount: number, currency: string): string {
  const decimals = DECIMALS[currency] ?? 2;
  return new Intl.NumberFormat(language(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(amount / 10 ** decimals);
}

export function parseAmount(text: string, currency: string): number | undefined {
  const decimals = DECIMALS[currency] ?? 2;
  const clean = text
    .trim()
    .replace(/[\s,](?=\d{3}\b)/g, '')
    .replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return undefined;
  const [whole = '0', fraction = ''] = clean.split('.');
  const minor = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  return minor > 0 ? minor : undefined;
}

export function time(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleTimeString(language(), { hour: '2-digit', minute: '2-digit' });
}

export function relative(iso: string | undefined): string {
  if (!iso) return '';
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  if (!Number.isFinite(minutes)) return '';
  const words = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
  return minutes < 60 ? words.format(Math.max(minutes, 0), 'minute') : words.format(Math.round(minutes / 60), 'hour');
}

/** `AuthSession:0f3c…9a21`: the type prefix and both ends of the id. */
export function shortId(id: string): string {
  const colon = id.indexOf(':');
  const prefix = colon >= 0 ? id.slice(0, colon + 1) : '';
  const rest = id.slice(prefix.length);
  return rest.length > 12 ? `${prefix}${rest.slice(0, 6)}…${rest.slice(-4)}` : id;
}

export function methodLabel(type: string | undefined): string {
  switch (type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
    case 'PASSKEY':
    case 'OAUTH':
      return t(`method.${type}`);
    default:
      return type ?? t('method.unknown');
  }
}
