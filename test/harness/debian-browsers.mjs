/**
 * The browsers of these machines (Debian's chromium-headless-shell, firefox-esr, webkit2gtk-driver; see
 * ../shared/notes/browsers.md) and how to start them, in one place for the browser tests, the
 * end-to-end tests and the bench: the binaries' paths, Chromium's flags, and WebKitGTK's
 * `xvfb-run -a WebKitWebDriver --port=<free port>` (MiniBrowser has no headless mode) with MiniBrowser's
 * capabilities for WebDriver classic and a stop that kills the driver's whole process tree (Xvfb,
 * WebKitWebDriver, MiniBrowser and its web and network processes), also when the caller's process exits
 * first.
 *
 * @example
 *   const driver = await startWebKitDriver();
 *   const browser = await remote({ hostname: '127.0.0.1', port: driver.port, capabilities: miniBrowserCapabilities() });
 *   ...
 *   await driver.stop();
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * Chromium's headless shell: Debian's `chromium-headless-shell`, built from the same source and version as
 * its `chromium` (Blink, V8 and the DevTools protocol are the same), without the browser's own window,
 * tab strip and WebUI. It is what Playwright's `headless: true` runs by default. Measured A/B back to
 * back against `/usr/bin/chromium` in its new headless mode: the Chromium browser tests 85.9 -> 77.3 s of
 * CPU, the Chromium end-to-end run 61.8 and 61.2 -> 47.0 and 49.1 s, the same tests passing.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
/** Root needs --no-sandbox; the rest keep Chromium from dialing hosts these machines cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const FIREFOX_PATH = '/usr/bin/firefox-esr';
/** Firefox's prefs for the browser tests and the end-to-end run (puppeteer's `extraPrefsFirefox`). */
export const FIREFOX_PREFS = {
  // WebAuthn requests go to virtual authenticators, never to a USB token
  'security.webauth.webauthn_enable_softtoken': true,
  'security.webauth.webauthn_enable_usbtoken': false,
  // as in Chromium (--force-prefers-reduced-motion, reducedMotion): no CSS animation keeps the compositor busy
  'ui.prefersReducedMotion': 1,
  // Work of the parent process no test asks for (measured on five element test files, A/B twice: 37.7 s of
  // CPU -> 35.0-35.8 s, the parent 11.8-12.0 s -> 10.4-10.9 s; two OAuth test files 34.4-35.7 s -> 30.9-31.5 s;
  // the e2e run 57.3, 57.2 -> 55.1, 52.5 s):
  // - a popup (window.open with features) opens in a tab, not in a new browser window whose chrome
  //   (toolbars, tab strip, custom elements) the parent builds and lays out for each popup, about 0.4 s of
  //   CPU a window; opener, closing and messaging are the same
  'browser.link.open_newwindow.restriction': 0,
  // - and that tab opens behind the opener's: selecting it made the opener a background tab (its timers and
  //   frames throttled while it waits for the popup's message) and the parent switch tabs, update the
  //   toolbars and repaint for each popup. A popup window leaves its opener visible too. Measured back to
  //   back on seven passkey/OAuth/sign-in test files: 26.0, 26.1 s of CPU (25.5 s wall) -> 24.3, 24.5 s
  //   (20 s wall), the parent 12.4, 12.1 -> 10.7, 11.0 s; the whole Firefox browser-test stage 92.6, 88.8 s
  //   of CPU (99.7, 98.6 s wall) -> 89.9, 86.9 s (93.9, 93.0 s), 569 passed / 1 skipped each time; the e2e
  //   run no better (47.0, 46.9 s of CPU -> 51.9 s right after the demo build, then 46.5 s; 33 passed / 1 skipped)
  'browser.tabs.loadDivertedInBackground': true,
  // - no built-in add-ons (form autofill, webcompat, search detection, picture-in-picture...): their
  //   WebExtensions process and the webRequest listeners they run on every request. Form autofill's one
  //   effect on pages, full `autocomplete` tokens (element.autocomplete reads "username webauthn"), is the
  //   pref it sets, set here
  'extensions.enabledScopes': 1,
  'dom.forms.autocomplete.formautofill': true,
  // - no content process started ahead for a tab that may come
  'dom.ipc.processPrelaunch.enabled': false,
};
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Why passkey tests skip in WebKit (checked against WebKitGTK 2.50.6 from Debian). */
export const WEBKIT_NO_WEBAUTHN =
  'WebKitGTK is built without WebAuthn (no PublicKeyCredential) and WebKitWebDriver answers ' +
  '"unknown command" to POST /session/{id}/webauthn/authenticator';

/** WebDriver classic capabilities that start MiniBrowser in automation mode. */
export function miniBrowserCapabilities(binary = MINIBROWSER) {
  return {
    browserName: 'MiniBrowser',
    'wdio:enforceWebDriverClassic': true,
    'webkitgtk:browserOptions': { binary, args: ['--automation'] },
  };
}

