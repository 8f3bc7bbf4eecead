/**
 * Schema-valid requests of one OpenAPI operation, as fast-check arbitraries (issue 27): path parameters,
 * query parameters (their enums, formats and bounds) and a JSON body, each drawn from the operation's
 * declared schemas (`$ref`s, `allOf`, `oneOf`/`anyOf`, discriminators, enums, formats, patterns, bounds;
 * `readOnly` fields left out). A string that names a resource (`customerId`, `{id}` under `/cards`) is
 * sometimes a real id of the sandbox's fixture, so the answer goes deeper than a 404. The generator aims at
 * valid requests; `requestBodyRejected` (openapi-contract.ts) stays the oracle of what is valid.
 *
 * @example
 *   const arbitrary = requestArbitrary(document, 'GET /cards', { Card: ['Card:…'] });
 *   fc.sample(arbitrary, 1); // [{ path: '/cards?state=FROZEN&limit=3', headers: {} }]
 */
import fc from 'fast-check';

export interface GeneratedRequest {
  method: string;
  /** Under `{base_url}`, with its query string. */
  path: string;
  headers: Record<string, string>;
  /** A JSON body, or undefined when the operation takes none (or only multipart). */
  body?: unknown;
}

/** Real ids by resource kind (`Customer` → [`Customer:…`]). */
export type IdPool = Readonly<Record<string, readonly string[]>>;

type Schema = Record<string, any>;

/** Nesting beyond this depth keeps only required fields (recursive schemas end). */
const MAX_DEPTH = 6;
const MAX_STRING = 24;
const MAX_ITEMS = 3;
/** Headers the sandbox reads from a signed retry: never generated (a first leg carries none). */
const SIGNED_RETRY_HEADERS = new Set(['grid-wallet-signature', 'request-id', 'service-wallet-signature']);

/** Keywords that describe a value without constraining it. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', 'externalDocs']);

const normalize = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * `fc.stringMatching` of a pattern, made once per process: an arbitrary is a description (what it draws
 * depends only on the random source it is given), and making one tokenizes fast-check's list of tricky
 * strings against each character class of the pattern. 15 seeded samples of every operation: the same
 * requests, 3.5 -> 1.1 s of CPU; generated-requests.node.test.ts alone, A/B twice: 6.7 and 7.0 s -> 5.9
 * and 6.5 s.
 */
const matching = new Map<string, fc.Arbitrary<string>>();
function stringMatching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = matching.get(pattern);
  if (!arbitrary) matching.set(pattern, (arbitrary = fc.stringMatching(new RegExp(pattern))));
  return arbitrary;
}

export function requestArbitrary(document: any, operation: string, ids: IdPool): fc.Arbitrary<GeneratedRequest> {
  const [method, template] = operation.split(' ') as [string, string];
  const item = document.paths[template];
  const op = item?.[method.toLowerCase()];
  if (!op) throw new Error(`no such operation in the OpenAPI: ${operation}`);
  const resolve = (node: any): any => {
    let current = node;
    for (let hops = 0; current?.$ref && hops < 20; hops++)
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return current;
  };
  const generator = new SchemaArbitraries(resolve, ids);
  const parameters: Schema[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
  const segments = template.split('/');

  const pathArbitraries: Record<string, fc.Arbitrary<string>> = {};
  for (const p of parameters.filter((p) => p.in === 'path')) {
    const before = segments[segments.indexOf(`{${p.name}}`) - 1] ?? '';
    pathArbitraries[p.name] = generator
      .named(`${before} ${p.name}`, { ...resolve(p.schema), minLength: 1 })
      .map((value) => encodeURIComponent(String(value)));
  }
  const queryArbitraries: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const p of parameters.filter((p) => p.in === 'query')) {
    queryArbitraries[p.name] = generator.schema(p.schema ?? { type: 'string' }, 1, p.name);
    if (p.required) requiredQuery.push(p.name);
  }
  const headerArbitraries: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredHeaders: string[] = [];
  for (const p of parameters.filter((p) => p.in === 'header' && !SIGNED_RETRY_HEADERS.has(p.name.toLowerCase()))) {
    headerArbitraries[p.name] = /idempotency/i.test(p.name) ? fc.uuid() : generator.schema(p.schema, 1, p.name);
    if (p.required) requiredHeaders.push(p.name);
  }
  // payments-api.md requires a key on POST /cards, which the OpenAPI does not declare; every create takes one
  if (method === 'POST' && !Object.keys(headerArbitraries).some((h) => /^idempotency-key$/i.test(h)))
    headerArbitraries['Idempotency-Key'] = fc.uuid();
  const bodySchema = resolve(op.requestBody)?.content?.['application/json']?.schema;
  const body: fc.Arbitrary<unknown> = bodySchema ? generator.schema(bodySchema, 0) : fc.constant(undefined);

  return fc
    .record({
      path: fc.record(pathArbitraries),
      query: fc.record(queryArbitraries, { requiredKeys: requiredQuery }),
      headers: fc.record(headerArbitraries, { requiredKeys: requiredHeaders }),
      body,
    })
    .map(({ path, query, headers, body }) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
      const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name]!);
      return {
        method,
        path: search.size ? `${concrete}?${search}` : concrete,
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        ...(body === undefined ? {} : { body }),
      };
    });
}

