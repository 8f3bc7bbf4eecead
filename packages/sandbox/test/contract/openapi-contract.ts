/**
 * The contract check: one request/answer exchange of the sandbox judged against the service's
 * published OpenAPI (`../shared/spec/service-openapi.yaml` as `@paykit/test-harness/openapi-document`
 * reads it, 3.1 / JSON Schema 2020-12). The status must be declared for the operation, the body must
 * validate against that status's schema (`$ref`s, discriminators resolved through their mapping,
 * `writeOnly` fields absent from answers, `readOnly` fields absent from requests; an error's `code` is
 * checked by the error schema's enum), a successful request's body must validate against the
 * operation's request schema, and its query may only use declared parameters. Every schema is compiled
 * once per process. What the spec mandates otherwise, and
 * the sandbox-only routes, are listed in `deviations.ts`.
 *
 * @example
 *   const violations = checkExchange({ method: 'GET', path: '/cards/Card:1', status: 404, responseBody: { status: 404, code: 'NOT_FOUND', message: '' } });
 *   // [{ operation: 'GET /cards/{id}', kind: 'response', status: 404, code: 'NOT_FOUND', message: '/code must be equal to one of the allowed values' }]
 */
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { DEVIATIONS, SANDBOX_ONLY_ROUTES, type Deviation } from './deviations.js';

export interface Exchange {
  method: string;
  /** Path under `{base_url}` (without the `/2025-10-13` prefix), with its query string if any. */
  path: string;
  status: number;
  /** Parsed JSON request body, or undefined when none was sent. */
  requestBody?: unknown;
  /** Parsed JSON answer, or undefined for an empty answer. */
  responseBody?: unknown;
}

export interface Violation {
  /** `METHOD /template` of the OpenAPI, e.g. `GET /cards/{id}`. */
  operation: string;
  kind: 'status' | 'response' | 'request' | 'query';
  status: number;
  /** The answer's error `code`, when it has one. */
  code?: string;
  /** The field concerned (first path segment, a missing required property or an unknown parameter). */
  field?: string;
  message: string;
}

interface Operation {
  name: string;
  method: string;
  template: string;
  pattern: RegExp;
  literalSegments: number;
  pointer: string;
  op: any;
}

// ---- the document, loaded and indexed once per process ----

const document: any = loadOpenApiDocument();
const DOC_ID = 'service-openapi';

/** OpenAPI discriminators with a mapping become an if/then chain on the property (precise errors, no oneOf ambiguity). */
function rewriteDiscriminators(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(rewriteDiscriminators);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, any>;
  for (const value of Object.values(schema)) rewriteDiscriminators(value);
  const d = schema['discriminator'];
  if (d?.mapping && Array.isArray(schema['oneOf'])) {
    const property: string = d.propertyName;
    const keys = Object.keys(d.mapping);
    delete schema['oneOf'];
    delete schema['discriminator'];
    schema['required'] = [...new Set([...(schema['required'] ?? []), property])];
    schema['properties'] = { ...schema['properties'], [property]: { enum: keys } };
    schema['allOf'] = [
      ...(schema['allOf'] ?? []),
      ...keys.map((key) => ({
        if: { properties: { [property]: { const: key } }, required: [property] },
        then: { $ref: d.mapping[key] },
      })),
    ];
  }
}
rewriteDiscriminators(document.components);
document.$id = DOC_ID;

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
const resolveRef = (ref: string): any =>
  ref
    .slice(2)
    .split('/')
    .reduce((o: any, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);

const operations: Operation[] = [];
for (const [template, item] of Object.entries<any>(document.paths)) {
  for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
    if (!item[method]) continue;
    const segments = template.split('/');
    operations.push({
      name: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(
        `^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      ),
      literalSegments: segments.filter((s) => !/^\{.+\}$/.test(s)).length,
      pointer: `#/paths/${escapePointer(template)}/${method}`,
      op: { ...item[method], parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])] },
    });
  }
}
// Literal paths win over templated ones (/customers/internal-accounts before /customers/{customerId}).
operations.sort((a, b) => b.literalSegments - a.literalSegments);

