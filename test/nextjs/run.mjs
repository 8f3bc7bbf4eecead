#!/usr/bin/env node
/**
 * Hydration in a real Next.js App Router build. Takes the three browser packages as `npm test`'s pack
 * stage packed them (or packs them, run alone: test/harness/pack.mjs), installs the fixture
 * (`test/nextjs/app`, its own package.json: next, react, react-dom) with the tarballs into a temporary
 * folder outside the repository and its install (`paykit-nextjs-fixture` in /dev/shm, or in `$TMPDIR`
 * without room there: test/harness/scratch-root.mjs; reused between runs, `npm install --prefer-offline`),
 * runs `next build` and `next start`, then loads each element's page in headless Chromium: no console
 * error or warning (React's #418 hydration mismatch is one), no uncaught error, and the element still
 * works after hydration (one interaction each). The control page renders different text on the server
 * and in the browser and must produce a hydration error: proof that the check sees one. Exit code 1 on any failure.
 *
 * @example
 *   npm run test:nextjs
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@paykit/test-harness/debian-browsers';
import { packedTarballs } from '@paykit/test-harness/pack';
import { freePort } from '@paykit/test-harness/free-port';
import { scratchRoot } from '@paykit/test-harness/scratch-root';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = path.join(root, 'test/nextjs/app');
// outside the repository: a Next.js app under node_modules is treated as a dependency, not an app. In
// memory where there is room: the install writes some 330 MB (next and its SWC binary) and the build its
// output. A/B back to back on the 2-core machine: a fresh npm install took 17.7 and 24.3 s of CPU into /tmp
// (ext4), 17.1 and 14.7 s into /dev/shm; the whole stage from a fresh fixture, this and next.config.mjs's
// build cache off together, 46.7 and 53.9 s -> 42.7 and 42.6 s
const work = path.join(scratchRoot(), 'paykit-nextjs-fixture');
const app = path.join(work, 'app');
const PACKAGES = ['@paykit/crypto-core', '@paykit/elements', '@paykit/react'];
const started = performance.now();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function step(text) {
  console.log(`[nextjs ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}`);
}

function run(command, args, cwd) {
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** What each page must do after hydration: an interaction, then a condition checked in the page. */
const PAGES = [
  {
    tag: 'pay-otp-login',
    click: 'pay-otp-login >>> [part~="send-button"]',
    done: `!!document.querySelector('pay-otp-login > [slot="code-input"] input[autocomplete="one-time-code"]')`,
    what: 'the code input after "Send code"',
  },
  {
    tag: 'pay-sign-in',
    // the email in its light-DOM field, then Continue: the lookup finds the account, the code element is
    // loaded (its own chunk) and the code sent
    type: ['pay-sign-in > [slot="identifier"] input[type="email"]', 'ada@example.com'],
    click: 'pay-sign-in >>> [part~="continue-button"]',
    done: `!!document.querySelector('pay-sign-in pay-otp-login > [slot="code-input"] input[autocomplete="one-time-code"]')`,
    what: 'the code input of the account’s email method after the lookup',
  },
  {
    tag: 'pay-passkey-login',
    click: 'pay-passkey-login >>> [part~="passkey-button"]',
    done: stateHas('pay-passkey-login', 'error'),
    what: 'the error of a passkey sign-in the fixture refuses',
  },
  {
    tag: 'pay-passkey-login-conditional',
    element: 'pay-passkey-login',
    // its light-DOM field comes once WebAuthn says autofill works, which it may before React hydrates
    unless: `(async () => !(await globalThis.PublicKeyCredential?.isConditionalMediationAvailable?.()))()`,
    done: `!!document.querySelector('pay-passkey-login > [slot="autofill-input"] input[autocomplete="username webauthn"]')`,
    what: 'the passkey autofill field (conditional)',
  },
  {
    tag: 'pay-wallet-export',
    click: 'pay-wallet-export >>> input[type="checkbox"]',
    done: `document.querySelector('pay-wallet-export').shadowRoot.querySelector('[part~="start-button"]').disabled === false`,
    what: '"Export" enabled by the confirmation',
  },
  {
    tag: 'pay-card-reveal',
    click: 'pay-card-reveal >>> [part~="show-button"]',
    done: stateHas('pay-card-reveal', 'error'),
    what: 'the error of a reveal the fixture refuses',
  },
  {
    tag: 'pay-sca-challenge',
    type: ['pay-sca-challenge > [slot="code-input"] input', '123456'],
    done: stateHas('pay-sca-challenge', 'error'),
    what: 'the error of a code the fixture refuses',
  },
];

