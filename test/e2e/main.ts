/**
 * The end-to-end run: starts the demo in this process on a free port (`startDemo`), then, one engine
 * after the other, launches the browser, runs every flow of flows.ts in one page, and closes it.
 * Prints one line per test, a summary per engine, and `e2e: N passed, N failed, N skipped`.
 * Screenshots of failures go to test-results/e2e/.
 *
 * Env: PAYKIT_BROWSERS=chromium,firefox,webkit (default all) · E2E_SCREENSHOTS=1 (a shot after every test) ·
 *   PAYKIT_E2E_SERVER=0 (leave out the checks without a browser: npm test runs them in its e2e-chromium stage) ·
 *   PAYKIT_E2E_DEMO_BUILD=<dir> (serve the demo page built there by build-demo.mjs, if it is, instead of building it) ·
 *   PAYKIT_E2E_ONLY=<text>|<text>… (run only the flows whose name contains one of them, e.g. `gallery`, or
 *   `strict CSP|US sign-up|EU ` for the EU flows: for measuring or debugging a few flows; a flow one needs must be
 *   selected too, or it is skipped)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectEngines } from '@paykit/test-harness/engine-names';
import { startDemo } from '../../demo/server/index.js';
import { createDriver, type DriverCore, type Engine } from './driver.js';
import { FLOWS, INJECTION_MARK, type FlowContext } from './flows.js';
import { SERVER_CHECKS } from './server-checks.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(repoRoot, 'test-results', 'e2e');

type Outcome = { name: string; status: 'passed' | 'failed' | 'skipped'; ms: number; detail?: string };

/**
 * Each engine's adapter is imported when its run starts: an e2e stage of `npm test` runs one engine, and
 * the other two adapters' drivers (Playwright, puppeteer, WebdriverIO) cost about 1.2–1.7 s of CPU each
 * to load.
 */
