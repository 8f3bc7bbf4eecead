/**
 * WebKitGTK for @web/test-runner: starts WebKitWebDriver under Xvfb when the runner starts
 * (../debian-browsers.mjs), drives MiniBrowser with @web/test-runner-webdriver over WebDriver classic, and
 * kills the driver's process tree when the runner stops, fails or exits.
 *
 * @example
 *   browsers: [new WebKitWebDriverLauncher()]
 */
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { MINIBROWSER, WEBKIT_NO_WEBAUTHN, miniBrowserCapabilities, startWebKitDriver } from '../debian-browsers.mjs';

export class WebKitWebDriverLauncher extends WebdriverLauncher {
  #driver;

  /** Read by the virtual-authenticator command. */
  virtualAuthenticatorUnsupported = WEBKIT_NO_WEBAUTHN;

  constructor({ binary = MINIBROWSER } = {}) {
    super({
      automationProtocol: 'webdriver',
      hostname: '127.0.0.1',
      port: 0, // chosen in initialize()
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: miniBrowserCapabilities(binary),
    });
  }

  async initialize(config, testFiles) {
    this.#driver = await startWebKitDriver();
    this.options.port = this.#driver.port;
    await super.initialize(config, testFiles);
    this.name = 'WebKit';
  }

  async stop() {
    try {
      await super.stop();
    } finally {
      await this.#driver?.stop();
      this.#driver = undefined;
    }
  }
}
