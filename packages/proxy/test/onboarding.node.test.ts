/**
 * The onboarding routes through the proxy, in front of the real sandbox (a Web handler, no network):
 * terms acceptance gets the backend's address and clock, contact verification and KYC act only on the
 * user's own customer, and document uploads are the one place multipart bodies pass (Origin required,
 * 10 MB bound, the holder checked, a replacement's holder read from the service).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createSandbox, type Sandbox } from '@paykit/sandbox';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { ContractRecorder, withContract } from '../../sandbox/test/contract/contract-fetch.js';
import { createPlatformProxy, endUserFromIds } from '../src/index.js';
import { toNodeListener } from '../src/node.js';
import {
  SANDBOX_SERVICE_URL as SERVICE_URL,
  SANDBOX_PLATFORM_AUTHORIZATION as PLATFORM,
  platformCalls,
} from './support.js';

const PAGE = 'https://platform.example';
const NOW = Date.parse('2026-11-23T22:00:00Z');

describe('onboarding through the proxy (real sandbox behind it)', () => {
  let sandbox: Sandbox;
  const contract = new ContractRecorder();
  after(() => contract.assertClean());
  let alice: string;
  let bob: string;
  let reached = 0;

  const platform = platformCalls(() => sandbox);

  const newCustomer = async (name: string): Promise<string> =>
    (
      await platform('POST', '/customers', {
        platformCustomerId: `${name}-${crypto.randomUUID()}`,
        customerType: 'INDIVIDUAL',
        email: `${name}-${crypto.randomUUID()}@example.com`,
        phoneNumber: '+4915112345678',
        region: 'DE',
        fullName: `${name} 003`,
      })
    ).id;

  before(async () => {
    sandbox = createSandbox();
    const judged = withContract(sandbox.fetch, contract);
    sandbox = { ...sandbox, fetch: judged };
    alice = await newCustomer('alice');
    bob = await newCustomer('bob');
  });

  const proxy = () =>
    createPlatformProxy({
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      pathPrefix: '/api/wallet',
      allowedOrigins: [PAGE],
      clientAddress: () => '203.0.113.9',
      now: () => NOW,
      fetch: (request) => {
        reached++;
        return sandbox.fetch(request);
      },
      resolveEndUser: () => endUserFromIds({ customerIds: [alice] }),
    });

  async function send(
    method: string,
    path: string,
    init: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers({ Origin: PAGE, ...init.headers });
    let body: BodyInit | null = null;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form) {
      const encoded = new Response(init.form);
      headers.set('Content-Type', encoded.headers.get('Content-Type')!);
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const res = await proxy()(new Request(`${PAGE}/api/wallet${path}`, { method, headers, body }));
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  const form = (
    fields: Record<string, string>,
    file = new File([new Uint8Array([0x89, 0x50])], 'id.png', { type: 'image/png' }),
  ) => {
    const f = new FormData();
    for (const [name, value] of Object.entries(fields)) f.set(name, value);
    f.set('file', file);
    return f;
  };
  const passport = (holder: string) => form({ documentHolder: holder, documentType: 'PASSPORT', country: 'DE' });

  it('records a terms acceptance with the backend’s address and clock, never the page’s', async () => {
    const terms = await send('GET', '/customers/end-user-terms');
    expect(terms.status).to.equal(200);
    const accepted = await send('PATCH', `/customers/${alice}`, {
      json: {
        customerType: 'INDIVIDUAL',
        endUserTermsConsent: {
          termsVersion: terms.body.version,
          acceptanceMethod: 'CLICK_TO_ACCEPT',
          ipAddress: '6.6.6.6',
          acceptedAt: '2000-01-01T00:00:00Z',
        },
      },
    });
    expect(accepted.status).to.equal(200);
    expect(accepted.body.endUserTermsConsent).to.deep.equal({
      termsVersion: terms.body.version,
      acceptanceMethod: 'CLICK_TO_ACCEPT',
      ipAddress: '203.0.113.9',
      acceptedAt: new Date(NOW).toISOString(),
    });
    const before = reached;
    const mixed = await send('PATCH', `/customers/${alice}`, {
      json: {
        customerType: 'INDIVIDUAL',
        email: 'x@example.com',
        endUserTermsConsent: { termsVersion: 'x', acceptanceMethod: 'CHECKBOX' },
      },
    });
    expect(mixed.status).to.equal(403);
    const extra = await send('PATCH', `/customers/${alice}`, {
      json: {
        customerType: 'INDIVIDUAL',
        endUserTermsConsent: { termsVersion: 'x', acceptanceMethod: 'CHECKBOX', note: 1 },
      },
    });
    expect(extra.status).to.equal(403);
    expect(reached).to.equal(before);
  });

  it('verifies the user’s own contact channels; another customer’s is 403 and never reaches the service', async () => {
    for (const channel of ['email', 'phone']) {
      expect((await send('POST', `/customers/${alice}/verify-${channel}`)).status).to.equal(204);
      const confirmed = await send('POST', `/customers/${alice}/verify-${channel}/confirm`, {
        json: { code: '123456' },
      });
      expect(confirmed.status).to.equal(200);
    }
    const before = reached;
    expect((await send('POST', `/customers/${bob}/verify-email`)).status).to.equal(403);
    expect(
      (await send('POST', `/customers/${bob}/verify-email/confirm`, { json: { code: '123456' } })).status,
    ).to.equal(403);
    expect(
      (await send('POST', `/customers/${alice}/verify-email/confirm`, { json: { code: '1', customerId: bob } })).status,
    ).to.equal(403);
    expect(reached).to.equal(before);
  });

  it('uploads and replaces the user’s documents as multipart only; a foreign holder or document is 403', async () => {
    const uploaded = await send('POST', '/documents', { form: passport(alice) });
    expect(uploaded.status).to.equal(201);
    const before = reached;
    expect((await send('POST', '/documents', { form: passport(bob) })).status).to.equal(403);
    expect((await send('POST', '/documents', { json: { documentHolder: alice } })).status).to.equal(415);
    expect((await send('POST', '/verifications', { form: passport(alice) })).status).to.equal(415);
    const noOrigin = await proxy()(
      new Request(`${PAGE}/api/wallet/documents`, { method: 'POST', body: passport(alice) }),
    );
    expect(noOrigin.status).to.equal(403);
    const twice = passport(alice);
    twice.append('documentHolder', bob);
    expect((await send('POST', '/documents', { form: twice })).status).to.equal(400);
    const huge = form(
      { documentHolder: alice, documentType: 'PASSPORT', country: 'DE' },
      new File([new Uint8Array(10 * 1024 * 1024 + 128 * 1024)], 'big.png', { type: 'image/png' }),
    );
    expect((await send('POST', '/documents', { form: huge })).status).to.equal(413);
    expect(reached).to.equal(before);

    const replaced = await send('PUT', `/documents/${uploaded.body.id}`, {
      form: form({ documentType: 'PASSPORT', country: 'DE' }),
    });
    expect(replaced.status).to.equal(200);
    const rejected = await send('POST', '/documents', {
      form: form(
        { documentHolder: alice, documentType: 'PASSPORT', country: 'DE' },
        new File(['x'], 'id-rejected.png', { type: 'image/png' }),
      ),
    });
    expect(rejected.status).to.equal(422);
    expect(rejected.body.code).to.equal('DOCUMENT_REJECTED');

    const bobs = await sandbox.fetch(
      new Request(`${SERVICE_URL}/documents`, {
        method: 'POST',
        headers: { Authorization: PLATFORM },
        body: passport(bob),
      }),
    );
    const bobDoc = (await bobs.json()).id;
    const foreign = await send('PUT', `/documents/${bobDoc}`, {
      form: form({ documentType: 'PASSPORT', country: 'DE' }),
    });
    expect(foreign.status).to.equal(403);
    expect(
      (await send('PUT', '/documents/Document:unknown', { form: form({ documentType: 'PASSPORT', country: 'DE' }) }))
        .status,
    ).to.equal(403);
  });

  it('submits KYC and makes hosted links for the user only', async () => {
    const verification = await send('POST', '/verifications', { json: { customerId: alice } });
    expect(verification.status).to.equal(200);
    expect(verification.body.customerId).to.equal(alice);
    expect((await send('POST', '/verifications', { json: { customerId: bob } })).status).to.equal(403);
    const link = await send('POST', `/customers/${alice}/kyc-link`, { json: { redirectUri: `${PAGE}/done` } });
    expect(link.status).to.equal(201);
    expect((await send('POST', `/customers/${bob}/kyc-link`)).status).to.equal(403);
    expect((await send('GET', `/verifications?customerId=${encodeURIComponent(alice)}`)).status).to.equal(404);
    // KYB owners: the user's own customer only (alice is an individual: the service says so, not the proxy)
    const owner = { roles: ['UBO'], ownershipPercentage: 30, personalInfo: { firstName: 'A' } };
    expect((await send('POST', '/beneficial-owners', { json: { ...owner, customerId: bob } })).status).to.equal(403);
    expect((await send('POST', '/beneficial-owners', { json: { ...owner, customerId: alice } })).status).to.equal(400);
    expect((await send('GET', `/beneficial-owners?customerId=${encodeURIComponent(bob)}`)).status).to.equal(403);
    const owners = await send('GET', `/beneficial-owners?customerId=${encodeURIComponent(alice)}`);
    expect(owners.status).to.equal(200);
    expect(owners.body.data).to.deep.equal([]);
  });

  it('keeps verified identity details: once KYC is pending or decided a name change is 409 IDENTITY_LOCKED and never reaches the service; contact details still change', async () => {
    const approved = (
      await platform('POST', '/customers', {
        platformCustomerId: `carol-${crypto.randomUUID()}`,
        customerType: 'INDIVIDUAL',
        email: `carol-${crypto.randomUUID()}@example.com`,
        region: 'US',
        fullName: 'Carol Approved',
      })
    ).id as string;
    expect((await platform('GET', `/customers/${approved}`)).kycStatus).to.equal('APPROVED');
    const patch = async (customerId: string, json: unknown) => {
      const handler = createPlatformProxy({
        serviceUrl: SERVICE_URL,
        tokenId: 'sandbox-token',
        clientSecret: 'sandbox-secret',
        pathPrefix: '/api/wallet',
        allowedOrigins: [PAGE],
        fetch: (request) => {
          if (request.method === 'PATCH') reached++;
          return sandbox.fetch(request);
        },
        resolveEndUser: () => endUserFromIds({ customerIds: [customerId] }),
      });
      const res = await handler(
        new Request(`${PAGE}/api/wallet/customers/${customerId}`, {
          method: 'PATCH',
          headers: { Origin: PAGE, 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
        }),
      );
      return { status: res.status, body: await res.json() };
    };
    const before = reached;
    for (const change of [
      { fullName: 'Mallory' },
      { FULLNAME: 'Mallory' },
      { email: 'c@example.com', birthDate: '1990-01-01' },
    ]) {
      const refused = await patch(approved, change);
      expect(refused.status, JSON.stringify(change)).to.equal(409);
      expect(refused.body.code).to.equal('IDENTITY_LOCKED');
    }
    expect(reached, 'no refused change reached the service').to.equal(before);
    expect((await platform('GET', `/customers/${approved}`)).fullName).to.equal('Carol Approved');

    const contact = await patch(approved, {
      customerType: 'INDIVIDUAL',
      email: `carol-new-${crypto.randomUUID()}@example.com`,
    });
    // passed on: the service asks for the wallet's signature on a new email (202, signed retry)
    expect(contact.status).to.equal(202);
    expect(reached).to.equal(before + 1);
    // alice is still UNVERIFIED (her name ends in 003): she may correct her details
    const corrected = await patch(alice, { customerType: 'INDIVIDUAL', fullName: 'alice corrected 003' });
    expect(corrected.status).to.equal(200);
    expect(corrected.body.fullName).to.equal('alice corrected 003');
  });

  it('keeps the documents a decided verification rests on: adding or replacing one is 409 IDENTITY_LOCKED and never reaches the service', async () => {
    const decided = (
      await platform('POST', '/customers', {
        platformCustomerId: `dora-${crypto.randomUUID()}`,
        customerType: 'INDIVIDUAL',
        email: `dora-${crypto.randomUUID()}@example.com`,
        region: 'DE',
        fullName: 'Dora 003',
      })
    ).id as string;
    // her passport goes in while she is UNVERIFIED
    expect((await platform('GET', `/customers/${decided}`)).kycStatus).to.equal('UNVERIFIED');
    const document = await sandbox.fetch(
      new Request(`${SERVICE_URL}/documents`, {
        method: 'POST',
        headers: { Authorization: PLATFORM },
        body: passport(decided),
      }),
    );
    const documentId = (await document.json()).id as string;
    expect(documentId).to.be.a('string');
    // then a reviewer approves her (the sandbox's own record: no magic value approves a customer already created)
    sandbox.state.customers.put({ ...sandbox.state.customers.get(decided)!, kycStatus: 'APPROVED' });
    expect((await platform('GET', `/customers/${decided}`)).kycStatus).to.equal('APPROVED');
    let writes = 0;
    const handler = createPlatformProxy({
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      pathPrefix: '/api/wallet',
      allowedOrigins: [PAGE],
      fetch: (request) => {
        if (request.method !== 'GET') writes++;
        return sandbox.fetch(request);
      },
      resolveEndUser: () => endUserFromIds({ customerIds: [decided] }),
    });
    const upload = async (method: string, path: string, body: FormData) => {
      const encoded = new Response(body);
      const res = await handler(
        new Request(`${PAGE}/api/wallet${path}`, {
          method,
          headers: { Origin: PAGE, 'Content-Type': encoded.headers.get('Content-Type')! },
          body: new Uint8Array(await encoded.arrayBuffer()),
        }),
      );
      return { status: res.status, body: await res.json() };
    };
    for (const [method, path, body] of [
      ['POST', '/documents', passport(decided)],
      ['PUT', `/documents/${documentId}`, form({ documentType: 'PASSPORT', country: 'DE' })],
    ] as const) {
      const refused = await upload(method, path, body);
      expect(refused.status, `${method} ${path}`).to.equal(409);
      expect(refused.body.code).to.equal('IDENTITY_LOCKED');
    }
    expect(writes, 'no refused upload reached the service').to.equal(0);
  });

  describe('the client address under toNodeListener', () => {
    let server: Server;
    let forwarded: Request | undefined;
    before(async () => {
      const handler = createPlatformProxy({
        serviceUrl: SERVICE_URL,
        tokenId: 'sandbox-token',
        clientSecret: 'sandbox-secret',
        fetch: async (request) => {
          forwarded = request;
          return Response.json({});
        },
        resolveEndUser: () => endUserFromIds({ customerIds: ['Customer:me'] }),
      });
      server = createServer(toNodeListener(handler));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('stamps the socket address on a terms acceptance', async () => {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/customers/Customer:me`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '6.6.6.6' },
        body: JSON.stringify({
          customerType: 'INDIVIDUAL',
          endUserTermsConsent: { termsVersion: 'v', acceptanceMethod: 'CHECKBOX' },
        }),
      });
      expect(res.status).to.equal(200);
      const sent = JSON.parse(await forwarded!.text());
      expect(sent.endUserTermsConsent.ipAddress).to.equal('127.0.0.1');
    });
  });
});
