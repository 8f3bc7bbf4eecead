import { expect } from 'chai';
import { bytesToHex, hexToBytes } from '@paykit/crypto-core/encoding';
import { signatureDerToRaw, signatureRawToDer } from '@paykit/crypto-core/p256';
import { decodeStamp, encodeStamp } from '@paykit/crypto-core/stamp';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  newCustomer,
  newSessionKey,
  otpLogin,
  payloadOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers/sandbox-client.js';

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** The same signature with s replaced by n - s (the other valid form). */
function flipS(stampHeader: string): { header: string; highS: boolean } {
  const stamp = decodeStamp(stampHeader);
  const raw = signatureDerToRaw(hexToBytes(stamp.signature));
  const s = BigInt('0x' + bytesToHex(raw.subarray(32)));
  const flipped = N - s;
  const out = new Uint8Array(64);
  out.set(raw.subarray(0, 32));
  out.set(hexToBytes(flipped.toString(16).padStart(64, '0')), 32);
  return { header: encodeStamp({ ...stamp, signature: bytesToHex(signatureRawToDer(out)) }), highS: flipped > N / 2n };
}

describe('sandbox: the signed-retry machinery', () => {
  let t: TestSandbox;
  let accountId: string;
  let key: Awaited<ReturnType<typeof newSessionKey>>;
  const path = () => `/internal-accounts/${accountId}`;
  const body = JSON.stringify({ privateEnabled: true });
  const send = (headers: Record<string, string> = {}, text = body) =>
    t.api.call('PATCH', path(), { body: text, headers });
  const leg1 = async () => {
    const res = await send();
    expect(res.status, res.text).to.equal(202);
    return res.body as { payloadToSign: string; requestId: string; expiresAt: string };
  };
  const signedHeaders = async (challenge: { payloadToSign: string; requestId: string }) => ({
    'Service-Wallet-Signature': await key.stamp(challenge.payloadToSign),
    'Request-Id': challenge.requestId,
  });

  before(async () => {
    t = await startTestSandbox();
    const { account, credential } = await newCustomer(t.api);
    accountId = account.id;
    key = (await otpLogin(t, credential.id)).key;
  });
  after(() => t.close());

  it('answers leg 1 with 202 {payloadToSign, requestId, expiresAt}; payloadToSign is compact JSON in key order', async () => {
    const res = await send();
    expect(res.status).to.equal(202);
    expect(Object.keys(res.body)).to.deep.equal(['payloadToSign', 'requestId', 'expiresAt']);
    expect(res.body.requestId).to.match(/^Request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const payload = payloadOf(res);
    expect(Object.keys(payload)).to.deep.equal(['organizationId', 'parameters', 'timestampMs', 'type']);
    expect(res.body.payloadToSign).to.equal(JSON.stringify(payload));
    expect(payload.organizationId).to.match(/^org_/);
    expect(payload.type).to.match(/^ACTIVITY_TYPE_/);
    expect(payload.timestampMs).to.match(/^\d+$/);
    expect(payload.parameters.privateEnabled).to.equal(true);
    expect(Date.parse(res.body.expiresAt) - t.clock.now()).to.be.within(4 * 60_000, 5 * 60_000 + 1000);
  });

  it('completes with the identical body and both headers; the requestId is then spent', async () => {
    const challenge = await leg1();
    const headers = await signedHeaders(challenge);
    const done = await send(headers);
    expect(done.status, done.text).to.equal(200);
    expect(done.body).to.include({ id: accountId, privateEnabled: true, type: 'EMBEDDED_WALLET' });
    const replay = await send(headers);
    expect(replay.status).to.equal(401);
    expect(replay.body).to.include({ status: 401, code: 'WALLET_SIGNATURE_INVALID' });
  });

  it('WALLET_SIGNATURE_MISSING: Request-Id without a signature', async () => {
    const challenge = await leg1();
    const res = await send({ 'Request-Id': challenge.requestId });
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_MISSING');
  });

  it('REQUEST_ID_MISSING: a signature without Request-Id', async () => {
    const challenge = await leg1();
    const res = await send({ 'Service-Wallet-Signature': await key.stamp(challenge.payloadToSign) });
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('REQUEST_ID_MISSING');
  });

  it('WALLET_SIGNATURE_MALFORMED: a stamp that does not decode, or carries a bad key or DER', async () => {
    const challenge = await leg1();
    const garbage = await send({ 'Service-Wallet-Signature': 'not-a-stamp!', 'Request-Id': challenge.requestId });
    expect(garbage.status).to.equal(401);
    expect(garbage.body.code).to.equal('WALLET_SIGNATURE_MALFORMED');
    const good = decodeStamp(await key.stamp(challenge.payloadToSign));
    const badDer = await send({
      'Service-Wallet-Signature': encodeStamp({ ...good, signature: '3006020101020101ff' }),
      'Request-Id': challenge.requestId,
    });
    expect(badDer.body.code).to.equal('WALLET_SIGNATURE_MALFORMED');
    // The challenge survives malformed attempts.
    expect((await send(await signedHeaders(challenge))).status).to.equal(200);
  });

  it('WALLET_SIGNATURE_INVALID: a signature over something else, or an unknown requestId', async () => {
    const challenge = await leg1();
    const wrongPayload = await send({
      'Service-Wallet-Signature': await key.stamp(challenge.payloadToSign + ' '),
      'Request-Id': challenge.requestId,
    });
    expect(wrongPayload.status).to.equal(401);
    expect(wrongPayload.body.code).to.equal('WALLET_SIGNATURE_INVALID');
    const unknown = await send({
      'Service-Wallet-Signature': await key.stamp(challenge.payloadToSign),
      'Request-Id': `Request:${crypto.randomUUID()}`,
    });
    expect(unknown.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('WALLET_SIGNATURE_INVALID: a valid stamp by a key that is no session of this account', async () => {
    const challenge = await leg1();
    const stranger = await newSessionKey();
    const res = await send({
      'Service-Wallet-Signature': await stranger.stamp(challenge.payloadToSign),
      'Request-Id': challenge.requestId,
    });
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_INVALID');
    const other = await newCustomer(t.api);
    const otherKey = (await otpLogin(t, other.credential.id)).key;
    const crossAccount = await send({
      'Service-Wallet-Signature': await otherKey.stamp(challenge.payloadToSign),
      'Request-Id': challenge.requestId,
    });
    expect(crossAccount.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('WALLET_SIGNATURE_INVALID: an expired requestId', async () => {
    const challenge = await leg1();
    const headers = await signedHeaders(challenge);
    t.clock.advance(5 * 60_000 + 1);
    const res = await send(headers);
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_INVALID');
    expect(res.body.details.reason).to.match(/expired/);
    t.clock.advance(-(5 * 60_000 + 1));
  });

  it('WALLET_SIGNATURE_INVALID: a requestId replayed on another path or method', async () => {
    const challenge = await leg1();
    const headers = await signedHeaders(challenge);
    // the same body, valid on the other path too (another account's PATCH), so only the binding is wrong
    const other = await newCustomer(t.api);
    const elsewhere = await t.api.call('PATCH', `/internal-accounts/${other.account.id}`, { body, headers });
    expect(elsewhere.status).to.equal(401);
    expect(elsewhere.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('WALLET_SIGNATURE_BODY_MISMATCH: a retry whose body bytes differ, even by whitespace', async () => {
    const challenge = await leg1();
    const headers = await signedHeaders(challenge);
    const spaced = await send(headers, '{ "privateEnabled": true }');
    expect(spaced.status).to.equal(401);
    expect(spaced.body.code).to.equal('WALLET_SIGNATURE_BODY_MISMATCH');
    const changed = await send(headers, JSON.stringify({ privateEnabled: false }));
    expect(changed.body.code).to.equal('WALLET_SIGNATURE_BODY_MISMATCH');
  });

  it('accepts high-S signatures', async () => {
    let challenge = await leg1();
    let flipped = flipS(await key.stamp(challenge.payloadToSign));
    // Pick a challenge whose flipped signature is the high-S one (half of them are).
    for (let i = 0; !flipped.highS && i < 20; i++) {
      challenge = await leg1();
      flipped = flipS(await key.stamp(challenge.payloadToSign));
    }
    expect(flipped.highS).to.equal(true);
    const res = await send({ 'Service-Wallet-Signature': flipped.header, 'Request-Id': challenge.requestId });
    expect(res.status, res.text).to.equal(200);
  });

  it('validates leg 1 before issuing a challenge (400 INVALID_INPUT with details.errors)', async () => {
    // a field the operation does not have is refused first (request-fields.ts), then the values are checked
    const res = await send({}, JSON.stringify({ privateEnabled: 'yes', extra: 1 }));
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('INVALID_INPUT');
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['extra']);
    const typed = await send({}, JSON.stringify({ privateEnabled: 'yes' }));
    expect(typed.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['privateEnabled']);
  });
});
