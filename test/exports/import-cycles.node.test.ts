/**
 * No module of `packages/*\/src` or `demo/src` imports another that imports it back, types included
 * (import-cycles.mjs builds the graph): a circle makes two modules one that cannot be read, tested or
 * moved apart. The check runs on small trees in a temporary folder first, so it is known to find a circle
 * of types, of `export … from`, of `import('…')` types and across packages, and to stay quiet on a chain.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'test/exports/import-cycles.node.test.ts'
 *   node test/exports/import-cycles.mjs     // lists the circles
 */
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, importGraph } from './import-cycles.mjs';
import { after, describe, it } from '@paykit/test-harness/suite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A repo in a temporary folder with these files (repo-relative path -> text). */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  made.push(dir);
  return dir;
}
const made: string[] = [];

const cyclesOf = (files: Record<string, string>): string[][] => {
  const dir = repo(files);
  return findCycles(importGraph(dir, ['packages/*/src']));
};

describe('import cycles', () => {
  after(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('no module of packages/*/src or demo/src imports one that imports it back', () => {
    const graph = importGraph(root);
    // the graph is the real one: the sandbox's app reaches its routes
    expect(graph.get('packages/sandbox/src/app.ts')).to.include('packages/sandbox/src/routes/quotes.ts');
    const circles = findCycles(graph).map((cycle) => [...cycle, cycle[0]].join(' → '));
    expect(circles, 'import cycles (node test/exports/import-cycles.mjs lists them)').to.deep.equal([]);
  });

  it('finds a circle of type-only imports', () => {
    const cycles = cyclesOf({
      'packages/a/src/one.ts': "import type { Two } from './two.js';\nexport type One = Two[];\n",
      'packages/a/src/two.ts': "import { one } from './three.js';\nexport type Two = typeof one;\n",
      'packages/a/src/three.ts': "export type { One } from './one.js';\nexport const one = 1;\n",
    });
    expect(cycles).to.deep.equal([['packages/a/src/one.ts', 'packages/a/src/two.ts', 'packages/a/src/three.ts']]);
  });

  it("finds a circle through an import('…') type and one across packages (their source export)", () => {
    const manifest = (name: string) =>
      JSON.stringify({ name, exports: { '.': { types: './dist/index.d.ts', source: './src/index.ts' } } });
    const cycles = cyclesOf({
      'packages/a/package.json': manifest('@x/a'),
      'packages/a/src/index.ts': "export type A = import('./inner.js').Inner;\n",
      'packages/a/src/inner.ts': "import type { B } from '@x/b';\nexport type Inner = B;\n",
      'packages/b/package.json': manifest('@x/b'),
      'packages/b/src/index.ts': "import type { A } from '@x/a';\nexport type B = { a?: A };\n",
    });
    expect(cycles).to.have.length(1);
    expect([...cycles[0]!].sort()).to.deep.equal([
      'packages/a/src/index.ts',
      'packages/a/src/inner.ts',
      'packages/b/src/index.ts',
    ]);
  });

  it('stays quiet on a chain, a diamond and imports that leave the repo', () => {
    const cycles = cyclesOf({
      'packages/a/src/top.ts':
        "import { left } from './left.js';\nimport { right } from './right.js';\nexport const top = [left, right];\n",
      'packages/a/src/left.ts': "import { base } from './base.js';\nexport const left = base;\n",
      'packages/a/src/right.ts':
        "import { base } from './base.js';\nimport { Hono } from 'hono';\nexport const right = [base, Hono];\n",
      'packages/a/src/base.ts': "import path from 'node:path';\nexport const base = path.sep;\n",
    });
    expect(cycles).to.deep.equal([]);
  });
});
