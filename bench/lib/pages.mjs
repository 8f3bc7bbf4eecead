/**
 * Builds the bench pages with esbuild into one temporary folder: the crypto page (both libraries in
 * one bundle), one bundle per element define module plus the page that times them, and the passkey
 * flow page. Workspace packages come from their TypeScript sources (`source` condition).
 *
 * @example
 *   const dir = await buildPages(await mkdtemp(...));   // then serveStatic(dir)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './bundle-size.mjs';

export const ELEMENT_TAGS = [
  'pay-otp-login',
  'pay-passkey-login',
  'pay-wallet-export',
  'pay-card-reveal',
  'pay-sca-challenge',
];
export const VECTORS_FILE = path.resolve(REPO_ROOT, '..', 'shared', 'vectors', 'wallet-crypto.json');

const page = (title, script) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><script type="module" src="./${script}"></script></body></html>\n`;

const common = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['source'],
  logLevel: 'error',
  minify: true,
  sourcemap: false,
};

export async function buildPages(outDir) {
  await mkdir(outDir, { recursive: true });
  const vectors = JSON.parse(await readFile(VECTORS_FILE, 'utf8'));
  const bench = path.join(REPO_ROOT, 'bench');
  await build({
    ...common,
    entryPoints: { crypto: path.join(bench, 'crypto', 'page.ts') },
    outdir: outDir,
    define: { __VECTORS__: JSON.stringify({ otp: vectors.otp, exportWallet: vectors.exportWallet }) },
  });
  await writeFile(path.join(outDir, 'crypto.html'), page('Paykit crypto bench', 'crypto.js'));

  // Each define module alone, exactly as an app would import it (its own copy of Lit and the core).
  await build({
    ...common,
    entryPoints: Object.fromEntries(
      ELEMENT_TAGS.map((tag) => [
        `define-${tag}`,
        path.join(REPO_ROOT, 'packages', 'elements', 'src', 'define', `${tag}.ts`),
      ]),
    ),
    outdir: outDir,
  });
  await build({ ...common, entryPoints: { elements: path.join(bench, 'elements', 'page.ts') }, outdir: outDir });
  await writeFile(path.join(outDir, 'elements.html'), page('Paykit elements bench', 'elements.js'));

  await build({ ...common, entryPoints: { passkey: path.join(bench, 'flows', 'passkey-page.ts') }, outdir: outDir });
  await writeFile(path.join(outDir, 'passkey.html'), page('Paykit passkey flow', 'passkey.js'));
  return outDir;
}
