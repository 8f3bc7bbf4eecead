/**
 * Module resolve hook (see register.mjs): `@paykit/<name>[/<subpath>]` resolves to the workspace
 * package's TypeScript source. Everything else resolves as usual.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageJsons = new Map();

function sourceFor(specifier) {
  const match = /^@paykit\/([^/]+)(\/.*)?$/.exec(specifier);
  if (!match) return undefined;
  const link = path.join(repoRoot, 'node_modules', '@paykit', match[1]);
  if (!existsSync(link)) return undefined;
  const dir = realpathSync(link);
  let pkg = packageJsons.get(dir);
  if (!pkg) {
    pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    packageJsons.set(dir, pkg);
  }
  const subpath = match[2] ? `.${match[2]}` : '.';
  let target = pkg.exports?.[subpath];
  if (target === undefined) {
    // one-star patterns such as "./define/*"
    for (const [key, value] of Object.entries(pkg.exports ?? {})) {
      const star = key.indexOf('*');
      if (star < 0 || !subpath.startsWith(key.slice(0, star)) || !subpath.endsWith(key.slice(star + 1))) continue;
      const middle = subpath.slice(star, subpath.length - (key.length - star - 1));
      target = JSON.parse(JSON.stringify(value).replaceAll('*', middle));
      break;
    }
  }
  if (!target) return undefined;
  const file = typeof target === 'string' ? target : (target.source ?? target.default);
  if (typeof file !== 'string') return undefined;
  const source = file.startsWith('./dist/') && file.endsWith('.js') ? `./src/${file.slice(7, -3)}.ts` : file;
  const full = path.join(dir, source);
  return existsSync(full) ? pathToFileURL(full).href : undefined;
}

export async function resolve(specifier, context, nextResolve) {
  const url = sourceFor(specifier);
  if (url) return { url, format: 'module', shortCircuit: true };
  return nextResolve(specifier, context);
}
