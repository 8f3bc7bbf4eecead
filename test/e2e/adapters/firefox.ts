/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver). Virtual WebAuthn
 * authenticators come the way test/harness/launchers/firefox-bidi.mjs gets them: Firefox offers them to
 * Marionette but not to BiDi, so this runner calls the parent process's nsIWebAuthnService in the
 * browser's chrome realm over its own BiDi connection. That needs `--remote-allow-system-access`
 * (only this runner holds the connection; the page never gets that access) and the soft-token pref.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { FIREFOX_PATH, FIREFOX_PREFS } from '@paykit/test-harness/debian-browsers';
import { expressionOf, fillInPage, type DriverCore, type PasskeySupport } from '../driver.js';

export async function launchFirefox(
  options: { onConsole?: (type: string, text: string) => void } = {},
): Promise<DriverCore> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    args: ['--remote-allow-system-access', '--width=1280', '--height=900'],
    // no BiDi network events (no flow reads a request through puppeteer): Firefox serialising one per
    // request, and puppeteer parsing it, was most of this process's CPU (as in the browser tests' launcher)
    networkEnabled: false,
    extraPrefsFirefox: FIREFOX_PREFS,
  });
  try {
    // a new tab has the focus (the start-up tab does not), and Firefox refuses WebAuthn to an unfocused document
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    page.on('console', (message) => options.onConsole?.(message.type(), message.text()));
    page.on('pageerror', (error) =>
      options.onConsole?.('pageerror', error instanceof Error ? error.message : String(error)),
    );

    let passkeys: PasskeySupport;
    try {
      // protocol, transport, hasResidentKey, hasUserVerification, isUserConsenting, isUserVerified
      await webAuthnService(browser, 'addVirtualAuthenticator', ['ctap2', 'internal', true, true, true, true]);
      passkeys = { supported: true };
    } catch (error) {
      passkeys = {
        supported: false,
        reason: `no virtual authenticator in Firefox: ${error instanceof Error ? error.message : String(error)}`,
      };
    }

    return {
      engine: 'firefox',
      version: await browser.version(),
      async goto(url) {
        await page.goto(url, { waitUntil: 'load' });
        await page.bringToFront();
      },
      async reload() {
        await page.reload({ waitUntil: 'load' });
        await page.bringToFront();
      },
      // puppeteer's own selectors understand `>>>` (deep descendant)
      // centred first: a button just under the page's sticky header would take the click on the header
      click: async (selector) => {
        const element = await page.locator(selector).setTimeout(10_000).waitHandle();
        await element.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
        await element.click();
        await element.dispose();
      },
      // puppeteer's fill types key by key; `fillInPage` sets the value with the events of one insertion
      async fill(selector, text) {
        const filled = await page.evaluate(
          expressionOf(fillInPage as (arg: never) => unknown, { selector, text, timeoutMs: 10_000 }),
        );
        if (filled !== true) throw new Error(String(filled));
      },
      type: (selector, text) => page.locator(selector).setTimeout(10_000).fill(text),
      evaluateExpression: (expression) => page.evaluate(expression),
      screenshot: async (path) => void (await page.screenshot({ path })),
      passkeys,
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Calls nsIWebAuthnService in the browser window's chrome realm (test/harness/launchers/firefox-bidi.mjs). */
async function webAuthnService(browser: Browser, method: string, args: unknown[]): Promise<string> {
  const connection = (
    browser as unknown as { connection: { send(method: string, params: object): Promise<{ result: any }> } }
  ).connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 });
  const context = tree.result.contexts[0]?.context;
  if (!context) throw new Error('no chrome browsing context');
  const expression = `String(Cc["@mozilla.org/webauthn/service;1"].getService(Ci.nsIWebAuthnService).${method}(...${JSON.stringify(args)}) ?? "")`;
  const { result } = await connection.send('script.evaluate', { target: { context }, expression, awaitPromise: false });
  if (result.type !== 'success') throw new Error(`${method}: ${result.exceptionDetails?.text ?? 'failed'}`);
  return result.result.value;
}
