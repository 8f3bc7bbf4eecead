#!/usr/bin/env node
/**
 * Generates `src/http/request-fields.generated.ts`: for every JSON request body the sandbox serves, the fields
 * the service's OpenAPI (`../shared/spec/service-openapi.yaml`) declares, nested objects and array items
 * included, per discriminator value where the schema has one (a `destinationType: ACCOUNT` destination
 * has no `currency`), and the enumerated values of their query parameters. The sandbox refuses any other
 * field, and any other value of such a parameter (`http/request-fields.ts`), from this committed
 * table, so its bundle carries no YAML and no schema walker. `readOnly` fields are not request fields.
 *
 * The served operations are read from the sandbox's route modules, as for crypto-core's service-api.ts.
 * `request-fields.node.test.ts` builds the table again from the OpenAPI and fails when it differs.
 *
 * @example
 *   npm run generate:request-fields --workspace @paykit/sandbox
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  OPENAPI_FILE,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../../crypto-core/scripts/generate-service-api.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const OUTPUT_FILE = path.join(packageDir, 'src/http/request-fields.generated.ts');
export const GENERATE_COMMAND = 'npm run generate:request-fields --workspace @paykit/sandbox';

/**
 * The field tree of one schema: `true` when anything goes (a scalar, a free-form object), else
 * `{ fields }`, or `{ by, cases }` for a discriminated union (the fields of each discriminator value).
 */
