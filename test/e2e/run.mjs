#!/usr/bin/env node
/**
 * `npm run test:e2e`: the demo in a real browser, every flow, in Chromium, Firefox and WebKitGTK in turn
 * (see main.ts). Plain `node` is enough: the demo's loader registers tsx and the `source` resolution.
 *
 *   PAYKIT_BROWSERS=chromium npm run test:e2e     one engine
 *   E2E_SCREENSHOTS=1 npm run test:e2e            a screenshot after every test (test-results/e2e/)
 */
await import('../../demo/scripts/register.mjs');
const { main } = await import('./main.ts');

// a hung browser must not hang CI: the whole run gets a hard limit
const watchdog = setTimeout(() => {
  console.error('e2e: the run exceeded 8 minutes; giving up');
  process.exit(2);
}, 8 * 60_000);
watchdog.unref();

// Ctrl-C or a CI cancel: exit through process.exit so the adapters' exit hooks kill the browsers and
// the WebKit driver's process tree
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('e2e: the run failed before the tests could finish:', error);
}
process.exit(code);
