import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { requestBodyRejected } from './contract/openapi-contract.js';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

type Json = Record<string, unknown>;

/** Every dotted path in a JSON object, nested objects included (array items are left as they are). */
function paths(body: Json, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    return [path, ...(isObject ? paths(value as Json, path) : [])];
  });
}

/** A deep copy of `body` without the field at `path`. */
function without(body: Json, path: string): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<Json>((o, k) => o[k] as Json, copy);
  delete parent[keys.at(-1)!];
  return copy;
}

interface Case {
  method: 'POST' | 'PATCH';
  path: string;
  /** A body the service accepts; `unique` makes any field that must differ per request differ. */
  body: (unique: string) => Json;
}

/**
 * The service's OpenAPI is the oracle (issue 22): a valid body with any one field removed, at any depth,
 * is sent; whenever the OpenAPI would refuse it, the sandbox must refuse it as 400 INVALID_INPUT naming
 * that field, as the service does, instead of accepting and echoing it.
 */
describe('sandbox: request bodies the OpenAPI refuses, at every depth', () => {
  let t: TestSandbox;
  const cases: Case[] = [];
  const address = { line1: 'Hauptstr. 1', line2: 'Hinterhaus', city: 'Berlin', postalCode: '10115', country: 'DE' };

  before(async () => {
    t = await startTestSandbox();
    const person = await newCustomer(t.api);
    const payee = await newCustomer(t.api);
    cases.push(
      {
        method: 'POST',
        path: '/customers',
        body: (unique) => ({
          platformCustomerId: unique,
          customerType: 'INDIVIDUAL',
          email: `${unique}@example.com`,
          fullName: 'Ana Test',
          address,
          endUserTermsConsent: {
            acceptedAt: '2026-01-02T03:04:05Z',
            ipAddress: '203.0.113.7',
            termsVersion: '2025-10-01',
            acceptanceMethod: 'CHECKBOX',
          },
        }),
      },
      {
        method: 'POST',
        path: '/customers',
        body: (unique) => ({
          platformCustomerId: unique,
          customerType: 'BUSINESS',
          email: `${unique}@example.com`,
          address,
          businessInfo: { legalName: 'Acme GmbH', country: 'DE', taxId: 'DE123', incorporatedOn: '2020-01-01' },
        }),
      },
      {
        method: 'PATCH',
        path: `/customers/${person.customer.id}`,
        body: () => ({ customerType: 'INDIVIDUAL', address }),
      },
      {
        method: 'POST',
        path: '/quotes',
        body: () => ({
          source: { sourceType: 'ACCOUNT', accountId: person.account.id },
          destination: { destinationType: 'ACCOUNT', accountId: payee.account.id },
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: 100,
          platformFeeOverride: { platformFixedFee: { amount: 0, currency: 'USD' }, platformVariableFeeBps: 0 },
        }),
      },
    );
  });
  after(() => t.close());

  it('refuses a body missing any field the OpenAPI requires, naming the field', async () => {
    let serial = 0;
    const checked: string[] = [];
    const accepted: string[] = [];
    for (const { method, path, body } of cases) {
      const valid = body(`schema-${process.pid}-${serial++}`);
      expect(requestBodyRejected(method, path, valid), `${method} ${path}: the valid body`).to.equal(false);
      for (const field of paths(valid)) {
        const sent = without(body(`schema-${process.pid}-${serial++}`), field);
        if (!requestBodyRejected(method, path, sent)) continue;
        checked.push(`${method} ${path} without ${field}`);
        const res = await t.api.call(method, path, { body: sent });
        const fields = (res.body?.details?.errors ?? []).map((e: { field: string }) => e.field);
        if (res.status !== 400 || res.body.code !== 'INVALID_INPUT' || !fields.includes(field))
          accepted.push(`${method} ${path} without ${field}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(checked).to.include('POST /customers without address.postalCode');
    expect(accepted).to.deep.equal([]);
  });
});
