/**
 * Chromium through playwright-core with the system binary, plus a CDP virtual WebAuthn authenticator
 * (a platform passkey that always verifies) on the page. Playwright's CSS engine pierces open shadow
 * roots, so `a >>> b` becomes `a b` for native clicks and fills.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@paykit/test-harness/debian-browsers';
import type { DriverCore } from '../driver.js';

export async function launchChromium(
  options: { onConsole?: (type: string, text: string) => void } = {},
): Promise<DriverCore> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page: Page = await context.newPage();
    page.on('console', (message) => options.onConsole?.(message.type(), message.text()));
    page.on('pageerror', (error) => options.onConsole?.('pageerror', error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const pw = (selector: string) => page.locator(selector.replace(/\s*>>>\s*/g, ' ')).first();
    return {
      engine: 'chromium',
      version: `Chromium ${browser.version()}`,
      goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
      reload: async () => void (await page.reload({ waitUntil: 'load' })),
      click: (selector) => pw(selector).click({ timeout: 10_000 }),
      fill: (selector, text) => pw(selector).fill(text, { timeout: 10_000 }),
      async type(selector, text) {
        await pw(selector).clear({ timeout: 10_000 });
        await pw(selector).pressSequentially(text, { timeout: 10_000 });
      },
      evaluateExpression: (expression) => page.evaluate(expression),
      screenshot: async (path) => void (await page.screenshot({ path })),
      passkeys: { supported: true },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
