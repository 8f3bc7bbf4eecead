/**
 * Serves `../shared` (specs, vectors) at `/__shared/` so browser tests read the same files that Node
 * tests read from disk; `test/harness/shared-files.ts` is the reader both use.
 *
 * @example
 *   middleware: [sharedFilesMiddleware(path.resolve(repoRoot, '..', 'shared'))]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = '/__shared/';

export function sharedFilesMiddleware(dir) {
  const root = path.resolve(dir);
  return async function sharedFiles(ctx, next) {
    if (!ctx.path.startsWith(PREFIX)) return next();
    const file = path.resolve(root, decodeURIComponent(ctx.path.slice(PREFIX.length)));
    if (!file.startsWith(root + path.sep)) {
      ctx.status = 403;
      return;
    }
    try {
      ctx.body = await readFile(file);
      ctx.type = path.extname(file);
    } catch {
      ctx.status = 404;
    }
  };
}
