/**
 * Typechecks what `tsc -b` (the packages' sources) does not reach: every test folder, the demo, the
 * end-to-end tests and the bench. One `tsc --noEmit -p <project>` per project, in sequence, so the
 * output names the project that failed. Exit code 1 when any fails.
 *
 * @example
 *   npm run typecheck        # tsc -b, then this
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

export const PROJECTS = [
  'packages/crypto-core/test',
  'packages/proxy/test',
  'packages/sandbox/tsconfig.test.json',
  'packages/elements/test',
  'packages/react-bindings/test',
  'demo',
  'test/e2e',
  'test/exports',
  'bench',
];

let failed = 0;
for (const project of PROJECTS) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`ok   ${project} (${seconds} s)`);
  else {
    failed += 1;
    console.log(`FAIL ${project} (${seconds} s)`);
  }
}
if (failed > 0) {
  console.error(`typecheck: ${failed} of ${PROJECTS.length} projects failed`);
  process.exit(1);
}
