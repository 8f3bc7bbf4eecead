/**
 * The test harness is a package (`@paykit/test-harness`, the `test/` workspace) and is imported by name:
 * `import { describe, it } from '@paykit/test-harness/suite'`. No module outside `test/` imports a file
 * under `test/` by a relative path, and none in `test/` outside the harness reaches into `test/harness/`
 * by one, so `'../../../test/harness/suite.js'` cannot come back. Every name imported resolves through
 * the package's `exports` map to a file that exists. The check runs on a small tree in a temporary
 * folder first, so it is known to find what it forbids.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'test/exports/harness-imports.node.test.ts'
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from '@paykit/test-harness/suite';
import { ts } from '@paykit/test-harness/typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NAME = '@paykit/test-harness';
const MODULE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The repo's modules (committed or not, not ignored), repo-relative, `/`-separated. */
function modules(dir: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .filter((file) => MODULE.test(file) && !/\.d\.(ts|mts|cts)$/.test(file) && existsSync(path.join(dir, file)));
}

/** Every specifier a module imports or re-exports, `import('…')` included (each file scanned once). */
const scanned = new Map<string, string[]>();
function specifiers(dir: string, file: string): string[] {
  const key = path.join(dir, file);
  let found = scanned.get(key);
  if (!found) {
    found = ts.preProcessFile(readFileSync(key, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    scanned.set(key, found);
  }
  return found;
}

const inside = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);

/** `file: specifier` for each relative import into `test/` from outside it, or into the harness from outside it. */
function relativeHarnessImports(dir: string): string[] {
  const found: string[] = [];
  for (const file of modules(dir)) {
    for (const specifier of specifiers(dir, file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const leaks =
        (inside(target, 'test') && !inside(file, 'test')) ||
        (inside(target, 'test/harness') && !inside(file, 'test/harness'));
      if (leaks) found.push(`${file}: ${specifier}`);
    }
  }
  return found;
}

/** `file: specifier` for each `@paykit/test-harness/…` import that the package's `exports` map does not resolve. */
function unresolvedHarnessNames(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'test/package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const target = (subpath: string): string | undefined => {
    if (manifest.exports[subpath]) return manifest.exports[subpath];
    for (const [pattern, to] of Object.entries(manifest.exports)) {
      const [prefix, suffix] = pattern.split('*') as [string, string?];
      if (suffix !== undefined && subpath.startsWith(prefix) && subpath.endsWith(suffix))
        return to.replace('*', subpath.slice(prefix.length, subpath.length - suffix.length));
    }
    return undefined;
  };
  const found: string[] = [];
  for (const file of modules(dir)) {
    for (const specifier of specifiers(dir, file)) {
      if (!specifier.startsWith(`${NAME}/`) && specifier !== NAME) continue;
      const to = target(`.${specifier.slice(NAME.length)}`);
      if (!to || !existsSync(path.join(dir, 'test', to))) found.push(`${file}: ${specifier}`);
    }
  }
  return found;
}

const made: string[] = [];
/** A git repo in a temporary folder with these files (repo-relative path -> text). */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'harness-imports-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  execFileSync('git', ['init', '--quiet'], { cwd: dir });
  return dir;
}

describe('the test harness is imported by name', () => {
  after(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('no module imports the harness, or anything under test/, by a relative path from outside', () => {
    expect(relativeHarnessImports(root), `import them as '${NAME}/…' (test/package.json exports)`).to.deep.equal([]);
  });

  it('every @paykit/test-harness import names an export whose file exists', () => {
    // the scan sees the real tree: the suite vocabulary is imported by name across the packages
    const named = modules(root).filter((file) => specifiers(root, file).includes(`${NAME}/suite`));
    expect(named.length).to.be.greaterThan(100);
    expect(unresolvedHarnessNames(root)).to.deep.equal([]);
  });

  it('finds relative imports of the harness and of test/, and unexported names', () => {
    const dir = repo({
      'test/package.json': JSON.stringify({ name: NAME, exports: { './suite': './harness/suite.ts' } }),
      'test/harness/suite.ts': 'export const it = 1;\n',
      'test/harness/run.mjs': "import { it } from './suite.js';\n",
      'test/e2e/main.ts': "import { it } from '../harness/suite.js';\n",
      'test/e2e/flows.ts': "import { it } from '@paykit/test-harness/suite';\n",
      'packages/a/test/one.test.ts': "import { it } from '../../../test/harness/suite.js';\n",
      'packages/a/test/two.test.ts': "export { it } from '../../../test/adopters/snippets.mjs';\n",
      'packages/a/test/three.test.ts': "const m = import('@paykit/test-harness/engines');\n",
      'bench/run.mjs': "await import('../test/harness/suite.js');\n",
    });
    expect(relativeHarnessImports(dir).sort()).to.deep.equal([
      'bench/run.mjs: ../test/harness/suite.js',
      'packages/a/test/one.test.ts: ../../../test/harness/suite.js',
      'packages/a/test/two.test.ts: ../../../test/adopters/snippets.mjs',
      'test/e2e/main.ts: ../harness/suite.js',
    ]);
    expect(unresolvedHarnessNames(dir)).to.deep.equal(['packages/a/test/three.test.ts: @paykit/test-harness/engines']);
  });
});
