/**
 * The three browser engines every browser test runs in, and how each is launched on these machines
 * (see ../shared/notes/browsers.md): Chromium through Playwright, Firefox ESR through WebDriver BiDi
 * with puppeteer-core, WebKitGTK through WebKitWebDriver.
 *
 * @example
 *   selectEngines('chromium,webkit').map(createLauncher)
 */
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './debian-browsers.mjs';
import { FirefoxBiDiLauncher } from './launchers/firefox-bidi.mjs';
import { WebKitWebDriverLauncher } from './launchers/webkit-webdriver.mjs';

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

export function createLauncher(engine) {
  switch (engine) {
    case 'chromium':
      return playwrightLauncher({
        product: 'chromium',
        concurrency: Number(process.env.PAYKIT_WTR_CONCURRENCY) || 1,
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          headless: true,
          // no CSS animation keeps the compositor busy between tests (a spinner left running repaints at
          // 60 frames a second): about a sixth less CPU; no test asserts motion
          args: [...CHROMIUM_ARGS, '--force-prefers-reduced-motion'],
        },
      });
    case 'firefox':
      return new FirefoxBiDiLauncher();
    case 'webkit':
      return new WebKitWebDriverLauncher();
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}