function makeAjv(direction: 'response' | 'request'): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    logger: false,
    validateFormats: true,
    // Compiling is most of what the check costs (each process that loads this file compiles what its
    // tests reach). Without ajv's codegen optimizer passes, and with one shared function per referenced
    // schema instead of small ones inlined into each validator, the validators judge the same (the same
    // violations for 3,935 exchanges) and compile faster, validating a little slower: every declared
    // exchange compiled in 6.2 → 3.9 s of CPU; in the sandbox's three Node shards, compiling 9.3 → 6.6 s
    // and the contract checks, compiles included, 12.1 → 9.7 s.
    code: { optimize: false },
    inlineRefs: false,
  });
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  // Present in an instance where it must not be: a writeOnly field in an answer, a readOnly one in a request.
  ajv.removeKeyword('writeOnly').removeKeyword('readOnly');
  ajv.addKeyword({
    keyword: 'writeOnly',
    schemaType: 'boolean',
    errors: false,
    validate: (flag: boolean) => !(flag && direction === 'response'),
  });
  ajv.addKeyword({
    keyword: 'readOnly',
    schemaType: 'boolean',
    errors: false,
    validate: (flag: boolean) => !(flag && direction === 'request'),
  });
  ajv.addSchema(document, DOC_ID);
  return ajv;
}

const ajvs = { response: makeAjv('response'), request: makeAjv('request') };
const compiled = new Map<string, ValidateFunction>();

function validatorFor(direction: 'response' | 'request', pointer: string): ValidateFunction {
  const key = `${direction} ${pointer}`;
  const known = compiled.get(key);
  if (known) return known;
  const validate = ajvs[direction].compile({ $ref: `${DOC_ID}${pointer}` });
  compiled.set(key, validate);
  return validate;
}

// ---- judging one exchange ----

export function findOperation(method: string, path: string): Operation | undefined {
  return operations.find((o) => o.method === method && o.pattern.test(path));
}

export const isSandboxOnly = (method: string, path: string): boolean =>
  SANDBOX_ONLY_ROUTES.some((r) => (r.method === '*' || r.method === method) && r.pattern.test(path));

function fieldOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return (error.params as { missingProperty: string }).missingProperty;
  if (error.keyword === 'additionalProperties')
    return (error.params as { additionalProperty: string }).additionalProperty;
  return error.instancePath.split('/')[1] || undefined;
}

