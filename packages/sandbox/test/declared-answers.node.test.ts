/**
 * The sandbox answers as the API declares where a request is wrong in a generic way (issue 27): a list
 * filter outside the OpenAPI's enum is 400 INVALID_INPUT naming the parameter (not an empty page), and a
 * method a known path does not serve is 405 METHOD_NOT_ALLOWED with `Allow` (not 404). Both are driven by
 * tables (the enumerated query parameters, the route modules), so a new route is covered without editing
 * this file; the contract check judges every answer.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'packages/sandbox/test/declared-answers.node.test.ts'
 */
import { expect } from 'chai';
import { sandboxRoutes } from '../../crypto-core/scripts/generate-service-api.mjs';
import { QUERY_ENUMS } from '../src/http/request-fields.js';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { readFileSync } from 'node:fs';
import { SANDBOX_CHOICES } from './contract/deviations.js';
import { findOperation } from './contract/openapi-contract.js';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const concrete = (template: string): string => template.replace(/[:{][^/]+/g, 'Placeholder:1').replace(/}/g, '');
const routePattern = (path: string): RegExp => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);

describe('sandbox: answers the API declares for out-of-enum filters and unsupported methods', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it('refuses a value outside an enumerated query parameter with 400 INVALID_INPUT, and takes one inside', async () => {
    const params = Object.entries(QUERY_ENUMS).flatMap(([operation, enums]) =>
      Object.entries(enums).map(([name, values]) => ({ operation, name, values })),
    );
    expect(params.map((p) => `${p.operation}?${p.name}`)).to.include.members([
      'GET /transactions?status',
      'GET /cards?state',
      'GET /customers/internal-accounts?type',
      'GET /verifications?verificationStatus',
    ]);
    for (const { operation, name, values } of params) {
      const path = concrete(operation.split(' ')[1]!);
      const wrong = await t.api.get(path, { [name]: 'PAYKIT_NOT_A_VALUE' });
      expect(wrong.status, `${operation}?${name}: ${wrong.text}`).to.equal(400);
      expect(wrong.body.code).to.equal('INVALID_INPUT');
      expect(wrong.body.details.errors).to.deep.equal([
        {
          field: name,
          constraint: { enum: values },
          message: `must be one of ${values.join(', ')} (got "PAYKIT_NOT_A_VALUE")`,
        },
      ]);
      const right = await t.api.get(path, { [name]: values[values.length - 1]! });
      expect(right.status, `${operation}?${name}=${values[values.length - 1]}: ${right.text}`).to.equal(200);
    }
  });

  it('answers a method a known path does not serve with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const routes = await sandboxRoutes();
    const byPath = new Map<string, Set<string>>();
    for (const r of routes) byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method));
    let judged = 0;
    for (const [path, methods] of byPath) {
      const url = concrete(path);
      for (const method of METHODS) {
        if (methods.has(method)) continue;
        // another route of that method takes the path (PATCH /customers/{id} takes /customers/internal-accounts)
        if (routes.some((r) => r.method === method && routePattern(r.path).test(url))) continue;
        // an operation of the API the sandbox does not serve yet (issue 27's first part), not a wrong method
        if (findOperation(method, url)) continue;
        const res = await t.api.call(method, url);
        expect(res.status, `${method} ${path}: ${res.text}`).to.equal(405);
        expect(res.body).to.include({ status: 405, code: 'METHOD_NOT_ALLOWED' });
        const allow = res.headers.get('allow')!.split(', ');
        expect(allow, `${method} ${path}`).to.have.members([...methods, ...(methods.has('GET') ? ['HEAD'] : [])]);
        judged++;
      }
    }
    expect(judged).to.be.greaterThan(100);
    expect((await t.api.get('/no-such-endpoint')).status).to.equal(404);
  });

  it('answers the choices the README lists where the API is looser: cursor, empty ids, email', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('### Where the sandbox chose an answer the API does not give');
    const table = readme.slice(start, readme.indexOf('\n## ', start));
    expect(table.split('\n').filter((line) => /^\| [^-]/.test(line) && !line.startsWith('| Where')).length).to.equal(
      SANDBOX_CHOICES.length,
    );
    const fieldOf = (res: { body: { details?: { errors?: { field: string }[] } } }) =>
      res.body.details?.errors?.map((e) => e.field);

    await newCustomer(t.api); // a list with an item, whose cursor this is not
    const stale = Buffer.from('Customer:00000000-0000-4000-8000-000000000000').toString('base64url');
    const cursor = await t.api.get('/customers', { cursor: stale });
    expect([cursor.status, cursor.body.code, fieldOf(cursor)]).to.deep.equal([400, 'INVALID_INPUT', ['cursor']]);

    const empty = await t.api.post('/customers/external-accounts', {
      customerId: '',
      currency: 'USD',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456100', routingNumber: '021000021' },
    });
    expect([empty.status, empty.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    expect(empty.body.details.errors[0]).to.deep.include({ field: 'customerId', constraint: { minLength: 1 } });

    const noEmail = await t.api.post('/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'no-email' });
    expect([noEmail.status, noEmail.body.code, fieldOf(noEmail)]).to.deep.equal([400, 'INVALID_INPUT', ['email']]);
  });
});