class SchemaArbitraries {
  constructor(
    private readonly resolve: (node: any) => any,
    private readonly ids: IdPool,
  ) {}

  /** A string naming a resource (by its field or path context): a real id of that kind, or any valid string. */
  named(context: string, schema: Schema): fc.Arbitrary<unknown> {
    const plain = this.schema(schema, MAX_DEPTH);
    const real = this.idsFor(context);
    return real.length ? fc.oneof(fc.constantFrom(...real), plain) : plain;
  }

  private idsFor(context: string): string[] {
    const c = normalize(context);
    const kinds = Object.keys(this.ids);
    const exact = kinds.filter((k) => c.includes(normalize(k)));
    // `accountId` is an internal account; `{id}` under `/cards` a card (the kind's last word, or its plural)
    const loose = kinds.filter((k) => c.includes(normalize(k.replace(/^[A-Z][a-z]+(?=[A-Z])/, ''))));
    return (exact.length ? exact : loose).flatMap((k) => this.ids[k]!);
  }

  schema(node: Schema, depth: number, name?: string): fc.Arbitrary<unknown> {
    const s = this.resolve(node) as Schema | undefined;
    if (!s || typeof s !== 'object') return fc.constant(undefined);
    if (s['const'] !== undefined) return fc.constant(s['const']);
    if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
    const discriminator = s['discriminator'];
    if (discriminator?.mapping && Array.isArray(s['oneOf'])) {
      const property: string = discriminator.propertyName;
      return fc.oneof(
        ...Object.entries<string>(discriminator.mapping).map(([key, ref]) =>
          this.schema({ $ref: ref }, depth).map((value) => ({ ...(value as object), [property]: key })),
        ),
      );
    }
    if (Array.isArray(s['oneOf']) || Array.isArray(s['anyOf'])) {
      const { oneOf, anyOf, discriminator: _, ...base } = s;
      const branches = (oneOf ?? anyOf) as Schema[];
      return fc.oneof(...branches.map((branch) => this.allOf([base, branch], depth, name)));
    }
    if (Array.isArray(s['allOf'])) {
      const { allOf, ...rest } = s;
      return this.allOf([rest, ...(allOf as Schema[])], depth, name);
    }
    const type = s['type'];
    if (Array.isArray(type))
      return fc.oneof(
        ...type.map((t: string) => (t === 'null' ? fc.constant(null) : this.schema({ ...s, type: t }, depth, name))),
      );
    if (type === 'object' || s['properties']) return this.object(s, depth);
    if (type === 'array')
      return fc.array(this.schema(s['items'] ?? {}, depth + 1), {
        minLength: s['minItems'] ?? 0,
        maxLength: Math.max(s['minItems'] ?? 0, Math.min(s['maxItems'] ?? MAX_ITEMS, MAX_ITEMS)),
      });
    // a documented example is a realistic value (a region, a currency, an amount), so requests get past validation
    const example = node['example'] ?? s['example'];
    const orExample = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
      example === undefined || (name && /id$/i.test(name)) ? arbitrary : fc.oneof(fc.constant(example), arbitrary);
    if (type === 'integer' || type === 'number') return orExample(this.number(s, type === 'integer'));
    if (type === 'boolean') return fc.boolean();
    if (type === 'null') return fc.constant(null);
    if (type === 'string' || s['format'] || s['pattern'] || s['minLength'] !== undefined) {
      const string = orExample(this.string(s));
      const real = name && /id$/i.test(name) && !s['format'] && !s['pattern'] ? this.idsFor(name) : [];
      return real.length ? fc.oneof(fc.constantFrom(...real), string) : string;
    }
    return fc.string({ maxLength: 8 }); // an unconstrained schema
  }