/** Ajv's errors minus the noise of failed `if` branches, as violations. */
function schemaViolations(
  base: Omit<Violation, 'message' | 'field'>,
  errors: ErrorObject[] | null | undefined,
): Violation[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const field = fieldOf(e);
      const detail =
        e.keyword === 'enum'
          ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues).slice(0, 160)})`
          : '';
      const readWrite =
        e.keyword === 'writeOnly'
          ? ' (writeOnly: never in an answer)'
          : e.keyword === 'readOnly'
            ? ' (readOnly: never in a request)'
            : '';
      return {
        ...base,
        ...(field ? { field } : {}),
        message: `${e.instancePath || '/'} ${e.message ?? e.keyword}${detail}${readWrite}`,
      };
    });
}

function jsonSchemaPointer(content: any, pointer: string): string | undefined {
  if (!content?.['application/json']?.schema) return undefined;
  return `${pointer}/content/application~1json/schema`;
}

function requestViolations(
  operation: Operation,
  base: Omit<Violation, 'message' | 'field' | 'kind'>,
  body: unknown,
): Violation[] {
  const pointer = jsonSchemaPointer(operation.op.requestBody?.content, `${operation.pointer}/requestBody`);
  if (!pointer) return [];
  const validate = validatorFor('request', pointer);
  return validate(body) ? [] : schemaViolations({ ...base, kind: 'request' }, validate.errors);
}

/**
 * Whether the service would refuse this JSON body for the operation at `path` (no deviations applied):
 * the oracle for tests that send bodies the sandbox must reject.
 */
export function requestBodyRejected(method: string, path: string, body: unknown): boolean {
  const operation = findOperation(method, new URL(path, 'http://x').pathname);
  if (!operation) throw new Error(`no such operation in the OpenAPI: ${method} ${path}`);
  return requestViolations(operation, { operation: operation.name, status: 400 }, body).length > 0;
}

/** Every way the exchange disagrees with the OpenAPI (before the deviations are applied). */
export function rawViolations(exchange: Exchange): Violation[] {
  const url = new URL(exchange.path, 'http://x');
  const operation = findOperation(exchange.method, url.pathname);
  if (!operation) {
    if (exchange.status === 404) return []; // an unknown endpoint answered as one
    // A method a known path does not have: the API's 405 ("returned, as JSON, when the request uses an HTTP
    // method that is not supported on this path"; declared on /customers, answered on every path)
    const knownPath = (pattern: RegExp) => pattern.test(url.pathname);
    if (exchange.status === 405 && [...operations, ...SANDBOX_ONLY_ROUTES].some((o) => knownPath(o.pattern))) {
      const validate = validatorFor('response', '#/components/schemas/Error405');
      const base = { operation: `${exchange.method} ${url.pathname}`, status: 405 };
      return validate(exchange.responseBody) ? [] : schemaViolations({ ...base, kind: 'response' }, validate.errors);
    }
    return [
      {
        operation: `${exchange.method} ${url.pathname}`,
        kind: 'status',
        status: exchange.status,
        message: 'no such operation in the OpenAPI (list it in SANDBOX_ONLY_ROUTES if the spec adds it)',
      },
    ];
  }
  const status = exchange.status;
  const body = exchange.responseBody as { code?: unknown } | undefined;
  const code = typeof body?.code === 'string' && status >= 400 ? body.code : undefined;
  const base = { operation: operation.name, status, ...(code ? { code } : {}) };
  const out: Violation[] = [];

  let response = operation.op.responses?.[String(status)] ?? operation.op.responses?.[`${String(status)[0]}XX`];
  let responsePointer = `${operation.pointer}/responses/${status}`;
  if (response?.$ref) {
    responsePointer = response.$ref;
    response = resolveRef(response.$ref);
  }
  if (!response) {
    out.push({
      ...base,
      kind: 'status',
      message: `status ${status} is not declared (declared: ${Object.keys(operation.op.responses ?? {}).join(', ')})`,
    });
  } else {
    const schemaPointer = jsonSchemaPointer(response.content, responsePointer);
    if (schemaPointer && exchange.responseBody === undefined && status !== 204)
      out.push({ ...base, kind: 'response', message: 'the answer has no JSON body' });
    if (!schemaPointer && exchange.responseBody !== undefined)
      out.push({ ...base, kind: 'response', message: `status ${status} is declared without a body` });
    if (schemaPointer && exchange.responseBody !== undefined) {
      const validate = validatorFor('response', schemaPointer);
      if (!validate(exchange.responseBody))
        out.push(...schemaViolations({ ...base, kind: 'response' }, validate.errors));
    }
  }

  if (status >= 200 && status < 300) {
    if (exchange.requestBody !== undefined) out.push(...requestViolations(operation, base, exchange.requestBody));
    const declared = new Set(
      operation.op.parameters
        .map((p: any) => (p.$ref ? resolveRef(p.$ref) : p))
        .filter((p: any) => p.in === 'query')
        .map((p: any) => p.name),
    );
    for (const name of new Set(url.searchParams.keys())) {
      if (!declared.has(name))
        out.push({ ...base, kind: 'query', field: name, message: `query parameter ${name} is not declared` });
    }
  }
  return out;
}

const matches = (d: Deviation, v: Violation): boolean =>
  (d.operation === '*' || d.operation === v.operation) &&
  d.kind === v.kind &&
  (d.status === undefined || d.status === v.status) &&
  (d.code === undefined || d.code === v.code) &&
  (d.field === undefined || d.field === v.field) &&
  (d.message === undefined || d.message.test(v.message));

/** The violations of one exchange that no deviation allows; sandbox-only routes are skipped. */
export function checkExchange(exchange: Exchange, deviations: readonly Deviation[] = DEVIATIONS): Violation[] {
  const pathname = new URL(exchange.path, 'http://x').pathname;
  if (isSandboxOnly(exchange.method, pathname)) return [];
  return rawViolations(exchange).filter((v) => !deviations.some((d) => matches(d, v)));
}

export const describeViolation = (v: Violation): string =>
  `${v.operation} → ${v.status}${v.code ? ` ${v.code}` : ''} [${v.kind}] ${v.message}`;
