/**
 * The import graph of the shipped sources and the demo, and the cycles in it. Every import counts:
 * `import type`, `export … from`, `import('…')` types and dynamic imports alike, because a circle of
 * types is still two modules that cannot be read one without the other. Relative specifiers resolve
 * to the `.ts`/`.tsx` file they name; `@paykit/*` specifiers resolve through the package's `source`
 * export condition, so a circle between packages is found too. Parsing uses TypeScript's
 * `preProcessFile` (a scanner, no type checking): the whole repo takes well under a second.
 *
 * @example
 *   node test/exports/import-cycles.mjs            // prints each cycle, exits 1 if there is one
 *   findCycles(importGraph(repoRoot))             // -> [['a.ts', 'b.ts'], …] (repo-relative paths)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from '@paykit/test-harness/typescript';

/** The source roots whose modules may not import each other in a circle. */
export const SOURCE_ROOTS = ['packages/*/src', 'demo/src'];

/** Every `.ts`/`.tsx`/`.mts` file under `dir`, repo-relative, `/`-separated. */
function sourceFiles(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** `packages/*\/src` → every matching directory that exists. */
function expandRoots(root, roots) {
  return roots.flatMap((pattern) => {
    const [head, star, tail] = pattern.split(/(\*)/);
    if (!star) return existsSync(path.join(root, pattern)) ? [pattern] : [];
    return readdirSync(path.join(root, head))
      .map((name) => `${head}${name}${tail}`)
      .filter((dir) => existsSync(path.join(root, dir)) && statSync(path.join(root, dir)).isDirectory());
  });
}

/** `@paykit/<name>[/<subpath>]` → the repo-relative source file its `source` export condition names. */
function packageEntries(root) {
  const entries = new Map();
  for (const dir of expandRoots(root, ['packages/*'])) {
    const manifestPath = path.join(root, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== 'object' || !target.source) continue;
      const specifier = path.posix.join(manifest.name, subpath);
      entries.set(specifier, path.posix.join(dir, target.source));
    }
  }
  return entries;
}

/** The repo-relative file a specifier in `from` names, or undefined for packages outside the repo. */
function resolve(root, from, specifier, entries) {
  if (specifier.startsWith('.')) {
    const base = path.posix.join(path.posix.dirname(from), specifier);
    const stem = base.replace(/\.(m?js|jsx)$/, '');
    const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`];
    return candidates.find((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
  }
  if (entries.has(specifier)) return entries.get(specifier);
  for (const [pattern, target] of entries) {
    if (!pattern.includes('*')) continue;
    const [prefix, suffix] = pattern.split('*');
    if (specifier.startsWith(prefix) && specifier.endsWith(suffix)) {
      return target.replace('*', specifier.slice(prefix.length, specifier.length - suffix.length));
    }
  }
  return undefined;
}

/**
 * Module → the modules it imports, for every source file under `roots` (repo-relative paths). Imports
 * that leave the repo (npm packages, Node built-ins) are left out; imports into another root stay in.
 */
export function importGraph(root, roots = SOURCE_ROOTS) {
  const entries = packageEntries(root);
  const graph = new Map();
  for (const file of expandRoots(root, roots).flatMap((dir) => sourceFiles(root, dir))) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of info.importedFiles) {
      const target = resolve(root, file, fileName, entries);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component with more than one module (or a module that
 * imports itself), as one shortest circle through its first module, so the message reads as a path.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => shortestCircle(graph, component)).sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest path from the component's first module back to itself, staying inside the component. */
function shortestCircle(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(previous.get(circle[0]));
        return circle;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cycles = findCycles(importGraph(root));
  for (const cycle of cycles) console.log([...cycle, cycle[0]].join('\n  → '));
  console.log(`${cycles.length} import cycle(s) in ${SOURCE_ROOTS.join(', ')}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
