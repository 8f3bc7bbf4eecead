/**
 * Nothing sent is silently ignored (issue 31, item 8): every JSON body the sandbox serves is checked
 * against its operation's fields, and an unknown one is 400 INVALID_INPUT naming it. The route list is
 * read from the sandbox's route modules, so a new route is covered without editing this file; the field
 * table is the OpenAPI's, generated and committed, and checked here to be current.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/request-fields.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  OPENAPI_FILE,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../../crypto-core/scripts/generate-service-api.mjs';
import { GENERATE_COMMAND, queryEnumTable, requestFieldTable } from '../scripts/generate-request-fields.mjs';
import { OPENAPI_QUERY_ENUMS, OPENAPI_REQUEST_FIELDS } from '../src/http/request-fields.generated.js';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { newCustomer, startTestSandbox, umaLookupId, type TestSandbox } from './helpers/sandbox-client.js';

const NOT_A_FIELD = 'paykitNotAField';
const fieldsOf = (res: { body?: { details?: { errors?: { field: string }[] } } }): string[] =>
  (res.body?.details?.errors ?? []).map((e) => e.field);

describe('sandbox: unknown request fields are refused, on every body route', () => {
  let t: TestSandbox;
  let routes: { method: string; path: string }[] = [];
  before(async () => {
    t = await startTestSandbox();
    routes = await sandboxRoutes();
  });
  after(() => t.close());

  it('keeps the committed field table equal to the OpenAPI request schemas', () => {
    const operations = servedOperations(specOperations(readFileSync(OPENAPI_FILE, 'utf8')), routes);
    expect(JSON.parse(JSON.stringify(OPENAPI_REQUEST_FIELDS)), `stale: ${GENERATE_COMMAND}`).to.deep.equal(
      requestFieldTable(loadOpenApiDocument(), operations),
    );
    expect(Object.keys(OPENAPI_REQUEST_FIELDS)).to.include.members(['POST /customers', 'POST /quotes']);
    expect(JSON.parse(JSON.stringify(OPENAPI_QUERY_ENUMS)), `stale: ${GENERATE_COMMAND}`).to.deep.equal(
      queryEnumTable(loadOpenApiDocument(), operations),
    );
    expect(OPENAPI_QUERY_ENUMS['GET /cards']?.['state']).to.include('FROZEN');
  });

  it('answers 400 INVALID_INPUT naming the field on each POST, PUT and PATCH route', async () => {
    const bodyRoutes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(bodyRoutes.length, 'the route modules were read').to.be.greaterThan(30);
    const accepted: string[] = [];
    for (const { method, path } of bodyRoutes) {
      const concrete = path.replace(/:[^/]+/g, 'Placeholder:1');
      const res = await t.api.call(method, concrete, { body: { [NOT_A_FIELD]: 1 } });
      if (res.status !== 400 || res.body?.code !== 'INVALID_INPUT' || !fieldsOf(res).includes(NOT_A_FIELD))
        accepted.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(accepted).to.deep.equal([]);
  });

  it('names an unknown nested field, judged by the discriminator (an ACCOUNT destination has no currency)', async () => {
    const payer = await newCustomer(t.api);
    const payee = await newCustomer(t.api);
    const res = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.account.id },
      destination: { destinationType: 'ACCOUNT', accountId: payee.account.id, currency: 'EUR' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('INVALID_INPUT');
    expect(fieldsOf(res)).to.deep.equal(['destination.currency']);
    // the same field is the API's on an UMA_ADDRESS destination
    const uma = await t.api.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@receiver.example', currency: 'USD' },
      lookupId: await umaLookupId(t.api, '$bob@receiver.example'),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(uma.status, uma.text).to.equal(201);
  });
});

describe('sandbox: customer currencies', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('refuses `currency` (the API field is `currencies`) instead of opening a USD wallet', async () => {
    const res = await t.api.post('/customers', {
      platformCustomerId: `currency-${process.pid}`,
      customerType: 'INDIVIDUAL',
      email: `currency-${process.pid}@example.com`,
      currency: 'EUR',
    });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.code).to.equal('INVALID_INPUT');
    expect(fieldsOf(res)).to.deep.equal(['currency']);
    expect(res.body.message).to.include('currency');
    const listed = await t.api.get('/customers', { platformCustomerId: `currency-${process.pid}` });
    expect(listed.body.data).to.deep.equal([]);
  });

  it('opens a EUR wallet for `currencies: ["EUR"]`', async () => {
    const { account } = await newCustomer(t.api, { currencies: ['EUR'] });
    expect(account.balance.currency.code).to.equal('EUR');
  });
});
