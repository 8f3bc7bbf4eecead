#!/usr/bin/env node
/**
 * Packs the five published packages once, with `npm pack` (each package's `prepack` builds its
 * `dist/`), into test-results/packs/, for every stage that installs them: the adopters' quick starts
 * and the Next.js fixture. Run alone, either of those packs first through `packedTarballs()`.
 *
 * @example
 *   node test/harness/pack.mjs                 # test-results/packs/paykit-crypto-core-0.1.0.tgz, …
 *   const tarballs = await packedTarballs();   # { '@paykit/crypto-core': '/…/paykit-crypto-core-0.1.0.tgz', … }
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Where the tarballs go; `manifest.json` beside them names each package's tarball. */
export const PACKS_DIR = path.join(repoRoot, 'test-results', 'packs');
/** The published packages, by folder. */
export const PACKAGE_FOLDERS = ['crypto-core', 'sandbox', 'proxy', 'elements', 'react-bindings'];
const MANIFEST = path.join(PACKS_DIR, 'manifest.json');

/** Packs every package into PACKS_DIR (emptied first); returns package name → tarball path. */
export async function packAll() {
  rmSync(PACKS_DIR, { recursive: true, force: true });
  mkdirSync(PACKS_DIR, { recursive: true });
  const workspaces = PACKAGE_FOLDERS.flatMap((folder) => ['--workspace', `packages/${folder}`]);
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', '--json', '--pack-destination', PACKS_DIR, ...workspaces, '--loglevel=error'],
    { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
  );
  // prepack scripts print to stdout before npm's JSON: the JSON is the last top-level array
  const packed = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[') + 1));
  const tarballs = Object.fromEntries(packed.map((entry) => [entry.name, path.join(PACKS_DIR, entry.filename)]));
  if (Object.keys(tarballs).length !== PACKAGE_FOLDERS.length)
    throw new Error(`npm pack made ${Object.keys(tarballs).length} tarballs, not ${PACKAGE_FOLDERS.length}`);
  writeFileSync(MANIFEST, JSON.stringify(tarballs, null, 2));
  return tarballs;
}

/**
 * The tarballs `npm test`'s pack stage made (PAYKIT_PACKED=1, set by run-tests.mjs), else packs now.
 * A stage run alone always packs anew, so it never installs tarballs older than the sources.
 */
export async function packedTarballs() {
  if (process.env.PAYKIT_PACKED === '1' && existsSync(MANIFEST)) {
    const tarballs = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    if (Object.values(tarballs).every((file) => existsSync(file))) return tarballs;
  }
  return packAll();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const tarballs = await packAll();
  console.log(`packed in ${((Date.now() - started) / 1000).toFixed(1)} s into ${path.relative(repoRoot, PACKS_DIR)}/:`);
  for (const file of readdirSync(PACKS_DIR).filter((name) => name.endsWith('.tgz'))) console.log(`  ${file}`);
  if (Object.keys(tarballs).length === 0) process.exitCode = 1;
}
