#!/usr/bin/env node
/**
 * Runs every Node test (`packages/*\/test/**\/*.test.ts` except `*.browser.test.ts`) with Node's own
 * runner: Node 20 does not expand globs given to `--test`, so the files are listed here.
 *
 * @example
 *   node test/harness/run-node.mjs
 *   node test/harness/run-node.mjs --files 'packages/crypto-core/test/keys.test.ts' --test-name-pattern stamp
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findTestFiles, takeFilesArg } from './test-files.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { files: focus, rest } = takeFilesArg(process.argv.slice(2));
const files = findTestFiles(repoRoot, 'node', focus);

if (files.length === 0) {
  console.log(`No Node test files match ${focus ?? 'the default patterns'}; nothing to run in Node.`);
  process.exit(0);
}

const args = [
  '--import',
  'tsx',
  '--import',
  './test/harness/node-globals.ts',
  // workspace packages resolve to their TypeScript sources, so tests need no build
  '--conditions=source',
  '--test',
  '--test-reporter=spec',
  // the browser runner's Mocha timeout, per test; and a handle left open (a BroadcastChannel, a timer)
  // must not keep a finished test file, and with it the whole run, alive
  '--test-timeout=20000',
  '--test-force-exit',
  ...rest,
  ...files,
];
const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
