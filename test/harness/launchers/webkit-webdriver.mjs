/**
 * WebKitGTK through WebKitWebDriver: starts `xvfb-run -a WebKitWebDriver --port=<free port>` (MiniBrowser
 * has no headless mode here) when the runner starts, drives MiniBrowser with @web/test-runner-webdriver
 * over WebDriver classic, and kills the driver's process tree when the runner stops, fails or exits.
 *
 * @example
 *   browsers: [new WebKitWebDriverLauncher()]
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { WebdriverLauncher } from '@web/test-runner-webdriver';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export class WebKitWebDriverLauncher extends WebdriverLauncher {
  #driver;

  /** Read by the virtual-authenticator command (checked against WebKitGTK 2.50.6 from Debian 12). */
  virtualAuthenticatorUnsupported =
    'WebKitGTK is built without WebAuthn (no PublicKeyCredential) and WebKitWebDriver answers ' +
    '"unknown command" to POST /session/{id}/webauthn/authenticator';

  constructor({ binary = MINIBROWSER } = {}) {
    super({
      automationProtocol: 'webdriver',
      hostname: '127.0.0.1',
      port: 0, // chosen in initialize()
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary, args: ['--automation'] },
      },
    });
  }

  async initialize(config, testFiles) {
    const port = await freePort();
    this.#driver = startDriver(port);
    this.options.port = port;
    await waitUntilReady(port, this.#driver);
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

function startDriver(port) {
  // stays in the runner's process group, so whatever kills a CI job's group takes the driver too
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // one snapshot of the tree before any signal: MiniBrowser's web and network processes leave it once
  // their parent dies
  const onExit = () => signalAll(processTree(child.pid), 'SIGKILL');
  process.once('exit', onExit);
  return {
    exited,
    stderr: () => stderr,
    async stop() {
      process.off('exit', onExit);
      const tree = processTree(child.pid);
      signalAll(tree, 'SIGTERM');
      const timer = setTimeout(() => signalAll(tree, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      signalAll(tree, 'SIGKILL'); // whatever outlived xvfb-run
    },
  };
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
  const stats = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map((entry) => readStat(Number(entry))).filter(Boolean);
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

async function waitUntilReady(port, driver, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode;
  driver.exited.then((code) => (exitCode = code ?? 'signal'));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`WebKitWebDriver exited (${exitCode}): ${driver.stderr()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await driver.stop();
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${timeoutMs} ms: ${driver.stderr()}`);
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
