/** The workspace's TypeScript compiler API, loaded with `require` (see typescript.mjs). */
export const ts: typeof import('typescript');