  /**
   * The parts of an `allOf` (or a base and its branch) as one: plain parts merge into one schema (properties,
   * `required` and bounds; an annotation or a bare `required` adds no value of its own), and a part with
   * alternatives is drawn on its own and its value merged in (later parts refine earlier ones).
   */
  private allOf(parts: Schema[], depth: number, name?: string): fc.Arbitrary<unknown> {
    const plain: Schema[] = [];
    const alternatives: Schema[] = [];
    const flatten = (part: Schema): void => {
      const resolved = this.resolve(part) as Schema;
      if (!resolved || typeof resolved !== 'object') return;
      const { allOf, ...rest } = resolved;
      if (rest['oneOf'] || rest['anyOf']) alternatives.push(rest);
      else plain.push(rest);
      for (const inner of (allOf as Schema[] | undefined) ?? []) flatten(inner);
    };
    parts.forEach(flatten);
    const merged: Schema = {};
    for (const part of plain) {
      for (const [key, value] of Object.entries(part)) {
        if (key === 'required') merged['required'] = [...new Set([...(merged['required'] ?? []), ...value])];
        else if (key === 'properties') {
          const properties: Schema = { ...merged['properties'] };
          for (const [property, schema] of Object.entries<Schema>(value))
            properties[property] = properties[property] ? { allOf: [properties[property], schema] } : schema;
          merged['properties'] = properties;
        } else merged[key] = value;
      }
    }
    if (merged['required'] && !merged['type'] && !merged['enum']) merged['type'] = 'object';
    const generative = Object.keys(merged).some((k) => !ANNOTATIONS.has(k));
    const arbitraries = [
      ...(generative || alternatives.length === 0 ? [this.schema(merged, depth, name)] : []),
      ...alternatives.map((part) => this.schema(part, depth, name)),
    ];
    return fc.tuple(...arbitraries).map((values) => values.reduce(deepMerge));
  }

  private object(s: Schema, depth: number): fc.Arbitrary<unknown> {
    const required = new Set<string>(s['required'] ?? []);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries<Schema>(s['properties'] ?? {})) {
      const resolved = this.resolve(property);
      if (resolved?.readOnly || property?.readOnly) continue;
      if (!required.has(key) && depth >= MAX_DEPTH) continue;
      model[key] = this.schema(property, depth + 1, key);
    }
    return fc
      .record(model, { requiredKeys: [...required].filter((k) => k in model) })
      .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
  }

  private number(s: Schema, integer: boolean): fc.Arbitrary<number> {
    const exclusiveMin = typeof s['exclusiveMinimum'] === 'number' ? s['exclusiveMinimum'] : undefined;
    const exclusiveMax = typeof s['exclusiveMaximum'] === 'number' ? s['exclusiveMaximum'] : undefined;
    const min = s['minimum'] ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1000);
    const max = s['maximum'] ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 1e-6) : 1_000_000);
    return integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }

  private string(s: Schema): fc.Arbitrary<string> {
    const minLength: number = s['minLength'] ?? 0;
    const maxLength: number = Math.max(minLength, Math.min(s['maxLength'] ?? MAX_STRING, MAX_STRING));
    const fits = (v: string) => v.length >= minLength && v.length <= (s['maxLength'] ?? Infinity);
    switch (s['format']) {
      case 'date-time':
        return this.date().map((d) => d.toISOString());
      case 'date':
        return this.date().map((d) => d.toISOString().slice(0, 10));
      case 'email':
        return fc
          .tuple(stringMatching('^[a-z][a-z0-9]{0,9}$'), stringMatching('^[a-z]{1,8}$'))
          .map(([local, domain]) => `${local}@${domain}.example`);
      case 'uuid':
        return fc.uuid();
      case 'uri':
        return stringMatching('^[a-z]{1,8}$').map((host) => `https://${host}.example/`);
    }
    if (s['pattern']) return stringMatching(s['pattern']).filter(fits);
    return fc.string({ minLength, maxLength });
  }

  private date(): fc.Arbitrary<Date> {
    return fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2040-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
  }
}

function deepMerge(a: unknown, b: unknown): unknown {
  if (!isObject(a) || !isObject(b)) return b === undefined ? a : b;
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = deepMerge(a[key], value);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
