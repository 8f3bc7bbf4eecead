/**
 * WebKitGTK: MiniBrowser driven over WebDriver classic with webdriverio, against the harness's
 * `xvfb-run -a WebKitWebDriver` (test/harness/debian-browsers.mjs), whose whole process tree is killed
 * on close, and on exit if the runner dies first. No WebAuthn in this WebKitGTK build, so passkey steps are skipped.
 * Clicks on shadow-DOM elements use `element.click()` (WebDriver classic has no shadow-piercing selector),
 * except buttons: focused, then pressed with the real keyboard (Enter), so the press is trusted. `fill` sets
 * the value in the page (`fillInPage`); `type` sends WebDriver keys to the field.
 */
import { remote } from 'webdriverio';
import { WEBKIT_NO_WEBAUTHN, miniBrowserCapabilities, startWebKitDriver } from '@paykit/test-harness/debian-browsers';
import { PAGE_PRELUDE, expressionOf, fillInPage, type DriverCore } from '../driver.js';

/** The key of a WebDriver element reference in a script's result (the spec's web element identifier). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export async function launchWebKit(): Promise<DriverCore> {
  // compositing on: without it each key press and click repaints the whole view in software; reduced
  // motion as in Chromium's context and Firefox's prefs (see the harness)
  const driver = await startWebKitDriver({ compositing: true, reducedMotion: true });
  try {
    const browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: miniBrowserCapabilities() as WebdriverIO.Capabilities,
    });
    await browser.setWindowSize(1280, 900).catch(() => undefined);
    const caps = browser.capabilities as { browserVersion?: string };
    const evaluateExpression = async (expression: string): Promise<unknown> => {
      const outcome = (await browser.executeAsync(
        `const done = arguments[arguments.length - 1];
         Promise.resolve(${expression}).then(
           (value) => done({ ok: true, value: value === undefined ? null : value }),
           (error) => done({ ok: false, error: String((error && error.message) || error) }));`,
      )) as { ok: boolean; value?: unknown; error?: string };
      if (!outcome?.ok) throw new Error(outcome?.error ?? 'script failed');
      return outcome.value;
    };
    return {
      engine: 'webkit',
      version: `WebKitGTK MiniBrowser ${caps.browserVersion ?? ''}`.trim(),
      goto: async (url) => void (await browser.url(url)),
      reload: async () => void (await browser.refresh()),
      async click(selector) {
        const clicked = await evaluateExpression(
          expressionOf(
            ((sel: string) => {
              const el = (__deep as (s: string, all: boolean) => Element | null)(sel, false) as HTMLElement | null;
              if (!el) return false;
              el.scrollIntoView({ block: 'center' });
              if ((el as HTMLButtonElement).disabled) return 'disabled';
              // A button gets the real keyboard below (a trusted press: <pay-wallet-export> ignores el.click())
              if (el.localName === 'button') {
                el.focus();
                return 'button';
              }
              el.click();
              return true;
            }) as (arg: never) => unknown,
            selector,
          ),
        );
        if (clicked === 'button') return void (await browser.keys('Enter'));
        if (clicked !== true)
          throw new Error(clicked === 'disabled' ? `${selector} is disabled` : `no element matches ${selector}`);
      },
      async fill(selector, text) {
        const filled = await evaluateExpression(
          expressionOf(fillInPage as (arg: never) => unknown, { selector, text, timeoutMs: 10_000 }),
        );
        if (filled !== true) throw new Error(String(filled));
      },
      async type(selector, text) {
        // the field as a WebDriver element (found in the page, so also in a shadow root), then its keys
        const found = await browser.execute(`${PAGE_PRELUDE} return __deep(arguments[0], false);`, selector);
        const id = (found as Record<string, string> | null)?.[ELEMENT_KEY];
        if (!id) throw new Error(`no element matches ${selector}`);
        await browser.elementClear(id);
        await browser.elementSendKeys(id, text);
      },
      evaluateExpression,
      screenshot: async (path) => void (await browser.saveScreenshot(path)),
      passkeys: { supported: false, reason: WEBKIT_NO_WEBAUTHN },
      async close() {
        try {
          await browser.deleteSession();
        } finally {
          await driver.stop();
        }
      },
    };
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

declare const __deep: unknown;
