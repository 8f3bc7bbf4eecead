#!/usr/bin/env node
/**
 * Generates `src/service-api.ts`: the request and response types of every operation the sandbox serves,
 * from the service's OpenAPI (`../shared/spec/service-openapi.yaml`) with `openapi-typescript`. The
 * document is first cut down to those operations and the components they reach through `$ref`, so the
 * file holds what the toolkit can call, not the whole service; descriptions and examples are left out
 * (they are the bulk of the document, and the prose lives in the spec).
 *
 * Which operations are served is read from the sandbox itself: each `routes/*.ts` module's Hono app,
 * its `routes` matched to the OpenAPI's path templates.
 *
 * The file's header records a hash of everything it is made from (the OpenAPI, the served operations,
 * the generator's version and this script) and of its own body, so `npm test` can tell it is current
 * without generating it again (service-api.node.test.ts, a few milliseconds instead of seconds).
 *
 * @example
 *   npm run generate:service-api --workspace @paykit/crypto-core
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.join(packageDir, '../..');
export const OPENAPI_FILE = path.join(repoRoot, '../shared/spec/service-openapi.yaml');
export const OUTPUT_FILE = path.join(packageDir, 'src/service-api.ts');
export const GENERATE_COMMAND = 'npm run generate:service-api --workspace @paykit/crypto-core';
const ROUTES_DIR = path.join(repoRoot, 'packages/sandbox/src/routes');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * `METHOD /template` of every operation in the OpenAPI text, read from its layout (paths at two
 * spaces, methods at four) instead of parsing a megabyte of YAML.
 */
export function specOperations(specText) {
  const operations = [];
  let inPaths = false;
  let template;
  for (const line of specText.split('\n')) {
    if (/^\S/.test(line)) inPaths = line.startsWith('paths:');
    if (!inPaths) continue;
    const pathLine = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathLine) template = pathLine[1];
    const methodLine = /^ {4}(\w+):\s*$/.exec(line);
    if (template && methodLine && METHODS.includes(methodLine[1])) {
      operations.push(`${methodLine[1].toUpperCase()} ${template}`);
    }
  }
  return operations;
}

/** The sandbox's API routes (`{ method, path }`, Hono paths such as `/quotes/:id`), from its route modules. */
export async function sandboxRoutes(load = (file) => import(pathToFileURL(file).href)) {
  const routes = [];
  for (const file of readdirSync(ROUTES_DIR).sort()) {
    if (!file.endsWith('.ts')) continue;
    const mod = await load(path.join(ROUTES_DIR, file));
    for (const [name, factory] of Object.entries(mod)) {
      if (!name.endsWith('Routes') || typeof factory !== 'function') continue;
      // a route factory only closes over its context; building the app reads nothing from it
      for (const route of factory(new Proxy({}, { get: () => undefined })).routes) {
        if (METHODS.includes(route.method.toLowerCase()) && route.path.startsWith('/')) {
          routes.push({ method: route.method.toUpperCase(), path: route.path });
        }
      }
    }
  }
  return routes;
}

/** The OpenAPI operations the routes serve, sorted (a `:param` segment matches a `{param}` one). */
export function servedOperations(operations, routes) {
  const segments = (p) => p.split('/').map((s) => (s.startsWith(':') || s.startsWith('{') ? '{}' : s));
  const served = new Set(routes.map((r) => `${r.method} ${segments(r.path).join('/')}`));
  return operations.filter((op) => {
    const [method, template] = op.split(' ');
    return served.has(`${method} ${segments(template).join('/')}`);
  });
}

/** Prose and samples: what the types would carry as comments, the bulk of the file, and no type. */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'externalDocs']);

/** `value` without its prose (a schema's `properties` keep every name: a field may be called `description`). */
function withoutProse(value, inProperties = false) {
  if (Array.isArray(value)) return value.map((item) => withoutProse(item));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => inProperties || !(PROSE.has(key) || key.startsWith('x-')))
      .map(([key, child]) => [key, withoutProse(child, !inProperties && key === 'properties')]),
  );
}

/** The document cut down to `operations` and every component they reach through `$ref`. */
function cutDown(document, operations) {
  const paths = {};
  for (const op of operations) {
    const [method, template] = op.split(' ');
    const item = document.paths[template];
    paths[template] ??= Object.fromEntries(
      Object.entries(item).filter(([key]) => !METHODS.includes(key)), // shared parameters, summary
    );
    paths[template][method.toLowerCase()] = item[method.toLowerCase()];
  }
  const components = {};
  const seen = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/') && !seen.has(child)) {
        seen.add(child);
        const [, , section, name] = child.split('/');
        const target = document.components[section][name];
        (components[section] ??= {})[name] = target;
        visit(target);
      } else visit(child);
    }
  };
  visit(paths);
  for (const section of Object.values(components)) {
    for (const name of Object.keys(section).sort()) {
      const target = section[name];
      delete section[name];
      section[name] = target;
    }
  }
  const { webhooks, 'x-tagGroups': _groups, tags: _tags, ...rest } = document;
  return withoutProse({
    ...rest,
    paths,
    components: { ...components, securitySchemes: document.components.securitySchemes },
  });
}

function header({ inputs, body, operations }) {
  return [
    '// Generated by packages/crypto-core/scripts/generate-service-api.mjs: do not edit.',
    `// Regenerate: ${GENERATE_COMMAND}`,
    '// The request and response types of the service operations the sandbox serves, from',
    '// ../shared/spec/service-openapi.yaml (openapi-typescript). Operations:',
    ...operations.map((op) => `//   ${op}`),
    `// inputs sha256 ${inputs}`,
    `// body sha256 ${body}`,
    '',
  ].join('\n');
}

/** The hash of what the file is made from. */
export function inputsHash({ specText, operations }) {
  const generator = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const version = JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules/openapi-typescript/package.json'), 'utf8'),
  ).version;
  return sha256(JSON.stringify({ spec: sha256(specText), operations, generator: sha256(generator), version }));
}

/**
 * Splits a generated file into what its header records and its body; `expected` is the header its
 * inputs and body call for now (equal to the committed one when the file is current).
 */
export function readGenerated(text, { specText, operations }) {
  const end = text.indexOf('\n// body sha256 ');
  const bodyStart = text.indexOf('\n', end + 1) + 1;
  const body = text.slice(bodyStart);
  const expected = header({ inputs: inputsHash({ specText, operations }), body: sha256(body), operations });
  return { header: text.slice(0, bodyStart), expected };
}

async function main() {
  const { tsImport } = await import('tsx/esm/api');
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const { parse } = await import('yaml');
  const specText = readFileSync(OPENAPI_FILE, 'utf8');
  const routes = await sandboxRoutes((file) => tsImport(pathToFileURL(file).href, import.meta.url));
  const operations = servedOperations(specOperations(specText), routes);
  const ast = await openapiTS(cutDown(parse(specText), operations), { alphabetize: true, silent: true });
  const body = astToString(ast);
  const text = header({ inputs: inputsHash({ specText, operations }), body: sha256(body), operations }) + body;
  writeFileSync(OUTPUT_FILE, text);
  const unmatched = routes.filter(
    (r) => !servedOperations(specOperations(specText), [r]).length && !r.path.startsWith('/sandbox/'),
  );
  console.log(`${path.relative(repoRoot, OUTPUT_FILE)}: ${operations.length} operations, ${text.length} bytes`);
  if (unmatched.length) console.log(`Served but not in the OpenAPI: ${unmatched.map((r) => `${r.method} ${r.path}`)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
