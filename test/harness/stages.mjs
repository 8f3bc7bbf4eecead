/**
 * What `npm test` runs: each stage, the stages it waits for, and the order in which free slots take
 * them (longest first, so the slowest engines start at once). run-tests.mjs schedules them.
 *
 * Why some stages wait: `pack` takes the `dist/` that `typecheck` (one `tsc -b`) built; `adopters` and
 * `nextjs` install the tarballs that `pack` made, instead of each packing again.
 *
 * @example
 *   STAGES.find((stage) => stage.name === 'adopters').after // ['pack']
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const node = process.execPath;
const prettier = require.resolve('prettier/bin/prettier.cjs');
const tsc = require.resolve('typescript/bin/tsc');

/**
 * @typedef {object} Stage
 * @property {string} name
 * @property {string[][]} commands run one after the other, from the repository root
 * @property {string[]} [after] stages that must have passed first
 * @property {Record<string, string>} [env]
 * @property {number} timeoutMs the stage is stopped, and failed, after this
 */

/** @type {Stage[]} In the order free slots take them. */
export const STAGES = [
  // the three engines and the end-to-end run are the long poles; each engine has its own runner process
  { name: 'firefox', commands: [[node, 'test/harness/run-browsers.mjs']], env: { PAYKIT_BROWSERS: 'firefox' } },
  { name: 'webkit', commands: [[node, 'test/harness/run-browsers.mjs']], env: { PAYKIT_BROWSERS: 'webkit' } },
  { name: 'node', commands: [[node, 'test/harness/run-node.mjs']] },
  { name: 'format', commands: [[node, prettier, '--check', '.', '--log-level', 'warn']] },
  {
    name: 'typecheck',
    commands: [[node, tsc, '-b']],
  },
  { name: 'chromium', commands: [[node, 'test/harness/run-browsers.mjs']], env: { PAYKIT_BROWSERS: 'chromium' } },
  { name: 'e2e', commands: [[node, 'test/e2e/run.mjs']] },
  { name: 'budgets', commands: [[node, 'bench/check-budgets.mjs']] },
  { name: 'pack', after: ['typecheck'], commands: [[node, 'test/harness/pack.mjs']] },
  { name: 'adopters', after: ['pack'], commands: [[node, 'test/adopters/run.mjs']] },
  { name: 'nextjs', after: ['pack'], commands: [[node, 'test/nextjs/run.mjs']] },
].map((stage) => ({ after: [], env: {}, timeoutMs: 10 * 60_000, ...stage }));
