/**
 * The three browser engines behind one small interface, launched the way ../../test/harness does on
 * these machines: Chromium through playwright-core, Firefox ESR through puppeteer-core (WebDriver BiDi),
 * WebKitGTK's MiniBrowser through webdriverio against `xvfb-run -a WebKitWebDriver` (killed with its
 * whole process tree on close, error or exit). Pages are driven by polling plain expressions, which all
 * three protocols evaluate the same way.
 *
 * @example
 *   const engine = await launchEngine('firefox');
 *   await engine.open(`${origin}/crypto.html`);
 *   const done = await engine.waitFor('window.__bench && window.__bench.done', 120_000);
 *   await engine.close();
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

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
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
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
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
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
  const port = await freePort();
  const driver = startDriver(port);
  try {
    await waitUntilReady(port, driver);
    const browser = await remote({
      automationProtocol: 'webdriver',
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      },
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
      if (Date.now() > deadline) throw new Error(`${engine.name}: timed out after ${timeoutMs} ms waiting for ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return engine;
}

// ---- WebKitWebDriver under Xvfb (same recipe as test/harness/launchers/webkit-webdriver.mjs) --------

function startDriver(port) {
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitCode;
  exited.then((code) => (exitCode = code ?? 'signal'));
  const onExit = () => signalAll(processTree(child.pid), 'SIGKILL');
  process.once('exit', onExit);
  return {
    exited: () => exitCode,
    stderr: () => stderr,
    async stop() {
      process.off('exit', onExit);
      const tree = processTree(child.pid);
      signalAll(tree, 'SIGTERM');
      const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      signalAll(tree, 'SIGKILL'); // MiniBrowser's helpers may outlive xvfb-run
    },
  };
}

async function waitUntilReady(port, driver, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (driver.exited() !== undefined) throw new Error(`WebKitWebDriver exited (${driver.exited()}): ${driver.stderr()}`);
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

function processTree(root) {
  const stats = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map((entry) => readStat(Number(entry))).filter(Boolean);
  const tree = stats.filter((stat) => stat.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...stats.filter((stat) => stat.ppid === tree[i].pid));
  return tree;
}

function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), started: fields[19] };
  } catch {
    return undefined;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
