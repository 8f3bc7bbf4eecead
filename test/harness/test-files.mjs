/**
 * Which files are tests, and for which runtime. `*.node.test.ts` run only in Node, `*.browser.test.ts`
 * only in the browser engines, every other `*.test.ts` in both. Both runners read these patterns.
 *
 * @example
 *   findTestFiles(repoRoot, 'node', 'packages/crypto-core/**') // -> ['packages/crypto-core/test/keys.test.ts', …]
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const TEST_FILES = '{packages/*/test,demo/server/test,bench/test,test/exports}/**/*.test.ts';
export const NODE_ONLY = '**/*.node.test.ts';
export const BROWSER_ONLY = '**/*.browser.test.ts';

/**
 * Repo-relative test files for one runtime, sorted: every test file (or those matching `focus`) minus
 * the other runtime's only-files. One list for both runners, so they cannot disagree.
 */
export function findTestFiles(repoRoot, runtime, focus) {
  const isTest = globToRegExp(TEST_FILES);
  const wanted = focus ? globToRegExp(focus.replace(/^\.\//, '')) : isTest;
  const otherOnly = globToRegExp(runtime === 'node' ? BROWSER_ONLY : NODE_ONLY);
  return [
    ...walk(repoRoot, 'packages'),
    ...walk(repoRoot, 'demo/server'),
    ...walk(repoRoot, 'bench/test'),
    ...walk(repoRoot, 'test/exports'),
  ]
    .filter((file) => isTest.test(file) && wanted.test(file) && !otherOnly.test(file))
    .sort();
}

function walk(root, dir) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(root, rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** Enough glob for test focus: `**` (any depth), `*`, `?` and `{a,b}`; paths use `/`. */
export function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) ((source += '(?:.*/)?'), (i += 2));
    else if (glob.startsWith('**', i)) ((source += '.*'), (i += 1));
    else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',') source += '|';
    else source += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^(?:\\./)?${source}$`);
}

/**
 * Reads the focus glob from `--files <glob>` / `--files=<glob>` in argv, else from PAYKIT_FILES (which
 * focuses a whole `npm test`); returns it and the remaining arguments.
 */
export function takeFilesArg(argv, env = process.env) {
  const rest = [];
  let files = env.PAYKIT_FILES;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--files') files = argv[++i];
    else if (argv[i].startsWith('--files=')) files = argv[i].slice('--files='.length);
    else rest.push(argv[i]);
  }
  return { files: files || undefined, rest };
}
