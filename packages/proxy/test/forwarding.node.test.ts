import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createPlatformProxy, endUserFromIds, type ErrorStage } from '../src/index.js';
import {
  alice,
  CLIENT_SECRET,
  envelope,
  EXPECTED_AUTHORIZATION,
  harness,
  json,
  PREFIX,
  PRODUCTION_URL,
  SANDBOX_URL,
  TOKEN_ID,
} from './support.js';

const bytesOf = async (request: Request | Response): Promise<number[]> => [
  ...new Uint8Array(await request.arrayBuffer()),
];

describe('forwarding: what reaches the service', () => {
  it('adds the platform credential and drops the caller Authorization, Cookie and every other header', async () => {
    const { send, service } = harness();
    await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/challenge`, {
      body: '{}',
      headers: {
        Authorization: 'Basic bWFsbG9yeTpndWVzcw==',
        'X-Forwarded-For': '203.0.113.9',
        Origin: 'https://platform.example',
        'X-Api-Token': 'caller',
      },
    });
    const forwarded = service.calls[0] as Request;
    expect(forwarded.headers.get('Authorization')).to.equal(EXPECTED_AUTHORIZATION);
    expect(forwarded.headers.get('Cookie')).to.equal(null);
    expect([...forwarded.headers.keys()].sort()).to.deep.equal(['authorization', 'content-type']);
  });

  it('forwards to serviceUrl + service path + query, with the mount prefix stripped', async () => {
    const { send, service } = harness();
    await send(
      'GET',
      `${PREFIX}/customers/internal-accounts?customerId=${encodeURIComponent(alice.customer)}&type=EMBEDDED_WALLET`,
    );
    expect(service.calls[0]?.url).to.equal(
      `${PRODUCTION_URL}/customers/internal-accounts?customerId=Customer%3Aalice&type=EMBEDDED_WALLET`,
    );
    const unprefixed = harness({ pathPrefix: undefined });
    await unprefixed.send('GET', `/cards/${alice.card}`);
    expect(unprefixed.service.calls[0]?.url).to.equal(`${PRODUCTION_URL}/cards/${alice.card}`);
  });

  it('forwards the body bytes exactly as sent: whitespace, key order, escapes and all', async () => {
    const { send, service } = harness();
    const inspected =
      '{ "lockedCurrencyAmount":100,\n\t"source" : {"accountId":"InternalAccount:alice" ,"sourceType":"ACCOUNT"},' +
      '"description":"caf\\u00e9 \u00e9 \\/",   "destination":{}  }\r\n';
    await send('POST', `${PREFIX}/quotes`, { body: inspected });
    expect(await bytesOf(service.calls[0] as Request)).to.deep.equal([...new TextEncoder().encode(inspected)]);

    const passedThrough = '{"type":"EMAIL_OTP",   "encryptedOtpBundle":"{\\"ciphertext\\":\\"00ff\\"}"}';
    await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/verify`, { body: passedThrough });
    expect(await bytesOf(service.calls[1] as Request)).to.deep.equal([...new TextEncoder().encode(passedThrough)]);
  });

  it('passes Content-Type, Service-Wallet-Signature, Request-Id, Idempotency-Key and Accept through', async () => {
    const { send, service } = harness();
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Service-Wallet-Signature': 'eyJwdWJsaWNLZXkiOiIwMmFiIn0',
      'Request-Id': 'Request:8a1d6c0e-0000-4000-8000-000000000001',
      'Idempotency-Key': '6f1c2a9e-5b7d-4c1e-9a3f-2d8e7b6c5a41',
      Accept: 'application/json',
    };
    await send('PATCH', `${PREFIX}/internal-accounts/${alice.account}`, { body: '{"privateEnabled":true}', headers });
    const forwarded = service.calls[0] as Request;
    for (const [name, value] of Object.entries(headers)) expect(forwarded.headers.get(name), name).to.equal(value);
    expect(forwarded.method).to.equal('PATCH');
  });

  it('sends no body when the caller sent none', async () => {
    const { send, service } = harness();
    await send('POST', `${PREFIX}/quotes/${alice.quote}/execute`, { headers: { 'Service-Wallet-Signature': 'stamp' } });
    expect((service.calls[0] as Request).body).to.equal(null);
  });
});

