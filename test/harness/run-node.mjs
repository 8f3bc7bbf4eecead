#!/usr/bin/env node
/**
 * Runs every Node test (`*.test.ts` except `*.browser.test.ts`, see test-files.mjs) with Node's own
 * runner, in shards: the files of one test folder share one process (at most SHARD_SIZE files each;
 * the folders smaller than SMALL_FOLDER share one), and SHARD_JOBS shards (one per core) run at once.
 * One process per folder loads the workspace's TypeScript sources once instead of once per file: on the
 * 2-core machine the Node suite took 180 s of CPU as one process per file and about 75 s as one per
 * folder (Node 22's `--experimental-test-isolation=none` is the same idea; Node 20 lacks it). A file
 * that must not share a process with its folder is listed in AWAY_FROM_FOLDER. Each shard's report is
 * printed whole when it ends, then one summary of all of them.
 *
 * @example
 *   node test/harness/run-node.mjs
 *   node test/harness/run-node.mjs --files 'packages/crypto-core/test/keys.test.ts' --test-name-pattern stamp
 *   PAYKIT_NODE_JOBS=1 node test/harness/run-node.mjs     one shard at a time
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findTestFiles, takeFilesArg } from './test-files.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Files per process: large enough to share loads (the sandbox's 54 files load it, and compile the OpenAPI
 * validators, once), and a bound for a folder that grows far. Measured on the 2-core machine: 10 files a
 * shard, 125 s of CPU; 25, 103 s. Then 27 (the sandbox in two shards of 27, not three of 18): the sandbox's
 * shards 72.0 and 70.7 s of CPU with 25, 63.7 and 62.9 with 27. Then 60 (the sandbox in one process,
 * started first, see `queue`): its 54 files, A/B back to back by cgroup, 47.5 and 45.9 s of CPU in two
 * processes, 41.8 and 37.5 s in one.
 */
const SHARD_SIZE = 60;
/** Shards at once: one per core (npm test runs other stages beside this one). */
const SHARD_JOBS = Math.max(1, Number(process.env.PAYKIT_NODE_JOBS) || availableParallelism());
/** A bound for a hung shard, not a wait. */
const SHARD_TIMEOUT_MS = 600_000;
/** The name of each shard's first test, which loads its files (not counted). */
const LOADING = 'loads the shard’s';
/**
 * Folders with fewer test files than this in the whole suite share one process (bench/test,
 * react-bindings, test/exports, and the files apart from their folders, AWAY_FROM_FOLDER; a focused run
 * pools the same folders, no others):
 * a shard's own cost (booting Node, tsx and its loader thread, the test runner, chai) is about 1 s of CPU
 * whatever it runs. Measured A/B back to back on those three folders: 9.3 and 9.8 s of CPU in three
 * processes, 7.6 and 7.5 s in one.
 */
const SMALL_FOLDER = 8;
/**
 * Files that assert on module-level state other files of their folder change: each runs apart from its
 * folder, a group of its own that joins the small folders' pool (whose files leave that state alone; the
 * file fails if one does not). Measured A/B back to back on the pool and i18n.test.ts: 8.5 and 9.2 s of
 * CPU in two processes, 7.9 and 8.2 s in one.
 */
const AWAY_FROM_FOLDER = new Set([
  // registers no locale but English, then asserts that Spanish is absent until it imports it
  'packages/elements/test/i18n.test.ts',
]);

const { files: focus, rest } = takeFilesArg(process.argv.slice(2));
const files = findTestFiles(repoRoot, 'node', focus);
if (files.length === 0) {
  console.log(`No Node test files match ${focus ?? 'the default patterns'}; nothing to run in Node.`);
  process.exit(0);
}

const shards = shard(files, focus ? findTestFiles(repoRoot, 'node') : files);
// a folder of this run's own: two runs at once (`npm test` and `npm run test:quick`, say) overwrote each
// other's entries, and a run then reported the other's tests under its shard names without failing
const entriesDir = path.join(repoRoot, 'test-results', 'node-shards', String(process.pid));
mkdirSync(entriesDir, { recursive: true });
process.on('exit', () => rmSync(entriesDir, { recursive: true, force: true }));

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const started = Date.now();
const results = [];
// the largest shards first, so that a long one does not start last and end the run beside an idle core
const queue = [...shards].sort((a, b) => b.files.length - a.files.length);
await Promise.all(Array.from({ length: Math.min(SHARD_JOBS, queue.length) }, worker));

