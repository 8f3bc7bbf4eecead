/**
 * Serves the browser test files as esbuild bundles with shared chunks, instead of letting each page
 * fetch its few hundred modules one by one (an element test against the in-page sandbox imports about
 * 500: the sandbox, the proxy, WebAuthn verification, Lit, the core). Every module request costs the
 * engine's browser and network processes, and the runner, CPU on every page; a handful of chunks do not.
 *
 * All the run's test files are bundled at once, as the runner starts (esbuild parses each module once),
 * with code splitting: what several files import is one chunk, and a dynamic `import()` is its own chunk,
 * loaded when the code asks for it (the lazy-loading tests see what a page would). A test file's
 * request gets a one-line module that imports its bundle, which lives beside it
 * (`x.browser.test.bundle.js`), so `import.meta.url` in the test still names its folder. What stays
 * outside: the runner's own modules (`/__…`, one instance per page) and Node built-ins, which resolve
 * to node-builtins-plugin's module that throws when loaded, as in any browser.
 *
 * A middleware, not a plugin: the runner puts what a plugin serves through every plugin's `transform`,
 * and caches the result only for files on disk, so each bundle and chunk was parsed for its imports and
 * each relative import resolved by node-resolve against the file system (to no change: they are
 * esbuild's own paths), then hashed for its ETag. Here each body is encoded and hashed once, and the
 * same bytes go out. Measured A/B on the crypto-core files in Chromium, CPU of the runner's process:
 * 4.9 and 4.4 s → 3.8 and 3.6 s; on the whole Chromium stage 13.1 and 13.6 s → 9.8 (a build included)
 * and 9.2 s.
 *
 * @example
 *   middleware: [bundleTestsMiddleware(repoRoot, files)]
 *
 * The bundles are built once per run (the runner's watch mode would serve them stale), and kept in
 * test-results/browser-bundles/ with the hash of every file they were built from: the next engine's run
 * (npm test runs the three side by side or one after the other) and the next `npm run test:quick` take
 * them from there while none of those files changed, instead of building the same bundles again (about
 * 2 s of esbuild for the whole suite). Engines that start together would each find no bundles and
 * build them: a lock file lets one build while the others wait for what it writes. Measured with
 * an empty cache, two runs of the whole suite's build started 0.3 s apart: 5.2 and 4.9 s of CPU →
 * 3.1 and 2.9 s. The Firefox and WebKitGTK stages started together on an empty cache, as npm test
 * starts them, with this file's two changes and those of engines.mjs and typescript-plugin.mjs: their
 * runners 24.1 s of CPU → 12.3 s, esbuild 5.8 s → 3.6 s, the two stages 197.6 s → 172.7 s.
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

export function bundleTestsMiddleware(repoRoot, files) {
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
  const cache = bundleCache(repoRoot, files);
  const build = async () => {
    const cached = await cache.readOrWait();
    if (cached) return new Map(Object.entries(cached));
    try {
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
    } finally {
      cache.unlock();
    }
  };
  /** @type {Promise<Map<string, { body: Buffer, etag: string }>>} url path → every output, encoded once */
  const outputs = build()
    // a file that does not compile fails the build of them all: every test file then throws its message
    .catch((error) => {
      const thrown = `throw new Error(${JSON.stringify(`the test bundle did not build: ${error.message}`)});\n`;
      return new Map(files.map((file) => [urlPath(file).replace(/\.tsx?$/, BUNDLE_SUFFIX), thrown]));
    })
    .then((texts) => new Map([...texts].map(([url, text]) => [url, encoded(text)])));
  const testModules = new Map(
    [...tests].map((url) => [
      url,
      encoded(`import './${path.posix.basename(url).replace(/\.tsx?$/, BUNDLE_SUFFIX)}';\n`),
    ]),
  );
  return async function bundledTests(ctx, next) {
    const isBundle =
      ctx.path.endsWith(BUNDLE_SUFFIX) || ctx.path.startsWith('/__paykit-chunks/') || ctx.path.endsWith('.map');
    const output = testModules.get(ctx.path) ?? (isBundle ? (await outputs).get(ctx.path) : undefined);
    if (!output || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.type = ctx.path.endsWith('.map') ? 'json' : 'js';
    ctx.etag = output.etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = output.body;
  };
}

/** A body as the server sends it, and its ETag, computed once instead of on each request. */
function encoded(text) {
  const body = Buffer.from(text);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** How many sets of bundles test-results/browser-bundles/ keeps (a focused run has a set of its own). */
const KEPT_SETS = 4;
/** How long a run waits for another's build of the same bundles before it builds them itself. */
const LOCK_WAIT_MS = 120_000;

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
  const lockFile = `${file}.lock`;
  let locked = false;
  const unlock = () => {
    if (!locked) return;
    locked = false;
    rmSync(lockFile, { force: true });
  };
  const cache = {
    /**
     * The bundles from disk, else undefined once this process holds the lock on building them. While
     * another run holds it (npm test starts engines side by side, each building the same set), waits
     * for it to end and reads what it wrote.
     * @returns {Promise<Record<string, string> | undefined>}
     */
    async readOrWait() {
      const waitUntil = Date.now() + LOCK_WAIT_MS;
      for (;;) {
        const cached = cache.read();
        if (cached) return cached;
        try {
          mkdirSync(dir, { recursive: true });
          writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
          locked = true;
          process.once('exit', unlock);
          return undefined;
        } catch (error) {
          if (error?.code !== 'EEXIST') return undefined; // no lock to be had: build without one
        }
        const holder = Number(readText(lockFile));
        if (holder && !isAlive(holder)) {
          rmSync(lockFile, { force: true }); // left by a run that was killed mid-build
          continue;
        }
        if (Date.now() > waitUntil) return undefined;
        while (existsSync(lockFile) && (!holder || isAlive(holder)) && Date.now() <= waitUntil)
          await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Lets a run waiting for this one's build go on (it reads what write() left, or builds). */
    unlock,
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
  return cache;
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

function hashFile(file) {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  } catch {
    return 'missing';
  }
}