async function launch(engine: Engine, onConsole: (type: string, text: string) => void): Promise<DriverCore> {
  switch (engine) {
    case 'chromium':
      return (await import('./adapters/chromium.js')).launchChromium({ onConsole });
    case 'firefox':
      return (await import('./adapters/firefox.js')).launchFirefox({ onConsole });
    case 'webkit':
      return (await import('./adapters/webkit.js')).launchWebKit();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export async function main(): Promise<number> {
  const engines = selectEngines(process.env['PAYKIT_BROWSERS']);
  const everyShot = process.env['E2E_SCREENSHOTS'] === '1';
  const prebuilt = process.env['PAYKIT_E2E_DEMO_BUILD'];
  const build = !(prebuilt && existsSync(path.join(prebuilt, 'index.html')));
  const outDir = build ? mkdtempSync(path.join(tmpdir(), 'paykit-e2e-demo-')) : prebuilt!;
  const serverLog: string[] = [];
  const started = Date.now();
  const demo = await startDemo({ port: 0, outDir, build, log: (line) => serverLog.push(line) });
  console.log(
    `e2e: demo at ${demo.url} (PAN origin ${demo.sandbox.panOrigin}), ` +
      (build ? `built in ${seconds(Date.now() - started)}` : `built by the demo-build stage (${outDir})`),
  );

  const summary: { engine: Engine | 'server'; version: string; outcomes: Outcome[]; ms: number }[] = [];
  try {
    if (process.env['PAYKIT_E2E_SERVER'] !== '0') {
      const t0 = Date.now();
      const outcomes: Outcome[] = [];
      console.log('\n=== server');
      const ctx = { url: demo.url, origin: demo.origin, credentials: demo.sandbox.credentials, outDir };
      for (const check of SERVER_CHECKS) {
        const start = Date.now();
        try {
          await withTimeout(check.run(ctx), 30_000, check.name);
          outcomes.push({ name: check.name, status: 'passed', ms: Date.now() - start });
          console.log(`  ✓ ${check.name} (${seconds(Date.now() - start)})`);
        } catch (error) {
          const detail = error instanceof Error ? error.message : String(error);
          outcomes.push({ name: check.name, status: 'failed', ms: Date.now() - start, detail });
          console.log(`  ✗ ${check.name}\n      ${detail}`);
        }
      }
      summary.push({ engine: 'server', version: 'Node fetch, no browser', outcomes, ms: Date.now() - t0 });
    }
    for (const engine of engines) {
      const engineStart = Date.now();
      const outcomes: Outcome[] = [];
      const consoleLines: string[] = [];
      const reportsBefore = demo.cspReports.length;
      console.log(`\n=== ${engine}`);
      let core: DriverCore | undefined;
      try {
        core = await withTimeout(
          launch(engine, (type, text) => consoleLines.push(`${type}: ${text}`)),
          60_000,
          `launching ${engine}`,
        );
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        outcomes.push({ name: `launch ${engine}`, status: 'failed', ms: Date.now() - engineStart, detail });
        console.log(`  ✗ launch ${engine}: ${detail}`);
      }
      if (core) {
        console.log(`  ${core.version}${core.passkeys.supported ? ' · virtual WebAuthn authenticator' : ''}`);
        const d = createDriver(core);
        const ctx: FlowContext = {
          d,
          demo: {
            url: demo.url,
            origin: demo.origin,
            panOrigin: demo.sandbox.panOrigin,
            kycOrigin: demo.sandbox.kycOrigin,
            cspReports: () => demo.cspReports.slice(reportsBefore),
          },
          state: {},
          console: consoleLines,
        };
        const passed = new Set<string>();
        const only = process.env['PAYKIT_E2E_ONLY'];
        const flows = only ? FLOWS.filter((test) => only.split('|').some((text) => test.name.includes(text))) : FLOWS;
        if (only) console.log(`  PAYKIT_E2E_ONLY=${only}: ${flows.length} of ${FLOWS.length} flows`);
        try {
          for (const test of flows) {
            const t0 = Date.now();
            const blocked = test.needs?.find((name) => !passed.has(name));
            const skip =
              test.only && !test.only.engines.includes(engine)
                ? test.only.reason
                : test.passkey && !core.passkeys.supported
                  ? core.passkeys.reason
                  : blocked && `needs "${blocked}", which did not pass`;
            if (skip) {
              outcomes.push({ name: test.name, status: 'skipped', ms: 0, detail: skip });
              console.log(`  - ${test.name}: skipped (${skip})`);
              continue;
            }
            try {
              await withTimeout(test.run(ctx), test.timeoutMs ?? 60_000, test.name);
              passed.add(test.name);
              outcomes.push({ name: test.name, status: 'passed', ms: Date.now() - t0 });
              console.log(`  ✓ ${test.name} (${seconds(Date.now() - t0)})`);
              if (everyShot) await shot(core, engine, test.name);
            } catch (error) {
              const detail = error instanceof Error ? error.message : String(error);
              outcomes.push({ name: test.name, status: 'failed', ms: Date.now() - t0, detail });
              console.log(
                `  ✗ ${test.name} (${seconds(Date.now() - t0)})\n      ${detail.split('\n').join('\n      ')}`,
              );
              const file = await shot(core, engine, `FAILED ${test.name}`);
              if (file) console.log(`      screenshot: ${path.relative(repoRoot, file)}`);
            }
          }
        } finally {
          await withTimeout(core.close(), 30_000, `closing ${engine}`).catch((error: unknown) =>
            console.log(`  (closing ${engine}: ${String(error)})`),
          );
        }
        const mark = consoleLines.indexOf(INJECTION_MARK);
        const pageErrors = (mark >= 0 ? consoleLines.slice(0, mark) : consoleLines).filter(
          (line) => line.startsWith('pageerror') || line.startsWith('error'),
        );
        if (pageErrors.length) {
          const note = pageErrors.some((line) => /status of 409/.test(line))
            ? ' (a 409 is the SCA_SESSION_REQUIRED that <pay-sca-challenge> answers by itself)'
            : '';
          console.log(`  browser console errors, for information${note}:\n    ${pageErrors.join('\n    ')}`);
        }
      }
      const ms = Date.now() - engineStart;
      summary.push({ engine, version: core?.version ?? 'not started', outcomes, ms });
      const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
      console.log(
        `  ${engine}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped in ${seconds(ms)}`,
      );
    }
  } finally {
    await demo.close();
    if (build) rmSync(outDir, { recursive: true, force: true });
  }

  const all = summary.flatMap((s) => s.outcomes);
  const total = (status: Outcome['status']) => all.filter((o) => o.status === status).length;
  const failed = total('failed');
  if (failed && serverLog.length) console.log(`\nserver log:\n  ${serverLog.slice(-30).join('\n  ')}`);
  console.log('');
  for (const s of summary) {
    const c = (status: Outcome['status']) => s.outcomes.filter((o) => o.status === status).length;
    console.log(
      `  ${s.engine.padEnd(9)} ${String(c('passed')).padStart(2)} passed ${String(c('failed')).padStart(2)} failed ${String(c('skipped')).padStart(2)} skipped  ${seconds(s.ms).padStart(7)}  ${s.version}`,
    );
  }
  console.log(`e2e: ${total('passed')} passed, ${failed} failed, ${total('skipped')} skipped`);
  return failed > 0 || all.length === 0 ? 1 : 0;
}

async function shot(core: DriverCore, engine: Engine, name: string): Promise<string | undefined> {
  try {
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${engine}-${slug(name)}.png`);
    await withTimeout(core.screenshot(file), 10_000, 'screenshot');
    return file;
  } catch {
    return undefined;
  }
}
