/**
 * Serves the browser test files as esbuild bundles with shared chunks, instead of letting each page
 * fetch its few hundred modules one by one (an element test against the in-page sandbox imports about
 * 500: the sandbox, the proxy, WebAuthn verification, Lit, the core). Every module request costs the
 * engine's browser and network processes, and the runner, CPU on every page; a handful of chunks do not.
 *
 * All the run's test files are bundled at once, on the first request (esbuild parses each module once),
 * with code splitting: what several files import is one chunk, and a dynamic `import()` is its own chunk,
 * loaded when the code asks for it (the lazy-loading tests see what a page would). A test file's
 * request gets a one-line module that imports its bundle, which lives beside it
 * (`x.browser.test.bundle.js`), so `import.meta.url` in the test still names its folder. What stays
 * outside: the runner's own modules (`/__…`, one instance per page) and Node built-ins, which resolve
 * to node-builtins-plugin's module that throws when loaded, as in any browser.
 *
 * @example
 *   plugins: [bundleTestsPlugin(repoRoot, files), esbuildPlugin({ ts: true })]
 *
 * The bundles are built once per run (the runner's watch mode would serve them stale), and kept in
 * test-results/browser-bundles/ with the hash of every file they were built from: the next engine's run
 * (npm test runs the three side by side or one after the other) and the next `npm run test:quick` take
 * them from there while none of those files changed, instead of building the same bundles again (about
 * 4 s of esbuild for the whole suite).
 *
 * Measured on the 2-core machine, the whole browser suite per engine: Firefox 207 s → 110 s, WebKitGTK
 * 211 s → 144 s of wall time; on six element test files in Firefox, 51 s of CPU → 37 s. Source maps
 * are inline (the runner maps stack traces through them to the test's own files and lines).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { nodeBuiltinStub } from './node-builtins-plugin.mjs';

const BUNDLE_SUFFIX = '.bundle.js';

export function bundleTestsPlugin(repoRoot, files) {
  const urlPath = (file) => '/' + path.relative(repoRoot, path.resolve(repoRoot, file)).split(path.sep).join('/');
  const tests = new Set(files.map(urlPath));
  const externals = {
    name: 'paykit-bundle-externals',
    setup(build) {
      build.onResolve({ filter: /^\/__/ }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const stub = nodeBuiltinStub(repoRoot, args.path);
        return stub ? { path: stub, external: true } : undefined;
      });
    },
  };
  /** @type {Promise<Map<string, string>> | undefined} url path → text of every output */
  let outputs;
  const cache = bundleCache(repoRoot, files);
  const build = async () => {
    const cached = cache.read();
    if (cached) return new Map(Object.entries(cached));
    const result = await esbuild.build({
      entryPoints: files.map((file) => path.resolve(repoRoot, file)),
      outbase: repoRoot,
      outdir: repoRoot,
      entryNames: `[dir]/[name]${BUNDLE_SUFFIX.slice(0, -'.js'.length)}`,
      chunkNames: '__paykit-chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      platform: 'browser',
      conditions: ['source'],
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      plugins: [externals],
      metafile: true,
    });
    const built = new Map(result.outputFiles.map((file) => [urlPath(file.path), file.text]));
    cache.write(Object.keys(result.metafile.inputs), Object.fromEntries(built));
    return built;
  };
  return {
    name: 'paykit-bundle-tests',
    async serve(context) {
      if (tests.has(context.path)) {
        const bundle = path.posix.basename(context.path).replace(/\.tsx?$/, BUNDLE_SUFFIX);
        return { body: `import './${bundle}';\n`, type: 'js' };
      }
      if (
        !context.path.endsWith(BUNDLE_SUFFIX) &&
        !context.path.startsWith('/__paykit-chunks/') &&
        !context.path.endsWith('.map')
      )
        return undefined;
      // a file that does not compile fails the build of them all: every test file then throws its message
      outputs ??= build().catch((error) => {
        const thrown = `throw new Error(${JSON.stringify(`the test bundle did not build: ${error.message}`)});\n`;
        return new Map(files.map((file) => [urlPath(file).replace(/\.tsx?$/, BUNDLE_SUFFIX), thrown]));
      });
      const text = (await outputs).get(context.path);
      return text === undefined ? undefined : { body: text, type: context.path.endsWith('.map') ? 'json' : 'js' };
    },
  };
}

/** How many sets of bundles test-results/browser-bundles/ keeps (a focused run has a set of its own). */
const KEPT_SETS = 4;

/**
 * The bundles of one list of test files on disk, valid while every file esbuild read to build them (and
 * the plugins that shape them) is as it was. Reads and writes never throw: a cache that cannot be used is
 * a build.
 */
function bundleCache(repoRoot, files) {
  const dir = path.join(repoRoot, 'test-results', 'browser-bundles');
  // what decides how esbuild resolves and compiles, beyond the files it reads: the plugins, the
  // packages' exports and TypeScript settings, the installed versions
  const packages = path.join(repoRoot, 'packages');
  const shaping = [
    fileURLToPath(import.meta.url),
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'node-builtins-plugin.mjs'),
    path.join(repoRoot, 'package-lock.json'),
    path.join(repoRoot, 'tsconfig.base.json'),
    ...readdirSync(packages).flatMap((name) =>
      ['package.json', 'tsconfig.json'].map((file) => path.join(packages, name, file)),
    ),
  ];
  const key = createHash('sha256')
    .update(JSON.stringify([esbuild.version, [...files].sort(), shaping.map(hashFile)]))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(dir, `${key}.json`);
  return {
    /** @returns {Record<string, string> | undefined} */
    read() {
      try {
        if (!existsSync(file)) return undefined;
        const { inputs, outputs } = JSON.parse(readFileSync(file, 'utf8'));
        for (const [input, hash] of Object.entries(inputs))
          if (hashFile(path.resolve(input)) !== hash) return undefined;
        return outputs;
      } catch {
        return undefined;
      }
    },
    /** @param {string[]} inputs as esbuild's metafile names them (relative to the working directory) */
    write(inputs, outputs) {
      try {
        mkdirSync(dir, { recursive: true });
        const hashes = Object.fromEntries(inputs.map((input) => [input, hashFile(path.resolve(input))]));
        const partial = `${file}.${process.pid}.tmp`;
        writeFileSync(partial, JSON.stringify({ inputs: hashes, outputs }));
        renameSync(partial, file); // a run reading at the same time sees the old file or the new one whole
        const sets = readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
          .sort((a, b) => b.time - a.time);
        for (const { name } of sets.slice(KEPT_SETS)) rmSync(path.join(dir, name), { force: true });
      } catch {
        // an unwritable test-results/ only costs the next run a build
      }
    },
  };
}

function hashFile(file) {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  } catch {
    return 'missing';
  }
}
