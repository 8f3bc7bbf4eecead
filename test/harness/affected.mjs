/**
 * Which tests a change can affect, for `npm run test:quick` (local only; CI runs everything).
 *
 * - The change: files that differ from the base (the last green quick or full run on this branch's
 *   history, else the merge base with `main`), committed or not, plus untracked files.
 * - A test file is affected when its static import graph (esbuild's metafile, workspace packages
 *   through the `source` condition) holds a changed file, or when it reads or bundles files at run time
 *   (RUNTIME_READER) and the change touches its package or a package that one depends on.
 *
 * @example
 *   const change = changedFiles(repoRoot);                     // { base: 'a1b2c3d', files: ['packages/…'] }
 *   await affectedTests(repoRoot, testFiles, change.files);    // the subset of testFiles to run
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** A test that reads sources, bundles or spawns at run time: its imports do not show what it reads. */
const RUNTIME_READER = /bundleSize|esbuild|analyze\(|readFileSync|readdirSync|startDemo|spawn\(|execFile/;
/** What each folder with tests builds on (its own folder included), for runtime readers. */
const DEPENDS_ON = {
  'packages/crypto-core': ['packages/crypto-core'],
  'packages/sandbox': ['packages/sandbox', 'packages/crypto-core'],
  'packages/proxy': ['packages/proxy', 'packages/crypto-core'],
  'packages/elements': ['packages/elements', 'packages/crypto-core'],
  'packages/react-bindings': ['packages/react-bindings', 'packages/elements', 'packages/crypto-core'],
  demo: ['demo', 'packages'],
  bench: ['bench', 'packages'],
  'test/exports': ['test/exports', 'packages'],
};
const LAST_GREEN = 'test-results/last-green.json';

const git = (repoRoot, args) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The files a quick run must cover, and the commit they are compared with. */
export function changedFiles(repoRoot) {
  const base = baseCommit(repoRoot);
  const lines = [
    git(repoRoot, ['diff', '--name-only', base]),
    git(repoRoot, ['ls-files', '--others', '--exclude-standard']),
  ];
  const files = [...new Set(lines.join('\n').split('\n').filter(Boolean))].sort();
  return { base, files };
}

function baseCommit(repoRoot) {
  const file = path.join(repoRoot, LAST_GREEN);
  if (existsSync(file)) {
    const { commit } = JSON.parse(readFileSync(file, 'utf8'));
    try {
      git(repoRoot, ['merge-base', '--is-ancestor', commit, 'HEAD']);
      return commit;
    } catch {
      // rebased away, or another branch's: fall back to main
    }
  }
  try {
    return git(repoRoot, ['merge-base', 'HEAD', 'main']);
  } catch {
    return git(repoRoot, ['rev-parse', 'HEAD']);
  }
}

/**
 * Records that every test passed on HEAD plus the working tree's changes, so the next quick run starts
 * from here. Only the commit is kept: uncommitted changes stay in the next diff, and are run again.
 */
export function recordGreen(repoRoot) {
  writeFileSync(
    path.join(repoRoot, LAST_GREEN),
    JSON.stringify({ commit: git(repoRoot, ['rev-parse', 'HEAD']), at: new Date().toISOString() }) + '\n',
  );
}

/** The test files (repo-relative) that the changed files can affect. */
export async function affectedTests(repoRoot, testFiles, changed) {
  if (testFiles.length === 0 || changed.length === 0) return [];
  const changedSet = new Set(changed);
  const graph = await importGraph(repoRoot, testFiles);
  return testFiles.filter((file) => {
    if ((graph.get(file) ?? [file]).some((input) => changedSet.has(input))) return true;
    if (!RUNTIME_READER.test(readFileSync(path.join(repoRoot, file), 'utf8'))) return false;
    const folder = Object.keys(DEPENDS_ON).find((prefix) => file.startsWith(`${prefix}/`));
    const watched = folder ? DEPENDS_ON[folder] : [path.dirname(file)];
    return changed.some((changedFile) => watched.some((prefix) => changedFile.startsWith(`${prefix}/`)));
  });
}

/** test file → the repo files it imports, directly or not, as esbuild resolves them. */
async function importGraph(repoRoot, testFiles) {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: testFiles,
    bundle: true,
    write: false,
    metafile: true,
    // shared modules go to chunks, so each is read once, not once per test file
    splitting: true,
    outdir: 'out',
    outbase: '.',
    platform: 'node',
    format: 'esm',
    conditions: ['source'],
    logLevel: 'silent',
    loader: { '.json': 'json', '.css': 'text', '.svg': 'text', '.html': 'text' },
    plugins: [
      {
        // only the workspace's own files matter: other packages and absolute URLs stay outside
        name: 'workspace-only',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@paykit/') ? undefined : { path: args.path, external: true },
          );
          builder.onResolve({ filter: /^\// }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const inputsOf = (name, seen = new Set()) => {
    if (seen.has(name)) return [];
    seen.add(name);
    const output = outputs[name];
    return [
      ...Object.keys(output.inputs),
      ...output.imports.filter((i) => !i.external && outputs[i.path]).flatMap((i) => inputsOf(i.path, seen)),
    ];
  };
  const graph = new Map();
  for (const [name, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    const inputs = inputsOf(name).map((input) => path.relative(repoRoot, path.resolve(repoRoot, input)));
    graph.set(output.entryPoint, inputs);
  }
  return graph;
}
