#!/usr/bin/env node
/**
 * `npm run test:adopters`: what a new user meets, from the packed packages. Takes the five packages
 * as `npm test`'s pack stage packed them (or packs them, run alone: test/harness/pack.mjs), checks each
 * tarball with `publint --strict` and attw's `--profile esm-only` checks (their libraries, in this process),
 * installs them into a fresh project in a temporary directory outside the monorepo (npm, from the local
 * cache where it can), type-checks them in a Node-only `tsconfig` (`lib: ["ES2022"]`, `types: ["node"]`,
 * `skipLibCheck: false`), then runs every README quick start as written (see readme-snippets.mjs):
 * `npx @paykit/sandbox`, the Node scripts (each must exit by itself), the backend, and the pages, each
 * served by Vite's dev server with its README's `vite.config.js` (whose `/api` proxy line is what a page's
 * calls go through) and signed in with the sandbox's email code in headless Chromium; the elements README's
 * Vue, Svelte and Angular pages are mounted there too (the Angular one first checked by `ngc`).
 *
 *   npm run test:adopters
 *   ADOPTERS_KEEP=1 npm run test:adopters     keep the temporary project (its path is printed)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as attw from '@arethetypeswrong/core';
import { getExitCode as attwExitCode } from '@arethetypeswrong/cli/internal/getExitCode';
import * as attwRender from '@arethetypeswrong/cli/internal/render';
import { chromium } from 'playwright-core';
import { publint } from 'publint';
import { formatMessage as formatPublintMessage } from 'publint/utils';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@paykit/test-harness/debian-browsers';
import { packedTarballs } from '@paykit/test-harness/pack';
import { freePort } from '@paykit/test-harness/free-port';
import { scratchRoot } from '@paykit/test-harness/scratch-root';
import { readSnippets } from './readme-snippets.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['crypto-core', 'sandbox', 'proxy', 'elements', 'react-bindings'];
/** Node packages: their types must compile without the DOM lib. The others are for pages. */
const NODE_PACKAGES = ['@paykit/crypto-core', '@paykit/sandbox', '@paykit/proxy'];
/** The quick starts sign in for real: the email, the sandbox's code, then what each page shows once signed in. */
async function signIn(page, signedIn) {
  // <pay-sign-in>: the email, Continue; the lookup finds the account, whose email code is sent at once
  await page.locator('input[type="email"]').fill(SIGN_IN_EMAIL, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click({ timeout: 20_000 });
  // as a person pastes the code: the element verifies once all six digits are in
  await page.locator('input[autocomplete="one-time-code"]').fill(SANDBOX_CODE, { timeout: 20_000 });
  // the add-passkey offer (Chromium has passkeys): a page that moved on at pay-session never shows it
  await page.getByRole('button', { name: 'Not now' }).click({ timeout: 20_000 });
  await signedIn.waitFor({ timeout: 20_000 });
  return 'email-code sign-in completed';
}

/**
 * The framework pages (Vue, Svelte, Angular) mount `<pay-sign-in>` through the framework's own template:
 * it renders, holds the page's client as a property (there is no default client on these pages), and a
 * `pay-session` it dispatches reaches the framework's listener. They stop short of a code sign-in: the
 * sandbox sends at most three codes per credential in 30 s, which the two quick starts use.
 */
async function mountFramework(page) {
  await page.locator('pay-sign-in input[type="email"]').waitFor({ timeout: 30_000 });
  const client = await page.evaluate(() => {
    const element = document.querySelector('pay-sign-in');
    return { property: typeof element.client?.request, attribute: element.getAttribute('client') };
  });
  if (client.property !== 'function' || client.attribute !== null)
    throw new Error(`<pay-sign-in>'s client: property ${client.property}, attribute ${client.attribute}`);
  await page.evaluate(() => {
    const session = { id: 'Session:x', accountId: 'InternalAccount:x', type: 'OTP', expiresAt: new Date().toJSON() };
    document
      .querySelector('pay-sign-in')
      .dispatchEvent(new CustomEvent('pay-session', { detail: { session }, bubbles: true, composed: true }));
  });
  await page.getByText('Signed in', { exact: true }).waitFor({ timeout: 10_000 });
  return '<pay-sign-in> rendered with the client as a property, its pay-session heard by the framework';
}

/** What each page must do in Chromium. */
const PAGE_CHECKS = {
  elements: (page) => signIn(page, page.locator('[part~="current-badge"]')),
  react: (page) => signIn(page, page.getByText('Signed in until')),
  vue: mountFramework,
  svelte: mountFramework,
  angular: mountFramework,
};
const SANDBOX_CODE = '000000';
/** The user the proxy quick start's backend signs up and its lookup knows. */
const SIGN_IN_EMAIL = 'ada@example.com';
const rootDevDependencies = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).devDependencies;
const proxyDevDependencies = JSON.parse(
  readFileSync(join(repoRoot, 'packages/proxy/package.json'), 'utf8'),
).devDependencies;