function stateHas(tag, state) {
  return `(document.querySelector('${tag}').getAttribute('data-state') ?? '').split(' ').includes('${state}')`;
}

async function waitForServer(url, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`next start did not answer within ${timeoutMs} ms`);
}

async function prepare() {
  step('the tarballs of @paykit/crypto-core, elements, react (test/harness/pack.mjs)');
  const packs = await packedTarballs();
  const packed = PACKAGES.map((name) => packs[name]);
  if (packed.some((file) => !file)) throw new Error(`missing tarballs: ${JSON.stringify(packs)}`);

  step('installing the fixture (next, react, react-dom and the tarballs) outside the root install');
  // the fixture's sources anew each run; node_modules and the lock file stay, so a rerun installs little
  rmSync(path.join(app, 'app'), { recursive: true, force: true });
  rmSync(path.join(app, '.next'), { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  cpSync(fixture, app, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(fixture, 'package.json'), 'utf8'));
  for (const name of PACKAGES) manifest.dependencies[name] = `file:${packs[name]}`;
  writeFileSync(path.join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  // the tarballs' contents change between runs under the same name and version: without the lock file
  // (which pins their old integrity) npm takes them again; next and React come from its cache
  rmSync(path.join(app, 'package-lock.json'), { force: true });
  for (const name of PACKAGES) rmSync(path.join(app, 'node_modules', name), { recursive: true, force: true });
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app);
}

async function check(browser, origin) {
  const failures = [];
  for (const page of [...PAGES, { tag: 'control-mismatch', control: true }]) {
    const tab = await browser.newPage();
    const messages = [];
    tab.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn')
        messages.push(`console.${message.type()}: ${message.text()}`);
    });
    tab.on('pageerror', (error) => messages.push(`uncaught: ${error.message ?? error}`));
    try {
      await tab.goto(`${origin}/${page.tag}`, { waitUntil: 'load' });
      await tab.waitForFunction(`document.documentElement.dataset.hydrated === 'true'`, { timeout: 15_000 });
      if (page.control) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (!messages.some((m) => /418|hydrat/i.test(m)))
          failures.push(
            `control-mismatch: no hydration error reported, so the check cannot see one (${messages.join(' | ') || 'no messages'})`,
          );
        else step('control-mismatch: the hydration error was seen, as it must be');
        continue;
      }
      // the element upgraded and rendered before or during hydration; its light DOM comes after
      const tag = page.element ?? page.tag;
      await tab.waitForFunction(
        `customElements.get('${tag}') && document.querySelector('${tag}')?.shadowRoot?.querySelector('[part~="base"]')`,
        { timeout: 15_000 },
      );
      if (page.unless && (await tab.evaluate(page.unless))) {
        step(`${page.tag}: skipped, this Chromium has no conditional mediation`);
        continue;
      }
      if (page.type) {
        await tab.waitForSelector(page.type[0], { timeout: 15_000 });
        await tab.type(page.type[0], page.type[1]);
      }
      if (page.click) await tab.click(page.click);
      await tab
        .waitForFunction(page.done, { timeout: 15_000 })
        .catch(() => failures.push(`${page.tag}: no ${page.what} after hydration`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (messages.length) failures.push(`${page.tag}: ${messages.join(' | ')}`);
      else step(`${page.tag}: hydrated with no error or warning; ${page.what}`);
    } catch (error) {
      failures.push(`${page.tag}: ${error.message}${messages.length ? ` (${messages.join(' | ')})` : ''}`);
    } finally {
      await tab.close();
    }
  }
  return failures;
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH}`);
  await prepare();
  step('next build');
  run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], app);

  const port = await freePort();
  step(`next start on port ${port}`);
  const server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  server.stdout.resume();
  let browser;
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForServer(`${origin}/pay-otp-login`, server);
    browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const failures = await check(browser, origin);
    step(failures.length ? `FAIL\n  ${failures.join('\n  ')}` : `ok: ${PAGES.length} pages hydrate cleanly and work`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