describe('forwarding: what comes back', () => {
  it('returns status and body unchanged, with Content-Type and Retry-After only, never cached', async () => {
    const body = '{"status":429,"code":"RATE_LIMITED","message":"Too many codes requested"}';
    const { send } = harness({
      answer: () =>
        new Response(body, {
          status: 429,
          headers: {
            'Content-Type': 'application/json',
            'Retry-After': '17',
            'Set-Cookie': 'upstream=1',
            'X-Internal-Trace': 'abc',
          },
        }),
    });
    const response = await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/challenge`, { body: '{}' });
    expect(response.status).to.equal(429);
    expect(await response.text()).to.equal(body);
    expect(response.headers.get('Retry-After')).to.equal('17');
    expect(response.headers.get('Content-Type')).to.equal('application/json');
    expect(response.headers.get('Cache-Control')).to.equal('no-store');
    expect([...response.headers.keys()].sort()).to.deep.equal(['cache-control', 'content-type', 'retry-after']);
  });

  it('returns a signed-retry 202 challenge untouched, and a 204 with no body', async () => {
    const challenge =
      '{"payloadToSign":"{\\"type\\":\\"ACTIVITY\\"}","requestId":"Request:1","expiresAt":"2030-01-01T00:00:00Z"}';
    const accepted = harness({
      answer: () => new Response(challenge, { status: 202, headers: { 'Content-Type': 'application/json' } }),
    });
    const first = await accepted.send('DELETE', `${PREFIX}/auth/sessions/${alice.session}`);
    expect(first.status).to.equal(202);
    expect(await first.text()).to.equal(challenge);

    const done = harness({ answer: () => new Response(null, { status: 204 }) });
    const second = await done.send('DELETE', `${PREFIX}/auth/sessions/${alice.session}`, {
      headers: { 'Service-Wallet-Signature': 'stamp', 'Request-Id': 'Request:1' },
    });
    expect(second.status).to.equal(204);
    expect(second.body).to.equal(null);
  });

  it('answers 502 UPSTREAM_UNAVAILABLE when the service cannot be reached, and tells onError', async () => {
    const reported: ErrorStage[] = [];
    const { send } = harness({
      answer: () => Promise.reject(new TypeError('fetch failed: connect ECONNREFUSED 10.0.0.1:443')),
      onError: (_error, stage) => reported.push(stage),
    });
    const response = await send('GET', `${PREFIX}/cards/${alice.card}`);
    expect(response.status).to.equal(502);
    const text = await response.text();
    expect(JSON.parse(text)).to.deep.equal({
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The payments service could not be reached.',
    });
    expect(text).not.to.include('ECONNREFUSED');
    expect(reported).to.deep.equal(['upstream']);
  });

  it('still answers 502 when the onError hook itself throws', async () => {
    const { send } = harness({
      answer: () => Promise.reject(new TypeError('fetch failed')),
      onError: () => {
        throw new Error('logger down');
      },
    });
    const response = await send('GET', `${PREFIX}/cards/${alice.card}`);
    expect(response.status).to.equal(502);
    expect(await envelope(response)).to.deep.include({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('answers 504 UPSTREAM_TIMEOUT when the service is slower than timeoutMs, and aborts the call', async () => {
    let aborted = false;
    const { send } = harness({
      timeoutMs: 20,
      answer: (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    });
    const response = await send('GET', `${PREFIX}/quotes/${alice.quote}`);
    expect(response.status).to.equal(504);
    expect(await envelope(response)).to.deep.include({ status: 504, code: 'UPSTREAM_TIMEOUT' });
    expect(aborted).to.equal(true);
  });

  it('answers 413 for a body over maxBodyBytes without calling the service', async () => {
    const { send, service } = harness({ maxBodyBytes: 32 });
    const response = await send('POST', `${PREFIX}/auth/credentials/${alice.credential}/verify`, {
      body: json({ type: 'EMAIL_OTP', pad: 'x'.repeat(40) }),
    });
    expect(response.status).to.equal(413);
    expect(await envelope(response)).to.deep.include({ code: 'PAYLOAD_TOO_LARGE' });
    expect(service.calls).to.have.length(0);
  });

  it('answers 500 without detail when resolveEndUser throws', async () => {
    const reported: ErrorStage[] = [];
    const handler = createPlatformProxy({
      serviceUrl: PRODUCTION_URL,
      tokenId: TOKEN_ID,
      clientSecret: CLIENT_SECRET,
      fetch: () => Promise.reject(new Error('unreachable')),
      resolveEndUser: () => {
        throw new Error('session store down at db.internal:5432');
      },
      onError: (_error, stage) => reported.push(stage),
    });
    const response = await handler(new Request(`https://platform.example/cards/${alice.card}`));
    expect(response.status).to.equal(500);
    expect(await response.text()).to.equal(
      '{"status":500,"code":"INTERNAL_ERROR","message":"The request could not be handled."}',
    );
    expect(reported).to.deep.equal(['resolveEndUser']);
  });
});

describe('configuration', () => {
  const base = {
    serviceUrl: PRODUCTION_URL,
    tokenId: TOKEN_ID,
    clientSecret: CLIENT_SECRET,
    resolveEndUser: () => endUserFromIds({}),
  };
  const failure = (options: object): string => {
    try {
      createPlatformProxy({ ...base, ...options });
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('refuses settings that would leak or misroute the credential, without repeating the secret', () => {
    const messages = [
      failure({ serviceUrl: 'http://api.payments.example/2025-10-13' }),
      failure({ serviceUrl: 'not a url' }),
      failure({ serviceUrl: `${PRODUCTION_URL}?x=1` }),
      failure({ serviceUrl: 'https://user:pw@api.payments.example/2025-10-13' }),
      failure({ tokenId: 'tok:en' }),
      failure({ clientSecret: '' }),
      failure({ pathPrefix: 'api/wallet' }),
      failure({ pathPrefix: '/api/../wallet' }),
      failure({ timeoutMs: 0 }),
    ];
    expect(messages).not.to.include('no error');
    for (const message of messages) expect(message).not.to.include(CLIENT_SECRET);
    expect(failure({ serviceUrl: SANDBOX_URL })).to.equal('no error');
    expect(failure({ pathPrefix: '/api/wallet/' })).to.equal('no error');
  });

  it('never puts the secret in a response, whatever the outcome', async () => {
    const bodies: string[] = [];
    for (const answer of [undefined, () => Promise.reject(new Error(`boom ${CLIENT_SECRET}`))]) {
      const { send } = harness(answer ? { answer } : {});
      for (const [method, path] of [
        ['GET', `/cards/${alice.card}`],
        ['GET', '/cards'],
        ['GET', `/cards/Card:bob`],
      ]) {
        bodies.push(await (await send(method as string, `${PREFIX}${path}`)).text());
        bodies.push(await (await send(method as string, `${PREFIX}${path}`, { as: null })).text());
      }
    }
    const encoded = EXPECTED_AUTHORIZATION.slice('Basic '.length);
    for (const body of bodies) {
      expect(body).not.to.include(CLIENT_SECRET);
      expect(body).not.to.include(encoded);
    }
  });
});
