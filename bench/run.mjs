/**
 * `npm run bench`: Paykit beside the peer toolkit (Turnkey), measured side by side in one run, written
 * to bench/results.json and bench/results.md, and (a full run) into README.md between its bench
 * markers. Five measures, in this order (quietest machine first for the timings): bundle sizes
 * (esbuild + gzip -9), client-side crypto time in Chromium, Firefox ESR and WebKitGTK (one page, both
 * libraries, interleaved runs), define → first interactive render of each element (Chromium), requests
 * per flow counted at the WalletClient's transport (Node against the sandbox; passkey in Chromium with
 * a virtual authenticator), the sandbox's signed-retry throughput on loopback beside a bare floor
 * server (60 s each; and again with the state pre-grown to 100,000 customers), and requests forwarded
 * through `@paykit/proxy` (memory and Redis store) beside a bare pass-through floor. Method and caveats:
 * bench/README.md.
 *
 * Exits non-zero when a size is over budget, a flow is above its protocol minimum, an output failed
 * its correctness check or Chromium could not run; timings alone never fail it.
 *
 * @example
 *   npm run bench                          # full run, a few minutes on 2 cores
 *   node bench/run.mjs --quick             # fewer runs → bench/results.partial.{json,md}
 *   node bench/run.mjs --only=sizes,requests --engines=chromium
 *   node bench/run.mjs --report-only --update-readme   # re-splice the READMEs' bench blocks (a full run always does)
 *   node bench/run.mjs --report-only       # re-render results.md from results.json, measure nothing
 *   node bench/run.mjs --only=load --into-results   # re-measure only the load section into results.json/.md
 *   node bench/run.mjs --only=sizes --into-results  # re-measure the sizes (seconds) into results.json/.md and the READMEs
 *   node bench/run.mjs --only=proxy                 # the proxy row alone (~1 min) → bench/results.partial.{json,md}
 *   node bench/run.mjs --only=proxy --into-results  # the same, into results.json/.md and the proxy README
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_OPTIONS, REPO_ROOT, bundleSize } from './lib/bundle-size.mjs';
import { launchEngine } from './lib/engines.mjs';
import { ELEMENT_TAGS, buildPages } from './lib/pages.mjs';
import { README_BLOCKS, renderReadmes } from './lib/readmes.mjs';
import { renderMarkdown, resultsJson } from './lib/report.mjs';
import { startSandboxChild } from './lib/sandbox-child.mjs';
import { SIZE_ROWS } from './lib/size-entries.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { ratio, summarize } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = flag('quick');
const SECTIONS = (option('only') ?? 'sizes,crypto,elements,requests,load,proxy').split(',');
const ENGINES = (option('engines') ?? 'chromium,firefox,webkit').split(',');
const PARTIAL = QUICK || option('only') !== undefined || option('engines') !== undefined;
const CONFIG = QUICK
  ? {
      warmup: 5,
      runs: 30,
      elementWarmup: 1,
      elementRuns: 5,
      loadSeconds: 5,
      concurrency: 8,
      proxyRounds: 1,
      proxyRoundSeconds: 3,
      proxyLatencySamples: 200,
    }
  : {
      warmup: 30,
      runs: 200,
      elementWarmup: 3,
      elementRuns: 30,
      loadSeconds: 60,
      concurrency: 8,
      proxyRounds: 5, // the proxy row: rounds in which each server takes a turn
      proxyRoundSeconds: 4, // seconds per turn
      proxyLatencySamples: 300, // sequential requests per server per round, for the added latency
    };
const OUT = path.join(REPO_ROOT, 'bench', PARTIAL ? 'results.partial' : 'results');

/** The fewest requests each flow can make under the wallet protocol, and why. */
const FLOWS = [
  {
    id: 'otp',
    label: 'OTP login',
    minimum: 3,
    why: 'challenge (signed target bundle) → verify leg 1 (202, JWT to sign) → verify leg 2 (stamped)',
  },
  {
    id: 'passkey',
    label: 'Passkey login',
    minimum: 2,
    why: 'challenge (binds the new session key) → verify with the WebAuthn assertion',
  },
  {
    id: 'oauth',
    label: 'OAuth login',
    minimum: 1,
    why: 'verify with the ID token, whose nonce already binds the session key',
  },
  {
    id: 'refresh',
    label: 'Session refresh',
    minimum: 2,
    why: 'signed retry: leg 1 (202 payloadToSign) → stamped leg 2 (201 new session)',
  },
  {
    id: 'export',
    label: 'Wallet export',
    minimum: 2,
    why: 'signed retry: leg 1 (202) → stamped leg 2 (200, the signed export bundle)',
  },
  {
    id: 'execute',
    label: 'Quote execution',
    minimum: 1,
    why: "one request, stamped over the quote's own payloadToSign",
  },
];

