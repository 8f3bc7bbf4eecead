/**
 * Bundle size as a user pays it: one entry module bundled by esbuild for the browser (ESM, minified,
 * tree-shaken, workspace packages from their TypeScript sources), then gzip at level 9. The one place
 * both `npm run bench` and the CI budget check (`npm run test:budgets`) measure bytes, so the two can
 * never disagree.
 *
 * With `split: true` (the element rows) esbuild splits code as an application bundler does: a dynamic
 * `import()` becomes a chunk of its own, fetched only when that code runs (`<pay-payment>` loads
 * `<pay-sca-challenge>` only when a payment needs SCA). The size is then what the page loads up front:
 * the entry chunk and every chunk it imports statically, each gzipped on its own (as each is its own
 * response), summed; the chunks reached only through `import()` are reported apart as `deferred`. An
 * entry without a dynamic import is one chunk either way, with the same bytes.
 *
 * @example
 *   const { minified, gzip, heaviest } = await bundleSize("export * from '@paykit/crypto-core';");
 *   const { gzip: upFront, deferred } = await bundleSize("import '@paykit/elements/define/pay-payment';", { split: true });
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The same options for every entry, ours and the peer's. */
export const BUNDLE_OPTIONS = Object.freeze({
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['source'],
  write: false,
  metafile: true,
  logLevel: 'silent',
});

/** Stated budgets use SI kilobytes: 1 kB = 1000 bytes (the stricter reading; 1 KiB would be 1024). */
export const KB = 1000;

/**
 * Bundles `contents` (an ES module's source, resolved from the repository root) and returns its sizes in
 * bytes and the five modules that weigh most in the minified output. Throws when the bundle contains a
 * module of `forbidden` (paths from the repository root): a row that must not count a module fails
 * instead of silently growing. With `split`, `minified`, `gzip` and `heaviest` count the chunks loaded
 * up front, `deferred` (`{ minified, gzip, chunks }`, or `undefined` when there is none) the rest, and
 * `paths` (`[{ label, modules, minified, gzip, chunks }]`, with `deferred`) what the page has loaded in all
 * on each path through its `import()`s (see `pathSizes`), each path with its `chunkMap` (`[{ gzip, modules }]`:
 * every chunk it loads, up front first, by gzip size and its modules by minified bytes, biggest first), so
 * `check-budgets.mjs --chunks` can say what a path's bytes are.
 */
export async function bundleSize(contents, { external = [], forbidden = [], split = false, paths } = {}) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    ...(split
      ? { entryPoints: [ENTRY], outdir: 'out', splitting: true, plugins: [entryPlugin(contents)] }
      : { stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'entry.js', loader: 'js' } }),
    external,
  });
  const outputs = result.metafile.outputs;
  const all = Object.keys(outputs);
  // without splitting there is one output (named <stdout>); with it, `outdir` relative to the working directory
  const files = new Map(
    split
      ? result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.contents])
      : [[all[0], result.outputFiles[0].contents]],
  );
  const initial = split ? upFront(outputs) : all;
  const inputsOf = (names) => names.flatMap((name) => Object.entries(outputs[name].inputs));
  const bundled = new Set(
    inputsOf(all)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([file]) => path.relative(REPO_ROOT, path.resolve(file))),
  );
  const included = forbidden.filter((module) => bundled.has(module));
  if (included.length) throw new Error(`the bundle contains ${included.join(', ')}, which this row must not count`);
  const heaviest = inputsOf(initial)
    .map(([file, { bytesInOutput }]) => ({ module: shortName(file), bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  const measure = (names) => ({
    minified: names.reduce((sum, name) => sum + files.get(name).length, 0),
    gzip: names.reduce((sum, name) => sum + gzipSync(files.get(name), { level: 9 }).length, 0),
  });
  const later = all.filter((name) => !initial.includes(name));
  const upFrontSize = measure(initial);
  const chunkMap = (names) =>
    names.map((name) => ({
      gzip: gzipSync(files.get(name), { level: 9 }).length,
      modules: Object.entries(outputs[name].inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .map(([file, { bytesInOutput }]) => ({ module: shortName(file), bytes: bytesInOutput })),
    }));
  return {
    ...upFrontSize,
    heaviest,
    ...(later.length
      ? {
          deferred: { ...measure(later), chunks: later.length },
          paths: pathSizes(outputs, initial, measure, paths, chunkMap),
        }
      : {}),
  };
}

/**
 * What a page has loaded in all once it has taken each path: the up-front chunks plus every chunk reachable
 * (static or dynamic imports, transitively) from the path's `import()` targets, each chunk counted once and
 * gzipped on its own. `paths` names each path by the modules its code `import()`s (paths from the repository
 * root, e.g. `packages/elements/src/shared/phone-field.ts`); without it each `import()` target is a path of
 * its own, named by its module. Throws when a named module is not an `import()` target of the bundle (a path
 * that would silently count nothing).
 */
function pathSizes(outputs, initial, measure, paths, chunkMap) {
  const chunkOf = new Map();
  for (const [name, output] of Object.entries(outputs)) {
    if (output.entryPoint && !initial.includes(name))
      chunkOf.set(path.relative(REPO_ROOT, path.resolve(output.entryPoint)), name);
  }
  const named = paths ?? Object.fromEntries([...chunkOf.keys()].map((module) => [module, [module]]));
  return Object.entries(named).map(([label, modules]) => {
    const seen = new Set(initial);
    const queue = modules.map((module) => {
      const chunk = chunkOf.get(module);
      if (!chunk) throw new Error(`path "${label}": ${module} is not loaded with import() in this bundle`);
      return chunk;
    });
    while (queue.length) {
      const name = queue.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      for (const { path: imported } of outputs[name].imports ?? []) if (outputs[imported]) queue.push(imported);
    }
    return {
      label: label.replace(/^packages\/elements\/src\//, ''),
      modules,
      ...measure([...seen]),
      chunks: seen.size,
      chunkMap: chunkMap([...seen]),
    };
  });
}

const ENTRY = 'paykit-size-entry.js';

/** Serves `contents` as the entry module (esbuild's `stdin` cannot be split). */
function entryPlugin(contents) {
  return {
    name: 'paykit-size-entry',
    setup(b) {
      b.onResolve({ filter: /^paykit-size-entry\.js$/ }, () => ({ path: ENTRY, namespace: 'paykit-size-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'paykit-size-entry' }, () => ({
        contents,
        resolveDir: REPO_ROOT,
        loader: 'js',
      }));
    },
  };
}

/** The output files a page loads before anything runs: the entry's and, transitively, their static imports. */
function upFront(outputs) {
  const names = Object.keys(outputs);
  // a dynamic import's chunk has an entryPoint too (its module); the row's own is in the plugin's namespace
  const seen = new Set(names.filter((name) => outputs[name].entryPoint === `paykit-size-entry:${ENTRY}`));
  for (const name of seen) {
    for (const { path: imported, kind } of outputs[name].imports ?? []) {
      if (kind === 'import-statement' && outputs[imported]) seen.add(imported);
    }
  }
  return [...seen];
}

/** `node_modules/@noble/curves/esm/abstract/weierstrass.js` → `@noble/curves/esm/abstract/weierstrass.js`. */
function shortName(file) {
  const at = file.lastIndexOf('node_modules/');
  return at >= 0 ? file.slice(at + 'node_modules/'.length) : file;
}

/** 13679 → "13.7 kB". */
export function formatKb(bytes) {
  return `${(bytes / KB).toFixed(1)} kB`;
}
