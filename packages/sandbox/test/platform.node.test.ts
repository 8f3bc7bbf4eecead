import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { createMemoryState, createSandbox, type SandboxState } from '../src/index.js';
import { Api, newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';
import { ContractRecorder, withContract } from './contract/contract-fetch.js';

describe('sandbox: platform credential, errors, validation, pagination, CORS', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ overHttp: true }); // CORS over the wire
  });
  after(() => t.close());

  it('answers 401 UNAUTHORIZED for a missing, malformed or wrong Basic credential', async () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    for (const authorization of [
      undefined,
      'Bearer abc',
      'Basic !!!',
      basic('sandbox-token:wrong'),
      basic('sandbox-token'),
      basic('nobody:sandbox-secret'),
    ]) {
      const res = await new Api(t.server.baseUrl, authorization).get('/customers');
      expect(res.status, String(authorization)).to.equal(401);
      expect(res.body).to.deep.equal({ status: 401, code: 'UNAUTHORIZED', message: res.body.message });
      expect(res.headers.get('www-authenticate')).to.match(/^Basic/);
    }
    expect((await t.api.get('/customers')).status).to.equal(200);
    expect((await t.viewApi.get('/customers')).status).to.equal(200);
  });

  it('takes the credentials from the options', async () => {
    const custom = await startTestSandbox({ tokenId: 'ci-token', tokenSecret: 'ci-secret', overHttp: true });
    try {
      expect(custom.server.credentials).to.include({ tokenId: 'ci-token', tokenSecret: 'ci-secret' });
      expect((await custom.api.get('/customers')).status).to.equal(200);
      expect(
        (await new Api(custom.server.baseUrl, t.server.credentials.authorization).get('/customers')).status,
      ).to.equal(401);
    } finally {
      await custom.close();
    }
  });

  it('answers unknown routes and resources with 404 in the envelope (a known path with another method: 405)', async () => {
    const route = await t.api.get('/no-such-endpoint');
    expect(route.status).to.equal(404);
    expect(route.body).to.include({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    const outside = await fetch(`${t.server.url}/2020-01-01/customers`, {
      headers: { Authorization: t.server.credentials.authorization },
    });
    expect(outside.status).to.equal(404);
    expect((await outside.json()).code).to.equal('REFERENCE_NOT_FOUND');
    // Resources other than customers and quotes answer the service's generic 404 code, never NOT_FOUND.
    for (const path of ['/cards/Card:nope', '/auth/delegated-keys/DelegatedKey:nope'])
      expect((await t.api.get(path)).body).to.include({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    expect((await t.api.get('/customers/Customer:nope')).body.code).to.equal('USER_NOT_FOUND');
    expect((await t.api.get('/quotes/Quote:nope')).body.code).to.equal('QUOTE_NOT_FOUND');
    expect((await t.api.get('/customers/Customer:nope/nothing')).body).to.include({ status: 404 });
  });

  it('answers malformed JSON and wrong types with 400 INVALID_INPUT listing every field', async () => {
    const broken = await t.api.call('POST', '/customers', { body: '{"platformCustomerId": ' });
    expect(broken.status).to.equal(400);
    expect(broken.body).to.deep.equal({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'The request body is not valid JSON',
      details: { errors: [{ field: 'body', constraint: { format: 'json' }, message: 'is not valid JSON' }] },
    });
    const array = await t.api.call('POST', '/customers', { body: '[1,2]' });
    expect(array.body.details.errors[0].field).to.equal('body');

    const wrong = await t.api.post('/customers', {
      platformCustomerId: 7,
      customerType: 'ROBOT',
      email: 'not-an-email',
      phoneNumber: '555',
      region: 'germany',
      address: { country: 'Germany' },
    });
    expect(wrong.status).to.equal(400);
    const byField = Object.fromEntries(
      wrong.body.details.errors.map((e: { field: string; constraint: unknown }) => [e.field, e.constraint]),
    );
    expect(Object.keys(byField)).to.have.members([
      'platformCustomerId',
      'customerType',
      'email',
      'phoneNumber',
      'region',
      'address.line1',
      'address.postalCode',
      'address.country',
    ]);
    expect(byField['customerType']).to.deep.equal({ enum: ['INDIVIDUAL', 'BUSINESS'] });
    expect(byField['email']).to.deep.equal({ format: 'email' });
    expect(byField['phoneNumber']).to.include({ pattern: '^\\+[1-9]\\d{1,14}$' });
    for (const e of wrong.body.details.errors) expect(e.message).to.be.a('string').and.not.empty;
    expect(wrong.text).to.not.match(/at .*\.ts:\d+/);

    const noEmail = await t.api.post('/customers', { platformCustomerId: 'x-no-email', customerType: 'INDIVIDUAL' });
    expect(noEmail.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['email']);
    // null is no email either: no wallet may be born with an EMAIL_OTP credential that has no address
    const nullEmail = await t.api.post('/customers', {
      platformCustomerId: 'x-null-email',
      customerType: 'INDIVIDUAL',
      email: null,
    });
    expect(nullEmail.status).to.equal(400);
    expect(nullEmail.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['email']);
    expect((await t.api.get('/customers', { platformCustomerId: 'x-null-email' })).body.data).to.deep.equal([]);
    const fund = await t.api.post('/sandbox/internal-accounts/InternalAccount:nope/fund', { amount: 5 });
    expect(fund.status).to.equal(404);
  });

  it('creates customers with a provisioned wallet and EMAIL_OTP credential; duplicates are 409', async () => {
    const { customer, account, credential } = await newCustomer(t.api, {
      platformCustomerId: 'dup-check',
      region: 'DE',
      currencies: ['EUR'],
    });
    expect(customer).to.include({
      platformCustomerId: 'dup-check',
      customerType: 'INDIVIDUAL',
      kycStatus: 'APPROVED',
      region: 'DE',
    });
    expect(customer.umaAddress).to.match(/^\$.+@/);
    expect(account).to.include({ customerId: customer.id, type: 'EMBEDDED_WALLET', privateEnabled: false });
    expect(account.balance).to.deep.equal({
      amount: 0,
      currency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
    });
    expect(credential).to.include({ type: 'EMAIL_OTP', accountId: account.id });
    const dup = await t.api.post('/customers', {
      platformCustomerId: 'dup-check',
      customerType: 'INDIVIDUAL',
      email: 'x@example.com',
    });
    expect(dup.status).to.equal(409);
    expect(dup.body.code).to.equal('CONFLICT');
    const sameUma = await t.api.post('/customers', {
      platformCustomerId: 'uma-check',
      customerType: 'INDIVIDUAL',
      email: 'y@example.com',
      umaAddress: customer.umaAddress,
    });
    expect(sameUma.status).to.equal(409);
    expect(sameUma.body.code).to.equal('UMA_ADDRESS_EXISTS');
    const fund = await t.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: -3 });
    expect(fund.status).to.equal(400);
    expect(fund.body.details.errors[0].field).to.equal('amount');
  });

  it('paginates lists with limit and cursor: {data, hasMore, nextCursor}', async () => {
    const prefix = `page-${Date.now()}`;
    for (let i = 0; i < 3; i++)
      await newCustomer(t.api, {
        platformCustomerId: `${prefix}-${i}`,
        customerType: 'BUSINESS',
        businessInfo: {
          legalName: `Firm ${i}`,
          country: 'US',
          taxId: `EIN-${i}`,
          incorporatedOn: '2020-01-01',
          registrationNumber: `R${i}`,
        },
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.api.get('/customers', {
        customerType: 'BUSINESS',
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).to.equal(200);
      expect(page.body.data.length).to.be.at.most(2);
      seen.push(...page.body.data.map((c: { platformCustomerId: string }) => c.platformCustomerId));
      cursor = page.body.hasMore ? page.body.nextCursor : undefined;
      if (page.body.hasMore) expect(page.body.nextCursor).to.be.a('string');
      pages++;
    } while (cursor);
    expect(seen.filter((id) => id.startsWith(prefix))).to.deep.equal([`${prefix}-0`, `${prefix}-1`, `${prefix}-2`]);
    expect(pages).to.be.greaterThan(1);
    expect((await t.api.get('/customers', { limit: '0' })).status).to.equal(400);
    expect((await t.api.get('/customers', { limit: 'ten' })).status).to.equal(400);
    expect((await t.api.get('/customers', { cursor: 'bm9wZQ' })).status).to.equal(400);
  });

  it('allows CORS from http://localhost:* (exposing Retry-After) and not from other origins', async () => {
    const preflight = await fetch(`${t.server.baseUrl}/auth/credentials`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'service-wallet-signature,request-id',
      },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get('access-control-allow-origin')).to.equal('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).to.include('service-wallet-signature');
    const simple = await fetch(`${t.server.baseUrl}/customers`, {
      headers: { Origin: 'http://127.0.0.1:8080', Authorization: t.server.credentials.authorization },
    });
    expect(simple.headers.get('access-control-allow-origin')).to.equal('http://127.0.0.1:8080');
    expect(simple.headers.get('access-control-expose-headers')).to.match(/Retry-After/i);
    expect(simple.headers.get('cache-control')).to.equal('no-store');
    const foreign = await fetch(`${t.server.baseUrl}/customers`, {
      headers: { Origin: 'https://evil.example', Authorization: t.server.credentials.authorization },
    });
    expect(foreign.headers.get('access-control-allow-origin')).to.equal(null);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.api.call('POST', '/customers', {
      body: JSON.stringify({ platformCustomerId: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).to.equal(413);
    expect(res.body.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('turns an unexpected failure into 500 INTERNAL_ERROR with no details and no stack', async () => {
    const state: SandboxState = { ...createMemoryState() };
    const failing = {
      ...state.customers,
      list: () => {
        throw new Error('disk on fire at /secret/path.ts:12');
      },
    };
    const seen: unknown[] = [];
    const broken = await startTestSandbox({
      state: { ...state, customers: failing },
      onInternalError: (e) => seen.push(e),
      overHttp: true, // the server keeps serving
    });
    try {
      const res = await broken.api.get('/customers');
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({
        status: 500,
        code: 'INTERNAL_ERROR',
        message: 'The sandbox failed to handle the request',
      });
      expect(seen).to.have.length(1);
      // The server keeps serving.
      expect((await broken.api.get('/sandbox/enclave-keys')).status).to.equal(200);
    } finally {
      await broken.close();
    }
  });

  it('serves the same API as a plain Web handler (createSandbox().fetch) without a network', async () => {
    const sandbox = createSandbox();
    const contract = new ContractRecorder();
    sandbox.fetch = withContract(sandbox.fetch, contract);
    const res = await sandbox.fetch(
      new Request('http://sandbox.test/2025-10-13/sandbox/enclave-keys', {
        headers: { Authorization: t.server.credentials.authorization },
      }),
    );
    expect(res.status).to.equal(200);
    expect((await res.json()).signers).to.deep.equal(sandbox.enclaveSigners);
    const customers = await sandbox.fetch(
      new Request('http://sandbox.test/2025-10-13/customers', {
        headers: { Authorization: t.server.credentials.authorization },
      }),
    );
    expect(customers.status).to.equal(200);
    expect(contract.checked).to.equal(2);
    contract.assertClean();
  });
});
