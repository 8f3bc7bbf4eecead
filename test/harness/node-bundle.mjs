/**
 * A module the tests start in a child Node process (the sandbox CLI, a README's backend, a script), as one
 * ES module bundled by esbuild into a temporary folder (removed when this process exits), its workspace
 * imports from their TypeScript sources as the tests see them. Node then runs it without tsx: a start
 * through tsx's loader cost 1.7 s of CPU on the 2-core machine, the sandbox CLI's bundle 0.3 s.
 *
 * @example
 *   const cli = await bundleForNode({ entry: 'packages/sandbox/src/cli.ts' });
 *   const script = await bundleForNode({ code: "import { WalletClient } from '@paykit/crypto-core'; …" });
 *   spawn(process.execPath, [cli, '--port', '0']);
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a file, absolute or repo-relative) or `code` (an ES module's text, its imports
 * resolved from the repository's root) and answers the bundle's path.
 * @param {{ entry: string } | { code: string }} source
 * @returns {Promise<string>}
 */
export async function bundleForNode(source) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paykit-node-bundle-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = path.join(dir, 'main.mjs');
  await build({
    ...('entry' in source
      ? { entryPoints: [path.resolve(repoRoot, source.entry)] }
      : { stdin: { contents: source.code, resolveDir: repoRoot, sourcefile: 'script.mjs', loader: 'js' } }),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    // a CommonJS dependency's require() of a Node built-in, inside an ES module
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}