const started = Date.now();
const children = [];
let failures = 0;

const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
function fail(message) {
  failures++;
  console.error(`not ok  ${message}`);
}
const pass = (message) => console.log(`ok      ${message}`);

/** Runs a command to its end; rejects with its output when it fails or outlives `timeoutMs`. */
function run(command, args, { cwd = repoRoot, env = {}, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      killGroup(child);
      reject(
        new Error(
          `${command} ${args.join(' ')} did not end within ${timeoutMs / 1000} s (still running after its work?)\n${output}`,
        ),
      );
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`));
    });
  });
}

/** Starts a long-running command in its own process group; resolves once `ready(output)` is true. */
async function start(command, args, { cwd, env = {}, ready, timeoutMs = 30_000 }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!(await ready(output))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${command} ${args.join(' ')} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const npm = (args, options) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], options);

// ---- 1. pack, and check the tarballs ------------------------------------------------------------

/** The tarballs of `npm test`'s pack stage, or packed now when this runs alone (test/harness/pack.mjs). */
async function pack() {
  const tarballs = Object.values(await packedTarballs());
  if (tarballs.length !== PACKAGES.length) throw new Error(`${tarballs.length} tarballs, not ${PACKAGES.length}`);
  log(`packed ${tarballs.map((t) => relative(dirname(t), t)).join(', ')}`);
  return tarballs;
}

async function checkTarballs(tarballs) {
  for (const tarball of tarballs) {
    const name = relative(dirname(tarball), tarball);
    const data = readFileSync(tarball);
    // publint's checks through its library, in this process, on the tarball exactly as npm publishes it: what
    // `publint --strict <tarball>` runs (its CLI unpacks the file the same way), without a Node process and a
    // tar for each package: the stage took 73.6 and 76.4 s of CPU with the CLI, 72.4 and 71.6 s with this (A/B)
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      strict: true,
    });
    // --strict: warnings are errors, and the CLI exits with 1 on any error
    const errors = messages.filter((message) => message.type === 'error');
    if (errors.length)
      fail(
        `publint --strict ${name}\n${indent(errors.map((message) => formatPublintMessage(message, pkg, { color: false })).join('\n'))}`,
      );
    else pass(`publint --strict ${name}`);
    // attw's checks through its library, in this process: the CLI loads TypeScript once per tarball (16.7 s
    // of CPU for the five; 7.4 s here), for the same result (its esm-only profile, exit code and report)
    const analysis = await attw.checkPackage(attw.createPackageFromTarballData(new Uint8Array(data)));
    if (!analysis.types) fail(`attw --profile esm-only ${name}: the package has no types`);
    else if (attwExitCode(analysis, ATTW_ESM_ONLY))
      fail(`attw --profile esm-only ${name}\n${await attwRender.typed(analysis, ATTW_ESM_ONLY)}`);
    else pass(`attw --profile esm-only ${name}`);
  }
  log('checked the tarballs');
}

/** `attw --profile esm-only --format ascii` (@arethetypeswrong/cli's profiles.js): CommonJS resolutions are not checked. */
const ATTW_ESM_ONLY = {
  ignoreResolutions: ['node10', 'node16-cjs'],
  format: 'ascii',
  summary: true,
  emoji: false,
  color: false,
};

// ---- 2. a fresh project ----------------------------------------------------------------------

async function createProject(work, tarballs) {
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'adopters-app', private: true, type: 'module' }, null, 2),
  );
  const pinned = [
    ...['react', 'react-dom', 'typescript', '@types/node', '@types/react', '@types/react-dom', 'vite'],
    // the framework pages of the elements README (Vue, Svelte, Angular)
    ...['vue', '@vitejs/plugin-vue', 'svelte', '@sveltejs/vite-plugin-svelte', 'rxjs'],
    ...['core', 'compiler', 'compiler-cli', 'common', 'platform-browser'].map((name) => `@angular/${name}`),
  ].map((name) => `${name}@${rootDevDependencies[name]}`);
  // the optional peers of @paykit/proxy/redis, as a platform that runs several instances installs them
  // (its README's "Several instances"): the Node-only type check imports every entry point, that one too
  const redisPeers = ['ioredis', 'rate-limiter-flexible'].map((name) => `${name}@${proxyDevDependencies[name]}`);
  await npm(['install', '--prefer-offline', ...tarballs, ...pinned, ...redisPeers], { cwd: app, timeoutMs: 180_000 });
  log(`installed the tarballs into ${app}`);
  return app;
}

/** Every export of the Node packages, imported by a Node-only TypeScript project with full lib checks. */
async function checkNodeOnlyTypes(app) {
  const lines = [];
  for (const name of NODE_PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8'));
    for (const subpath of Object.keys(manifest.exports)) {
      if (subpath.endsWith('.json')) continue;
      lines.push(`export * as m${lines.length} from '${name}${subpath.slice(1)}';`);
    }
  }
  writeFileSync(join(app, 'node-types.ts'), lines.join('\n') + '\n');
  writeFileSync(
    join(app, 'tsconfig.node.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022'],
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        // TypeScript's own lib files are not checked again (every declaration file of the packages and
        // their dependencies still is): the pages' lib.dom.d.ts alone cost 2.5 of 11.3 s of CPU
        skipDefaultLibCheck: true,
        noEmit: true,
      },
      files: ['node-types.ts'],
    }),
  );
  await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.node.json'], { cwd: app })
    .then(() =>
      pass(
        `types of ${NODE_PACKAGES.join(', ')} (${lines.length} entry points) in a Node-only tsconfig, skipLibCheck off`,
      ),
    )
    .catch((error) => fail(`types in a Node-only tsconfig\n${error.message}`));
}

/** The TypeScript pages compile as a page's project would compile them (DOM lib, strict). */
async function checkPageTypes(app, files) {
  if (files.length === 0) return;
  writeFileSync(
    join(app, 'tsconfig.pages.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        types: [],
        strict: true,
        skipLibCheck: false,
        skipDefaultLibCheck: true,
        noEmit: true,
      },
      files,
    }),
  );
  await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.pages.json'], { cwd: app })
    .then(() => pass(`types of ${files.join(', ')}`))
    .catch((error) => fail(`types of ${files.join(', ')}\n${error.message}`));
}

// ---- 3. the quick starts --------------------------------------------------------------------

async function startSandbox(app, snippet) {
  const port = await freePort();
  // the command as written; only the port comes from the environment (SANDBOX_PORT is its documented twin)
  const { output } = await start('sh', ['-c', snippet.code], {
    cwd: app,
    env: { SANDBOX_PORT: String(port), SANDBOX_PAN_PORT: '0' },
    ready: (out) => /listening on/.test(out),
  });
  const baseUrl = /base_url\s+(\S+)/.exec(output())?.[1];
  if (!baseUrl) throw new Error(`the sandbox printed no base_url:\n${output()}`);
  if (!/enclave signer\s+04[0-9a-f]{128}/.test(output()))
    throw new Error(`the sandbox printed no enclave signer:\n${output()}`);
  pass(`${where(snippet)}: ${snippet.code.trim()} → ${baseUrl}`);
  return baseUrl;
}

const where = (snippet) => `${relative(repoRoot, snippet.readme)}:${snippet.line}`;

async function runNodeScript(app, snippet, env) {
  await run(process.execPath, [snippet.file], { cwd: app, env, timeoutMs: 30_000 })
    .then((output) => pass(`${where(snippet)}: node ${snippet.file} ran and exited by itself\n${indent(output)}`))
    .catch((error) => fail(`${where(snippet)}: node ${snippet.file}\n${error.message}`));
}

async function startBackend(app, snippet, env) {
  const port = await freePort();
  await start(process.execPath, [snippet.file], {
    cwd: app,
    env: { ...env, PORT: String(port) },
    ready: () => canConnect(port),
  });
  pass(`${where(snippet)}: node ${snippet.file} serves on port ${port}`);
  return port;
}

function canConnect(port) {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: '/', method: 'HEAD' }, (response) => {
      response.resume();
      resolve(true);
    });
    request.once('error', () => resolve(false));
    request.end();
  });
}

/** The backend port the READMEs' `vite.config.js` blocks proxy `/api` to; the harness gives it a free one. */
const README_BACKEND = 'http://localhost:3000';

/**
 * Serves one page as its README says: Vite's dev server, run from the installed `vite` with the page's
 * own `vite.config.js` block as written (its `server.proxy` line included), only the backend's port
 * replaced by the free one the backend listens on, on the port the backend was told is the page's
 * origin (`APP_ORIGIN`).
 */
async function startVite(pageDir, backendPort, pagePort) {
  const configPath = join(pageDir, 'vite.config.js');
  const config = readFileSync(configPath, 'utf8');
  if (!config.includes(README_BACKEND))
    throw new Error(`${configPath} does not proxy to ${README_BACKEND}, the quick-start backend`);
  writeFileSync(configPath, config.replaceAll(README_BACKEND, `http://localhost:${backendPort}`));
  const vite = await start(
    process.execPath,
    [join(pageDir, '../../node_modules/vite/bin/vite.js'), '--port', String(pagePort), '--strictPort'],
    { cwd: pageDir, ready: (out) => /ready in/i.test(out), timeoutMs: 60_000 },
  );
  return vite;
}

async function runPage(app, name, files, { backendPort, pagePort }, browser) {
  const pageDir = join(app, 'pages', name);
  if (!files.includes('index.html') || !files.includes('vite.config.js'))
    return fail(`page ${name}: needs an index.html and a vite.config.js block (has ${files.join(', ')})`);
  const check = PAGE_CHECKS[name];
  if (!check) return fail(`page ${name}: this harness does not know what to check on it (PAGE_CHECKS)`);
  const begun = Date.now();
  // a page with Angular's compiler options is checked as the Angular CLI's build would check it (templates
  // and their schemas included), before it is served
  if (
    files.includes('tsconfig.json') &&
    readFileSync(join(pageDir, 'tsconfig.json'), 'utf8').includes('"angularCompilerOptions"')
  ) {
    const ngc = join(app, 'node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js');
    try {
      await run(process.execPath, [ngc, '-p', 'tsconfig.json'], { cwd: pageDir });
    } catch (error) {
      return fail(`page ${name}: ngc -p tsconfig.json\n${indent(error.message)}`);
    }
  }
  let vite;
  try {
    vite = await startVite(pageDir, backendPort, pagePort);
  } catch (error) {
    return fail(`page ${name}: vite did not start\n${indent(error.message)}`);
  }
  const origin = `http://localhost:${pagePort}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // the browser's own favicon request: a quick-start page has none, and Vite answers 404
    if (message.location().url.endsWith('/favicon.ico')) return;
    // an error, or a framework's warning that it took a <pay-…> tag for one of its components
    if (message.type() !== 'error' && !(message.type() === 'warning' && /^\[Vue warn\]/.test(message.text()))) return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  try {
    await page.goto(origin + '/');
    const outcome = await check(page);
    if (errors.length) throw new Error(errors.join('\n'));
    pass(
      `page ${name} (${files.join(' + ')}, ${files.includes('tsconfig.json') ? 'its tsconfig checked, ' : ''}Vite dev server): ${outcome} in Chromium in ${((Date.now() - begun) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    // what the elements show the user (their error parts; Playwright's CSS reaches into shadow roots)
    const shown = await page
      .locator('[part~="error"]')
      .allInnerTexts()
      .catch(() => []);
    const details = [
      ...errors,
      ...shown.filter(Boolean).map((text) => `shown: ${text}`),
      `at ${page.url()}`,
      `vite: ${vite.output().trim().split('\n').slice(-5).join(' | ')}`,
    ];
    fail(`page ${name}: ${error.message.split('\n')[0]}\n${indent(details.join('\n'))}`);
  } finally {
    await context.close();
    killGroup(vite.child);
    await new Promise((resolve) => (vite.child.exitCode !== null ? resolve() : vite.child.once('exit', resolve)));
  }
}

const indent = (text) => text.trim().replace(/^/gm, '        ');

// ---- main -----------------------------------------------------------------------------------

async function main() {
  const readmes = [join(repoRoot, 'README.md'), ...PACKAGES.map((p) => join(repoRoot, 'packages', p, 'README.md'))];
  const snippets = readSnippets(readmes);
  for (const readme of readmes.slice(1)) {
    if (!snippets.some((s) => s.readme === readme)) fail(`${relative(repoRoot, readme)} has no marked quick start`);
  }
  log(`${snippets.length} quick-start blocks in ${readmes.length} READMEs`);

  const work = mkdtempSync(join(scratchRoot(), 'paykit-adopters-'));
  if (!relative(repoRoot, work).startsWith('..'))
    throw new Error(`the temporary project ${work} is inside the monorepo`);
  let browser;
  try {
    const tarballs = await pack();
    const [app] = await Promise.all([createProject(work, tarballs), checkTarballs(tarballs)]);
    await checkNodeOnlyTypes(app);

    // the snippets' files, where their runners expect them
    const pages = new Map();
    for (const snippet of snippets) {
      if (snippet.runner === 'sandbox') continue;
      const path = snippet.runner === 'page' ? join(app, 'pages', snippet.file) : join(app, snippet.file);
      if (existsSync(path)) throw new Error(`${where(snippet)}: ${snippet.file} is written by two blocks`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, snippet.code);
      if (snippet.runner === 'page') {
        const [name, file] = snippet.file.split('/');
        pages.set(name, [...(pages.get(name) ?? []), file]);
      }
    }
    await checkPageTypes(
      app,
      snippets
        // a page with its own tsconfig.json (Angular's) is checked with it, below
        .filter((s) => s.runner === 'page' && /\.tsx?$/.test(s.file))
        .filter((s) => !snippets.some((t) => t.file === `${s.file.split('/')[0]}/tsconfig.json`))
        .map((s) => `pages/${s.file}`),
    );

    const sandboxBlocks = snippets.filter((s) => s.runner === 'sandbox');
    if (sandboxBlocks.length === 0) throw new Error('no README block starts the sandbox');
    let baseUrl;
    for (const block of sandboxBlocks) baseUrl = await startSandbox(app, block);
    const env = { PAY_SERVICE_URL: baseUrl };

    for (const snippet of snippets.filter((s) => s.runner === 'node')) await runNodeScript(app, snippet, env);

    const backends = snippets.filter((s) => s.runner === 'backend');
    if (pages.size > 0 && backends.length !== 1)
      throw new Error(`the pages need exactly one backend block, found ${backends.length}`);
    // the pages are served one after another on one port, the origin the backend is told to accept
    const pagePort = await freePort();
    let backendPort;
    for (const snippet of backends)
      backendPort = await startBackend(app, snippet, { ...env, APP_ORIGIN: `http://localhost:${pagePort}` });

    if (pages.size > 0) {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      for (const [name, files] of pages) await runPage(app, name, files, { backendPort, pagePort }, browser);
    }
  } finally {
    await browser?.close();
    for (const child of children) killGroup(child);
    if (process.env.ADOPTERS_KEEP) log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

const watchdog = setTimeout(() => {
  console.error('adopters: the run exceeded 5 minutes; giving up');
  for (const child of children) killGroup(child);
  process.exit(2);
}, 5 * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) killGroup(child);
    process.exit(130);
  });
}

try {
  await main();
} catch (error) {
  fail(error.message);
}
log(failures ? `${failures} failed` : 'all quick starts ran as written');
process.exit(failures ? 1 : 0);
