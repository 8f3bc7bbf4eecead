#!/usr/bin/env node
/**
 * Builds the single-file outputs of the core with esbuild from src/webview/single-file.ts, minified,
 * dependencies bundled: `dist/single-file/paykit-core.js` (ESM) and `paykit-core.global.js` (a classic
 * script that defines one global, `PaykitCore`). The browser tests build the same way in memory.
 *
 * @example
 *   node scripts/build-single-file.mjs            # writes dist/single-file/, prints min+gzip sizes
 *   const { files } = await buildSingleFile({ write: false });
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SINGLE_FILE_DIR = path.join(packageRoot, 'dist', 'single-file');
export const GLOBAL_NAME = 'PaykitCore';

/** The two builds: name -> esbuild format options. */
const FORMATS = {
  'paykit-core.js': { format: 'esm' },
  'paykit-core.global.js': { format: 'iife', globalName: GLOBAL_NAME },
};

/**
 * Builds both files; returns their text by file name. `write` (default true) also writes them to
 * dist/single-file/.
 */
export async function buildSingleFile({ write = true } = {}) {
  const files = {};
  for (const [name, formatOptions] of Object.entries(FORMATS)) {
    const result = await build({
      entryPoints: [path.join(packageRoot, 'src', 'webview', 'single-file.ts')],
      bundle: true,
      minify: true,
      platform: 'browser',
      target: 'es2022',
      legalComments: 'none',
      write: false,
      logLevel: 'warning',
      ...formatOptions,
    });
    files[name] = result.outputFiles[0].text;
  }
  if (write) {
    mkdirSync(SINGLE_FILE_DIR, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(SINGLE_FILE_DIR, name), text);
  }
  return { files };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files } = await buildSingleFile();
  // measured as bench/check-budgets.mjs does: gzip level 9, SI kB
  for (const [name, text] of Object.entries(files)) {
    const gzip = gzipSync(text, { level: 9 }).length;
    console.log(
      `dist/single-file/${name}: ${gzip} B min+gzip (${(gzip / 1000).toFixed(1)} kB; ${Buffer.byteLength(text)} B minified)`,
    );
  }
}
