/**
 * The public surface of every package is a contract: this test lists each entry of each package's
 * `exports` map (wildcards expanded), its runtime exports (imported from source) and its type-only
 * exports (read by the TypeScript compiler), and compares them with `public-api.txt`. Any change to a
 * package's surface is then a deliberate diff of that file. After a deliberate change, regenerate it:
 *
 * @example
 *   PAYKIT_UPDATE_EXPORTS=1 node test/harness/run-node.mjs --files 'test/exports/**'
 */
import { expect } from 'chai';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, it } from '../harness/suite.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PINNED = path.join(root, 'test/exports/public-api.txt');
const PACKAGES = ['crypto-core', 'elements', 'react-bindings', 'proxy', 'sandbox'];

interface Entry {
  /** `@paykit/x/sub` */
  specifier: string;
  /** Absolute path of the TypeScript source the entry is built from. */
  source: string;
}

/** The TypeScript source behind an exports target: its `source` condition, else its `types` mapped to src. */
function sourceOf(target: Record<string, string>): string | undefined {
  if (target['source']) return target['source'];
  const types = target['types'];
  return types?.replace(/^\.\/dist\//, './src/').replace(/\.d\.ts$/, '.ts');
}

function entries(): Entry[] {
  const list: Entry[] = [];
  for (const dir of PACKAGES) {
    const pkgDir = path.join(root, 'packages', dir);
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, string | Record<string, string>>;
    };
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue; // a data file (custom-elements.json), not a module
      const source = sourceOf(target);
      if (!source) throw new Error(`${pkg.name} ${subpath}: no source or types condition`);
      const specifier = (s: string): string => (s === '.' ? pkg.name : `${pkg.name}/${s.slice(2)}`);
      if (!subpath.includes('*')) {
        list.push({ specifier: specifier(subpath), source: path.join(pkgDir, source) });
        continue;
      }
      // one entry per source file the wildcard matches
      const [before, after] = source.split('*') as [string, string];
      const dir = before.slice(0, before.lastIndexOf('/') + 1);
      const prefix = before.slice(dir.length);
      for (const file of readdirSync(path.join(pkgDir, dir)).sort()) {
        if (!file.startsWith(prefix) || !file.endsWith(after)) continue;
        const stem = file.slice(prefix.length, -after.length);
        list.push({ specifier: specifier(subpath.replace('*', stem)), source: path.join(pkgDir, dir + file) });
      }
    }
  }
  return list;
}

/** Every exported name of each source, values and types, through the compiler's view of the module. */
function compilerExports(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['source'],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, string[]>();
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    const symbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    result.set(file, symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
  }
  return result;
}

/** Define modules register their tag at import: give them a registry that keeps nothing. */
async function runtimeExports(file: string): Promise<string[]> {
  const g = globalThis as { customElements?: unknown };
  const had = 'customElements' in g;
  if (!had) g.customElements = { get: () => undefined, define: () => undefined };
  try {
    return Object.keys((await import(pathToFileURL(file).href)) as object);
  } finally {
    if (!had) delete g.customElements;
  }
}

async function currentApi(): Promise<string> {
  const list = entries();
  const all = compilerExports(list.map((e) => e.source));
  const blocks: string[] = [];
  for (const entry of list) {
    const values = (await runtimeExports(entry.source)).sort();
    const types = (all.get(entry.source) ?? []).filter((name) => !values.includes(name)).sort();
    const lines = [entry.specifier, ...values.map((n) => `  value ${n}`), ...types.map((n) => `  type  ${n}`)];
    blocks.push(lines.join('\n'));
  }
  return (
    '# The public API of every package entry: runtime exports (value) and type-only exports (type).\n' +
    '# Pinned by package-exports.node.test.ts; regenerate after a deliberate change with\n' +
    "# PAYKIT_UPDATE_EXPORTS=1 node test/harness/run-node.mjs --files 'test/exports/**'\n\n" +
    blocks.join('\n\n') +
    '\n'
  );
}

/** One line per fact: each entry, and each `entry kind name`. */
function facts(text: string): Set<string> {
  const out = new Set<string>();
  let entry = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('@')) out.add((entry = line));
    else if (line.startsWith('  ')) out.add(`${entry} ${line.trim().replace(/\s+/, ' ')}`);
  }
  return out;
}

describe('public API of every package entry', () => {
  it('matches test/exports/public-api.txt, name for name (values and type-only exports)', async () => {
    const actual = await currentApi();
    if (process.env['PAYKIT_UPDATE_EXPORTS']) writeFileSync(PINNED, actual);
    const pinned = readFileSync(PINNED, 'utf8');
    const before = facts(pinned);
    const after = facts(actual);
    const changes = [
      ...[...before].filter((f) => !after.has(f)).map((f) => `- ${f}`),
      ...[...after].filter((f) => !before.has(f)).map((f) => `+ ${f}`),
    ];
    expect(
      changes,
      'the public surface changed (- gone, + new): if deliberate, regenerate public-api.txt',
    ).to.deep.equal([]);
    expect(actual, 'public-api.txt is not in its generated form: regenerate it').to.equal(pinned);
  });
});
