/**
 * WebKitGTK: MiniBrowser driven over WebDriver classic with webdriverio, against the harness's
 * `xvfb-run -a WebKitWebDriver` (test/harness/debian-browsers.mjs), whose whole process tree is killed
 * on close, and on exit if the runner dies first. No WebAuthn in this WebKitGTK build, so passkey steps are skipped.
 * Clicks on shadow-DOM elements use `element.click()` (WebDriver classic has no shadow-piercing selector),
 * except buttons: focused, then pressed with the real keyboard (Enter), so the press is trusted.
 */
import { remote } from 'webdriverio';
import { WEBKIT_NO_WEBAUTHN, miniBrowserCapabilities, startWebKitDriver } from '@paykit/test-harness/debian-browsers';
import { expressionOf, type DriverCore } from '../driver.js';

export async function launchWebKit(): Promise<DriverCore> {
  const driver = await startWebKitDriver();
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
        if (!selector.includes('>>>')) {
          const el = await browser.$(selector);
          await el.waitForExist({ timeout: 10_000 });
          await el.setValue(text);
          return;
        }
        // a field in a shadow root, which WebDriver classic cannot find: its value is set in the page, with
        // the input and change events typing sends (WebKitWebDriver's typing also drops the second of two
        // equal characters in a row, so real keys would not type "$anna@…")
        const filled = await evaluateExpression(
          expressionOf(
            ((arg: { sel: string; text: string }) => {
              const el = (__deep as (s: string, all: boolean) => Element | null)(
                arg.sel,
                false,
              ) as HTMLInputElement | null;
              if (!el) return false;
              el.scrollIntoView({ block: 'center' });
              el.focus();
              el.value = arg.text;
              el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
              el.dispatchEvent(new Event('change', { bubbles: true }));
              return true;
            }) as (arg: never) => unknown,
            { sel: selector, text },
          ),
        );
        if (filled !== true) throw new Error(`no element matches ${selector}`);
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