const log = (message) =>
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${message}\n`);
const firstLine = (error) =>
  String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 300);
const started = Date.now();
const problems = [];

async function main() {
  log(
    `${PARTIAL ? 'partial' : 'full'} run: ${SECTIONS.join(', ')}; engines ${ENGINES.join(', ')}; ${CONFIG.warmup} warm-up + ${CONFIG.runs} runs`,
  );
  const results = { meta: await meta(), config: CONFIG };
  const pagesDir = await mkdtemp(path.join(os.tmpdir(), 'paykit-bench-'));
  let server;
  try {
    if (SECTIONS.includes('sizes')) results.sizes = await section('sizes', measureSizes);
    if (SECTIONS.some((s) => ['crypto', 'elements', 'requests'].includes(s))) {
      await section('pages', async () => {
        await buildPages(pagesDir);
        server = await serveStatic(pagesDir);
      });
    }
    const noPages = { status: 'failed', reason: 'the bench pages did not build' };
    if (SECTIONS.includes('crypto'))
      results.crypto = server ? await section('crypto', () => measureCrypto(server.origin)) : noPages;
    if (SECTIONS.includes('elements'))
      results.elements = server
        ? await section('elements', () => measureElements(server.origin, results.sizes))
        : noPages;
    if (SECTIONS.includes('requests'))
      results.requests = server ? await section('requests', () => countRequests(server)) : noPages;
    if (SECTIONS.includes('load'))
      results.throughput = await section('load', () => measureThroughput(results.meta.commit));
    if (SECTIONS.includes('proxy')) results.proxy = await section('proxy', () => measureProxy(results.meta.commit));
  } finally {
    await server?.close();
    await rm(pagesDir, { recursive: true, force: true });
  }
  results.meta.durationSeconds = Math.round((Date.now() - started) / 1000);
  results.meta.machine.loadAverageBySection = sectionLoad;
  results.problems = problems;

  await reportSizeChanges(results.sizes);
  await writeFile(`${OUT}.json`, resultsJson(results));
  await writeFile(`${OUT}.md`, renderMarkdown(results));
  log(`wrote ${path.relative(REPO_ROOT, OUT)}.json and .md`);
  if (flag('into-results')) await mergeIntoResults(results);
  else if (!PARTIAL || flag('update-readme')) await updateReadme(results);
  if (problems.length) {
    log(`problems:\n  - ${problems.join('\n  - ')}`);
    process.exitCode = 1;
  }
}

/** Load average (1 min) at the start and end of each section: other work on the machine skews timings. */
const sectionLoad = {};

async function section(name, run) {
  const t0 = Date.now();
  log(`${name}…`);
  const load = () => Number(os.loadavg()[0].toFixed(2));
  sectionLoad[name] = { start: load() };
  try {
    const value = await run();
    sectionLoad[name].end = load();
    log(`${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    problems.push(`${name}: ${firstLine(error)}`);
    log(`${name} FAILED: ${error?.stack ?? error}`);
    return { status: 'failed', reason: firstLine(error) };
  }
}

// ---- 1. sizes ---------------------------------------------------------------------------------------

