#!/usr/bin/env node
/**
 * `npm test`: every stage of stages.mjs, JOBS at a time, each as soon as the stages it waits for have
 * passed. A plain script rather than a task runner (wireit, turbo): a dozen stages with three
 * dependencies need a queue and a hash of a few inputs, not a build graph. Each stage writes to
 * test-results/stages/<name>.log; its output is printed whole when it ends, so stages running side by
 * side do not interleave. At the end: each stage's wall time, when it started, and its share of the
 * run, then the failed stages. Exit code 1 when any stage failed or did not run.
 *
 * Outside CI (`CI=true` always runs everything from scratch), a stage with `inputs` that hash as they
 * did when it last passed is not run again, and `--quick` (`npm run test:quick`) runs only what the
 * change since the last green run can affect, in Chromium, and prints what it left out.
 *
 * @example
 *   npm test
 *   npm run test:quick
 *   node test/harness/run-tests.mjs --only node,chromium     some stages (and nothing they wait for)
 *   PAYKIT_TEST_JOBS=1 npm test                              one stage at a time
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { affectedTests, changedFiles, recordGreen } from './affected.mjs';
import { stageCpu } from './stage-cpu.mjs';
import { STAGES, quickStages } from './stages.mjs';
import { findTestFiles } from './test-files.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const logsDir = path.join(repoRoot, 'test-results', 'stages');
/**
 * Stages at once: one more than the cores. A stage also waits (on a browser's start, a page's timers, a
 * child server): with one stage per core the two cores were busy 70 % of the run; with three, 98 %
 * (511.6 s → 383.8 s on the 2-core machine). Four at once (load 18) made every stage five to ten times
 * slower than alone and timed tests out.
 */
const JOBS = Math.max(1, Number(process.env.PAYKIT_TEST_JOBS) || cpus().length + 1);
/**
 * One stage more than JOBS while the cores are idle: three stages left the two cores idle about a tenth of
 * the run (each waits at times: on a browser's start, a dev server, a page's timers, the sandbox's clock).
 * The extra slot opens only when the machine's cores were at least IDLE_TO_ADD idle over the last
 * IDLE_WINDOW_MS (read from /proc/stat, so other work on the machine counts too), and the stage it starts
 * runs to its end. Never with PAYKIT_TEST_JOBS set, nor where /proc/stat is missing.
 */
const EXTRA_JOBS = process.env.PAYKIT_TEST_JOBS ? 0 : 1;
const IDLE_TO_ADD = 0.35;
const IDLE_WINDOW_MS = 3000;

const CI = process.env.CI === 'true';
/** Every Node process a stage starts runs with V8's interrupt budget raised (v8-tiering.mjs: why, and what it saves). */
const NODE_OPTIONS = [
  process.env.NODE_OPTIONS,
  `--import=${pathToFileURL(path.join(repoRoot, 'test/harness/v8-tiering.mjs'))}`,
]
  .filter(Boolean)
  .join(' ');
const HASHES = path.join(repoRoot, 'test-results', 'stage-inputs.json');
const quick = process.argv.includes('--quick');
if (quick && CI) console.log('--quick is for local runs: with CI=true every stage runs');

let stages = STAGES;
if (quick && !CI) {
  const change = changedFiles(repoRoot);
  const existing = change.files.filter((file) => existsSync(path.join(repoRoot, file)));
  // one import graph over the files of both runtimes (most run in both), split afterwards
  const allNode = findTestFiles(repoRoot, 'node');
  const allBrowser = findTestFiles(repoRoot, 'browser');
  const affected = new Set(await affectedTests(repoRoot, [...new Set([...allNode, ...allBrowser])], change.files));
  const nodeFiles = allNode.filter((file) => affected.has(file));
  const browserFiles = allBrowser.filter((file) => affected.has(file));
  const plan = quickStages({ changed: existing, nodeFiles, browserFiles });
  stages = plan.stages;
  console.log(
    `npm run test:quick: ${change.files.length} files changed since ${change.base.slice(0, 9)} ` +
      `(the last green run, else the merge base with main); ${nodeFiles.length} Node and ` +
      `${browserFiles.length} browser test files can be affected`,
  );
  for (const reason of plan.left) console.log(`  left out: ${reason}`);
}
const only = readList('--only');
if (only) {
  for (const name of only)
    if (!stages.some((stage) => stage.name === name))
      throw new Error(`--only: no stage ${name}; stages: ${stages.map((s) => s.name).join(', ')}`);
  stages = stages.filter((stage) => only.includes(stage.name));
}
const passedInputs = !CI && existsSync(HASHES) ? JSON.parse(readFileSync(HASHES, 'utf8')) : {};

