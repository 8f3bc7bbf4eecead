/**
 * Lets browser tests load libraries that try a Node built-in and fall back to the platform, such as
 * `try { await import('crypto') } catch {}` in @hpke/common: an import of a Node built-in (`node:*`, or a
 * bare name like `crypto` that no installed package claims) resolves to a module that throws when
 * loaded, as it would in any browser, instead of failing the whole test file at transform time.
 *
 * @example
 *   plugins: [nodeBuiltinsPlugin(repoRoot)]
 */
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';

export const NODE_BUILTIN_PREFIX = '/__node-builtin/';
const PREFIX = NODE_BUILTIN_PREFIX;

export function nodeBuiltinsPlugin(repoRoot) {
  // a browser polyfill installed under a built-in's name (events, buffer, process) wins over the stub
  const installed = (name) => existsSync(path.join(repoRoot, 'node_modules', name, 'package.json'));
  return {
    name: 'paykit-node-builtins',
    resolveImport({ source }) {
      if (!isBuiltin(source)) return undefined;
      if (!source.startsWith('node:') && installed(source.split('/')[0])) return undefined;
      return `${PREFIX}${encodeURIComponent(source)}.js`;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const name = decodeURIComponent(context.path.slice(PREFIX.length, -'.js'.length));
      return {
        body: `throw new Error(${JSON.stringify(`the Node built-in "${name}" is not available in a browser`)});\n`,
        type: 'js',
      };
    },
  };
}