export function fieldTree(document, schema, seen = new Set()) {
  const resolve = (s) => {
    let current = s;
    while (current && current.$ref) {
      if (seen.has(current.$ref)) return undefined; // a cycle: accept whatever is below
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  };
  const walk = (s, trail) => {
    if (!s || typeof s !== 'object') return true;
    if (s.$ref) {
      if (trail.has(s.$ref)) return true;
      const next = new Set(trail).add(s.$ref);
      const target = resolve(s);
      return target === undefined ? true : walk(target, next);
    }
    if (s.type === 'array' || s.items) return s.items ? walk(s.items, trail) : true;
    if (s.additionalProperties !== undefined && s.additionalProperties !== false) return true;
    const d = s.discriminator;
    const variants = s.oneOf ?? s.anyOf;
    if (d?.mapping && Array.isArray(variants)) {
      const base = walk({ ...s, oneOf: undefined, anyOf: undefined, discriminator: undefined }, trail);
      const cases = {};
      for (const [key, ref] of Object.entries(d.mapping)) {
        const node = walk({ $ref: ref }, trail);
        if (node === true) return true;
        cases[key] = { ...(base === true ? {} : flatten(base)), ...flatten(node) };
      }
      return { by: d.propertyName, cases };
    }
    const parts = [...(s.allOf ?? []), ...(variants ?? [])].map((part) => walk(part, trail));
    const objectLike = s.properties || s.type === 'object' || parts.some((p) => p !== true);
    if (!objectLike) return true;
    if (!s.properties && s.type === 'object' && parts.length === 0) return true; // free-form object
    // a member that is free-form (or a scalar) next to object members adds nothing
    const fields = {};
    for (const part of parts) if (part !== true) Object.assign(fields, flatten(part));
    for (const [name, sub] of Object.entries(s.properties ?? {})) {
      const target = resolve(sub) ?? sub;
      if (sub.readOnly || target?.readOnly) continue;
      fields[name] = walk(sub, trail);
    }
    return { fields: sortKeys(fields) };
  };
  return walk(schema, seen);
}

/** Every field a node admits, whatever its discriminator (a union's cases merged). */
function flatten(node) {
  if (node === true) return {};
  if (node.fields) return node.fields;
  return Object.assign({}, ...Object.values(node.cases));
}

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** `{ 'METHOD /template': tree }` for the served operations that take a JSON body. */
export function requestFieldTable(document, operations) {
  const table = {};
  for (const operation of [...operations].sort()) {
    const [method, template] = operation.split(' ');
    const schema = document.paths[template]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
    if (schema) table[operation] = fieldTree(document, schema);
  }
  return table;
}

/**
 * `{ 'METHOD /template': { param: values } }`: the query parameters of the served operations whose values
 * the OpenAPI enumerates (a string `enum`, or an array of one), so a filter outside them is refused rather
 * than answered with an empty page.
 */
export function queryEnumTable(document, operations) {
  const resolve = (s) => {
    let current = s;
    while (current?.$ref)
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return current;
  };
  const table = {};
  for (const operation of [...operations].sort()) {
    const [method, template] = operation.split(' ');
    const item = document.paths[template] ?? {};
    const enums = {};
    for (const parameter of [...(item.parameters ?? []), ...(item[method.toLowerCase()]?.parameters ?? [])]) {
      const p = resolve(parameter);
      if (p?.in !== 'query') continue;
      const schema = resolve(p.schema);
      const values = schema?.enum ?? resolve(schema?.items)?.enum;
      if (Array.isArray(values)) enums[p.name] = values.map(String);
    }
    if (Object.keys(enums).length > 0) table[operation] = sortKeys(enums);
  }
  return table;
}

/**
 * The table as TypeScript. A subtree that occurs more than once (an address, a beneficiary: the external
 * account types repeat them) is written once as a constant and referenced, which keeps the bundle small.
 */
export function render(table, queryEnums = {}) {
  const counts = new Map();
  const count = (node) => {
    if (node === true) return;
    const key = JSON.stringify(node);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const children = node.fields ? Object.values(node.fields) : Object.values(node.cases).flatMap(Object.values);
    children.forEach(count);
  };
  Object.values(table).forEach(count);
  const shared = new Map(); // JSON → constant name, in the order they are first needed (children first)
  const declarations = [];
  const emitFields = (fields) =>
    `{${Object.entries(fields)
      .map(([name, child]) => `${JSON.stringify(name)}: ${emit(child)}`)
      .join(', ')}}`;
  const emit = (node, top = false) => {
    if (node === true) return 'true';
    const key = JSON.stringify(node);
    if (!top && shared.has(key)) return shared.get(key);
    const text = node.fields
      ? `{ fields: ${emitFields(node.fields)} }`
      : `{ by: ${JSON.stringify(node.by)}, cases: {${Object.entries(node.cases)
          .map(([value, fields]) => `${JSON.stringify(value)}: ${emitFields(fields)}`)
          .join(', ')}} }`;
    if (top || counts.get(key) < 2 || key.length < 40) return text;
    const name = `s${shared.size}`;
    shared.set(key, name);
    declarations.push(`const ${name}: FieldTree = ${text};`);
    return name;
  };
  const entries = Object.entries(table).map(
    ([operation, node]) => `  ${JSON.stringify(operation)}: ${emit(node, true)},`,
  );
  return [
    '// Generated by packages/sandbox/scripts/generate-request-fields.mjs: do not edit.',
    `// Regenerate: ${GENERATE_COMMAND}`,
    '// The fields of each JSON request body the sandbox serves, from ../shared/spec/service-openapi.yaml.',
    "import type { FieldTree } from './field-tree.js';",
    '',
    ...declarations,
    '',
    'export const OPENAPI_REQUEST_FIELDS: Record<string, FieldTree> = {',
    ...entries,
    '};',
    '',
    '/** The enumerated values of each served query parameter the OpenAPI gives an `enum`. */',
    'export const OPENAPI_QUERY_ENUMS: Record<string, Record<string, readonly string[]>> = ' +
      `${JSON.stringify(queryEnums)};`,
    '',
  ].join('\n');
}

async function main() {
  const { tsImport } = await import('tsx/esm/api');
  const { parse } = await import('yaml');
  const specText = readFileSync(OPENAPI_FILE, 'utf8');
  const routes = await sandboxRoutes((file) => tsImport(pathToFileURL(file).href, import.meta.url));
  const operations = servedOperations(specOperations(specText), routes);
  const document = parse(specText);
  const table = requestFieldTable(document, operations);
  const queryEnums = queryEnumTable(document, operations);
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(OUTPUT_FILE)), filepath: OUTPUT_FILE };
  writeFileSync(OUTPUT_FILE, await prettier.format(render(table, queryEnums), options));
  console.log(
    `${path.relative(packageDir, OUTPUT_FILE)}: ${Object.keys(table).length} request bodies, ${Object.keys(queryEnums).length} operations with enumerated query parameters`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
