import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createPlatformProxy, endUserFromIds } from '../src/index.js';
import { alice, CLIENT_SECRET, envelope, harness, json, PREFIX, PRODUCTION_URL, TOKEN_ID } from './support.js';

/** The platform's page is https://platform.example (the harness addresses every request there). */
const OWN = 'https://platform.example';
/** Another port of the same host: same site, another origin. */
const SAME_SITE = 'https://platform.example:8443';

/** What a foreign page tried with a visitor's cookies: OTP challenges until 429, an SCA login, a quote authorization. */
const ATTACKS: [string, string, string][] = [
  ['POST', `/auth/credentials/${alice.credential}/challenge`, '{}'],
  ['POST', `/sca/login/complete?customerId=${encodeURIComponent(alice.customer)}`, json({ code: '123456' })],
  ['POST', `/quotes/${alice.quote}/authorize`, json({ code: '123456' })],
  ['POST', `/quotes/${alice.quote}/execute`, ''],
  ['DELETE', `/auth/sessions/Session:alice`, ''],
];

describe('foreign pages: Origin and Sec-Fetch-Site', () => {
  it('refuses a page on another port of the same host (Origin not allowed), whatever it calls, without calling the service', async () => {
    const { send, service } = harness();
    for (const [method, path, body] of ATTACKS) {
      const response = await send(method, `${PREFIX}${path}`, {
        headers: { Origin: SAME_SITE },
        ...(body ? { body } : {}),
      });
      expect(response.status, path).to.equal(403);
      expect(await envelope(response)).to.deep.include({ code: 'FORBIDDEN' });
    }
    expect(service.calls).to.have.length(0);
    // the platform's own page, and a server without Origin, get through
    for (const headers of [{ Origin: OWN }, {}] as Record<string, string>[]) {
      expect(
        (await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/challenge`, { body: '{}', headers }))
          .status,
      ).to.equal(200);
    }
  });

  it('treats Sec-Fetch-Site: same-site as foreign unless allowSameSite is set', async () => {
    const strict = harness();
    const response = await strict.send('GET', `${PREFIX}/cards/${alice.card}`, {
      headers: { 'Sec-Fetch-Site': 'same-site' },
    });
    expect(response.status).to.equal(403);
    expect(strict.service.calls).to.have.length(0);
    const lenient = harness({ allowSameSite: true });
    expect(
      (await lenient.send('GET', `${PREFIX}/cards/${alice.card}`, { headers: { 'Sec-Fetch-Site': 'same-site' } }))
        .status,
    ).to.equal(200);
    // cross-site stays refused even then
    expect(
      (await lenient.send('GET', `${PREFIX}/cards/${alice.card}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }))
        .status,
    ).to.equal(403);
    expect(
      (await strict.send('GET', `${PREFIX}/cards/${alice.card}`, { headers: { 'Sec-Fetch-Site': 'same-origin' } }))
        .status,
    ).to.equal(200);
  });

  it('accepts exactly the configured origins when allowedOrigins is given, and never the opaque origin "null"', async () => {
    const { send, service } = harness({ allowedOrigins: ['https://app.example', 'http://localhost:5173'] });
    const path = `${PREFIX}/quotes/${alice.quote}/execute`;
    for (const origin of ['https://app.example', 'http://localhost:5173']) {
      expect((await send('POST', path, { headers: { Origin: origin } })).status, origin).to.equal(200);
    }
    for (const origin of [OWN, 'http://localhost:5174', 'https://app.example.evil', 'null', 'https://APP.example.']) {
      expect((await send('POST', path, { headers: { Origin: origin } })).status, origin).to.equal(403);
    }
    expect(service.calls).to.have.length(2);
    expect((await harness().send('POST', path, { headers: { Origin: 'null' } })).status).to.equal(403);
  });

  it('says in its 403 which origin arrived and which option admits it', async () => {
    const path = `${PREFIX}/quotes/${alice.quote}/execute`;
    const message = async (response: Response) => {
      expect(response.status).to.equal(403);
      return ((await envelope(response)) as { message: string }).message;
    };
    // the default: only the origin the request was addressed to, which a Host-rewriting dev proxy changes
    const byDefault = await message(
      await harness().send('POST', path, { headers: { Origin: 'http://localhost:5173' } }),
    );
    expect(byDefault).to.include('http://localhost:5173').and.include(OWN).and.include('allowedOrigins');
    const listed = harness({ allowedOrigins: ['https://app.example'] });
    const notListed = await message(await listed.send('POST', path, { headers: { Origin: 'https://other.example' } }));
    expect(notListed)
      .to.include('https://other.example')
      .and.include('https://app.example')
      .and.include('allowedOrigins');
    const sameSite = await message(
      await harness().send('POST', path, { headers: { Origin: SAME_SITE, 'Sec-Fetch-Site': 'same-site' } }),
    );
    expect(sameSite).to.include(SAME_SITE).and.include('allowSameSite');
    const crossSite = await message(
      await harness().send('POST', path, {
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      }),
    );
    expect(crossSite).to.include('https://evil.example').and.include('cross-site');
  });

  it('refuses allowedOrigins that are not plain origins, at start-up', () => {
    const make = (allowedOrigins: unknown) => () =>
      createPlatformProxy({
        serviceUrl: PRODUCTION_URL,
        tokenId: TOKEN_ID,
        clientSecret: CLIENT_SECRET,
        resolveEndUser: () => endUserFromIds({}),
        allowedOrigins: allowedOrigins as string[],
      });
    for (const bad of [
      [],
      ['*'],
      ['https://app.example/path'],
      ['app.example'],
      ['http://localhost:*'],
      'https://app.example',
    ]) {
      expect(make(bad), JSON.stringify(bad)).to.throw(TypeError, /allowedOrigins/);
    }
    expect(make(['https://app.example/'])).not.to.throw();
  });
});