mkdirSync(logsDir, { recursive: true });
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
const clock = () => `[${seconds(Date.now() - started).padStart(6)} s]`;
/** @type {Map<string, { status: 'passed' | 'failed' | 'not run', startedAt?: number, ms?: number, why?: string }>} */
const results = new Map();
const running = new Map();

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running.values()) killGroup(child, 'SIGINT');
    process.exit(130);
  });
}

console.log(
  `${quick && !CI ? 'npm run test:quick' : 'npm test'}: ${stages.length} stages, ${JOBS} at a time` +
    `${EXTRA_JOBS ? ` (${JOBS + EXTRA_JOBS} while the cores are idle)` : ''} ` +
    `(logs in ${path.relative(repoRoot, logsDir)}/)`,
);
await new Promise((resolve) => {
  const schedule = () => {
    for (const stage of stages) {
      if (results.has(stage.name) || running.has(stage.name)) continue;
      const waitsFor = stage.after.filter((name) => stages.some((s) => s.name === name));
      const failed = waitsFor.find((name) => results.get(name) && results.get(name).status !== 'passed');
      if (failed) {
        results.set(stage.name, { status: 'not run', why: `${failed} did not pass` });
        console.log(`${clock()} ✖ ${stage.name}: not run, ${failed} did not pass`);
        continue;
      }
      if (!waitsFor.every((name) => results.get(name)?.status === 'passed')) continue;
      // a stage others wait for (typecheck, pack, demo-build: short) takes the extra slot whether or not the
      // cores are idle: with it taken by an engine that started early on idle cores, pack once waited 62 s
      // for a slot while adopters and nextjs waited for pack (clean-clone run, 373.4 s)
      const leads = stages.some((other) => other.after.includes(stage.name));
      const extra = running.size < JOBS + EXTRA_JOBS && (leads || idle?.share() >= IDLE_TO_ADD) ? 1 : 0;
      if (running.size >= JOBS + extra) continue;
      start(stage).then(schedule);
    }
    if (running.size === 0 && stages.every((stage) => results.has(stage.name))) {
      clearInterval(idle?.timer);
      resolve();
    }
  };
  // sampled only while an extra slot may open
  const idle = EXTRA_JOBS ? idleCores(schedule) : undefined;
  schedule();
});