async function measureSizes() {
  const rows = [];
  for (const row of SIZE_ROWS) {
    const out = { id: row.id, label: row.label, ours: { what: row.ours.what, entry: row.ours.entry }, peer: null };
    if (row.budget) out.budget = row.budget;
    if (row.detail) out.detail = true;
    try {
      Object.assign(
        out.ours,
        { status: 'ok' },
        await bundleSize(row.ours.entry, {
          external: row.ours.external,
          forbidden: row.ours.forbidden,
          split: row.ours.split,
        }),
      );
    } catch (error) {
      Object.assign(out.ours, { status: row.mayBePending ? 'pending' : 'failed', reason: firstLine(error) });
      if (!row.mayBePending) problems.push(`size of ${row.label}: ${firstLine(error)}`);
    }
    if (row.peer) {
      out.peer = { what: row.peer.what, entry: row.peer.entry, ...(row.peer.note ? { note: row.peer.note } : {}) };
      try {
        Object.assign(out.peer, { status: 'ok' }, await bundleSize(row.peer.entry, { external: row.peer.external }));
      } catch (error) {
        Object.assign(out.peer, { status: 'failed', reason: firstLine(error) });
      }
    } else {
      out.noPeer = row.noPeer;
    }
    out.ratio = ratio(out.ours.gzip, out.peer?.gzip);
    if (row.budget && out.ours.status === 'ok') {
      out.withinBudget = out.ours.gzip <= row.budget;
      if (!out.withinBudget)
        problems.push(`${row.label}: ${out.ours.gzip} B min+gzip is over its ${row.budget} B budget`);
    }
    log(
      `  ${row.label}: ${out.ours.gzip ?? out.ours.status} B${out.peer ? ` vs ${out.peer.gzip ?? out.peer.status} B` : ''}`,
    );
    rows.push(out);
  }
  const { write, metafile, logLevel, ...options } = BUNDLE_OPTIONS;
  return { method: { esbuild: options, gzip: 'node:zlib gzipSync, level 9', unit: 'bytes (1 kB = 1000 B)' }, rows };
}

// ---- 2. crypto timings --------------------------------------------------------------------------------

async function measureCrypto(origin) {
  const engines = {};
  for (const name of ENGINES) {
    let engine;
    const t0 = Date.now();
    try {
      engine = await launchEngine(name);
      log(`  ${engine.version}…`);
      await engine.open(`${origin}/crypto.html`);
      await engine.waitFor('typeof window.__startCrypto === "function"', 30_000);
      await engine.evaluate(
        `(window.__startCrypto(${JSON.stringify({ warmup: CONFIG.warmup, runs: CONFIG.runs })}), true)`,
      );
      const state = JSON.parse(await engine.waitFor('window.__bench.done && JSON.stringify(window.__bench)', 600_000));
      if (state.error) throw new Error(state.error);
      const { ops, ...page } = state.result;
      engines[name] = {
        status: 'ok',
        version: engine.version,
        ...page,
        seconds: Math.round((Date.now() - t0) / 1000),
        ops: ops.map((op) => {
          const ours = { fn: op.ours.fn, ...summarize(op.ours.samples) };
          const peer = { fn: op.peer.fn, ...summarize(op.peer.samples) };
          return { id: op.id, label: op.label, batch: op.batch, ours, peer, ratio: ratio(ours.median, peer.median) };
        }),
      };
      log(`  ${name}: ${engines[name].ops.map((op) => `${op.id} ${op.ours.median}/${op.peer.median} ms`).join(', ')}`);
    } catch (error) {
      engines[name] = { status: 'did not run', version: engine?.version, reason: firstLine(error) };
      log(`  ${name} did not run: ${firstLine(error)}`);
      // A failed correctness check is a real failure anywhere; an engine that cannot start only matters for Chromium.
      if (name === 'chromium' || /failed their checks/.test(String(error)))
        problems.push(`crypto in ${name}: ${firstLine(error)}`);
    } finally {
      await engine?.close().catch(() => undefined);
    }
  }
  return { warmup: CONFIG.warmup, runs: CONFIG.runs, engines };
}

// ---- 3. elements: define → first interactive render ----------------------------------------------------

