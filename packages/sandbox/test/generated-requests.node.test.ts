/**
 * Property-based contract test (issue 27): for every operation of the OpenAPI the sandbox serves (read
 * from its route modules, so a new route is covered without editing this file), fast-check draws
 * schema-valid requests (path and query parameters, headers, JSON bodies; request-arbitraries.ts), sends
 * them to an in-process sandbox and judges each answer with the contract check (a declared status, a body
 * matching its schema, an error code of the schema's enum; deviations.ts lists what the spec mandates
 * otherwise). Seeded and bounded: the same requests every run, a few per operation. On a failure the
 * report names the operation, the request and the seed; `PAYKIT_CONTRACT_SEED` and `PAYKIT_CONTRACT_RUNS`
 * replay or widen the search.
 *
 * @example
 *   PAYKIT_CONTRACT_RUNS=50 node test/harness/run-node.mjs --files 'packages/sandbox/test/generated-requests.node.test.ts'
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import {
  OPENAPI_FILE,
  sandboxRoutes,
  servedOperations,
  specOperations,
} from '../../crypto-core/scripts/generate-service-api.mjs';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { describeViolation, requestBodyRejected } from './contract/openapi-contract.js';
import { requestArbitrary, type GeneratedRequest, type IdPool } from './contract/request-arbitraries.js';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const SEED = Number(process.env['PAYKIT_CONTRACT_SEED'] ?? 27_2026);
const RUNS = Number(process.env['PAYKIT_CONTRACT_RUNS'] ?? 5);

describe('sandbox: schema-valid generated requests to every served operation are answered as the API declares', () => {
  let t: TestSandbox;
  let ids: IdPool;
  before(async () => {
    t = await startTestSandbox();
    // real resources for the generated ids to name, so answers go past the 404
    const { customer, account, credential } = await newCustomer(t.api);
    const card = await t.api.call('POST', '/cards', {
      body: { fundingSource: account.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const payee = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '123456100',
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ana Test' },
      },
    });
    expect([card.status, payee.status], card.text + payee.text).to.deep.equal([201, 201]);
    ids = {
      Customer: [customer.id],
      InternalAccount: [account.id],
      Credential: [credential.id],
      Card: [card.body.id],
      ExternalAccount: [payee.body.id],
    };
  });
  after(() => t.close());

  /** One generated request, through the sandbox's own handler (judged by the contract recorder in front of it). */
  async function send(request: GeneratedRequest): Promise<Response> {
    return t.server.sandbox.fetch(
      new Request(`${t.server.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          Authorization: t.server.credentials.authorization,
          ...request.headers,
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      }),
    );
  }

  it('draws requests from each operation’s schemas and finds no answer off the contract', async () => {
    const document = loadOpenApiDocument();
    const operations = servedOperations(specOperations(readFileSync(OPENAPI_FILE, 'utf8')), await sandboxRoutes());
    expect(operations.length).to.be.greaterThan(70);
    let sent = 0;
    for (const operation of operations) {
      let valid = 0;
      const run = fc.assert(
        fc.asyncProperty(requestArbitrary(document, operation, ids), async (request) => {
          // the generator aims at valid bodies; the contract's own oracle has the last word
          if (request.body !== undefined) fc.pre(!requestBodyRejected(request.method, request.path, request.body));
          valid++;
          const before = t.contract.violations.length;
          const response = await send(request);
          const text = await response.text();
          sent++;
          const found = t.contract.violations.splice(before);
          if (response.status >= 500 || found.length)
            throw new Error(
              `${request.method} ${request.path} ${JSON.stringify(request.body) ?? ''}\n  → ${response.status} ${text.slice(0, 300)}\n  ${found.map(describeViolation).join('\n  ')}`,
            );
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, maxSkipsPerRun: 20 },
      );
      await run.catch((error: Error) => {
        throw new Error(`${operation} (PAYKIT_CONTRACT_SEED=${SEED}): ${error.message}`, { cause: error.cause });
      });
      expect(valid, `${operation}: no generated request was schema-valid`).to.be.greaterThan(0);
    }
    expect(sent).to.be.at.least(operations.length);
  });
});
