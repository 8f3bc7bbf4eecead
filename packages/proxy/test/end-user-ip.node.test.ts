/**
 * The SCA calls that carry the end user's address for the SCA provider (`POST /sca/login/complete`, where
 * the service requires `endUserIpAddress`; `POST /quotes/{id}/authorize`, where it takes it) get it from
 * the proxy: the client address the Node adapter saw (the same source as the sign-in lookup's limits),
 * never the page's. In front of the real sandbox, for an EU customer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createSandbox, type Sandbox } from '@paykit/sandbox';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { createPlatformProxy, endUserFromIds, type PlatformProxyOptions } from '../src/index.js';
import { toNodeListener } from '../src/node.js';
import { SANDBOX_SERVICE_URL as SERVICE_URL, SANDBOX_PLATFORM_AUTHORIZATION as PLATFORM } from './support.js';

describe('endUserIpAddress on the SCA calls (real sandbox behind the proxy)', () => {
  let sandbox: Sandbox;
  let customer: string;
  let server: Server;
  let base: string;
  /** The bodies the proxy forwarded, by service path. */
  const sent: { path: string; body: any }[] = [];
  const errors: unknown[] = [];

  const options = (overrides: Partial<PlatformProxyOptions> = {}): PlatformProxyOptions => ({
    serviceUrl: SERVICE_URL,
    tokenId: 'sandbox-token',
    clientSecret: 'sandbox-secret',
    pathPrefix: '/api/wallet',
    fetch: async (request) => {
      const text = await request.clone().text();
      sent.push({ path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
      return sandbox.fetch(request);
    },
    resolveEndUser: () => endUserFromIds({ customerIds: [customer], quoteIds: ['Quote:eu-1'] }),
    onError: (error) => errors.push(error),
    ...overrides,
  });

  before(async () => {
    sandbox = createSandbox();
    const res = await sandbox.fetch(
      new Request(`${SERVICE_URL}/customers`, {
        method: 'POST',
        headers: { Authorization: PLATFORM, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          platformCustomerId: `eu-${crypto.randomUUID()}`,
          customerType: 'INDIVIDUAL',
          email: `eu-${crypto.randomUUID()}@example.com`,
          phoneNumber: '+4915112345678',
          region: 'DE',
        }),
      }),
    );
    customer = ((await res.json()) as { id: string }).id;
    server = createServer(toNodeListener(createPlatformProxy(options())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wallet`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (path: string, body: string) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };
  const lastSent = (path: string) => sent.filter((s) => s.path.endsWith(path)).at(-1)?.body;

  it('completes an EU customer’s SCA login the page sent without an address: the socket’s address is stamped', async () => {
    const q = `?customerId=${encodeURIComponent(customer)}`;
    const start = await post(`/sca/login/start${q}`, '{"factor":"SMS_OTP"}');
    expect(start.status, start.text).to.equal(200);
    const complete = await post(
      `/sca/login/complete${q}`,
      JSON.stringify({ factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456' }),
    );
    expect(complete.status, complete.text).to.equal(200);
    expect(complete.body.status).to.equal('SUCCESS');
    expect(lastSent('/sca/login/complete').endUserIpAddress).to.equal('127.0.0.1');
  });

  it('replaces an address the page sent, in any spelling, with the client’s', async () => {
    const q = `?customerId=${encodeURIComponent(customer)}`;
    const start = await post(`/sca/login/start${q}`, '{"factor":"SMS_OTP"}');
    const complete = await post(
      `/sca/login/complete${q}`,
      JSON.stringify({
        factor: 'SMS_OTP',
        challengeId: start.body.challengeId,
        code: '123456',
        endUserIpAddress: '6.6.6.6',
      }),
    );
    expect(complete.status, complete.text).to.equal(200);
    expect(lastSent('/sca/login/complete')).to.deep.include({ endUserIpAddress: '127.0.0.1' });

    await post(
      `/sca/login/complete${q}`,
      JSON.stringify({ factor: 'SMS_OTP', code: '1', ENDUSERIPADDRESS: '6.6.6.6' }),
    );
    const respelled = lastSent('/sca/login/complete');
    expect(Object.keys(respelled)).to.not.include('ENDUSERIPADDRESS');
    expect(respelled.endUserIpAddress).to.equal('127.0.0.1');

    await post('/quotes/Quote:eu-1/authorize', '{"code":"123456","endUserIpAddress":"6.6.6.6"}');
    expect(lastSent('/quotes/Quote%3Aeu-1/authorize') ?? lastSent('/quotes/Quote:eu-1/authorize')).to.deep.equal({
      code: '123456',
      endUserIpAddress: '127.0.0.1',
    });
  });

  it('refuses a body it cannot read rather than forward the page’s address', async () => {
    const before = sent.length;
    const twice = await post(
      '/quotes/Quote:eu-1/authorize',
      '{"code":"1","endUserIpAddress":"6.6.6.6","EndUserIpAddress":"x"}',
    );
    expect(twice.status).to.equal(400);
    expect(sent.length).to.equal(before);
  });

  it('without a client address: the required one is a 500 told to onError, the optional one is left out', async () => {
    const handler = createPlatformProxy(options({ clientAddress: () => undefined }));
    const call = (path: string, body: unknown) =>
      handler(
        new Request(`https://platform.example/api/wallet${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const before = sent.length;
    errors.length = 0;
    const login = await call(`/sca/login/complete?customerId=${encodeURIComponent(customer)}`, {
      factor: 'SMS_OTP',
      code: '123456',
      endUserIpAddress: '6.6.6.6',
    });
    expect(login.status).to.equal(500);
    expect(sent.length).to.equal(before);
    expect(String(errors[0])).to.match(/client address/);

    await call('/quotes/Quote:eu-1/authorize', { code: '123456', endUserIpAddress: '6.6.6.6' });
    expect(sent.at(-1)!.body).to.deep.equal({ code: '123456' });
  });
});
