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

const PREFIX = '/__node-builtin/';

/**
 * The URL of the throwing module that stands in for `source` when it is a Node built-in, else undefined.
 * A browser polyfill installed under a built-in's name (events, buffer, process) wins over the stub.
 */
export function nodeBuiltinStub(repoRoot, source) {
  if (!isBuiltin(source)) return undefined;
  const installed = existsSync(path.join(repoRoot, 'node_modules', source.split('/')[0], 'package.json'));
  if (!source.startsWith('node:') && installed) return undefined;
  return `${PREFIX}${encodeURIComponent(source)}.js`;
}

export function nodeBuiltinsPlugin(repoRoot) {
  return {
    name: 'paykit-node-builtins',
    resolveImport: ({ source }) => nodeBuiltinStub(repoRoot, source),
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