const total = Date.now() - started;
console.log(
  `\n=== npm test: ${seconds(total)} s with ${JOBS} stages at a time${EXTRA_JOBS ? `, ${JOBS + EXTRA_JOBS} while the cores were idle` : ''}`,
);
console.log(
  'stage        status   wall (s)  from (s)  CPU (s)  share of the run   (same: inputs unchanged since it passed)',
);
let cpuTotal = 0;
for (const stage of stages) {
  const result = results.get(stage.name);
  if (!result) continue;
  cpuTotal += result.cpuMs ?? 0;
  const share = result.ms === undefined ? '' : `${Math.round((100 * result.ms) / total)} %`;
  const column = (ms, width) => (ms === undefined ? '-' : seconds(ms)).padStart(width);
  console.log(
    `${stage.name.padEnd(12)} ${(result.cached ? 'same' : result.status).padEnd(8)} ${column(result.ms, 8)}` +
      `  ${column(result.startedAt === undefined ? undefined : result.startedAt - started, 8)}` +
      `  ${column(result.cpuMs, 7)}  ${share}`,
  );
}
console.log(
  `CPU: ${seconds(cpuTotal)} s in ${seconds(total)} s of wall time on ${cpus().length} cores ` +
    ([...results.values()].every((result) => result.cpuByGroup !== false)
      ? '(every process of each stage, by control group)'
      : "(what each stage's shell waited for: browsers that leave the process tree are not counted)"),
);
const bad = [...results].filter(([, result]) => result.status !== 'passed');
if (bad.length) {
  console.log(`\nnpm test FAILED: ${bad.map(([name, r]) => `${name} (${r.why ?? r.status})`).join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(`\n${quick ? 'npm run test:quick' : 'npm test'}: every stage passed`);
  if (!CI) recordGreen(repoRoot);
}

/** Runs a stage's commands in turn; resolves when it has passed or failed (never rejects). */
async function start(stage) {
  const log = path.join(logsDir, `${stage.name}.log`);
  const out = createWriteStream(log);
  const startedAt = Date.now();
  const inputs = stage.inputs && !CI ? hashInputs(stage.inputs) : undefined;
  if (inputs && passedInputs[stage.name] === inputs) {
    results.set(stage.name, { status: 'passed', startedAt, ms: 0, why: undefined, cached: true });
    console.log(`${clock()} ✔ ${stage.name}: its inputs are as when it last passed (${inputs}); not run again`);
    return;
  }
  console.log(`${clock()} ▶ ${stage.name}`);
  running.set(stage.name, undefined);
  let why;
  let cpuMs = 0;
  const timesFile = path.join(logsDir, `${stage.name}.times`);
  const account = stageCpu(stage.name);
  for (const [command, ...args] of stage.commands) {
    out.write(`$ ${[path.basename(command), ...args].join(' ')}\n`);
    const code = await new Promise((resolve) => {
      // through sh, whose `times` reports the CPU the command and everything it waited for used (and, in
      // the stage's control group where the machine allows one, every process it started: stage-cpu.mjs)
      const script = `${account.join}"$@"; status=$?; times > "$PAYKIT_TIMES_FILE"; exit $status`;
      const child = spawn('sh', ['-c', script, 'sh', command, ...args], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...stage.env,
          NODE_OPTIONS,
          PAYKIT_PACKED: '1',
          FORCE_COLOR: '0',
          PAYKIT_TIMES_FILE: timesFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // its own process group: a timeout stops the stage's browsers and drivers with it
        detached: true,
      });
      running.set(stage.name, child);
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      const timer = setTimeout(() => {
        why = `stopped after ${stage.timeoutMs / 60_000} min`;
        killGroup(child, 'SIGINT');
        setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
      }, stage.timeoutMs);
      child.on('error', (error) => (out.write(`${error.stack}\n`), resolve(1)));
      child.on('close', (exitCode, signal) => {
        clearTimeout(timer);
        cpuMs += readChildrenCpu(timesFile);
        resolve(exitCode ?? (signal ? 1 : 0));
      });
    });
    if (code !== 0) {
      why ??= `exit code ${code}`;
      break;
    }
  }
  const counted = account.counted();
  account.remove();
  if (counted !== undefined) cpuMs = counted;
  await new Promise((resolve) => out.end(resolve));
  running.delete(stage.name);
  const ms = Date.now() - startedAt;
  results.set(stage.name, {
    status: why ? 'failed' : 'passed',
    startedAt,
    ms,
    cpuMs,
    cpuByGroup: counted !== undefined,
    why,
  });
  if (inputs && !why) {
    // re-read: stages passing side by side each add their own
    const stored = existsSync(HASHES) ? JSON.parse(readFileSync(HASHES, 'utf8')) : {};
    writeFileSync(HASHES, JSON.stringify({ ...stored, [stage.name]: inputs }, null, 2) + '\n');
  }
  console.log(
    `\n${'='.repeat(20)} ${stage.name}: ${why ? `FAILED (${why})` : 'passed'} in ${seconds(ms)} s ${'='.repeat(20)}`,
  );
  process.stdout.write(readFileSync(log, 'utf8'));
  console.log(`${clock()} ${why ? '✖' : '✔'} ${stage.name} (${seconds(ms)} s)`);
}

/**
 * The share of the cores' time that was idle over the last IDLE_WINDOW_MS, sampled every second from
 * /proc/stat; `onSample` runs after each sample (the scheduler looks again). 0 where /proc/stat is missing.
 */
function idleCores(onSample) {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
    } catch {
      return undefined;
    }
  };
  const samples = [read()].filter(Boolean);
  const state = {
    share() {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.total === first.total) return 0;
      return (last.idle - first.idle) / (last.total - first.total);
    },
    timer: setInterval(() => {
      const sample = read();
      if (!sample) return;
      samples.push(sample);
      if (samples.length > IDLE_WINDOW_MS / 1000 + 1) samples.shift();
      onSample();
    }, 1000),
  };
  return state;
}

/** A short hash of the content of every file (tracked or new, not ignored) the pathspecs name. */
function hashInputs(pathspecs) {
  const list = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', ...pathspecs], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const hash = createHash('sha256');
  for (const file of list.split('\0').filter(Boolean).sort()) {
    const absolute = path.join(repoRoot, file);
    if (!existsSync(absolute)) continue; // deleted, not yet staged
    hash.update(`${file}\0`).update(readFileSync(absolute)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** User + system milliseconds of the children line of sh's `times` ("0m1.50s 0m0.20s"), 0 if absent. */
function readChildrenCpu(file) {
  try {
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
      (sum, [, m, sec]) => sum + (Number(m) * 60 + Number(sec)) * 1000,
      0,
    );
  } catch {
    return 0;
  }
}

function killGroup(child, signal) {
  try {
    if (child) process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}

function readList(flag) {
  const index = process.argv.indexOf(flag);
  if (index === -1) return undefined;
  return (process.argv[index + 1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
