import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { startSandbox, type RunningSandbox } from '../src/index.js';
import { bannerLine, basic, runCli } from '@paykit/test-harness/sandbox-cli';

interface Answer {
  status: number;
  body: string;
}

/** One raw HTTP request with exactly these headers (fetch would not let a test set Host). */
function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'GET',
        path: options.path ?? target.pathname,
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.once('error', reject);
    req.end(options.body);
  });
}

describe('sandbox front door: Host (DNS rebinding) and Origin', () => {
  let server: RunningSandbox;
  let port: string;
  let panPort: string;
  const customers = (): number => server.sandbox.state.customers.list(() => true).length;

  before(async () => {
    server = await startSandbox({ port: 0, panPort: 0, allowedOrigins: ['http://localhost:5173'] });
    port = new URL(server.url).port;
    panPort = new URL(server.panOrigin).port;
  });
  after(async () => server.close());

  const createCustomer = (headers: Record<string, string>): Promise<Answer> =>
    send(`http://127.0.0.1:${port}`, {
      method: 'POST',
      path: '/2025-10-13/customers',
      headers: {
        Authorization: basic('sandbox-token', 'sandbox-secret'),
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify({
        platformCustomerId: `guard-${crypto.randomUUID()}`,
        customerType: 'INDIVIDUAL',
        email: 'guard@example.com',
      }),
    });

  it('answers 421 to a host name it was not configured for, on the API and the PAN page, before any work', async () => {
    const before = customers();
    for (const host of [
      `rebound.example:${port}`,
      `localhost.evil.example:${port}`,
      'rebound.example',
      `127.0.0.1.nip.example:${port}`,
    ]) {
      const answer = await createCustomer({ Host: host });
      expect(answer.status, host).to.equal(421);
      expect(JSON.parse(answer.body)).to.deep.equal({
        status: 421,
        code: 'MISDIRECTED_REQUEST',
        message: 'This sandbox does not answer to that host name',
      });
    }
    expect(
      (
        await send(`http://127.0.0.1:${panPort}`, {
          path: '/pan/anything',
          headers: { Host: `rebound.example:${panPort}` },
        })
      ).status,
    ).to.equal(421);
    expect(customers()).to.equal(before);
  });

  it('answers the loopback names, with or without the port', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'LOCALHOST', `[::1]:${port}`]) {
      expect((await createCustomer({ Host: host })).status, host).to.equal(201);
    }
  });

  it('refuses a browser request from an origin that is not configured (403), the well-known credentials notwithstanding', async () => {
    const before = customers();
    for (const origin of ['http://localhost:5174', 'http://127.0.0.1:5173', 'https://evil.example', 'null']) {
      const answer = await createCustomer({ Host: `localhost:${port}`, Origin: origin });
      expect(answer.status, origin).to.equal(403);
      expect(JSON.parse(answer.body)).to.deep.include({ code: 'FORBIDDEN' });
    }
    const preflight = await send(`http://127.0.0.1:${port}`, {
      method: 'OPTIONS',
      path: '/2025-10-13/customers',
      headers: { Host: `localhost:${port}`, Origin: 'http://localhost:5174', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).to.equal(403);
    expect(customers()).to.equal(before);
  });

  it('serves the configured origin, and requests without Origin (servers, suites) as before', async () => {
    expect((await createCustomer({ Host: `localhost:${port}`, Origin: 'http://localhost:5173' })).status).to.equal(201);
    expect((await createCustomer({ Host: `localhost:${port}` })).status).to.equal(201);
  });

  it('takes allowedHosts instead of the defaults, and refuses host names with a port or scheme', async () => {
    const named = await startSandbox({ port: 0, panPort: 0, allowedHosts: ['sandbox.test'] });
    try {
      const namedPort = new URL(named.url).port;
      const headers = { Authorization: basic('sandbox-token', 'sandbox-secret') };
      expect(
        (
          await send(`http://127.0.0.1:${namedPort}`, {
            path: '/2025-10-13/sandbox/enclave-keys',
            headers: { ...headers, Host: `sandbox.test:${namedPort}` },
          })
        ).status,
      ).to.equal(200);
      expect(
        (
          await send(`http://127.0.0.1:${namedPort}`, {
            path: '/2025-10-13/sandbox/enclave-keys',
            headers: { ...headers, Host: `localhost:${namedPort}` },
          })
        ).status,
      ).to.equal(421);
    } finally {
      await named.close();
    }
    for (const allowedHosts of [[], ['localhost:8787'], ['http://localhost'], ['a b']]) {
      let message = 'no error';
      await startSandbox({ port: 0, panPort: 0, allowedHosts }).then(
        (s) => s.close(),
        (error: Error) => (message = error.message),
      );
      expect(message, JSON.stringify(allowedHosts)).to.match(/allowedHosts/);
    }
  });
});

describe('sandbox command: --allowed-hosts and --allowed-origins', () => {
  it('prints what it answers to and refuses other hosts and origins', async () => {
    const { banner, stop } = await runCli([
      '--port',
      '0',
      '--allowed-hosts',
      'sandbox.test,localhost',
      '--allowed-origins',
      'http://localhost:3000',
    ]);
    try {
      expect(bannerLine(banner, 'answers to')).to.equal('sandbox.test, localhost (any other Host: 421)');
      expect(bannerLine(banner, 'browser origins')).to.equal('http://localhost:3000 (any other Origin: 403)');
      const port = new URL(bannerLine(banner, 'base_url')).port;
      const get = (headers: Record<string, string>) =>
        send(`http://127.0.0.1:${port}`, {
          path: '/2025-10-13/sandbox/enclave-keys',
          headers: { Authorization: basic('sandbox-token', 'sandbox-secret'), ...headers },
        });
      expect((await get({ Host: `sandbox.test:${port}` })).status).to.equal(200);
      expect((await get({ Host: `127.0.0.1:${port}` })).status).to.equal(421);
      expect((await get({ Host: `localhost:${port}`, Origin: 'http://localhost:3000' })).status).to.equal(200);
      expect((await get({ Host: `localhost:${port}`, Origin: 'http://localhost:3001' })).status).to.equal(403);
    } finally {
      stop();
    }
  });

  it('allows no browser origin unless named: any Origin is 403 by default; repeated --allowed-origins add up', async () => {
    const get = (port: string, origin: string) =>
      send(`http://127.0.0.1:${port}`, {
        path: '/2025-10-13/sandbox/enclave-keys',
        headers: { Authorization: basic('sandbox-token', 'sandbox-secret'), Origin: origin },
      });
    const plain = await runCli(['--port', '0']);
    try {
      expect(bannerLine(plain.banner, 'browser origins')).to.match(/^none /);
      const port = new URL(bannerLine(plain.banner, 'base_url')).port;
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://localhost'])
        expect((await get(port, origin)).status, origin).to.equal(403);
    } finally {
      plain.stop();
    }
    const named = await runCli([
      '--port',
      '0',
      '--allowed-origins',
      'http://localhost:5173',
      '--allowed-origins',
      'http://127.0.0.1:3000,http://localhost:4000',
    ]);
    try {
      const port = new URL(bannerLine(named.banner, 'base_url')).port;
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://localhost:4000'])
        expect((await get(port, origin)).status, origin).to.equal(200);
      expect((await get(port, 'http://localhost:5174')).status).to.equal(403);
    } finally {
      named.stop();
    }
  });
});
