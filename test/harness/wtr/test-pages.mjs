/**
 * Puts several browser test files in one page: the runner opens a page per file it is given, and each
 * page costs the engine a fresh document, the runner's framework and a load of the shared chunks. So
 * the runner is given page files instead, each importing up to PAGE_SIZE test files of one test folder
 * in order (`await import(…)`: each file's suites register as it loads, and Mocha runs them all when the
 * page module has loaded). A test file is still served as itself (bundle-tests-middleware), so its
 * `import.meta.url`, its stack traces and its suite names are unchanged.
 *
 * Measured on the 2-core machine, six small element test files as six pages and as one: Chromium
 * 8.8 s → 6.2 s of CPU, Firefox 10.5 s → 7.1 s of wall time (it waits on each navigation), WebKitGTK
 * 6.7 s → 5.7 s of CPU.
 *
 * A file that needs a page of its own (it asserts on page-wide state that another file changes, or it
 * loads a second copy of a package) is listed in OWN_PAGE, with the reason.
 *
 * @example
 *   files: testPages(repoRoot, findTestFiles(repoRoot, 'browser')) // ['test-results/browser-pages/…/packages-elements-test-1.test.js', …]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Files per page: enough to pay the page's cost once for several files, few enough that a file that
 * breaks its page (an uncaught error between tests) takes few others down, and that the summary's
 * slowest pages still point somewhere.
 */
const PAGE_SIZE = 8;

/** Test files that run in a page of their own. */
export const OWN_PAGE = new Set([
  // registers no locale but English, then asserts that Spanish is absent until it imports it
  'packages/elements/test/i18n.test.ts',
  // asserts that <pay-sca-challenge> is not registered until a payment needs it (another file defines it)
  'packages/elements/test/payment-lazy-sca.browser.test.ts',
  // loads a second copy of the elements and asserts on which copy defined each tag
  'packages/elements/test/two-copies.browser.test.ts',
  // loads the single-file webview build, which defines the same globals as the modules
  'packages/crypto-core/test/webview-single-file.browser.test.ts',
  // hydrates React into the document's markup as a server rendered it
  'packages/react-bindings/test/hydration.browser.test.ts',
]);

/**
 * Writes one page file for each group of `files` (repo-relative test files, in run order) under
 * test-results/browser-pages/, and returns their repo-relative paths, for the runner's `files`. With one
 * file it returns the file itself: a focused run needs no page around it. PAYKIT_TEST_PAGES=0 gives every
 * file a page of its own (to tell whether a failure comes from sharing a page).
 */
export function testPages(repoRoot, files, env = process.env) {
  if (files.length <= 1 || env.PAYKIT_TEST_PAGES === '0') return files;
  const groups = new Map();
  for (const file of files) {
    const folder = OWN_PAGE.has(file) ? file : path.posix.dirname(file);
    groups.set(folder, [...(groups.get(folder) ?? []), file]);
  }
  // one folder per list of files: runs of different lists side by side do not share page files
  const key = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
  const dir = path.join(repoRoot, 'test-results', 'browser-pages', key);
  mkdirSync(dir, { recursive: true });
  const pages = [];
  for (const [folder, group] of groups) {
    if (group.length === 1) {
      pages.push(group[0]);
      continue;
    }
    const count = Math.ceil(group.length / PAGE_SIZE);
    for (let i = 0; i < count; i++) {
      // an even cut: 17 files make pages of 6, 6 and 5, not 8, 8 and 1
      const part = group.slice(Math.round((i * group.length) / count), Math.round(((i + 1) * group.length) / count));
      const name = `${folder.replace(/[^\w-]+/g, '-')}-${i + 1}-of-${count}.test.js`;
      pages.push(
        path
          .relative(repoRoot, writeIfChanged(path.join(dir, name), pageModule(part)))
          .split(path.sep)
          .join('/'),
      );
    }
  }
  return pages;
}

function pageModule(files) {
  return (
    `// ${files.length} test files in one page (written by test/harness/wtr/test-pages.mjs)\n` +
    files.map((file) => `await import(${JSON.stringify(`/${file}`)});\n`).join('')
  );
}

/** Writes `text` to `file` unless it is there already: engines starting side by side write the same pages. */
function writeIfChanged(file, text) {
  try {
    if (readFileSync(file, 'utf8') === text) return file;
  } catch {
    // not written yet
  }
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  return file;
}
