/**
 * Counts, per engine, the test files (and those with errors outside any test, such as a module that did
 * not load) and the tests that passed, failed and were skipped (naming the skipped ones: itWhen puts
 * the reason in the name), and the slowest files by the time their tests took, and writes them as JSON to `file` so
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
          slowest: [],
          testMs: 0,
        });
        counts.files += 1;
        if (session.errors?.length) counts.filesWithErrors += 1; // e.g. the module did not load
        const name = path.relative(rootDir, session.testFile);
        const ms = countTests(session.testResults, counts, [name]);
        counts.slowest.push({ file: name, ms });
        counts.testMs += ms;
      }
      for (const counts of Object.values(engines)) {
        counts.slowest.sort((a, b) => b.ms - a.ms);
        counts.slowest.length = Math.min(counts.slowest.length, SLOWEST);
      }
      writeFileSync(file, JSON.stringify(engines));
    },
  };
}

/** How many of the slowest files the summary names. */
const SLOWEST = 5;

/** Counts `suite`'s tests into `counts`; returns the milliseconds they took. */
function countTests(suite, counts, names) {
  if (!suite) return 0;
  let ms = 0;
  for (const test of suite.tests) {
    ms += test.duration ?? 0;
    if (test.skipped) {
      counts.skipped += 1;
      counts.skippedTests.push([...names, test.name].join(' › '));
    } else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite.suites) ms += countTests(child, counts, [...names, child.name]);
  return ms;
}