async function measureElements(origin, sizes) {
  const engine = await launchEngine('chromium');
  try {
    const samples = Object.fromEntries(ELEMENT_TAGS.map((tag) => [tag, { totalMs: [], importMs: [], renderMs: [] }]));
    const controls = {};
    for (let round = 0; round < CONFIG.elementWarmup + CONFIG.elementRuns; round++) {
      for (const tag of ELEMENT_TAGS) {
        await engine.open(`${origin}/elements.html?tag=${tag}`);
        const result = JSON.parse(await engine.waitFor('window.__element && JSON.stringify(window.__element)', 15_000));
        if (result.error) throw new Error(`${tag}: ${result.error}`);
        controls[tag] = result.control;
        if (round < CONFIG.elementWarmup) continue;
        for (const key of ['totalMs', 'importMs', 'renderMs']) samples[tag][key].push(result[key]);
      }
    }
    const sizeOf = (tag) => sizes?.rows?.find((row) => row.id === `element:${tag}`)?.ours?.gzip;
    return {
      engine: engine.version,
      warmup: CONFIG.elementWarmup,
      runs: CONFIG.elementRuns,
      components: ELEMENT_TAGS.map((tag) => ({
        tag,
        firstControl: controls[tag],
        bundleGzip: sizeOf(tag),
        total: summarize(samples[tag].totalMs),
        importAndDefine: summarize(samples[tag].importMs),
        render: summarize(samples[tag].renderMs),
      })),
    };
  } finally {
    await engine.close().catch(() => undefined);
  }
}

// ---- 4. requests per flow ---------------------------------------------------------------------------

async function countRequests(server) {
  const counted = {};
  const node = JSON.parse(await runTsx('bench/flows/requests.ts', {}, 60_000));
  for (const flow of node.flows)
    counted[flow.id] = { requests: flow.requests, where: 'Node: WalletClient → fetch → startSandbox on 127.0.0.1' };
  try {
    counted.passkey = {
      ...(await countPasskeyLogin(server)),
      where: 'Chromium: WalletClient in a page, CDP virtual authenticator, sandbox on 127.0.0.1',
    };
  } catch (error) {
    counted.passkey = { error: firstLine(error), where: 'Chromium' };
  }
  const flows = FLOWS.map((flow) => {
    const found = counted[flow.id];
    const count = found?.requests?.length;
    const atMinimum = count === flow.minimum;
    if (!atMinimum)
      problems.push(
        `${flow.label}: ${count ?? 'not counted'} requests, protocol minimum ${flow.minimum}${found?.error ? ` (${found.error})` : ''}`,
      );
    return {
      ...flow,
      count,
      atMinimum,
      requests: found?.requests ?? [],
      where: found?.where,
      ...(found?.error ? { error: found.error } : {}),
    };
  });
  return {
    method: "WalletClient's transport wrapped by a counter (CORS preflights are the browser's and are not counted)",
    flows,
  };
}

