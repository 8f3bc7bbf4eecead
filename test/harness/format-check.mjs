#!/usr/bin/env node
/**
 * `npm test`'s format stage: `prettier --check` over every file git knows (tracked, or new and not ignored;
 * .prettierignore still applies, and files Prettier has no parser for are skipped), in one process per core,
 * each given an equal share of the bytes. One Prettier process uses one core: when this stage runs last, as
 * the stages' order makes it, the second core would sit idle for its 35 s.
 *
 * @example
 *   node test/harness/format-check.mjs
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(path.join(repoRoot, file)))
  .map((file) => ({ file, size: statSync(path.join(repoRoot, file)).size }))
  .sort((a, b) => b.size - a.size);

// the largest file first into the lightest share
const shares = Array.from({ length: Math.max(1, availableParallelism()) }, () => ({ size: 0, files: [] }));
for (const { file, size } of files) {
  const lightest = shares.reduce((min, share) => (share.size < min.size ? share : min));
  lightest.files.push(file);
  lightest.size += size;
}

const codes = await Promise.all(
  shares
    .filter((share) => share.files.length)
    .map(
      (share) =>
        new Promise((resolve) => {
          const child = spawn(
            process.execPath,
            [prettier, '--check', '--ignore-unknown', '--log-level', 'warn', ...share.files],
            { cwd: repoRoot, stdio: 'inherit' },
          );
          child.on('error', (error) => (console.error(error), resolve(1)));
          child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
        }),
    ),
);
console.log(`format: ${files.length} files in ${codes.length} Prettier processes`);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
