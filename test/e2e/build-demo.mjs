#!/usr/bin/env node
/**
 * Builds the demo page once for the e2e stages of `npm test` (they start the demo on this build instead of
 * each building it again: about 8 s of CPU each): `node test/e2e/build-demo.mjs <outDir>`.
 */
await import('../../demo/scripts/register.mjs');
const { buildPage } = await import('../../demo/server/build.ts');
const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node test/e2e/build-demo.mjs <outDir>');
const started = Date.now();
await buildPage({ outDir });
console.log(`demo built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
