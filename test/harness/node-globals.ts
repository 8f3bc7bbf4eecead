/**
 * Gives Node's test runner the same globals that Mocha gives the browser runner, so one suite file
 * runs in Node and in every browser engine unchanged. Each test and hook gets its time limit here
 * rather than from `--test-timeout`, because run-node.mjs runs several test files in one process, where
 * `--test-timeout` would also bound the whole process.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';

/**
 * Per test and per hook: a bound for a hung test, not a wait (tests wait on conditions). Wider than the
 * browser runner's 20 s because `npm test` runs the Node suite beside the browsers on two cores, where
 * the CPU-bound tests (bundling every package entry, a thousand sign-ups) take several times their
 * time alone.
 */
export const TEST_TIMEOUT_MS = 60_000;

type Fn = () => void | Promise<void>;
const timed = Object.assign((name: string, fn: Fn) => it(name, { timeout: TEST_TIMEOUT_MS }, fn), {
  skip: (name: string, fn?: Fn) => (fn ? it.skip(name, fn) : it.skip(name)),
});
const hook = (register: typeof before) => (fn: Fn) => register(fn, { timeout: TEST_TIMEOUT_MS });

Object.assign(globalThis, {
  describe,
  it: timed,
  before: hook(before),
  after: hook(after),
  beforeEach: hook(beforeEach),
  afterEach: hook(afterEach),
  __PAYKIT_RUNTIME__: 'node',
});
