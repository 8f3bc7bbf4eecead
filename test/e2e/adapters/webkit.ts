/**
 * WebKitGTK: MiniBrowser driven by `xvfb-run -a WebKitWebDriver` over WebDriver classic with
 * webdriverio, as in test/harness/launchers/webkit-webdriver.mjs. The driver's whole process tree
 * (Xvfb, WebKitWebDriver, MiniBrowser and its web/network processes) is killed on close, and on exit
 * if the runner dies first. No WebAuthn in this WebKitGTK build, so passkey steps are skipped.
 * Clicks on shadow-DOM buttons use `element.click()` (WebDriver classic has no shadow-piercing selector).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { remote } from 'webdriverio';
import { expressionOf, sleep, type DriverCore } from '../driver.js';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const WEBKIT_NO_WEBAUTHN =
  'WebKitGTK is built without WebAuthn (no PublicKeyCredential) and WebKitWebDriver answers "unknown command" to POST /session/{id}/webauthn/authenticator';

export async function launchWebKit(): Promise<DriverCore> {
  const port = await freePort();
  const driver = startDriver(port);
  try {
    await waitUntilReady(port, driver);
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
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
              el.click();
              return true;
            }) as (arg: never) => unknown,
            selector,
          ),
        );
        if (clicked !== true) throw new Error(clicked === 'disabled' ? `${selector} is disabled` : `no element matches ${selector}`);
      },
      async fill(selector, text) {
        const el = await browser.$(selector);
        await el.waitForExist({ timeout: 10_000 });
        await el.setValue(text);
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

interface RunningDriver {
  exited: Promise<unknown>;
  stderr(): string;
  stop(): Promise<void>;
}

function startDriver(port: number): RunningDriver {
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // a snapshot of the tree before any signal: MiniBrowser's processes leave it once their parent dies
  const onExit = (): void => signalAll(processTree(child.pid!), 'SIGKILL');
  process.once('exit', onExit);
  let stopped: Promise<void> | undefined;
  return {
    exited,
    stderr: () => stderr,
    stop() {
      stopped ??= (async () => {
        process.off('exit', onExit);
        const tree = processTree(child.pid!);
        signalAll(tree, 'SIGTERM');
        const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 3000);
        await Promise.race([exited, sleep(5000)]);
        clearTimeout(timer);
        signalAll(tree, 'SIGKILL'); // whatever outlived xvfb-run
      })();
      return stopped;
    },
  };
}

interface Stat {
  pid: number;
  ppid: number;
  started: string;
}

/** Signals the processes of a snapshot that still run, never a later process that reused a pid. */
function signalAll(tree: Stat[], signal: NodeJS.Signals): void {
  for (const { pid, started } of tree) {
    if (readStat(pid)?.started !== started) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function processTree(root: number): Stat[] {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter((s): s is Stat => !!s);
  const tree = stats.filter((s) => s.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...stats.filter((s) => s.ppid === tree[i]!.pid));
  return tree;
}

function readStat(pid: number): Stat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

async function waitUntilReady(port: number, driver: RunningDriver, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: unknown;
  void driver.exited.then((code) => (exitCode = code ?? 'signal'));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`WebKitWebDriver exited (${String(exitCode)}): ${driver.stderr()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${timeoutMs} ms: ${driver.stderr()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
