/**
 * What `npm test` runs: each stage, the stages it waits for, what its result depends on, and the order
 * in which free slots take them (the longest chains first).
 * run-tests.mjs schedules them.
 *
 * Why some stages wait: `pack` takes the `dist/` that `typecheck` (one `tsc -b`) built; `adopters` and
 * `nextjs` install the tarballs that `pack` made, instead of each packing again.
 *
 * `inputs` (git pathspecs): outside CI, a stage whose inputs hash as they did when it last passed is
 * not run again. Only the slow stages that read a known set of files have them.
 *
 * @example
 *   STAGES.find((stage) => stage.name === 'adopters').after // ['pack']
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const node = process.execPath;
const prettier = require.resolve('prettier/bin/prettier.cjs');
// TypeScript 7, the native compiler: the same checks as 5.9 at a quarter of the CPU (root package.json)
const tsc = path.join(path.dirname(require.resolve('typescript-7/package.json')), 'bin/tsc');

/** Where the `demo-build` stage puts the page the e2e stages serve. */
const DEMO_BUILD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/demo-build');

/** What every packed package is made of (tests and their tsconfigs aside). */
const PACKAGE_SOURCES = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/*/package.json',
  'packages/*/tsconfig.json',
  'packages/*/README.md',
  'packages/*/src/*',
  'packages/*/scripts/*',
  'test/harness/pack.mjs',
];

/** What the `format` stage checks (about half the bytes); `format-rest` checks the rest of the tree. */
const FORMAT_FIRST_HALF = ['packages/elements', 'packages/proxy', 'packages/react-bindings', 'bench'];

/**
 * @typedef {object} Stage
 * @property {string} name
 * @property {string[][]} commands run one after the other, from the repository root
 * @property {string[]} after stages that must have passed first
 * @property {Record<string, string>} env
 * @property {string[]} [inputs] git pathspecs of everything the result depends on
 * @property {number} timeoutMs the stage is stopped, and failed, after this
 */

/**
 * @type {Stage[]} In the order free slots take them: longest chain first. WebKitGTK is the longest
 * single stage; `typecheck` starts at once, and `pack` and `adopters` right after it, because that chain
 * is as long as an engine, then `nextjs` (below); the short ones (`budgets`, the format check's two halves) fill the gaps at the end.
 */
export const STAGES = [
  browserStage('webkit'),
  {
    name: 'typecheck',
    commands: [
      // one thread: npm test keeps both cores busy with other stages, and TypeScript 7's parallel checkers
      // repeat work between them (from scratch: 18.2 s of CPU in 9.7 s with its threads, 12.4 s in 10.7 s in one)
      [node, tsc, '-b', '--singleThreaded'],
      // the API reports are read from the declarations `tsc -b` just emitted (about 1.5 s of CPU)
      [node, 'test/exports/api-report.mjs'],
    ],
  },
  {
    name: 'pack',
    after: ['typecheck'],
    commands: [[node, 'test/harness/pack.mjs']],
    inputs: PACKAGE_SOURCES,
  },
  {
    name: 'adopters',
    after: ['pack'],
    commands: [[node, 'test/adopters/run.mjs']],
    // package.json: the adopters' app installs the root devDependencies' versions of React, Vite and the frameworks
    inputs: [...PACKAGE_SOURCES, 'package.json', 'README.md', 'test/adopters'],
  },
  // next: its first half is network and disk (npm install of next, about 25 s of wall on a fresh machine, where
  // the npm cache has no next), so it takes the first free slot while the engines keep the cores busy; last
  // in the order, it ended a clean-clone run (374.1 s) with only the format check beside it
  {
    name: 'nextjs',
    after: ['pack'],
    commands: [[node, 'test/nextjs/run.mjs']],
    inputs: [...PACKAGE_SOURCES, 'test/nextjs'],
  },
  browserStage('firefox'),
  browserStage('chromium'),
  { name: 'node', commands: [[node, 'test/harness/run-node.mjs']] },
  // the demo page, built once for the three e2e stages (and checked for source maps in e2e-chromium)
  { name: 'demo-build', commands: [[node, 'test/e2e/build-demo.mjs', DEMO_BUILD]] },
  // the demo's flows, an engine a stage: three stages fill the lanes' ends better than one; WebKitGTK's
  // first: it was the longest by twice (163 s against 84 s of wall) and ended runs alone when it started
  // last; with compositing on for its e2e run the three now take about the same (91, 90 and 105 s)
  e2eStage('webkit'),
  e2eStage('firefox'),
  e2eStage('chromium'),
  {
    name: 'budgets',
    commands: [[node, 'bench/check-budgets.mjs']],
    inputs: [
      'package-lock.json',
      'packages/*/src/*',
      'packages/*/package.json',
      'bench/lib',
      'bench/check-budgets.mjs',
    ],
  },
  // .prettierrc.json reads TypeScript with Babel's parser (babel-ts): the same output for every file here,
  // and about a third less CPU than the TypeScript compiler's parser (31 s → 21 s for the whole tree).
  // Two halves of about 2.5 MB, the second everything the first is not: one process ended the clean-clone
  // runs alone, one core idle for its last 15 to 35 s (`format` started at 398.8 s and ended the 433.9 s run,
  // the last other stage at 418.0 s)
  { name: 'format', commands: [[node, prettier, '--check', ...FORMAT_FIRST_HALF, '--log-level', 'warn']] },
  {
    name: 'format-rest',
    commands: [
      [node, prettier, '--check', '.', ...FORMAT_FIRST_HALF.map((dir) => `!${dir}/**`), '--log-level', 'warn'],
    ],
  },
].map(withDefaults);

