#!/usr/bin/env node
/**
 * Writes the API tables of README.md from custom-elements.json, between the `api:start` and `api:end`
 * markers, so the README cannot become a third, drifting copy of the elements' JSDoc. What every
 * element has (the base class's attributes, `pay-error`, the `live-region` part, the theme's custom
 * properties) is one table; each element's own attributes, properties, methods, events, slots, parts,
 * custom properties and states follow. `npm run analyze` runs it after the analyzer; a test fails when
 * the README's tables differ from what this makes of the committed manifest.
 *
 * @example
 *   node scripts/api-tables.mjs            # rewrites README.md in place
 *   node scripts/api-tables.mjs --check    # exits 1 when README.md is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const START = '<!-- api:start: generated from custom-elements.json by scripts/api-tables.mjs; do not edit -->';
export const END = '<!-- api:end -->';

/** Markdown table cell: one line, pipes escaped. */
const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text) => (text ? `\`${cell(text)}\`` : '');

function table(head, rows) {
  if (rows.length === 0) return [];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

function signature(method) {
  const params = (method.parameters ?? []).map(
    (p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`,
  );
  return `${method.name}(${params.join(', ')})`;
}

/** The tables for one element (or for what all elements share): only the lists that are not empty. */
function sections(d) {
  const members = d.members ?? [];
  const fields = members.filter((m) => m.kind === 'field');
  const attributeFields = new Set((d.attributes ?? []).map((a) => a.fieldName));
  return [
    ...table(
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      (d.attributes ?? []).map((a) => [
        code(a.name),
        code(a.fieldName),
        code(a.type?.text),
        code(a.default),
        cell(a.description),
      ]),
    ),
    ...table(
      ['Property', 'Type', 'Description'],
      fields
        .filter((f) => !attributeFields.has(f.name))
        .map((f) => [code(f.name), code(f.type?.text), cell(f.description)]),
    ),
    ...table(
      ['Method', 'Returns', 'Description'],
      members
        .filter((m) => m.kind === 'method')
        .map((m) => [code(signature(m)), code(m.return?.type?.text), cell(m.description)]),
    ),
    ...table(
      ['Event', 'Class', 'Description'],
      (d.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    ),
    ...table(
      ['Slot', 'Description'],
      (d.slots ?? []).map((s) => [code(s.name || '(default)'), cell(s.description)]),
    ),
    ...table(
      ['CSS part', 'Description'],
      (d.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
    ...table(
      ['CSS property', 'Description'],
      (d.cssProperties ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
    ...table(
      ['State', 'Description'],
      (d.cssStates ?? []).map((s) => [code(s.name), cell(s.description)]),
    ),
  ];
}

const LISTS = ['members', 'attributes', 'events', 'slots', 'cssParts', 'cssProperties', 'cssStates'];
const key = (item) => JSON.stringify([item.kind, item.name, item.description, item.type?.text]);

/** The markdown between the markers for `manifest` (elements sorted by tag). */
export function renderApiTables(manifest) {
  const elements = manifest.modules
    .flatMap((mod) => mod.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .sort((a, b) => (a.tagName < b.tagName ? -1 : 1));
  if (elements.length === 0) throw new Error('the manifest declares no custom elements');
  // an item every element has, word for word, is listed once
  const common = {};
  for (const list of LISTS) {
    const everywhere = (item) => elements.every((e) => (e[list] ?? []).some((other) => key(other) === key(item)));
    common[list] = (elements[0][list] ?? []).filter(everywhere);
  }
  const own = (e) =>
    Object.fromEntries(
      LISTS.map((list) => [list, (e[list] ?? []).filter((item) => !common[list].some((c) => key(c) === key(item)))]),
    );
  const lines = ['### Every element', '', ...sections(common)];
  for (const element of elements) {
    lines.push(
      `### \`<${element.tagName}>\``,
      '',
      `${cell(element.summary)} Class \`${element.name}\`.`,
      '',
      ...sections(own(element)),
    );
  }
  return lines.join('\n');
}

/** `readme` with the text between the markers replaced by `tables`. */
export function spliceApiTables(readme, tables) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} … ${END}`);
  return `${readme.slice(0, start + START.length)}\n\n${tables}${END}${readme.slice(end + END.length)}`;
}

/**
 * `readme` (the file at `readmeFile`) with its tables regenerated from `manifest`, printed as the
 * repository's formatter prints them, so `prettier --check` and this script's `--check` agree.
 */
export async function readmeWithApiTables(readme, manifest, readmeFile) {
  const prettier = await import('prettier');
  const options = {
    ...(await prettier.resolveConfig(readmeFile)),
    filepath: readmeFile,
    embeddedLanguageFormatting: 'off',
  };
  // only the generated headings and tables are printed (they print alone as they do in the README; npm
  // test's format stage checks the rest of it): printing the whole README took about 2.2 s of CPU, the
  // tables alone 1.7 s (its test runs this on every npm test)
  const tables = await prettier.format(renderApiTables(manifest), options);
  return spliceApiTables(readme, `${tables}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const readmeFile = fileURLToPath(new URL('../README.md', import.meta.url));
  const manifest = JSON.parse(readFileSync(new URL('../custom-elements.json', import.meta.url), 'utf8'));
  const readme = readFileSync(readmeFile, 'utf8');
  const next = await readmeWithApiTables(readme, manifest, readmeFile);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md API tables are stale: run `npm run analyze -w @paykit/elements`');
      process.exit(1);
    }
  } else if (next !== readme) writeFileSync(readmeFile, next);
}
