import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { createPlatformProxy, endUserFromIds } from '../src/index.js';
import { clientAddressOf } from '../src/client-address.js';
import { toNodeListener } from '../src/node.js';
import {
  alice,
  CLIENT_SECRET,
  EXPECTED_AUTHORIZATION,
  fakeService,
  PREFIX,
  PRODUCTION_URL,
  TOKEN_ID,
} from './support.js';

/** Sends a raw HTTP/1.1 request (the path exactly as written, unlike fetch) to the local server. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('toNodeListener: the proxy in a plain node:http server', () => {
  const service = fakeService(
    () =>
      new Response('{"id":"Session:new"}', {
        status: 201,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
      }),
  );
  let server: Server;
  let port = 0;

  before(async () => {
    const proxy = createPlatformProxy({
      serviceUrl: PRODUCTION_URL,
      tokenId: TOKEN_ID,
      clientSecret: CLIENT_SECRET,
      pathPrefix: PREFIX,
      fetch: service.fetch,
      resolveEndUser: (request) =>
        request.headers.get('Cookie')?.includes('session=alice')
          ? endUserFromIds({ sessionIds: [alice.session], customerIds: [alice.customer] })
          : null,
    });
    server = createServer(toNodeListener(proxy));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('streams the request in, forwards the exact body without cookies, and writes the answer back', async () => {
    const body = '{ "clientPublicKey" :  "02abcdef" }';
    const response = await raw(
      port,
      'POST',
      `${PREFIX}/auth/sessions/${alice.session}/refresh`,
      {
        'Content-Type': 'application/json',
        Cookie: 'session=alice',
        'Service-Wallet-Signature': 'stamp',
        'Request-Id': 'Request:9',
      },
      body,
    );
    expect(response.status).to.equal(201);
    expect(response.body).to.equal('{"id":"Session:new"}');
    expect(response.headers['retry-after']).to.equal('3');
    expect(response.headers['cache-control']).to.equal('no-store');
    // a relayed answer (read whole) goes out with its length in one write, not chunked
    expect(response.headers['content-length']).to.equal('20');
    expect(response.headers['transfer-encoding']).to.equal(undefined);
    const forwarded = service.calls.at(-1) as Request;
    expect(forwarded.url).to.equal(`${PRODUCTION_URL}/auth/sessions/${alice.session}/refresh`);
    expect(await forwarded.text()).to.equal(body);
    expect(forwarded.headers.get('Cookie')).to.equal(null);
    expect(forwarded.headers.get('Authorization')).to.equal(EXPECTED_AUTHORIZATION);
    expect(forwarded.headers.get('Request-Id')).to.equal('Request:9');
  });

  it('refuses raw traversal paths that fetch would have normalised first', async () => {
    const calls = service.calls.length;
    for (const path of [
      `${PREFIX}/auth/sessions/..%2f..%2fcustomers`,
      `${PREFIX}/internal-accounts/x/export/../../../customers`,
      `${PREFIX}//customers/${alice.customer}`,
      `//evil.example${PREFIX}/customers/${alice.customer}`,
    ]) {
      const response = await raw(port, 'GET', path, { Cookie: 'session=alice' });
      expect(response.status, path).to.equal(404);
      expect(JSON.parse(response.body)).to.deep.include({ code: 'NOT_FOUND' });
    }
    expect(service.calls.length).to.equal(calls);
  });

  it('answers 400 to a request target that is not a path (absolute-form, asterisk)', async () => {
    const calls = service.calls.length;
    for (const target of [`http://evil.example${PREFIX}/customers/${alice.customer}`, '*']) {
      const response = await raw(port, 'GET', target, { Cookie: 'session=alice' });
      expect(response.status, target).to.equal(400);
      expect(JSON.parse(response.body)).to.deep.equal({
        status: 400,
        code: 'INVALID_INPUT',
        message: 'Malformed request target.',
      });
    }
    expect(service.calls.length).to.equal(calls);
  });

  it('answers 501 to TRACE (a method a Request cannot carry) instead of failing with 500', async () => {
    const calls = service.calls.length;
    for (const method of ['TRACE', 'trace']) {
      const response = await raw(port, method, `${PREFIX}/customers/${alice.customer}`, { Cookie: 'session=alice' });
      expect(response.status, method).to.equal(501);
      expect(JSON.parse(response.body)).to.deep.equal({
        status: 501,
        code: 'NOT_IMPLEMENTED',
        message: 'This method is not supported.',
      });
    }
    expect(service.calls.length).to.equal(calls);
  });

  it('answers 401 in the service envelope when nobody is signed in', async () => {
    const response = await raw(port, 'GET', `${PREFIX}/customers/${alice.customer}`);
    expect(response.status).to.equal(401);
    expect(JSON.parse(response.body)).to.deep.equal({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Sign in to continue.',
    });
  });
});

describe("toNodeListener without a fetch option: Node's own client to the service", () => {
  const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
  let service: Server;
  let server: Server;
  let port = 0;
  let proxy: (request: Request) => Promise<Response>;
  const closedAt: number[] = [];

  before(async () => {
    service = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.includes('slow')) {
          // never answers: the proxy's time limit, or the client going away, must end the call
          res.once('close', () => closedAt.push(performance.now()));
          return;
        }
        res.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '3', 'X-Internal': 'secret' });
        res.end('{"id":"Session:new"}');
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    proxy = createPlatformProxy({
      serviceUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`,
      tokenId: TOKEN_ID,
      clientSecret: CLIENT_SECRET,
      pathPrefix: PREFIX,
      timeoutMs: 1000,
      resolveEndUser: (request) =>
        request.headers.get('Cookie')?.includes('session=alice')
          ? endUserFromIds({ sessionIds: [alice.session, 'slow'], customerIds: [alice.customer] })
          : null,
    });
    server = createServer(toNodeListener(proxy));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    service.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  it('sends the exact body with only the listed headers and the credential, and relays the answer', async () => {
    const body = '{ "clientPublicKey" :  "02abcdef" }';
    for (let i = 0; i < 2; i++) {
      // twice: the second goes over the kept-alive socket
      const response = await raw(
        port,
        'POST',
        `${PREFIX}/auth/sessions/${alice.session}/refresh`,
        {
          'Content-Type': 'application/json',
          Cookie: 'session=alice',
          Authorization: 'Bearer page-token',
          'Service-Wallet-Signature': 'stamp',
          'X-Forwarded-For': '203.0.113.9',
        },
        body,
      );
      expect(response.status).to.equal(201);
      expect(response.body).to.equal('{"id":"Session:new"}');
      expect(response.headers['retry-after']).to.equal('3');
      expect(response.headers['cache-control']).to.equal('no-store');
      expect(response.headers['x-internal']).to.equal(undefined);
    }
    expect(seen.length).to.equal(2);
    const [first] = seen;
    expect(first!.method).to.equal('POST');
    expect(first!.url).to.equal(`/2025-10-13/auth/sessions/${alice.session}/refresh`);
    expect(first!.body).to.equal(body);
    expect(first!.headers['authorization']).to.equal(EXPECTED_AUTHORIZATION);
    expect(first!.headers['service-wallet-signature']).to.equal('stamp');
    expect(first!.headers['content-length']).to.equal(String(body.length));
    for (const name of ['cookie', 'x-forwarded-for', 'accept-encoding'])
      expect(first!.headers[name], name).to.equal(undefined);
  });

  it('gives a wrapped proxy (a Fetch handler, not called directly) the body in its Request, and forwards it', async () => {
    let seenBody = '';
    const wrapped = createServer(
      toNodeListener(async (request) => {
        seenBody = await request.clone().text();
        return proxy(request);
      }),
    );
    await new Promise<void>((resolve) => wrapped.listen(0, '127.0.0.1', resolve));
    try {
      const body = '{"clientPublicKey":"02ab"}';
      const response = await raw(
        (wrapped.address() as AddressInfo).port,
        'POST',
        `${PREFIX}/auth/sessions/${alice.session}/refresh`,
        { 'Content-Type': 'application/json', Cookie: 'session=alice' },
        body,
      );
      expect(response.status).to.equal(201);
      expect(response.headers['content-length']).to.equal('20');
      expect(seenBody).to.equal(body);
      expect(seen.at(-1)!.body).to.equal(body);
    } finally {
      await new Promise<void>((resolve) => wrapped.close(() => resolve()));
    }
  });

  it('answers 504 when the service does not answer within timeoutMs', async () => {
    const started = performance.now();
    const response = await raw(port, 'POST', `${PREFIX}/auth/sessions/slow/refresh`, {
      'Content-Type': 'application/json',
      Cookie: 'session=alice',
    });
    expect(response.status).to.equal(504);
    expect(JSON.parse(response.body)).to.include({ code: 'UPSTREAM_TIMEOUT' });
    expect(performance.now() - started).to.be.below(3000);
  });

  it('gives callbacks a Request with the method, URL, headers and socket address, whose signal (made when read) follows the client', async () => {
    const seenByCallback: Request[] = [];
    const early: AbortSignal[] = [];
    const listening = createPlatformProxy({
      serviceUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}/2025-10-13`,
      tokenId: TOKEN_ID,
      clientSecret: CLIENT_SECRET,
      pathPrefix: PREFIX,
      timeoutMs: 1000,
      resolveEndUser: (request) => {
        seenByCallback.push(request);
        if (request.headers.get('X-Read-Signal') === 'early') early.push(request.signal);
        return endUserFromIds({ sessionIds: [alice.session, 'slow'] });
      },
    });
    const callbackServer = createServer(toNodeListener(listening));
    await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
    const at = (callbackServer.address() as AddressInfo).port;
    const leave = (headers: Record<string, string>) =>
      new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: at,
          method: 'POST',
          path: `${PREFIX}/auth/sessions/slow/refresh`,
          headers: { 'Content-Type': 'application/json', 'Content-Length': '2', ...headers },
        });
        req.on('error', () => resolve());
        req.end('{}');
        setTimeout(() => (req.destroy(), resolve()), 80);
      });
    const settle = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      const response = await raw(
        at,
        'POST',
        `${PREFIX}/auth/sessions/${alice.session}/refresh`,
        { 'Content-Type': 'application/json', Cookie: 'session=alice', 'X-Extra': 'one' },
        '{"a":1}',
      );
      expect(response.status).to.equal(201);
      const [request] = seenByCallback;
      expect(request).to.be.instanceOf(Request);
      expect(request!.method).to.equal('POST');
      expect(request!.url).to.equal(`http://127.0.0.1:${at}${PREFIX}/auth/sessions/${alice.session}/refresh`);
      expect(request!.headers.get('Cookie')).to.equal('session=alice');
      expect(request!.headers.get('X-Extra')).to.equal('one');
      expect(request!.headers.get('Content-Length')).to.equal('7');
      expect(request!.signal.aborted, 'answered: the signal stays quiet').to.equal(false);
      expect(clientAddressOf(request!), 'the socket address, as the default clientAddress reads it').to.equal(
        '127.0.0.1',
      );

      // read while the call runs, then the client goes away: aborted
      const beforeEarly = closedAt.length;
      await leave({ 'X-Read-Signal': 'early' });
      // and the proxy's call for it ended, so that the count below waits for the next request's call alone
      await settle(() => early[0]?.aborted === true && closedAt.length > beforeEarly);
      expect(early[0]?.aborted, 'a signal read before the client left').to.equal(true);
      // read first after the client went away: aborted at once
      const closed = closedAt.length;
      const seen = seenByCallback.length;
      await leave({});
      await settle(() => seenByCallback.length > seen && closedAt.length > closed); // the proxy's call ended: it saw the client leave
      expect(seenByCallback.length, 'the callback saw the request that left').to.equal(seen + 1);
      const late = seenByCallback.at(-1)!;
      expect(late.signal.aborted, 'a signal read after the client left').to.equal(true);
    } finally {
      callbackServer.closeAllConnections();
      await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
    }
  });

  it('stops the call to the service when the client goes away (the request signal of a direct call)', async () => {
    const before = closedAt.length;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${PREFIX}/auth/sessions/slow/refresh`,
        headers: { 'Content-Type': 'application/json', Cookie: 'session=alice', 'Content-Length': '2' },
      });
      req.on('error', () => resolve());
      req.end('{}');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 60);
    });
    while (closedAt.length === before && performance.now() - started < 2000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closedAt.length).to.equal(before + 1);
    // well before the 1 s time limit
    expect(closedAt.at(-1)! - started).to.be.below(700);
  });
});