async function countPasskeyLogin(server) {
  const sandbox = await startSandboxChild();
  let engine;
  try {
    const headers = { Authorization: sandbox.authorization, 'Content-Type': 'application/json' };
    const call = async (method, pathname, body) => {
      const response = await fetch(`${sandbox.baseUrl}${pathname}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status}`);
      return response.json();
    };
    const id = `bench-passkey-${process.pid}`;
    const customer = await call('POST', '/customers', {
      platformCustomerId: id,
      customerType: 'INDIVIDUAL',
      email: `${id}@example.com`,
      fullName: 'Ana Passkey',
    });
    const account = (await call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`))
      .data[0];
    const credential = (await call('GET', `/auth/credentials?accountId=${encodeURIComponent(account.id)}`)).data[0];

    engine = await launchEngine('chromium');
    const cdp = await engine.context.newCDPSession(engine.page);
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
    // WebAuthn's relying party is `localhost` (the sandbox's rpId), so the page is opened by that name.
    await engine.open(`http://localhost:${server.port}/passkey.html`);
    await engine.waitFor('typeof window.__passkeyFlow === "function"', 15_000);
    const input = { baseUrl: sandbox.baseUrl, authorization: sandbox.authorization, otpCredentialId: credential.id };
    const result = await engine.page.evaluate((value) => window.__passkeyFlow(value), input);
    if (result.sessionType !== 'PASSKEY') throw new Error(`the passkey login made a ${result.sessionType} session`);
    return { requests: result.requests };
  } finally {
    await engine?.close().catch(() => undefined);
    await sandbox.stop();
  }
}

// ---- 5. sandbox throughput ----------------------------------------------------------------------------

async function measureThroughput(commit) {
  const env = { BENCH_LOAD_SECONDS: String(CONFIG.loadSeconds), BENCH_LOAD_CONCURRENCY: String(CONFIG.concurrency) };
  // Three servers one after the other, each set up (the grown one seeds 400,000 records), warmed and measured.
  const result = JSON.parse(await runTsx('bench/load/load.ts', env, (3 * (CONFIG.loadSeconds + 20) + 300) * 1000));
  for (const phase of result.phases) {
    log(
      `  ${phase.name}: ${phase.requestsPerSecond} requests/s, by 5 s slice ${phase.requestsPerSecondBySlice.join(' ')}; ${phase.errors} errors`,
    );
    if (phase.errors) problems.push(`load (${phase.name}): ${phase.errors} operations failed (${phase.firstError})`);
  }
  log(`  sandbox ÷ floor ${result.ratio.sandboxToFloor}, grown ÷ floor ${result.ratio.grownToFloor}`);
  return { ...result, run: { date: new Date().toISOString(), commit } };
}

// ---- 6. the proxy beside a pass-through floor --------------------------------------------------------------

async function measureProxy(commit) {
  const env = {
    BENCH_PROXY_ROUNDS: String(CONFIG.proxyRounds),
    BENCH_PROXY_ROUND_SECONDS: String(CONFIG.proxyRoundSeconds),
    BENCH_PROXY_LATENCY_SAMPLES: String(CONFIG.proxyLatencySamples),
    BENCH_PROXY_CONCURRENCY: String(CONFIG.concurrency),
  };
  const budget = (4 * (CONFIG.proxyRounds * (CONFIG.proxyRoundSeconds + 5) + 5) + 60) * 1000;
  const result = JSON.parse(await runTsx('bench/load/proxy-load.ts', env, budget));
  for (const server of result.servers) {
    log(
      `  ${server.name}: ${server.requestsPerSecond} requests/s (by round ${server.requestsPerSecondByRound.join(' ')}), p50 ${server.latencyMs.median} ms, p99 ${server.latencyMs.p99} ms; ${server.errors} errors`,
    );
    if (server.errors) problems.push(`proxy (${server.name}): ${server.errors} requests failed (${server.firstError})`);
  }
  const { memory, redis } = result.addedLatencyMs;
  log(
    `  memory ÷ floor ${result.ratio.memoryToFloor}, added p50/p99 ${memory?.p50}/${memory?.p99} ms; redis ÷ floor ${result.ratio.redisToFloor ?? '—'}, added ${redis?.p50 ?? '—'}/${redis?.p99 ?? '—'} ms${result.redisSkipped ? ` (Redis: ${result.redisSkipped})` : ''}`,
  );
  return { ...result, run: { date: new Date().toISOString(), commit } };
}

// ---- helpers --------------------------------------------------------------------------------------------

/** Runs a TypeScript script with the workspace's source condition; resolves with its last stdout line. */
function runTsx(script, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split('\n').pop();
      if (code === 0 && last) resolve(last);
      else reject(new Error(`${script} exited ${code ?? signal}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

async function meta() {
  const version = async (name) => {
    try {
      return JSON.parse(await readFile(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  const git = await new Promise((resolve) => {
    const child = spawn('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', () => resolve(out.trim() || undefined));
    child.once('error', () => resolve(undefined));
  });
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    commit: git,
    partial: PARTIAL,
    machine: {
      platform: `${os.platform()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model?.trim(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    },
    node: process.version,
    esbuild: await version('esbuild'),
    paykit: {
      '@paykit/crypto-core': await version('@paykit/crypto-core'),
      '@paykit/elements': await version('@paykit/elements'),
      lit: await version('lit'),
    },
    peer: Object.fromEntries(
      await Promise.all(
        [
          '@turnkey/crypto',
          '@turnkey/api-key-stamper',
          '@turnkey/indexed-db-stamper',
          '@turnkey/webauthn-stamper',
          '@turnkey/sdk-browser',
        ].map(async (name) => [name, await version(name)]),
      ),
    ),
  };
}

/** Prints every size that moved since the committed bench/results.json (the last published run). */
async function reportSizeChanges(sizes) {
  let previous;
  try {
    previous = JSON.parse(await readFile(path.join(REPO_ROOT, 'bench', 'results.json'), 'utf8')).sizes?.rows ?? [];
  } catch {
    return;
  }
  for (const row of sizes?.rows ?? []) {
    const before = previous.find((p) => p.id === row.id)?.ours?.gzip;
    if (before !== undefined && row.ours.gzip !== undefined && before !== row.ours.gzip) {
      const delta = row.ours.gzip - before;
      log(
        `  size change since the published results: ${row.label} ${before} → ${row.ours.gzip} B (${delta > 0 ? '+' : ''}${delta} B)`,
      );
    }
  }
}

/**
 * `--only=sizes --into-results`, `--only=load --into-results`, `--only=proxy --into-results` (or several):
 * puts this run's sizes, throughput and/or proxy row into the published bench/results.json (the other sections keep their run; a merged section
 * states its own date and commit), then re-renders results.md and the READMEs' blocks from it. Sizes
 * are deterministic, so after a change that moves them (a new element, say) this is enough to bring the
 * READMEs up to date without re-timing everything.
 */
async function mergeIntoResults(results) {
  const file = path.join(REPO_ROOT, 'bench', 'results.json');
  const published = JSON.parse(await readFile(file, 'utf8'));
  const merged = [];
  if (SECTIONS.includes('sizes')) {
    if (!results.sizes?.rows) throw new Error('--into-results: the sizes section did not run');
    published.sizes = { ...results.sizes, run: { date: new Date().toISOString(), commit: results.meta.commit } };
    merged.push('sizes');
  }
  if (SECTIONS.includes('load')) {
    if (!results.throughput?.phases) throw new Error('--into-results: the load section did not run');
    published.throughput = results.throughput;
    published.config = { ...published.config, loadSeconds: CONFIG.loadSeconds, concurrency: CONFIG.concurrency };
    merged.push('load');
  }
  if (SECTIONS.includes('proxy')) {
    if (!results.proxy?.servers) throw new Error('--into-results: the proxy section did not run');
    published.proxy = results.proxy;
    merged.push('proxy');
  }
  if (!merged.length) throw new Error('--into-results takes --only= sizes, load and/or proxy');
  for (const name of merged)
    if (published.meta?.machine?.loadAverageBySection && sectionLoad[name])
      published.meta.machine.loadAverageBySection[name] = sectionLoad[name];
  await writeFile(file, resultsJson(published));
  await writeFile(path.join(REPO_ROOT, 'bench', 'results.md'), renderMarkdown(published));
  await updateReadme(published);
  log(`merged ${merged.join(' and ')} into bench/results.json and re-rendered results.md`);
}

/** Re-splices every README's bench block from `results` (README.md and the package READMEs; lib/readmes.mjs). */
async function updateReadme(results) {
  for (const [file, text] of await renderReadmes(results)) await writeFile(path.join(REPO_ROOT, file), text);
  log(`updated the bench blocks of ${README_BLOCKS.map((block) => block.file).join(', ')}`);
}

if (flag('report-only')) {
  const results = JSON.parse(await readFile(`${OUT}.json`, 'utf8'));
  await writeFile(`${OUT}.md`, renderMarkdown(results));
  if (flag('update-readme')) await updateReadme(results);
  log(`re-rendered ${path.relative(REPO_ROOT, OUT)}.md`);
} else {
  await main();
}
