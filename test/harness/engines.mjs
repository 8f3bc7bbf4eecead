/**
 * The three browser engines every browser test runs in, and how each is launched on these machines
 * (see ../shared/notes/browsers.md): Chromium through Playwright, Firefox ESR through WebDriver BiDi
 * with puppeteer-core, WebKitGTK through WebKitWebDriver.
 *
 * @example
 *   await Promise.all(selectEngines('chromium,webkit').map(createLauncher))
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './debian-browsers.mjs';
import { selectEngines } from './engine-names.mjs';

export { ENGINES, selectEngines } from './engine-names.mjs';

/**
 * Test files at once, in pages of one browser: 1 unless asked (PAYKIT_WTR_CONCURRENCY), and always 1 when
 * Firefox or WebKitGTK runs (Firefox's virtual authenticators are browser-wide and WebKitWebDriver drives
 * one window).
 */
export function wtrConcurrency(engines = selectEngines(process.env.PAYKIT_BROWSERS)) {
  const asked = Number(process.env.PAYKIT_WTR_CONCURRENCY) || 1;
  return engines.every((engine) => engine === 'chromium') ? asked : 1;
}

/**
 * The engine's launcher, its module loaded only when that engine runs: npm test runs one engine per
 * runner, and loading Playwright (Chromium's) cost the Firefox and WebKitGTK runners about 0.5 s of CPU each
 * (importing this config: 2.1 and 2.0 s → 1.6 and 1.5 s, twice).
 */
export async function createLauncher(engine) {
  switch (engine) {
    case 'chromium': {
      const { playwrightLauncher } = await import('@web/test-runner-playwright');
      const concurrency = wtrConcurrency([engine]);
      // one file at a time (npm test, test:quick): one context and one renderer for all of them
      // (oneBrowserContext). Files at once keep a context each: pages side by side in one context share one
      // renderer, and only one of them is the focused page (passkey and countdown tests fail there)
      const oneAtATime = concurrency === 1;
      return playwrightLauncher({
        product: 'chromium',
        concurrency,
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          headless: true,
          // no CSS animation keeps the compositor busy between tests (a spinner left running repaints at
          // 60 frames a second): about a sixth less CPU; no test asserts motion
          args: [
            ...CHROMIUM_ARGS,
            '--force-prefers-reduced-motion',
            // the pages of one site share a renderer process, and no spare one is started beside it:
            // each test file's page would otherwise start a renderer of its own
            ...(oneAtATime
              ? ['--process-per-site', '--disable-features=SpareRendererForSitePerProcess,BackForwardCache']
              : []),
          ],
        },
        ...(oneAtATime ? oneBrowserContext() : {}),
      });
    }
    case 'firefox': {
      const { FirefoxBiDiLauncher } = await import('./launchers/firefox-bidi.mjs');
      return new FirefoxBiDiLauncher();
    }
    case 'webkit': {
      const { WebKitWebDriverLauncher } = await import('./launchers/webkit-webdriver.mjs');
      return new WebKitWebDriverLauncher();
    }
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

/**
 * Every test file's page in one browser context, as Firefox (the default context) and WebKitGTK (one
 * window) run them, instead of the runner's new context per file: a context is a new profile in
 * Chromium. And a file's page is closed only when the next file's ends, so the site's renderer process
 * (one per site, `--process-per-site`) lives on into the next page instead of being started again.
 * Measured on nine element test files: 45.6 s of CPU with a context per file, 38.0 s in one context,
 * 26.3 s with the page held (wall 38 s → 28 s). The runner closes "the context" when a file ends; what
 * it gets here closes the page before.
 */
function oneBrowserContext() {
  /** @type {WeakMap<import('playwright').Browser, Promise<import('playwright').BrowserContext>>} */
  const contexts = new WeakMap();
  /** @type {import('playwright').Page | undefined} the last file's page, kept open until the next ends */
  let held;
  return {
    async createBrowserContext({ browser }) {
      if (!contexts.has(browser)) contexts.set(browser, browser.newContext());
      const context = await contexts.get(browser);
      /** @type {import('playwright').Page | undefined} */
      let page;
      return {
        async newPage() {
          page = await context.newPage();
          return page;
        },
        async close() {
          const previous = held;
          held = page;
          await previous?.close();
        },
      };
    },
    createPage: ({ context }) => context.newPage(),
  };
}
