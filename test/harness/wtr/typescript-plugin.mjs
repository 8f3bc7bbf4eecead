/**
 * Compiles the TypeScript that the runner serves as modules: not the test files (bundle-tests-middleware
 * serves their bundles) but a package's sources that a page imports itself (key-persistence.browser.test.ts
 * loads src/keys.ts into a frame), and every module with PAYKIT_BUNDLE_TESTS=0. esbuild's transform for
 * es2022, as the bundles are built, with the source map inline; in a TypeScript file, a relative import
 * of `./x.js` names `./x.ts` when that file exists (TypeScript's own convention).
 *
 * In place of @web/dev-server-esbuild's plugin, which did the same for `.ts` files with a target picked
 * per user agent from browser data that cost each runner 0.3-0.4 s of CPU to load. Measured A/B on the
 * crypto-core files in Firefox, CPU of the runner's process: 3.0 and 2.9 s → 2.6 and 2.5 s.
 *
 * @example
 *   plugins: [typescriptPlugin()]
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';

const isTypeScript = (context) => context.path.endsWith('.ts');
/** The file a request names, under the runner's root (the sources served here are all inside it). */
const requestFile = (rootDir, context) => path.join(rootDir, decodeURIComponent(context.path));

export function typescriptPlugin() {
  /** @type {string} */
  let rootDir;
  return {
    name: 'paykit-typescript',
    serverStart({ config }) {
      rootDir = config.rootDir;
    },
    resolveMimeType(context) {
      return isTypeScript(context) ? 'js' : undefined;
    },
    async resolveImport({ source, context }) {
      if (!isTypeScript(context) || !source.startsWith('.') || !source.endsWith('.js')) return undefined;
      const asTypeScript = `${source.slice(0, -'.js'.length)}.ts`;
      try {
        await access(path.join(path.dirname(requestFile(rootDir, context)), asTypeScript));
        return asTypeScript;
      } catch {
        return undefined;
      }
    },
    async transform(context) {
      if (!isTypeScript(context)) return undefined;
      const { code } = await transform(context.body, {
        loader: 'ts',
        target: 'es2022',
        sourcemap: 'inline',
        sourcefile: requestFile(rootDir, context),
      });
      return code;
    },
  };
}
