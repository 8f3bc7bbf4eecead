/**
 * The three browser engines behind one small interface, launched the way ../../test/harness does on
 * these machines: Chromium through playwright-core, Firefox ESR through puppeteer-core (WebDriver BiDi),
 * WebKitGTK's MiniBrowser through webdriverio against the harness's WebKitWebDriver
 * (test/harness/debian-browsers.mjs). Pages are driven by polling plain expressions, which all
 * three protocols evaluate the same way.
 *
 * @example
 *   const engine = await launchEngine('firefox');
 *   await engine.open(`${origin}/crypto.html`);
 *   const done = await engine.waitFor('window.__bench && window.__bench.done', 120_000);
 *   await engine.close();
 */
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FIREFOX_PATH,
  miniBrowserCapabilities,
  startWebKitDriver,
} from '@paykit/test-harness/debian-browsers';

export async function launchEngine(name) {
  switch (name) {
    case 'chromium':
      return launchChromium();
    case 'firefox':
      return launchFirefox();
    case 'webkit':
      return launchWebKit();
    default:
      throw new Error(`unknown engine ${name}`);
  }
}

async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  const page = await context.newPage();
  return withPolling({
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    page,
    context,
    open: (url) => page.goto(url, { waitUntil: 'load' }),
    evaluate: (expression) => page.evaluate(expression),
    close: () => browser.close(),
  });
}

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
  const page = await browser.newPage();
  return withPolling({
    name: 'firefox',
    version: `Firefox ESR ${(await browser.version()).replace(/^firefox\//i, '')}`,
    open: (url) => page.goto(url, { waitUntil: 'load' }),
    evaluate: (expression) => page.evaluate(expression),
    close: () => browser.close(),
  });
}

async function launchWebKit() {
  const { remote } = await import('webdriverio');
  const driver = await startWebKitDriver();
  try {
    const browser = await remote({
      automationProtocol: 'webdriver',
      hostname: '127.0.0.1',
      port: driver.port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: miniBrowserCapabilities(),
    });
    const caps = browser.capabilities;
    return withPolling({
      name: 'webkit',
      version: `WebKitGTK ${caps.browserVersion ?? ''}`.trim(),
      open: (url) => browser.url(url),
      evaluate: (expression) => browser.execute(`return (${expression});`),
      close: async () => {
        try {
          // a wedged MiniBrowser must not hold the run: the driver's process tree is killed either way
          await Promise.race([browser.deleteSession(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
        } finally {
          await driver.stop();
        }
      },
    });
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

/** Adds `waitFor(expression, timeoutMs)`: polls until the expression is truthy, returns its value. */
function withPolling(engine) {
  engine.waitFor = async (expression, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await engine.evaluate(expression);
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(`${engine.name}: timed out after ${timeoutMs} ms waiting for ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return engine;
}
