/** fetchTransport over an injected fetch: the request it builds, the response it returns, and abort, timeout and network failures as typed PayErrors. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { fetchTransport } from '../src/transport.js';
import { failure } from './helpers/pay-error.js';

interface Call {
  url: string;
  init: RequestInit;
}

function recordingFetch(answer: (call: Call) => Promise<Response> | Response): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fake = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return { fetch: fake, calls };
}

/** A fetch that never answers and, like some webview bridges and polyfills, ignores its AbortSignal. */
const deafFetch = (() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;

describe('fetchTransport', () => {
  it('joins baseUrl, path and query; sends the body bytes unchanged with merged headers', async () => {
    const { fetch, calls } = recordingFetch(
      () => new Response('{"ok":true}', { status: 202, headers: { 'Retry-After': '3', 'X-Thing': 'y' } }),
    );
    const transport = fetchTransport({
      baseUrl: 'https://platform.example/api/wallet/',
      headers: { 'X-Csrf': 'c' },
      fetch,
    });
    const body = '{ "b":1,  "a" : 2 }';
    const res = await transport({
      method: 'POST',
      path: '/auth/sessions/Session%3A1/refresh',
      query: { accountId: 'InternalAccount:1', skip: undefined },
      body,
      headers: { 'Request-Id': 'Request:1' },
    });
    expect(calls).to.have.length(1);
    expect(calls[0]!.url).to.equal(
      'https://platform.example/api/wallet/auth/sessions/Session%3A1/refresh?accountId=InternalAccount%3A1',
    );
    expect(calls[0]!.init.method).to.equal('POST');
    expect(calls[0]!.init.body).to.equal(body);
    expect(calls[0]!.init.headers).to.include({
      'X-Csrf': 'c',
      'Request-Id': 'Request:1',
      'Content-Type': 'application/json',
    });
    expect(calls[0]!.init.cache).to.equal('no-store');
    expect([res.status, res.body]).to.deep.equal([202, { ok: true }]);
    expect(res.headers).to.include({ 'retry-after': '3', 'x-thing': 'y' });
  });

  it('an empty or non-JSON body comes back undefined; no Content-Type without a body', async () => {
    const { fetch, calls } = recordingFetch(
      (call) =>
        new Response(call.url.endsWith('/html') ? '<html>' : null, { status: call.url.endsWith('/html') ? 502 : 204 }),
    );
    const transport = fetchTransport({ baseUrl: '/api', fetch });
    expect((await transport({ method: 'DELETE', path: '/x' })).body).to.equal(undefined);
    expect(calls[0]!.init.headers).to.not.have.property('Content-Type');
    const html = await transport({ method: 'GET', path: '/html' });
    expect([html.status, html.body]).to.deep.equal([502, undefined]);
  });

  it('a fetch that rejects is a retryable NETWORK_ERROR', async () => {
    const transport = fetchTransport({
      baseUrl: '/api',
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    });
    const error = await failure(transport({ method: 'GET', path: '/x' }));
    expect(error.code).to.equal('NETWORK_ERROR');
    expect(error.retryable).to.equal(true);
  });

  it('times out with TIMEOUT even when the fetch ignores its signal', async () => {
    const transport = fetchTransport({ baseUrl: '/api', fetch: deafFetch, timeoutMs: 30 });
    const error = await failure(transport({ method: 'GET', path: '/x' }));
    expect(error.code).to.equal('TIMEOUT');
    expect(error.retryable).to.equal(true);
  });

  it('the caller aborting mid-request is ABORTED (signal passed to fetch, and honoured even when fetch ignores it)', async () => {
    let seen: AbortSignal | undefined;
    const honouring = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        seen = init.signal ?? undefined;
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;
    for (const fetch of [honouring, deafFetch]) {
      const controller = new AbortController();
      const pending = fetchTransport({ baseUrl: '/api', fetch, timeoutMs: 10_000 })({
        method: 'POST',
        path: '/x',
        body: '{}',
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 5);
      const error = await failure(pending);
      expect(error.code).to.equal('ABORTED');
      expect(error.retryable).to.equal(false);
    }
    expect(seen?.aborted).to.equal(true);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { fetch, calls } = recordingFetch(() => new Response('{}'));
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      fetchTransport({ baseUrl: '/api', fetch })({ method: 'GET', path: '/x', signal: controller.signal }),
    );
    expect(error.code).to.equal('ABORTED');
    expect(calls).to.have.length(0);
  });
});