/**
 * Starts WebKitWebDriver on a free loopback port and resolves once it answers `/status`; rejects (with
 * the driver's stderr, the driver stopped) when it exits or stays silent for `timeoutMs`. `stop()` is
 * idempotent and never waits more than a few seconds.
 *
 * `compositing` leaves WebKitGTK's accelerated compositing on (Mesa's software GL under Xvfb). Off by
 * default: it cost the browser tests' element pages about 3.5 times the CPU (58 s → 17 s for three element
 * files without it). The end-to-end run turns it on: without it every key press and click on the demo page
 * repainted the whole 1280×900 view in software, about 90 ms of CPU each (a key press on a blank page:
 * 4 ms), and its WebKitGTK run took about 85 s of wall and CPU with it off against 70 s of wall and 78 s
 * of CPU with it on. With it on, Skia paints the layers' tiles on the CPU (WEBKIT_SKIA_ENABLE_CPU_RENDERING=1)
 * and only the compositing goes through software GL: by default Skia paints through GL too, which llvmpipe
 * then runs as shaders on the CPU (its threads were half of the web process's CPU after each page load).
 * The end-to-end WebKitGTK run, back to back: 71.7, 68.2 and 71.9 s of CPU with GL painting, 60.6, 56.8
 * and 59.1 s with CPU painting. (The browser tests stay without compositing: with it and CPU painting their
 * web process still took 33.6 s of CPU against 21 s for five element files.)
 *
 * `reducedMotion` makes the pages match `prefers-reduced-motion: reduce` (GTK's gtk-enable-animations off,
 * in a settings.ini of the driver's own XDG_CONFIG_HOME), as the end-to-end run's Chromium and Firefox do:
 * no spinner keeps the compositor painting while a flow waits.
 */
export async function startWebKitDriver({ timeoutMs = 30_000, compositing = false, reducedMotion = false } = {}) {
  const port = await freePort();
  const driver = spawnDriver(port, driverEnv({ compositing, reducedMotion }));
  try {
    await waitUntilReady(port, driver, timeoutMs);
  } catch (error) {
    await driver.stop();
    throw error;
  }
  return { port, stderr: driver.stderr, stop: driver.stop };
}

/**
 * The environment of the driver (and so of MiniBrowser): WebKitGTK reads WEBKIT_DISABLE_COMPOSITING_MODE
 * and WEBKIT_SKIA_ENABLE_CPU_RENDERING, GTK its settings from $XDG_CONFIG_HOME/gtk-3.0/settings.ini.
 */
function driverEnv({ compositing, reducedMotion }) {
  const env = { ...process.env };
  if (compositing) {
    delete env.WEBKIT_DISABLE_COMPOSITING_MODE;
    env.WEBKIT_SKIA_ENABLE_CPU_RENDERING = '1';
  } else env.WEBKIT_DISABLE_COMPOSITING_MODE = '1';
  if (reducedMotion) {
    const config = path.join(tmpdir(), 'paykit-webkit-reduced-motion');
    mkdirSync(path.join(config, 'gtk-3.0'), { recursive: true });
    writeFileSync(path.join(config, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=false\n');
    env.XDG_CONFIG_HOME = config;
  }
  return env;
}

function spawnDriver(port, env) {
  // stays in the caller's process group, so whatever kills a CI job's group takes the driver too
  // `-a` alone starts every search for a free display at :99, so two drivers starting at once (the
  // browser tests' and the end-to-end run's, side by side in `npm test`) can pick the same one; a start
  // taken from the driver's free port keeps their searches apart
  const display = String(100 + (port % 10_000));
  const child = spawn('xvfb-run', ['-a', '-n', display, 'WebKitWebDriver', `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Xvfb has no GPU: WebKitGTK's accelerated compositing renders through Mesa's software GL (llvmpipe);
    // see `compositing` above for which callers want it
    env,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  let exitCode;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((exitCode = code ?? 'signal'))));
  // one snapshot of the tree before any signal: MiniBrowser's processes leave it once their parent dies
  const onExit = () => signalAll(processTree(child.pid), 'SIGKILL');
  process.once('exit', onExit);
  let stopped;
  return {
    exitCode: () => exitCode,
    stderr: () => stderr,
    stop() {
      stopped ??= (async () => {
        process.off('exit', onExit);
        const tree = processTree(child.pid);
        signalAll(tree, 'SIGTERM');
        const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 3000);
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        clearTimeout(timer);
        signalAll(tree, 'SIGKILL'); // whatever outlived xvfb-run
      })();
      return stopped;
    },
  };
}

async function waitUntilReady(port, driver, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (driver.exitCode() !== undefined)
      throw new Error(`WebKitWebDriver exited (${driver.exitCode()}): ${driver.stderr()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${timeoutMs} ms: ${driver.stderr()}`);
}

/** Signals the processes of a snapshot that still run, never a later process that reused a pid. */
function signalAll(tree, signal) {
  for (const { pid, started } of tree) {
    if (readStat(pid)?.started !== started) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** `root` and its descendants with their start times, from /proc (Linux). */
function processTree(root) {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter(Boolean);
  const tree = stats.filter((stat) => stat.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...stats.filter((stat) => stat.ppid === tree[i].pid));
  return tree;
}

function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state ppid … starttime is the 22nd field overall, the 20th after comm
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), started: fields[19] };
  } catch {
    return undefined; // gone
  }
}
