#!/usr/bin/env node
/**
 * Lists, per locale, the message keys English has and the locale's table lacks, as lines ready to paste
 * into `src/translations/<locale>.ts` and translate: the English text, its `{placeholders}` to keep.
 * TypeScript already fails on them (a locale is typed `Messages`, which requires every key); this turns
 * that failure into a to-translate list, for whoever merges new English strings. Keys a table has and
 * English no longer does are listed too (they fail to compile as well). English is read the way the
 * `MessageKey` union is built: the shared table in `shared/i18n.ts` and every `<element>.messages.ts`, so
 * a new element table counts even before `translations/en.ts` spreads it. Exit code 1 when anything is
 * listed.
 *
 * @example
 *   node packages/elements/scripts/missing-translations.mjs          # every locale
 *   node packages/elements/scripts/missing-translations.mjs fr de    # only these
 *   npm run translations:missing -w @paykit/elements
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * For each locale: the keys English has and the table lacks (or leaves empty), in English order, and
 * the keys the table has that English does not.
 */
export function findMissing(english, tables) {
  return Object.entries(tables).map(([locale, table]) => ({
    locale,
    missing: Object.keys(english).filter((key) => typeof table[key] !== 'string' || table[key] === ''),
    stale: Object.keys(table).filter((key) => !Object.hasOwn(english, key)),
  }));
}

/** The report: per locale, the lines to add (English as the text to translate), then the keys to delete. */
export function formatReport(english, results) {
  // quoted as Prettier would: single quotes, double when the text has an apostrophe and no double quote
  const quote = (text) =>
    text.includes("'") && !text.includes('"')
      ? `"${text.replace(/\\/g, '\\\\')}"`
      : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return results
    .map(({ locale, missing, stale }) => {
      const file = `src/translations/${locale}.ts`;
      if (missing.length === 0 && stale.length === 0) return `${locale}: complete (${file})`;
      const lines = [];
      if (missing.length > 0) {
        lines.push(`${locale}: ${missing.length} to translate, add to ${file} (keep every {placeholder}):`);
        for (const key of missing) lines.push(`  ${quote(key)}: ${quote(english[key])},`);
      }
      if (stale.length > 0) {
        lines.push(`${locale}: ${stale.length} English no longer has, delete from ${file}:`);
        for (const key of stale) lines.push(`  ${quote(key)}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}

/** Complete English and every shipped locale's table, read from the TypeScript sources. */
export async function loadTables(src = SRC) {
  // tsx loads the TypeScript sources as they are: nothing to build first. One registration for all the
  // files: tsx's `tsImport` registers loader hooks anew on each call (Node 20 cannot remove them, so each
  // adds a layer every later import goes through). Measured: the script alone 1.4 → 0.7 s of CPU, and its
  // test file's Node shard 3.3 → 2.0 s.
  const { register } = await import('tsx/esm/api');
  const api = register({ namespace: `missing-translations-${randomUUID()}` });
  const load = (file) => api.import(pathToFileURL(file).href, import.meta.url);
  try {
    const english = { ...(await load(path.join(src, 'shared/i18n.ts'))).sharedMessages };
    for (const dir of readdirSync(src, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      for (const name of readdirSync(path.join(src, dir.name))) {
        if (!name.endsWith('.messages.ts')) continue;
        for (const value of Object.values(await load(path.join(src, dir.name, name))))
          if (value && typeof value === 'object') Object.assign(english, value);
      }
    }
    const tables = {};
    for (const name of readdirSync(path.join(src, 'translations')).sort()) {
      const locale = name.replace(/\.ts$/, '');
      if (!name.endsWith('.ts') || locale === 'en') continue;
      // the module's one exported table: `es` from es.ts, `deFormal` from de-x-formal.ts
      tables[locale] =
        Object.values(await load(path.join(src, 'translations', name))).find((v) => v && typeof v === 'object') ?? {};
    }
    return { english, tables };
  } finally {
    await api.unregister();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { english, tables } = await loadTables();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((locale) => !(locale in tables));
  if (unknown.length > 0) {
    console.error(`No table for ${unknown.join(', ')}; shipped: ${Object.keys(tables).join(', ')}`);
    process.exit(2);
  }
  const chosen = wanted.length > 0 ? Object.fromEntries(wanted.map((locale) => [locale, tables[locale]])) : tables;
  const results = findMissing(english, chosen);
  console.log(formatReport(english, results));
  process.exitCode = results.some((result) => result.missing.length + result.stale.length > 0) ? 1 : 0;
}
