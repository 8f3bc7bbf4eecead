/**
 * Every served operation's documented examples (issue 27): the request bodies the OpenAPI gives as
 * `example`/`examples` (and its query parameters' examples) are sent to the sandbox, and each answer is
 * judged by the contract check (declared status, schema, error code). The examples name resources that do
 * not exist here, so most answers are the declared 4xx; what the test guards is that no answer drifts from
 * the API. Only the response schemas the answers use are compiled.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/documented-examples.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  OPENAPI_FILE,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../../crypto-core/scripts/generate-service-api.mjs';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const document = loadOpenApiDocument();
const resolve = (node: any): any => {
  let current = node;
  while (current?.$ref)
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return current;
};

/** The documented request bodies of one operation (`example`, then every `examples` value). */
function bodyExamples(op: any): unknown[] {
  const media = resolve(op.requestBody)?.content?.['application/json'];
  if (!media) return [undefined];
  const out: unknown[] = [];
  if (media.example !== undefined) out.push(media.example);
  for (const example of Object.values(media.examples ?? {})) out.push(resolve(example)?.value);
  if (out.length === 0 && resolve(media.schema)?.example !== undefined) out.push(resolve(media.schema).example);
  return out.filter((b) => b !== undefined);
}

/** The path with each parameter's example (else a placeholder), and the query of the examples given. */
function requestPath(template: string, item: any, op: any): string {
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
  const exampleOf = (p: any) => p.example ?? p.schema?.example ?? resolve(p.schema)?.example;
  const path = template.replace(/\{([^}]+)\}/g, (_, name) => {
    const value = exampleOf(params.find((p) => p.in === 'path' && p.name === name) ?? {});
    return encodeURIComponent(String(value ?? 'Placeholder:1'));
  });
  const query = new URLSearchParams();
  for (const p of params)
    if (p.in === 'query' && exampleOf(p) !== undefined && typeof exampleOf(p) !== 'object')
      query.set(p.name, String(exampleOf(p)));
  return query.size ? `${path}?${query}` : path;
}

/** `value` with every id of a kind the sandbox has (`Customer:…`) replaced by that real id, at any depth. */
function withRealIds<T>(value: T, real: Record<string, string>): T {
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string')
      return real[v.split(':')[0]!] && /^[A-Za-z]+:[0-9a-f-]{36}$/.test(v) ? real[v.split(':')[0]!] : v;
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  return swap(value) as T;
}

describe("sandbox: every served operation's documented examples are answered as the API declares", () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('sends each example and leaves the contract check clean', async () => {
    const operations = servedOperations(specOperations(readFileSync(OPENAPI_FILE, 'utf8')), await sandboxRoutes());
    expect(operations.length).to.be.greaterThan(50);
    // the examples' customer and wallet are a real customer and wallet here, so their answers go deeper than a 404
    const { customer, account } = await newCustomer(t.api);
    const real = { Customer: customer.id as string, InternalAccount: account.id as string };
    let sent = 0;
    for (const operation of operations) {
      const [method, template] = operation.split(' ') as [string, string];
      const item = document.paths[template];
      const op = item[method.toLowerCase()];
      for (const body of bodyExamples(op)) {
        const path = requestPath(template, item, op).replace(
          /(Customer|InternalAccount)%3A[0-9a-f-]{36}/g,
          (_, kind: 'Customer' | 'InternalAccount') => encodeURIComponent(real[kind]),
        );
        const res = await t.api.call(method, path, body === undefined ? {} : { body: withRealIds(body, real) });
        expect(res.status, `${operation}: ${res.text}`).to.be.below(500);
        sent++;
      }
    }
    expect(sent).to.be.at.least(operations.length);
    expect(t.contract.checked).to.be.at.least(sent);
  });
});
