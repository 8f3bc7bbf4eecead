/**
 * The workspace's TypeScript compiler API (`typescript`, 5.9), for the tests and scripts that read
 * sources or declarations with it. Required, not imported: an ESM import of TypeScript's 9 MB CommonJS
 * file first scans it for its export names, about 1.1 s of CPU more than `require` in each process.
 *
 * @example
 *   import { ts } from '@paykit/test-harness/typescript';
 *   const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022);
 */
import { createRequire } from 'node:module';

/** @type {typeof import('typescript')} */
export const ts = createRequire(import.meta.url)('typescript');
