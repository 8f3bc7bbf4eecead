/** What the proxy row's servers (proxy-process.ts) and its load generator (proxy-load.ts) agree on. */
export const BENCH_CREDENTIAL = 'AuthMethod:bench';
export const BENCH_PREFIX = '/api/wallet';