describe('foreign pages: only JSON bodies', () => {
  it('answers 415 to a form, text/plain or multipart post (what a page can send without CORS), on every route', async () => {
    const { send, service } = harness();
    const types = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'text/json',
    ];
    for (const type of types) {
      for (const path of [
        `/quotes/${alice.quote}/execute`,
        `/auth/credentials/${alice.credential}/challenge`,
        '/cards',
      ]) {
        const response = await send('POST', `${PREFIX}${path}`, { body: '{}', headers: { 'Content-Type': type } });
        expect(response.status, `${type} ${path}`).to.equal(415);
        expect(await envelope(response)).to.deep.include({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
    expect(service.calls).to.have.length(0);
  });

  it('accepts application/json with parameters, and a bodiless POST without Content-Type', async () => {
    const { send, service } = harness();
    expect(
      (
        await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/challenge`, {
          body: '{}',
          headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
        })
      ).status,
    ).to.equal(200);
    expect((await send('POST', `${PREFIX}/quotes/${alice.quote}/execute`)).status).to.equal(200);
    expect(service.calls).to.have.length(2);
  });

  it('answers 415 to a body sent with no Content-Type at all', async () => {
    const service: Request[] = [];
    const handler = createPlatformProxy({
      serviceUrl: PRODUCTION_URL,
      tokenId: TOKEN_ID,
      clientSecret: CLIENT_SECRET,
      fetch: async (request) => (service.push(request), Response.json({})),
      resolveEndUser: () => endUserFromIds({ quoteIds: [alice.quote] }),
    });
    const response = await handler(
      new Request(`${OWN}/quotes/${alice.quote}/execute`, { method: 'POST', body: new Uint8Array([0x7b, 0x7d]) }),
    );
    expect(response.status).to.equal(415);
    expect(service).to.have.length(0);
  });
});

describe('upstream time limit', () => {
  it('answers 504 within timeoutMs even when an injected fetch ignores its abort signal', async () => {
    let called = false;
    const { send } = harness({
      timeoutMs: 30,
      answer: () => {
        called = true;
        return new Promise<Response>(() => undefined); // never settles, never looks at the signal
      },
    });
    const outcome = await Promise.race([
      send('GET', `${PREFIX}/quotes/${alice.quote}`).then(async (response) => ({
        status: response.status,
        body: await envelope(response),
      })),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref()),
    ]);
    expect(called).to.equal(true);
    expect(outcome).to.deep.equal({
      status: 504,
      body: { status: 504, code: 'UPSTREAM_TIMEOUT', message: 'The payments service did not answer in time.' },
    });
  });

  it('answers 504 when the answer body never ends, too', async () => {
    const { send } = harness({
      timeoutMs: 30,
      answer: () =>
        new Response(
          new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"partial":')) }),
        ),
    });
    const outcome = await Promise.race([
      send('GET', `${PREFIX}/quotes/${alice.quote}`).then((response) => response.status),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref()),
    ]);
    expect(outcome).to.equal(504);
  });
});

describe('plain http is for this machine only', () => {
  it('refuses http: to a remote host, even one named "sandbox", and accepts loopback hosts', () => {
    const make = (serviceUrl: string) => () =>
      createPlatformProxy({
        serviceUrl,
        tokenId: TOKEN_ID,
        clientSecret: CLIENT_SECRET,
        resolveEndUser: () => endUserFromIds({}),
      });
    for (const url of [
      'http://api.sandbox.payments.example/v',
      'http://sandbox/v',
      'http://localhost.evil.example/v',
      'http://127.0.0.1.evil.example/v',
    ]) {
      expect(make(url), url).to.throw(TypeError, /https/);
    }
    for (const url of [
      'http://localhost:4010/v',
      'http://127.0.0.1:4010/v',
      'http://[::1]:4010/v',
      'https://api.sandbox.payments.example/v',
    ]) {
      expect(make(url), url).not.to.throw();
    }
  });
});
