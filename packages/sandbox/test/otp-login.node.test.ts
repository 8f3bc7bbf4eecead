import { expect } from 'chai';
import { base64UrlDecode, hexToBytes, toArrayBuffer, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';
import { PRODUCTION_OTP_SIGNER, verifyEnclaveBundle } from '@paykit/crypto-core/enclave-bundle';
import { isPayError } from '@paykit/crypto-core/errors';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { importPublicKey } from '@paykit/crypto-core/p256';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, newSessionKey, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: email OTP login', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  async function challenge(credentialId: string) {
    const res = await t.api.post(`/auth/credentials/${credentialId}/challenge`, {});
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  const seal = async (bundle: string, key: { publicKeyUncompressed: string }, code = '000000') =>
    encryptOtpCode({
      otpEncryptionTargetBundle: bundle,
      otpCode: code,
      publicKey: key.publicKeyUncompressed,
      trustedSigners: t.signers,
    });

  it('publishes its enclave signer and signs every OTP target bundle with it (fresh target per issuance)', async () => {
    const keys = await t.api.get('/sandbox/enclave-keys');
    expect(keys.body.signers).to.deep.equal(t.signers);
    expect(t.signers[0]).to.match(/^04[0-9a-f]{128}$/);
    const { credential } = await newCustomer(t.api);
    const first = await challenge(credential.id);
    const second = await challenge(credential.id);
    expect(first).to.include({ id: credential.id, type: 'EMAIL_OTP', accountId: credential.accountId });
    const a = await verifyEnclaveBundle(first.otpEncryptionTargetBundle, t.signers);
    const b = await verifyEnclaveBundle(second.otpEncryptionTargetBundle, t.signers);
    expect(a['targetPublic']).to.match(/^04[0-9a-f]{128}$/);
    expect(a['targetPublic']).to.not.equal(b['targetPublic']);
    const refused = await verifyEnclaveBundle(first.otpEncryptionTargetBundle, [PRODUCTION_OTP_SIGNER]).catch(
      (e: unknown) => e,
    );
    expect(isPayError(refused, 'BUNDLE_SIGNATURE_INVALID')).to.equal(true);
  });

  it('logs in end to end: sealed code, 202 with an enclave-signed JWT bound to the session key, stamped retry, 200 AuthSession', async () => {
    const { credential, account } = await newCustomer(t.api);
    const issued = await challenge(credential.id);
    const key = await newSessionKey();
    const body = JSON.stringify({
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key),
    });
    const leg1 = await t.api.call('POST', `/auth/credentials/${credential.id}/verify`, { body });
    expect(leg1.status, leg1.text).to.equal(202);
    expect(leg1.body.type).to.equal('EMAIL_OTP');
    expect(leg1.body.requestId).to.match(/^Request:[0-9a-f-]{36}$/);

    const [header, claims, signature] = leg1.body.payloadToSign.split('.');
    expect(JSON.parse(utf8Decode(base64UrlDecode(header)))).to.deep.equal({ alg: 'ES256', typ: 'JWT' });
    const payload = JSON.parse(utf8Decode(base64UrlDecode(claims)));
    expect(payload.public_key).to.equal(key.publicKey);
    expect(payload.id).to.be.a('string').and.not.empty;
    const enclaveKey = await importPublicKey(hexToBytes(t.signers[0]!), 'ECDSA');
    const jwtOk = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      enclaveKey,
      toArrayBuffer(base64UrlDecode(signature)),
      toArrayBuffer(utf8Encode(`${header}.${claims}`)),
    );
    expect(jwtOk, 'the JWT verifies with the enclave key').to.equal(true);

    const stamp = await key.stamp(leg1.body.payloadToSign);
    const done = await t.api.call('POST', `/auth/credentials/${credential.id}/verify`, {
      body,
      headers: { 'Service-Wallet-Signature': stamp, 'Request-Id': leg1.body.requestId },
    });
    expect(done.status, done.text).to.equal(200);
    expect(done.body.id).to.match(/^Session:/);
    expect(done.body).to.include({ accountId: account.id, type: 'EMAIL_OTP' });
    expect(done.body).to.not.have.property('encryptedSessionSigningKey');
    const ttl = Date.parse(done.body.expiresAt) - t.clock.now();
    expect(ttl).to.be.within(14 * 60_000, 15 * 60_000 + 1000);

    const sessions = await t.api.get('/auth/sessions', { accountId: account.id });
    expect(sessions.body.data.map((s: { id: string }) => s.id)).to.deep.equal([done.body.id]);
    // The session key now signs wallet actions.
    const privacy = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key);
    expect(privacy.status, privacy.text).to.equal(200);
  });

  it('answers a wrong code with 401 UNAUTHORIZED, reason "Invalid OTP code" and the tries left; the challenge stays usable', async () => {
    const { credential } = await newCustomer(t.api);
    const issued = await challenge(credential.id);
    const key = await newSessionKey();
    const wrong = await t.api.post(`/auth/credentials/${credential.id}/verify`, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key, '123456'),
    });
    expect(wrong.status).to.equal(401);
    expect(wrong.body).to.include({ status: 401, code: 'UNAUTHORIZED' });
    expect(wrong.body.details.reason).to.equal('Invalid OTP code');
    expect(wrong.body.details.attemptsRemaining).to.equal(4);
    const right = await t.api.signed(
      'POST',
      `/auth/credentials/${credential.id}/verify`,
      { type: 'EMAIL_OTP', encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key) },
      key,
    );
    expect(right.status, right.text).to.equal(200);
  });

  it('uses each target once: a second login against the same challenge is refused', async () => {
    const { credential } = await newCustomer(t.api);
    const issued = await challenge(credential.id);
    const key = await newSessionKey();
    const first = await t.api.signed(
      'POST',
      `/auth/credentials/${credential.id}/verify`,
      { type: 'EMAIL_OTP', encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key) },
      key,
    );
    expect(first.status).to.equal(200);
    const other = await newSessionKey();
    const again = await t.api.post(`/auth/credentials/${credential.id}/verify`, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, other),
    });
    expect(again.status).to.equal(401);
    expect(again.body.code).to.equal('UNAUTHORIZED');
    expect(again.body.details.reason).to.match(/already used/);
  });

  it('refuses a verification retry stamped by any key other than the sealed one', async () => {
    const { credential } = await newCustomer(t.api);
    const issued = await challenge(credential.id);
    const key = await newSessionKey();
    const impostor = await newSessionKey();
    const res = await t.api.signed(
      'POST',
      `/auth/credentials/${credential.id}/verify`,
      { type: 'EMAIL_OTP', encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key) },
      impostor,
    );
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('expires targets after the challenge lifetime', async () => {
    const { credential } = await newCustomer(t.api);
    const issued = await challenge(credential.id);
    t.clock.advance(5 * 60_000 + 1);
    const key = await newSessionKey();
    const res = await t.api.post(`/auth/credentials/${credential.id}/verify`, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await seal(issued.otpEncryptionTargetBundle, key),
    });
    expect(res.status).to.equal(401);
    expect(res.body.details.reason).to.match(/expired/);
  });

  it('rate-limits challenges: the 4th within 30 s is 429 RATE_LIMITED with Retry-After; later it works again', async () => {
    const { credential } = await newCustomer(t.api);
    for (let i = 0; i < 3; i++) await challenge(credential.id);
    const limited = await t.api.post(`/auth/credentials/${credential.id}/challenge`, {});
    expect(limited.status).to.equal(429);
    expect(limited.body).to.include({ status: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 30);
    t.clock.advance(retryAfter * 1000);
    await challenge(credential.id);
  });

  it('rejects a malformed encryptedOtpBundle with 400 INVALID_INPUT naming the field', async () => {
    const { credential } = await newCustomer(t.api);
    const res = await t.api.post(`/auth/credentials/${credential.id}/verify`, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle: '{"nope":1}',
    });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('INVALID_INPUT');
    expect(res.body.details.errors[0].field).to.equal('encryptedOtpBundle');
    const { session } = await otpLogin(t, credential.id);
    expect(session.type).to.equal('EMAIL_OTP');
  });
});
