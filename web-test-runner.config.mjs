/**
 * @web/test-runner for the browser half of the suite: every `packages/*\/test/**\/*.test.ts` except
 * `*.node.test.ts`, compiled by esbuild, in the engines named by PAYKIT_BROWSERS (default: all three).
 * `npm run test:browsers` (test/harness/run-browsers.mjs) runs one engine per wtr process; this config
 * also works alone: `PAYKIT_BROWSERS=chromium npx wtr`.
 *
 * Env: PAYKIT_BROWSERS=chromium,firefox,webkit · PAYKIT_FILES=<glob> (focus) · PAYKIT_SUMMARY_FILE=<json> ·
 * PAYKIT_TEST_PAGES=0 (a page per test file, test-pages.mjs) · PAYKIT_FINISH_MS=<ms> (a page's time limit) ·
 * PAYKIT_WTR_PORT=<port> · PAYKIT_BUNDLE_TESTS=0 (serve each module on its own, for debugging in a browser)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultReporter } from '@web/test-runner';
import { createLauncher, selectEngines, wtrConcurrency } from '@paykit/test-harness/engines';
import { findTestFiles } from '@paykit/test-harness/test-files';
import { engineSummaryReporter } from '@paykit/test-harness/wtr/engine-summary-reporter';
import { bundleTestsMiddleware } from '@paykit/test-harness/wtr/bundle-tests-middleware';
import { nodeBuiltinsPlugin } from '@paykit/test-harness/wtr/node-builtins-plugin';
import { oauthSandboxPlugin } from '@paykit/test-harness/wtr/oauth-sandbox-plugin';
import { sandboxProcess } from '@paykit/test-harness/wtr/sandbox-process';
import { sharedFilesMiddleware } from '@paykit/test-harness/wtr/shared-files-middleware';
import { testPages } from '@paykit/test-harness/wtr/test-pages';
import { typescriptPlugin } from '@paykit/test-harness/wtr/typescript-plugin';
import { virtualAuthenticatorPlugin } from '@paykit/test-harness/wtr/virtual-authenticator-plugin';
import { webviewNativePlugin } from '@paykit/test-harness/wtr/webview-native-plugin';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

const files = findTestFiles(repoRoot, 'browser', process.env.PAYKIT_FILES || undefined);
if (files.length === 0)
  throw new Error(`no browser test files match ${process.env.PAYKIT_FILES || 'the default patterns'}`);

const sandbox = sandboxProcess();

export default {
  rootDir: repoRoot,
  // several test files of a folder in one page (test-pages.mjs): a page per file costs each engine about
  // half a second of CPU or of waiting
  files: testPages(repoRoot, files),
  // workspace packages resolve to their TypeScript sources, so tests need no build
  nodeResolve: { exportConditions: ['source'] },
  browsers: await Promise.all(selectEngines(process.env.PAYKIT_BROWSERS).map(createLauncher)),
  // a port of its own when run-tests.mjs runs the engines side by side (else wtr's first free from 8000)
  ...(Number(process.env.PAYKIT_WTR_PORT) ? { port: Number(process.env.PAYKIT_WTR_PORT) } : {}),
  // test files at once, in pages of one browser (engines.mjs)
  concurrency: wtrConcurrency(),
  concurrentBrowsers: 1,
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: Number(process.env.PAYKIT_FINISH_MS) || 5 * 60_000,
  testFramework: { config: { timeout: 20_000 } },
  middleware: [
    sharedFilesMiddleware(path.resolve(repoRoot, '..', 'shared')),
    // each test file as one bundle with shared chunks (PAYKIT_BUNDLE_TESTS=0: module by module, to debug)
    ...(process.env.PAYKIT_BUNDLE_TESTS === '0' ? [] : [bundleTestsMiddleware(repoRoot, files)]),
  ],
  plugins: [
    // the `.ts` sources a page imports itself (and every module with PAYKIT_BUNDLE_TESTS=0), for es2022
    // as the bundles are built; `.js` is served as it is (the bundles and chunks are 7.7 MB)
    typescriptPlugin(),
    nodeBuiltinsPlugin(repoRoot),
    virtualAuthenticatorPlugin(),
    // the webview and OAuth tests' server commands share one sandbox process (sandbox-process.mjs)
    webviewNativePlugin(repoRoot, sandbox),
    oauthSandboxPlugin(sandbox),
  ],
  staticLogging: process.env.CI === 'true' || !process.stdout.isTTY,
  reporters: [defaultReporter(), engineSummaryReporter(process.env.PAYKIT_SUMMARY_FILE)],
};
