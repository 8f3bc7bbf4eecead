#!/usr/bin/env node
/**
 * `npm test`: every stage of stages.mjs, JOBS at a time, each as soon as the stages it waits for have
 * passed. A plain script rather than a task runner (wireit, turbo): eleven stages with two
 * dependencies and a fixed order need a queue, not a build graph, and nothing here needs caching in CI.
 * Each stage writes to test-results/stages/<name>.log; its output is printed whole when it ends, so
 * stages running side by side do not interleave. At the end: each stage's wall time, when it started,
 * and its share of the run, then the failed stages. Exit code 1 when any stage failed or did not run.
 *
 * @example
 *   npm test
 *   node test/harness/run-tests.mjs --only node,chromium     some stages (and nothing they wait for)
 *   PAYKIT_TEST_JOBS=1 npm test                              one stage at a time, as before lanes
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAGES } from './stages.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const logsDir = path.join(repoRoot, 'test-results', 'stages');
/**
 * Stages at once. Most stages wait on browsers, timers and sockets more than they compute (the Node
 * suite uses 1.3 cores, a browser engine about half of one), so a 2-core machine runs four.
 */
const JOBS = Math.max(1, Number(process.env.PAYKIT_TEST_JOBS) || Math.max(4, cpus().length * 2));

const only = readList('--only');
const stages = only ? STAGES.filter((stage) => only.includes(stage.name)) : STAGES;
for (const name of only ?? [])
  if (!STAGES.some((stage) => stage.name === name))
    throw new Error(`--only: no stage ${name}; stages: ${STAGES.map((s) => s.name).join(', ')}`);

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

console.log(`npm test: ${stages.length} stages, ${JOBS} at a time (logs in ${path.relative(repoRoot, logsDir)}/)`);
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
      if (running.size >= JOBS || !waitsFor.every((name) => results.get(name)?.status === 'passed')) continue;
      start(stage).then(schedule);
    }
    if (running.size === 0 && stages.every((stage) => results.has(stage.name))) resolve();
  };
  schedule();
});

const total = Date.now() - started;
console.log(`\n=== npm test: ${seconds(total)} s with ${JOBS} stages at a time`);
console.log('stage        status   wall (s)  from (s)  share of the run');
for (const stage of STAGES) {
  const result = results.get(stage.name);
  if (!result) continue;
  const share = result.ms === undefined ? '' : `${Math.round((100 * result.ms) / total)} %`;
  console.log(
    `${stage.name.padEnd(12)} ${result.status.padEnd(8)} ${(result.ms === undefined ? '-' : seconds(result.ms)).padStart(8)}` +
      `  ${(result.startedAt === undefined ? '-' : seconds(result.startedAt - started)).padStart(8)}  ${share}`,
  );
}
const bad = [...results].filter(([, result]) => result.status !== 'passed');
if (bad.length) {
  console.log(`\nnpm test FAILED: ${bad.map(([name, r]) => `${name} (${r.why ?? r.status})`).join(', ')}`);
  process.exitCode = 1;
} else console.log('\nnpm test: every stage passed');

/** Runs a stage's commands in turn; resolves when it has passed or failed (never rejects). */
async function start(stage) {
  const log = path.join(logsDir, `${stage.name}.log`);
  const out = createWriteStream(log);
  const startedAt = Date.now();
  console.log(`${clock()} ▶ ${stage.name}`);
  running.set(stage.name, undefined);
  let why;
  for (const [command, ...args] of stage.commands) {
    out.write(`$ ${[path.basename(command), ...args].join(' ')}\n`);
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, {
        cwd: repoRoot,
        env: { ...process.env, ...stage.env, PAYKIT_PACKED: '1', FORCE_COLOR: '0' },
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
        resolve(exitCode ?? (signal ? 1 : 0));
      });
    });
    if (code !== 0) {
      why ??= `exit code ${code}`;
      break;
    }
  }
  await new Promise((resolve) => out.end(resolve));
  running.delete(stage.name);
  const ms = Date.now() - startedAt;
  results.set(stage.name, { status: why ? 'failed' : 'passed', startedAt, ms, why });
  console.log(
    `\n${'='.repeat(20)} ${stage.name}: ${why ? `FAILED (${why})` : 'passed'} in ${seconds(ms)} s ${'='.repeat(20)}`,
  );
  process.stdout.write(readFileSync(log, 'utf8'));
  console.log(`${clock()} ${why ? '✖' : '✔'} ${stage.name} (${seconds(ms)} s)`);
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
