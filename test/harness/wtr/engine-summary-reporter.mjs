/**
 * Counts, per engine, the test files (and those with errors outside any test, such as a module that did
 * not load) and the tests that passed, failed and were skipped (naming the skipped ones: itWhen puts
 * the reason in the name), and writes them as JSON to `file` so
 * run-browsers.mjs can print one summary for all engines.
 *
 * @example
 *   reporters: [defaultReporter(), engineSummaryReporter(process.env.PAYKIT_SUMMARY_FILE)]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export function engineSummaryReporter(file) {
  let rootDir = process.cwd();
  return {
    start({ config }) {
      rootDir = config.rootDir;
    },
    stop({ sessions }) {
      if (!file) return;
      const engines = {};
      for (const session of sessions) {
        const counts = (engines[session.browser.name] ??= {
          files: 0,
          filesWithErrors: 0,
          passed: 0,
          failed: 0,
          skipped: 0,
          skippedTests: [],
        });
        counts.files += 1;
        if (session.errors?.length) counts.filesWithErrors += 1; // e.g. the module did not load
        countTests(session.testResults, counts, [path.relative(rootDir, session.testFile)]);
      }
      writeFileSync(file, JSON.stringify(engines));
    },
  };
}

function countTests(suite, counts, names) {
  if (!suite) return;
  for (const test of suite.tests) {
    if (test.skipped) {
      counts.skipped += 1;
      counts.skippedTests.push([...names, test.name].join(' › '));
    } else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite.suites) countTests(child, counts, [...names, child.name]);
}
