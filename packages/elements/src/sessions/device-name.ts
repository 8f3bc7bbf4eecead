/**
 * What `<pay-sessions>` names a session by: the browser and operating system of a user agent string, and
 * how long ago something happened in the reader's language.
 *
 * The service records no device for a session (`AuthSession` has no user agent: payments-api.md,
 * service-openapi.yaml), so only this device's session is named by its browser and system (from
 * `navigator.userAgent`); another session is "Another device", told apart by its sign-in method and when.
 * A session record that carries a `userAgent` (a service that adds one) is named by it.
 *
 * @example
 *   deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) … Version/17.4 Safari/605.1.15');
 *   // { browser: 'Safari', os: 'macOS' }
 *   timeAgo('fr', Date.now() - 3 * 3600_000); // 'il y a 3 heures'
 */

/** First match wins: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string): string | undefined => list.find(([re]) => re.test(ua))?.[1];

/** The browser and system a user agent names; either is undefined when it names none known. */
export function deviceOf(userAgent: string): { browser: string | undefined; os: string | undefined } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `time` (ms) relative to now in `locale`: "1 minute ago" (the least), "3 hours ago", "yesterday", "3 days ago". */
export function timeAgo(locale: string, time: number, now = Date.now()): string {
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  const past = Math.max(0, now - time);
  // under a minute reads "1 minute ago": "now" would not follow "Signed in" in every language
  const [unit, ms] = UNITS.find(([, size]) => past >= size) ?? UNITS[2]!;
  return format.format(-Math.max(1, Math.floor(past / ms)), unit);
}
