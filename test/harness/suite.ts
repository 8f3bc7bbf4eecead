/**
 * The test vocabulary shared by Node (node:test, through node-globals.ts) and the browsers (Mocha in
 * @web/test-runner): `describe`, `it`, hooks, and `itWhen`, which skips visibly with its reason.
 *
 * @example
 *   import { describe, it, itWhen } from '@paykit/test-harness/suite';
 *   itWhen(hasWebAuthn(), 'WebKitGTK has no WebAuthn', 'signs in with a passkey', async () => { … });
 */
type Fn = () => unknown | Promise<unknown>;
interface Globals {
  describe(name: string, fn: () => void): void;
  it: ((name: string, fn: Fn) => void) & { skip(name: string, fn?: Fn): void };
  before(fn: Fn): void;
  after(fn: Fn): void;
  beforeEach(fn: Fn): void;
  afterEach(fn: Fn): void;
  __PAYKIT_RUNTIME__?: string;
}
const g = globalThis as unknown as Globals;

export const runtime: 'node' | 'browser' = g.__PAYKIT_RUNTIME__ === 'node' ? 'node' : 'browser';
export const describe = (name: string, fn: () => void): void => g.describe(name, fn);
export const it = (name: string, fn: Fn): void => g.it(name, fn);
export const before = (fn: Fn): void => g.before(fn);
export const after = (fn: Fn): void => g.after(fn);
export const beforeEach = (fn: Fn): void => g.beforeEach(fn);
export const afterEach = (fn: Fn): void => g.afterEach(fn);

/** Runs the test when `condition` holds; otherwise reports it as skipped with `reason` in its name. */
export function itWhen(condition: boolean, reason: string, name: string, fn: Fn): void {
  if (condition) g.it(name, fn);
  else g.it.skip(`${name} [skipped: ${reason}]`, fn);
}
