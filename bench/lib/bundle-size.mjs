/**
 * Bundle size as a user pays it: one entry module bundled by esbuild for the browser (ESM, minified,
 * tree-shaken, workspace packages from their TypeScript sources), then gzip at level 9. The one place
 * both `npm run bench` and the CI budget check (`npm run test:budgets`) measure bytes, so the two can
 * never disagree.
 *
 * @example
 *   const { minified, gzip, heaviest } = await bundleSize("export * from '@paykit/crypto-core';");
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
 * instead of silently growing.
 */
export async function bundleSize(contents, { external = [], forbidden = [] } = {}) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'entry.js', loader: 'js' },
    external,
  });
  const output = result.outputFiles[0].contents;
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  const bundled = new Set(
    Object.entries(inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([file]) => path.relative(REPO_ROOT, path.resolve(file))),
  );
  const included = forbidden.filter((module) => bundled.has(module));
  if (included.length) throw new Error(`the bundle contains ${included.join(', ')}, which this row must not count`);
  const heaviest = Object.entries(inputs)
    .map(([file, { bytesInOutput }]) => ({ module: shortName(file), bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  return { minified: output.length, gzip: gzipSync(output, { level: 9 }).length, heaviest };
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
