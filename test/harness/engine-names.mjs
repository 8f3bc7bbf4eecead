/**
 * The names of the three browser engines every browser test runs in, and which of them `PAYKIT_BROWSERS`
 * selects. Apart from engines.mjs (their launchers), so that a script that only picks engines
 * (run-browsers.mjs, once per engine in `npm test`) does not load Playwright, puppeteer and the runner's
 * launchers: about 1.5 s of CPU each time.
 *
 * @example
 *   selectEngines('webkit,chromium') // ['chromium', 'webkit']
 */
export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** Engines named in `PAYKIT_BROWSERS` (comma-separated), all of them when it is empty. */
export function selectEngines(list = '') {
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !ENGINES.includes(name));
  if (unknown.length)
    throw new Error(`PAYKIT_BROWSERS: unknown engine ${unknown.join(', ')}; known: ${ENGINES.join(', ')}`);
  return names.length ? ENGINES.filter((name) => names.includes(name)) : [...ENGINES];
}
