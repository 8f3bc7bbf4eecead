/**
 * Reads files from `../shared` (specs, vectors) in Node and in the browser test runner, which serves
 * that folder at `/__shared/`.
 */
import { runtime } from './suite.js';

export async function readSharedJson<T>(relPath: string): Promise<T> {
  if (runtime === 'node') {
    const fsModule = 'node:fs/promises';
    const urlModule = 'node:url';
    const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
    const { fileURLToPath } = (await import(/* @vite-ignore */ urlModule)) as typeof import('node:url');
    const path = fileURLToPath(new URL(`../../../shared/${relPath}`, import.meta.url));
    return JSON.parse(await readFile(path, 'utf8')) as T;
  }
  const response = await fetch(`/__shared/${relPath}`);
  if (!response.ok) throw new Error(`cannot load shared/${relPath}: ${response.status}`);
  return (await response.json()) as T;
}