/**
 * `npm run test:quick`: format and type checks of what changed, the Node and Chromium tests it can
 * affect (affected.mjs), in Chromium one file after the other (in one context, engines.mjs: 26 element
 * files took 85 s and 69 s of CPU that way, 88 s and 132 s three at once), and the budgets when their inputs
 * changed. Returns the stages and what it leaves to `npm test`.
 */
export function quickStages({ changed, nodeFiles, browserFiles }) {
  const focus = (files) => `{${files.join(',')}}`;
  const stages = [
    nodeFiles.length && { name: 'node', commands: [[node, 'test/harness/run-node.mjs', '--files', focus(nodeFiles)]] },
    browserFiles.length && {
      ...browserStage('chromium'),
      commands: [[node, 'test/harness/run-browsers.mjs', '--files', focus(browserFiles)]],
      env: { PAYKIT_BROWSERS: 'chromium' },
    },
    changed.length && {
      name: 'format',
      commands: [[node, prettier, '--check', '--ignore-unknown', '--log-level', 'warn', ...changed]],
    },
    STAGES.find((stage) => stage.name === 'typecheck'),
    STAGES.find((stage) => stage.name === 'budgets'),
  ]
    .filter(Boolean)
    .map(withDefaults);
  const left = [
    'firefox and webkit (a quick run is Chromium only)',
    'e2e, pack, adopters and nextjs (npm test runs them)',
    ...(nodeFiles.length ? [] : ['node (no Node test imports a changed file)']),
    ...(browserFiles.length ? [] : ['chromium (no browser test imports a changed file)']),
  ];
  return { stages, left };
}

function browserStage(engine) {
  return { name: engine, commands: [[node, 'test/harness/run-browsers.mjs']], env: { PAYKIT_BROWSERS: engine } };
}

/** The e2e flows in one engine; the checks without a browser run once, beside Chromium's. */
function e2eStage(engine) {
  return {
    name: `e2e-${engine}`,
    commands: [[node, 'test/e2e/run.mjs']],
    after: ['demo-build'],
    env: {
      PAYKIT_BROWSERS: engine,
      PAYKIT_E2E_DEMO_BUILD: DEMO_BUILD,
      ...(engine === 'chromium' ? {} : { PAYKIT_E2E_SERVER: '0' }),
    },
  };
}

function withDefaults(stage) {
  return { after: [], env: {}, timeoutMs: 10 * 60_000, ...stage };
}
