/**
 * Firefox ESR over WebDriver BiDi with puppeteer-core (no geckodriver). @web/test-runner-chrome's
 * launcher already speaks puppeteer and keeps its CDP-only work (coverage) to Chromium; this adds
 * virtual WebAuthn authenticators, which Firefox offers to Marionette but not (yet) to BiDi: the runner
 * calls the parent process's nsIWebAuthnService through BiDi, which needs `--remote-allow-system-access`
 * (only this local runner holds the connection; test pages never get that access) and the soft-token pref.
 * Firefox's authenticators are browser-wide, so a session's authenticators are removed when it stops.
 *
 * @example
 *   browsers: [new FirefoxBiDiLauncher()]
 */
import { ChromeLauncher } from '@web/test-runner-chrome';
import puppeteer from 'puppeteer-core';
import { FIREFOX_PATH, FIREFOX_PREFS } from '../debian-browsers.mjs';

export class FirefoxBiDiLauncher extends ChromeLauncher {
  /** @type {Map<string, Set<string>>} authenticator ids per test session */
  #authenticators = new Map();

  constructor({ executablePath = FIREFOX_PATH } = {}) {
    super(
      {
        browser: 'firefox',
        executablePath,
        headless: true,
        // no BiDi network events: the runner reads no request through puppeteer, and Firefox serialising
        // an event per module request (hundreds per test page) for puppeteer to parse cost about a third
        // of the engine's CPU (measured on six element test files: 58 s of CPU with it, 41 s without)
        networkEnabled: false,
        args: ['--remote-allow-system-access'],
        extraPrefsFirefox: FIREFOX_PREFS,
      },
      ({ browser }) => browser.defaultBrowserContext(),
      ({ context }) => context.newPage(),
      puppeteer,
      1,
    );
  }

  /** Options as in the WebDriver spec; `automaticPresenceSimulation` is Firefox's `isUserConsenting`. */
  async addVirtualAuthenticator(sessionId, options) {
    const { protocol, transport, hasResidentKey, hasUserVerification, automaticPresenceSimulation, isUserVerified } =
      options;
    const args = [
      protocol,
      transport,
      hasResidentKey,
      hasUserVerification,
      automaticPresenceSimulation,
      isUserVerified,
    ];
    const authenticatorId = await this.#webAuthnService('addVirtualAuthenticator', args);
    if (!this.#authenticators.has(sessionId)) this.#authenticators.set(sessionId, new Set());
    this.#authenticators.get(sessionId).add(authenticatorId);
    return authenticatorId;
  }

  async removeVirtualAuthenticator(sessionId, authenticatorId) {
    await this.#webAuthnService('removeVirtualAuthenticator', [authenticatorId]);
    this.#authenticators.get(sessionId)?.delete(authenticatorId);
  }

  async stopSession(sessionId) {
    for (const authenticatorId of this.#authenticators.get(sessionId) ?? []) {
      await this.removeVirtualAuthenticator(sessionId, authenticatorId).catch(() => undefined);
    }
    this.#authenticators.delete(sessionId);
    return super.stopSession(sessionId);
  }

  /** Calls nsIWebAuthnService in the browser window's (chrome) realm and returns the result. */
  async #webAuthnService(method, args) {
    const { connection } = this.browser;
    const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 });
    const context = tree.result.contexts[0]?.context;
    if (!context) throw new Error('Firefox: no chrome browsing context for WebAuthn automation');
    const expression = `String(Cc["@mozilla.org/webauthn/service;1"].getService(Ci.nsIWebAuthnService)
      .${method}(...${JSON.stringify(args)}) ?? "")`;
    const { result } = await connection.send('script.evaluate', {
      target: { context },
      expression,
      awaitPromise: false,
    });
    if (result.type !== 'success')
      throw new Error(`Firefox WebAuthn ${method}: ${result.exceptionDetails?.text ?? 'failed'}`);
    return result.result.value;
  }
}