const total = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0 };
for (const result of results) for (const key of Object.keys(total)) total[key] += result.counts[key] ?? 0;
console.log(`\n=== node: ${files.length} files in ${shards.length} processes, ${SHARD_JOBS} at a time`);
for (const { name, files: shardFiles, code, seconds, counts } of results.sort((a, b) => a.index - b.index)) {
  const tally = counts.tests === undefined ? 'no summary (the process did not finish)' : summarize(counts);
  console.log(
    `${code === 0 ? 'ok  ' : 'FAIL'} ${name.padEnd(28)} ${shardFiles.length} files, ${tally} in ${seconds} s`,
  );
}
console.log(`node: ${summarize(total)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;

async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) results.push(await runShard(next));
}

/** A file's test folder, or the file itself when it must run apart from its folder. */
function folderOf(file) {
  const inTest = file.indexOf('/test/');
  if (AWAY_FROM_FOLDER.has(file)) return file;
  return inTest >= 0 ? file.slice(0, inTest + '/test'.length) : path.dirname(file);
}

/**
 * Groups files by their test folder, in order, pools the folders small in `suite` (every Node test file)
 * into one group where the first of them was, and cuts each group into shards of at most SHARD_SIZE.
 */
function shard(list, suite) {
  const sizes = new Map();
  for (const file of suite) sizes.set(folderOf(file), (sizes.get(folderOf(file)) ?? 0) + 1);
  const folders = [...new Set(list.map(folderOf))];
  const small = folders.filter((folder) => sizes.get(folder) < SMALL_FOLDER);
  const pool = small.length > 1 ? small.join(' + ') : undefined;
  const groups = new Map();
  for (const file of list) {
    const folder = pool && small.includes(folderOf(file)) ? pool : folderOf(file);
    groups.set(folder, [...(groups.get(folder) ?? []), file]);
  }
  const out = [];
  for (const [folder, group] of groups) {
    const count = Math.ceil(group.length / SHARD_SIZE);
    for (let i = 0; i < count; i++) {
      // an even cut: 23 files make shards of 8, 8 and 7, not 10, 10 and 3
      const part = group.slice(Math.round((i * group.length) / count), Math.round(((i + 1) * group.length) / count));
      const name = count > 1 ? `${folder} ${i + 1}/${count}` : folder;
      out.push({ index: out.length, name, files: part });
    }
  }
  return out;
}

function runShard({ index, name, files: shardFiles }) {
  const entry = path.join(entriesDir, `${index}.test.mjs`);
  // one entry that imports the shard's files in order; each registers its suites as it loads. A file
  // (or a module it imports) with a top-level await yields while loading, and `--test-force-exit` ends
  // the process as soon as every test registered so far has run: so the first test is the loading of
  // all the files, and the suites they register queue behind it (a file's tests run one at a time).
  // It is not counted in the summary.
  const urls = shardFiles.map((file) => pathToFileURL(path.join(repoRoot, file)).href);
  writeFileSync(
    entry,
    `// ${name} (written by test/harness/run-node.mjs)\n` +
      `import { test } from 'node:test';\n` +
      `const files = ${JSON.stringify(urls, null, 2)};\n` +
      // loaded outside the test, so that their suites are top-level, not the loading test's children
      `const loaded = (async () => { for (const file of files) await import(file); })();\n` +
      `test(${JSON.stringify(LOADING + ` ${shardFiles.length} test files`)}, () => loaded);\n`,
  );
  const args = [
    '--import',
    'tsx',
    '--import',
    './test/harness/node-globals.ts',
    // workspace packages resolve to their TypeScript sources, so tests need no build
    '--conditions=source',
    // The entry runs its tests in this process, without `--test`: in Node 20 `--test` starts a second
    // process per shard that runs the files in a child (loading tsx and node-globals.ts in both, 0.6 s of
    // CPU a boot) only to decode the child's events and print them; run in place, the same runner prints
    // the same spec report and counts. Measured on three shards (bench, test/exports, react-bindings), A/B
    // twice: 12.9 and 13.1 s of CPU with `--test`, 12.6 and 12.3 s without.
    '--test-reporter=spec',
    // each test has its own time limit (node-globals.ts); this is the loading test's (SHARD_TIMEOUT_MS)
    `--test-timeout=${SHARD_TIMEOUT_MS}`,
    // a handle left open (a BroadcastChannel, a timer) must not keep a finished shard, and the run, alive
    '--test-force-exit',
    ...rest,
    entry,
  ];
  const shardStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    // what `--test` bounded with --test-timeout: a shard that hangs outside any test ends the run
    const bound = setTimeout(() => {
      output += `\nThe shard ran longer than ${SHARD_TIMEOUT_MS / 1000} s; killed.\n`;
      child.kill('SIGKILL');
    }, SHARD_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const finish = (code) => {
      children.delete(child);
      clearTimeout(bound);
      const seconds = ((Date.now() - shardStarted) / 1000).toFixed(1);
      console.log(`\n=== node shard ${name}: ${shardFiles.length} files (${seconds} s)`);
      process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ index, name, files: shardFiles, code, seconds, counts: readCounts(output) });
    };
    child.on('error', (error) => ((output += `\n${error.stack}\n`), finish(1)));
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

function readCounts(output) {
  const counts = {};
  for (const key of ['tests', 'pass', 'fail', 'cancelled', 'skipped']) {
    const match = new RegExp(`^ℹ ${key} (\\d+)$`, 'm').exec(output);
    if (match) counts[key] = Number(match[1]);
  }
  // the loading test of the shard, when it passed
  if (counts.tests !== undefined && output.includes(`✔ ${LOADING}`)) ((counts.tests -= 1), (counts.pass -= 1));
  return counts;
}

function summarize(counts) {
  return `${counts.pass} passed, ${counts.fail} failed, ${counts.skipped} skipped${counts.cancelled ? `, ${counts.cancelled} cancelled` : ''}`;
}
