/**
 * Builds the page with Vite (`demo/index.html`, `demo/oauth-callback.html` and `demo/gallery.html` → `outDir`), with workspace packages resolved to their
 * TypeScript sources (`source` condition). TypeScript goes through esbuild rather than Vite's default
 * transformer because the elements use standard (TC39) decorators, which esbuild lowers for es2022.
 * Takes well under a second; the demo builds at every start and serves the result with a strict CSP.
 * No source maps unless asked (`sourcemap: true`, `DEMO_SOURCEMAP=1`): the normal start publishes none.
 * The root `vite.config.ts` exports this same configuration for `npx vite build`.
 *
 * @example
 *   await buildPage({ outDir: 'demo/dist' });
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import type { InlineConfig, Plugin } from 'vite';

export const DEMO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild for every .ts module: lowers decorators and strips types like `tsc` (verbatimModuleSyntax). */
export function esbuildTypeScript(): Plugin {
  return {
    name: 'paykit-demo:esbuild-ts',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.endsWith('.ts')) return null;
      const result = await transform(code, {
        loader: 'ts',
        format: 'esm',
        target: 'es2022',
        sourcemap: true,
        sourcefile: file,
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: true } },
      });
      return { code: result.code, map: result.map };
    },
  };
}

export function viteConfig(outDir: string, options: { sourcemap?: boolean } = {}): InlineConfig {
  return {
    root: DEMO_ROOT,
    configFile: false,
    logLevel: 'warn',
    clearScreen: false,
    oxc: false,
    plugins: [esbuildTypeScript()],
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0, // no data: URLs, so img-src stays 'self'
      sourcemap: options.sourcemap === true,
      reportCompressedSize: false,
      // the gallery (/gallery) carries the whole sandbox and proxy into its page (about 700 kB); the demo
      // page's own chunks stay far below Vite's 500 kB warning
      chunkSizeWarningLimit: 1024,
      // the page, the OAuth callback page the identity provider returns to, and the gallery of element states
      rolldownOptions: {
        input: {
          main: path.join(DEMO_ROOT, 'index.html'),
          oauthCallback: path.join(DEMO_ROOT, 'oauth-callback.html'),
          gallery: path.join(DEMO_ROOT, 'gallery.html'),
        },
        // the gallery loads every element up front on purpose, so the sign-in element's lazy loaders have
        // nothing to split off there; any other warning still shows
        onwarn(warning, warn) {
          if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
        },
      },
    },
  };
}

export async function buildPage(options: { outDir: string; sourcemap?: boolean }): Promise<void> {
  const { build } = await import('vite');
  await build(viteConfig(path.resolve(options.outDir), { sourcemap: options.sourcemap === true }));
}
