#!/usr/bin/env node
/**
 * Runs the browser suite in each engine in turn, one @web/test-runner process per engine (a crash or a
 * stuck driver in one engine cannot take the others down), prints how many tests each engine ran, and
 * exits non-zero when any engine failed.
 *
 * @example
 *   node test/harness/run-browsers.mjs
 *   PAYKIT_BROWSERS=firefox,webkit node test/harness/run-browsers.mjs --files 'packages/crypto-core/test/keys.test.ts'
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectEngines } from './engine-names.mjs';
import { findTestFiles, takeFilesArg } from './test-files.mjs';
import { freePort } from './free-port.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const wtrBin = path.join(path.dirname(createRequire(import.meta.url).resolve('@web/test-runner')), 'bin.js');
const { files: focus, rest } = takeFilesArg(process.argv.slice(2));
const engines = selectEngines(process.env.PAYKIT_BROWSERS);
const testFiles = findTestFiles(repoRoot, 'browser', focus).length;
if (testFiles === 0) {
  console.log(`No browser test files match ${focus ?? 'the default patterns'}; nothing to run in the browsers.`);
  process.exit(0);
}
const scratch = mkdtempSync(path.join(tmpdir(), 'paykit-wtr-'));

let current;
let aborted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    aborted = true;
    current?.kill('SIGINT'); // the runner stops its browsers and drivers on SIGINT, not on SIGTERM
  });
}

const results = [];
try {
  for (const engine of engines) {
    if (aborted) break;
    console.log(`\n=== ${engine}: @web/test-runner${focus ? ` (focus: ${focus})` : ''}`);
    const summaryFile = path.join(scratch, `${engine}.json`);
    const started = Date.now();
    // its own port: other engines' runners may be starting beside this one (run-tests.mjs), and wtr's
    // own choice (the first free port from 8000) races between processes
    const port = await freePort();
    const code = await new Promise((resolve) => {
      current = spawn(process.execPath, [wtrBin, '--config', 'web-test-runner.config.mjs', ...rest], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: {
          ...process.env,
          PAYKIT_BROWSERS: engine,
          PAYKIT_FILES: focus ?? '',
          PAYKIT_SUMMARY_FILE: summaryFile,
          PAYKIT_WTR_PORT: String(port),
        },
      });
      current.on('error', () => resolve(1));
      current.on('exit', (exitCode, signal) => {
        if (signal) console.log(`${engine}: the runner was stopped by ${signal}`);
        resolve(exitCode ?? 1);
      });
    });
    current = undefined;
    results.push({ engine, code, seconds: (Date.now() - started) / 1000, counts: readCounts(summaryFile) });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\n=== browser engines');
for (const { engine, code, seconds, counts } of results) {
  const tally = counts
    ? `${testFiles} files in ${counts.files} pages${counts.filesWithErrors ? ` (${counts.filesWithErrors} with errors outside tests)` : ''}, ` +
      `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
    : `no results (the runner ended with exit code ${code} before its summary)`;
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${engine.padEnd(8)} ${tally} in ${seconds.toFixed(1)} s`);
  for (const name of counts?.skippedTests ?? []) console.log(`       skipped: ${name}`);
  const slowest = (counts?.slowest ?? []).map(({ file, ms }) => `${path.basename(file)} ${(ms / 1000).toFixed(1)} s`);
  if (slowest.length)
    console.log(`       ${(counts.testMs / 1000).toFixed(0)} s in tests; the slowest pages: ${slowest.join(', ')}`);
}
const failed = results.filter((result) => result.code !== 0);
process.exitCode = failed.length || aborted ? 1 : 0;

function readCounts(file) {
  try {
    const engines = Object.values(JSON.parse(readFileSync(file, 'utf8')));
    return engines[0];
  } catch {
    return undefined;
  }
}
