/** The signed-retry engine against a scripted transport: every path the protocol and the network allow. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { signedRequest } from '../src/signed-retry.js';
import {
  challenge,
  dropConnection,
  errorResponse,
  fakeSleep,
  scriptedTransport,
} from './helpers/scripted-transport.js';
import { failure } from './helpers/pay-error.js';

const signer = () => {
  const signed: string[] = [];
  return { signed, stamp: async (payload: string) => (signed.push(payload), `stamp-of-${payload}`) };
};

describe('signed-retry engine', () => {
  it('202 then the byte-identical retry with the stamp and the echoed Request-Id', async () => {
    const t = scriptedTransport([challenge(1), { status: 200, body: { ok: true } }]);
    const s = signer();
    const body = { clientPublicKey: '02ab', nested: { z: 1, a: [2, 1] } };
    const result = await signedRequest(t, {
      method: 'POST',
      path: '/auth/sessions/S/refresh',
      body,
      stamper: s,
      headers: { 'Idempotency-Key': 'k' },
    });
    expect(result.body).to.deep.equal({ ok: true });
    expect(result.requests).to.equal(2);
    expect(t.requests).to.have.length(2);
    const [first, retry] = t.requests;
    expect(first!.headers).to.deep.equal({ 'Idempotency-Key': 'k' });
    expect(retry!.body).to.equal(first!.body);
    expect(retry!.method).to.equal('POST');
    expect(retry!.path).to.equal(first!.path);
    expect(retry!.headers).to.deep.equal({
      'Idempotency-Key': 'k',
      'Service-Wallet-Signature': 'stamp-of-{"n":1}',
      'Request-Id': 'Request:1',
    });
    expect(s.signed).to.deep.equal(['{"n":1}']);
  });

  it('a string body is sent exactly as given on both legs', async () => {
    const t = scriptedTransport([challenge(1), { status: 204 }]);
    const raw = '{ "b":1,  "a" : 2 }';
    await signedRequest(t, { method: 'PATCH', path: '/x', body: raw, stamper: signer() });
    expect(t.requests.map((r) => r.body)).to.deep.equal([raw, raw]);
  });

  it('answers a second 202 with a new payload and requestId (delegated keys: three legs)', async () => {
    const t = scriptedTransport([challenge(1), challenge(2), { status: 201, body: { status: 'ACTIVE' } }]);
    const s = signer();
    const result = await signedRequest(t, {
      method: 'POST',
      path: '/auth/delegated-keys',
      body: { cardId: 'c' },
      stamper: s,
    });
    expect(result.status).to.equal(201);
    expect(s.signed).to.deep.equal(['{"n":1}', '{"n":2}']);
    expect(t.requests.map((r) => r.headers?.['Request-Id'])).to.deep.equal([undefined, 'Request:1', 'Request:2']);
    expect(new Set(t.requests.map((r) => r.body)).size).to.equal(1);
  });

  it('passes a body-mismatch 401 through with the service code and the requestId', async () => {
    const t = scriptedTransport([challenge(1), errorResponse(401, 'WALLET_SIGNATURE_BODY_MISMATCH')]);
    const error = await failure(signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer() }));
    expect(error.code).to.equal('WALLET_SIGNATURE_BODY_MISMATCH');
    expect(error.status).to.equal(401);
    expect(error.requestId).to.equal('Request:1');
  });

  it('starts a fresh attempt when the challenge had expired before it could be answered', async () => {
    let clock = 1_000;
    const t = scriptedTransport([
      challenge(1, new Date(900).toISOString()),
      challenge(2, new Date(60_000).toISOString()),
      { status: 200, body: 'done' },
    ]);
    const s = signer();
    const result = await signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: s, now: () => clock });
    expect(result.body).to.equal('done');
    expect(s.signed).to.deep.equal(['{"n":2}']); // the expired one was never signed
    expect(t.requests.map((r) => r.headers?.['Request-Id'])).to.deep.equal([undefined, undefined, 'Request:2']);
    clock++;
  });

  it('starts over when the service rejects a challenge that expired in flight, then reports CHALLENGE_EXPIRED if it keeps happening', async () => {
    let clock = 0;
    const expiring = (n: number) => () => challenge(n, new Date(clock + 10).toISOString());
    const rejectLate = () => ((clock += 100), errorResponse(401, 'WALLET_SIGNATURE_INVALID'));
    const t = scriptedTransport([expiring(1), rejectLate, expiring(2), rejectLate]);
    const error = await failure(
      signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer(), now: () => clock }),
    );
    expect(error.code).to.equal('CHALLENGE_EXPIRED');
    expect(t.requests).to.have.length(4);
  });

  it('judges expiry by the service clock (Date header), not a device clock that is minutes off', async () => {
    const server = Date.parse('2026-11-23T12:00:00Z');
    const dated = (n: number, expiresInMs: number) => {
      const c = challenge(n, new Date(server + expiresInMs).toISOString());
      return { ...c, headers: { date: new Date(server).toUTCString() } };
    };
    // Device 10 minutes fast: a challenge with 5 minutes left is live and gets signed at once.
    const fast = signer();
    const t1 = scriptedTransport([dated(1, 300_000), { status: 200, body: 'ok' }]);
    expect(
      (await signedRequest(t1, { method: 'POST', path: '/x', body: {}, stamper: fast, now: () => server + 600_000 }))
        .body,
    ).to.equal('ok');
    expect(fast.signed).to.deep.equal(['{"n":1}']);
    // Device 10 minutes slow: a challenge that already expired on the service is not signed; a fresh attempt is made.
    const slow = signer();
    const t2 = scriptedTransport([dated(1, -1_000), dated(2, 300_000), { status: 200, body: 'ok' }]);
    expect(
      (await signedRequest(t2, { method: 'POST', path: '/x', body: {}, stamper: slow, now: () => server - 600_000 }))
        .body,
    ).to.equal('ok');
    expect(slow.signed).to.deep.equal(['{"n":2}']);
  });

  it('a WALLET_SIGNATURE_INVALID on a live challenge is reported, not retried', async () => {
    const t = scriptedTransport([challenge(1), errorResponse(401, 'WALLET_SIGNATURE_INVALID')]);
    const error = await failure(signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer() }));
    expect(error.code).to.equal('WALLET_SIGNATURE_INVALID');
    expect(t.remaining()).to.equal(0);
  });

  it('honours Retry-After on 429 and then completes', async () => {
    const t = scriptedTransport([
      errorResponse(429, 'RATE_LIMITED', { 'retry-after': '3' }),
      challenge(1),
      { status: 200, body: 1 },
    ]);
    const { sleep, slept } = fakeSleep();
    const result = await signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer(), sleep });
    expect(result.body).to.equal(1);
    expect(slept).to.deep.equal([3000]);
  });

  it('surfaces a long Retry-After as RATE_LIMITED with retryAfterSeconds instead of waiting', async () => {
    const t = scriptedTransport([errorResponse(429, 'RATE_LIMITED', { 'retry-after': '120' })]);
    const { sleep, slept } = fakeSleep();
    const error = await failure(signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer(), sleep }));
    expect(error.code).to.equal('RATE_LIMITED');
    expect(error.retryAfterSeconds).to.equal(120);
    expect(error.retryable).to.equal(true);
    expect(slept).to.deep.equal([]);
  });

  it('resends the identical signed leg after a dropped connection, signing only once', async () => {
    const t = scriptedTransport([challenge(1), dropConnection, { status: 200, body: 'ok' }]);
    const s = signer();
    const { sleep } = fakeSleep();
    const result = await signedRequest(t, { method: 'POST', path: '/x', body: { a: 1 }, stamper: s, sleep });
    expect(result.body).to.equal('ok');
    expect(s.signed).to.have.length(1);
    expect(t.requests[1]).to.deep.equal(t.requests[2]);
  });

  it('when the answer to the signed leg was lost and the resend finds the requestId used, it starts a fresh attempt', async () => {
    const t = scriptedTransport([
      challenge(1),
      dropConnection,
      errorResponse(401, 'WALLET_SIGNATURE_INVALID'),
      challenge(2),
      { status: 200, body: 'ok' },
    ]);
    const s = signer();
    const { sleep } = fakeSleep();
    const result = await signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: s, sleep });
    expect(result.body).to.equal('ok');
    expect(s.signed).to.deep.equal(['{"n":1}', '{"n":2}']);
  });

  it('a connection that stays down is a retryable NETWORK_ERROR, and the same call then succeeds (nothing lost)', async () => {
    const t = scriptedTransport([
      challenge(1),
      dropConnection,
      dropConnection,
      dropConnection,
      challenge(2),
      { status: 200, body: 'ok' },
    ]);
    const { sleep } = fakeSleep();
    const opts = { method: 'POST' as const, path: '/x', body: { keep: 'me' }, stamper: signer(), sleep };
    const error = await failure(signedRequest(t, opts));
    expect(error.code).to.equal('NETWORK_ERROR');
    expect(error.retryable).to.equal(true);
    const result = await signedRequest(t, opts);
    expect(result.body).to.equal('ok');
    expect(t.requests.at(-1)!.body).to.equal(JSON.stringify({ keep: 'me' }));
  });

  it('keeps resending the identical signed retry while the answer is PROCESSING (export)', async () => {
    const processing = { status: 200, body: { id: 'x', status: 'PROCESSING' } };
    const t = scriptedTransport([
      challenge(1),
      processing,
      processing,
      { status: 200, body: { id: 'x', encryptedWalletCredentials: 'b' } },
    ]);
    const { sleep, slept } = fakeSleep();
    const result = await signedRequest<{ encryptedWalletCredentials?: string }>(t, {
      method: 'POST',
      path: '/internal-accounts/A/export',
      body: { clientPublicKey: '04aa' },
      stamper: signer(),
      sleep,
      pollIntervalMs: 500,
      pollWhile: (r) => (r.body as { status?: string }).status === 'PROCESSING',
    });
    expect(result.body.encryptedWalletCredentials).to.equal('b');
    expect(slept).to.deep.equal([500, 500]);
    expect(t.requests[1]).to.deep.equal(t.requests[3]);
  });

  it('gives up polling after pollTimeoutMs with EXPORT_TIMEOUT', async () => {
    let clock = 0;
    const processing = () => ((clock += 1000), { status: 200, body: { status: 'PROCESSING' } });
    const t = scriptedTransport([challenge(1), processing, processing, processing, processing]);
    const error = await failure(
      signedRequest(t, {
        method: 'POST',
        path: '/x',
        body: {},
        stamper: signer(),
        now: () => clock,
        sleep: async () => undefined,
        pollTimeoutMs: 2500,
        pollWhile: (r) => (r.body as { status?: string }).status === 'PROCESSING',
      }),
    );
    expect(error.code).to.equal('EXPORT_TIMEOUT');
  });

  it('an ordinary service error on leg 1 keeps its code, status and details.reason', async () => {
    const t = scriptedTransport([
      {
        status: 401,
        body: { status: 401, code: 'UNAUTHORIZED', message: 'no', details: { reason: 'Invalid OTP code' } },
      },
    ]);
    const error = await failure(signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer() }));
    expect([error.code, error.status, error.reason]).to.deep.equal(['UNAUTHORIZED', 401, 'Invalid OTP code']);
  });

  it('a 202 that is not a well-formed challenge is UNEXPECTED_RESPONSE, never a success', async () => {
    for (const body of [
      { payloadToSign: '{"n":1}' },
      { requestId: 'Request:1', expiresAt: '2999-01-01T00:00:00Z' },
      undefined,
    ]) {
      const t = scriptedTransport([{ status: 202, body }]);
      const s = signer();
      const error = await failure(signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: s }));
      expect(error.code, JSON.stringify(body)).to.equal('UNEXPECTED_RESPONSE');
      expect(s.signed).to.deep.equal([]);
    }
  });

  it('stops after too many challenges instead of looping forever', async () => {
    const t = scriptedTransport([challenge(1), challenge(2), challenge(3), challenge(4)]);
    const error = await failure(
      signedRequest(t, { method: 'POST', path: '/x', body: {}, stamper: signer(), maxChallenges: 3 }),
    );
    expect(error.code).to.equal('UNEXPECTED_RESPONSE');
  });
});
