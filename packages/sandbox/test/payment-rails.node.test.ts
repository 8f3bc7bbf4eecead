/**
 * The default rail of each bank account type (src/money/payment-rails.ts) against the OpenAPI: every type
 * whose `ExternalAccount` answer requires `accountInfo.paymentRails` has one, the first its schema lists,
 * and no other type has one (a crypto wallet has no rail).
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/payment-rails.node.test.ts'
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_PAYMENT_RAIL } from '../src/money/payment-rails.js';
import { loadDocument } from './contract/openapi-contract.js';

describe('sandbox: the default payment rail of each external account type', () => {
  it('is the first rail the OpenAPI lists for every type whose answer requires paymentRails', () => {
    const schemas = loadDocument().components.schemas;
    const resolve = (node: any): any => (node?.$ref ? resolve(schemas[node.$ref.split('/').pop()]) : node);
    const parts = (node: any): any[] => {
      const schema = resolve(node);
      return schema ? [schema, ...(schema.allOf ?? []).flatMap(parts)] : [];
    };
    const expected: Record<string, string> = {};
    for (const branch of schemas.ExternalAccountInfoOneOf.oneOf) {
      const all = parts(branch);
      if (!all.some((p) => p.required?.includes('paymentRails'))) continue;
      const type = all
        .map((p) => resolve(p.properties?.accountType)?.enum)
        .find((values: string[] | undefined) => values?.length === 1)[0];
      const rails = all.map((p) => resolve(resolve(p.properties?.paymentRails)?.items)?.enum).find(Boolean);
      expected[type] = rails[0];
    }
    expect(Object.keys(expected)).to.have.length.greaterThan(30);
    expect(DEFAULT_PAYMENT_RAIL).to.deep.equal(expected);
  });
});
