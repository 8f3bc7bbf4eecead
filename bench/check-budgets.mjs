/**
 * CI size budgets (`npm run test:budgets`, part of `npm test`): bundles every row of
 * `lib/size-entries.mjs` that has a budget exactly as `npm run bench` does (the crypto-core entry, each
 * element alone, found in `packages/elements/src/define/`, and the whole page), prints their sizes and
 * fails when one is over budget or bundles a module it must not count. Each row reports two numbers: what
 * its page loads up front (`budget`), and, for a row with a `pathBudget`, what it has loaded in all on its
 * heaviest path through the `import()` graph (each sign-in method; `<pay-payment>` with SCA), every chunk
 * gzipped on its own as a browser fetches it. Sizes are deterministic for a given lockfile, so this can
 * assert; timings never are. Budgets are min+gzip in SI kB (1 kB = 1000 bytes).
 *
 * With `--chunks`, each path also lists the chunks it loads, each by its gzip size and its biggest modules
 * (minified bytes): where a path's bytes are, before cutting them.
 *
 * @example
 *   node bench/check-budgets.mjs            # ... budgets: 7 passed, 0 failed
 *   node bench/check-budgets.mjs --chunks   # the same, with each path's chunk map
 */
import { bundleSize, formatKb } from './lib/bundle-size.mjs';
import { BUDGET_ROWS } from './lib/size-entries.mjs';

const CHUNKS = process.argv.includes('--chunks');
let passed = 0;
let failed = 0;
for (const row of BUDGET_ROWS) {
  let line;
  try {
    const { minified, gzip, heaviest, deferred, paths } = await bundleSize(row.ours.entry, {
      external: row.ours.external,
      forbidden: row.ours.forbidden,
      split: row.ours.split,
      paths: row.ours.paths,
    });
    const overPaths = row.pathBudget ? (paths ?? []).filter((p) => p.gzip > row.pathBudget) : [];
    // a path with a ceiling of its own (the row's `pathCeilings`, with why it is over the budget) reports
    // going over the budget, loudly, and fails only above its ceiling; any other path over its budget fails,
    // and the up-front budget holds as on every row
    const ceilings = row.pathCeilings?.limits ?? {};
    const aboveCeiling = overPaths.filter((p) => !(p.gzip <= ceilings[p.label]));
    const open = overPaths.length > 0 && aboveCeiling.length === 0;
    const ok = gzip <= row.budget && !aboveCeiling.length;
    if (ok) passed++;
    else failed++;
    line = `${ok ? (open ? 'OVER' : 'ok  ') : 'FAIL'} ${row.label}: up front ${gzip} B min+gzip (${formatKb(gzip)}; ${minified} B minified), budget ${row.budget} B`;
    if (row.pathBudget) line += `; ${inAll(gzip, paths)}, budget ${row.pathBudget} B`;
    else if (deferred)
      line += `; loaded later with import(): ${deferred.gzip} B min+gzip in ${deferred.chunks} chunk(s), not counted`;
    if (paths && row.pathBudget) line += `\n     ${paths.map((p) => `${p.label} ${p.gzip} B`).join(', ')}`;
    if (CHUNKS && paths && row.pathBudget) line += paths.map(chunkLines).join('');
    if (Object.keys(ceilings).length)
      line += `\n     ceilings: ${Object.entries(ceilings)
        .map(([label, limit]) => `${label} ${limit} B`)
        .join(', ')}`;
    if (open) line += `\n     over its path budget, within its ceiling: ${row.pathCeilings.reason}`;
    else if (aboveCeiling.length)
      line += `\n     over its path budget${Object.keys(ceilings).length ? ' or ceiling' : ''}: ${aboveCeiling.map((p) => p.label).join(', ')}`;
    if (gzip > row.budget) line += `\n     heaviest: ${heaviest.map((h) => `${h.module} ${h.bytes} B`).join(', ')}`;
  } catch (error) {
    failed++;
    line = `FAIL ${row.label}: could not bundle ${row.ours.what}: ${error.message.split('\n')[0]}`;
  }
  console.log(line);
}
console.log(`budgets: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;

/** A path's chunk map: "     text code: 4944 B sign-in/sign-in.ts 11557, ...", one chunk a line. */
function chunkLines({ label, chunkMap }) {
  const chunks = chunkMap.map(
    ({ gzip, modules }) =>
      `\n       ${gzip} B: ${modules
        .slice(0, 6)
        .map((m) => `${m.module.replace(/^packages\//, '')} ${m.bytes}`)
        .join(', ')}${modules.length > 6 ? `, +${modules.length - 6} more` : ''}`,
  );
  return `\n     ${label}:${chunks.join('')}`;
}

/** "in all on its heaviest path (text code): 31000 B", or the up-front size when nothing is loaded later. */
function inAll(upFront, paths) {
  if (!paths?.length) return `in all ${upFront} B (nothing loaded later)`;
  const heaviest = paths.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  return `in all on its heaviest path (${heaviest.label}) ${heaviest.gzip} B`;
}
