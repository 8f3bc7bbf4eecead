import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { bytesToHex, sha256, utf8Encode } from '@paykit/crypto-core/encoding';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { sessionCreationBody } from '../src/index.js';
import {
  newCustomer,
  newSessionKey,
  otpLogin,
  payloadOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers/sandbox-client.js';
import { FLAG_AT, FLAG_UP, SoftwareAuthenticator, loginChallenge } from './helpers/software-authenticator.js';

const vectors = JSON.parse(
  readFileSync(new URL('../../../../shared/vectors/wallet-crypto.json', import.meta.url), 'utf8'),
);
const randomChallenge = () =>
  bytesToHex(crypto.getRandomValues(new Uint8Array(32))).replace(/../g, (h) =>
    String.fromCharCode(97 + (parseInt(h, 16) % 26)),
  );

describe('sandbox: passkeys', () => {
  let t: TestSandbox;
  let accountId: string;
  let key: Awaited<ReturnType<typeof newSessionKey>>;
  let authenticator: SoftwareAuthenticator;
  let passkeyId: string;

  const register = async (
    a: SoftwareAuthenticator,
    overrides: Parameters<SoftwareAuthenticator['register']>[0] | { challenge?: string } = {},
  ) => {
    const challenge = overrides.challenge ?? randomChallenge();
    const attestation = await a.register({ ...overrides, challenge });
    return t.api.signed(
      'POST',
      '/auth/credentials',
      { type: 'PASSKEY', accountId, nickname: 'Laptop', challenge, attestation },
      key,
    );
  };

  const login = async (credentialId: string) => {
    const sessionKey = await newSessionKey();
    const challenge = await t.api.post(`/auth/credentials/${credentialId}/challenge`, {
      clientPublicKey: sessionKey.publicKey,
    });
    expect(challenge.status, challenge.text).to.equal(200);
    return { sessionKey, challenge: challenge.body };
  };

  const verify = (credentialId: string, requestId: string | undefined, assertion: unknown) =>
    t.api.call('POST', `/auth/credentials/${credentialId}/verify`, {
      body: { type: 'PASSKEY', assertion },
      headers: requestId ? { 'Request-Id': requestId } : {},
    });

  before(async () => {
    t = await startTestSandbox();
    const { account, credential } = await newCustomer(t.api);
    accountId = account.id;
    key = (await otpLogin(t, credential.id)).key;
    authenticator = await SoftwareAuthenticator.create({ rpId: 'localhost', origin: 'http://localhost:5173' });
    const res = await register(authenticator);
    expect(res.status, res.text).to.equal(201);
    passkeyId = res.body.id;
  });
  after(() => t.close());

  it('builds the session-creation body of the known-answer vector, whose SHA-256 is the challenge', async () => {
    const v = vectors.passkeyChallenge;
    const body = sessionCreationBody({
      organizationId: 'org_test',
      userId: 'user_test',
      publicKey: vectors.sessionKey.publicKeyCompressed,
      expirationSeconds: 900,
      timestampMs: 1775681700000,
    });
    expect(body).to.equal(v.sessionCreationBody);
    expect(bytesToHex(await sha256(utf8Encode(body)))).to.equal(v.challenge);
    expect(loginChallenge(v.challenge)).to.equal(v.clientDataChallenge);
  });

  it('registers a passkey through the signed retry, verified for real (201 AuthMethod with credentialId)', async () => {
    const list = await t.api.get('/auth/credentials', { accountId });
    const passkey = list.body.data.find((c: { id: string }) => c.id === passkeyId);
    expect(passkey).to.include({ type: 'PASSKEY', nickname: 'Laptop', credentialId: authenticator.credentialId });
    const challenge = randomChallenge();
    const leg1 = await t.api.post('/auth/credentials', {
      type: 'PASSKEY',
      accountId,
      nickname: 'Laptop',
      challenge,
      attestation: await (await SoftwareAuthenticator.create()).register({ challenge }),
    });
    expect(leg1.status).to.equal(202);
    expect(leg1.body.type).to.equal('PASSKEY');
    expect(payloadOf(leg1).type).to.equal('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2');
  });

  it('refuses a second registration of the same WebAuthn credential id: 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS', async () => {
    const res = await register(authenticator);
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('PASSKEY_CREDENTIAL_ALREADY_EXISTS');
  });

  it('refuses registrations from a foreign origin, a wrong RP id, without user verification, or with a reused challenge', async () => {
    const fresh = () => SoftwareAuthenticator.create();
    const foreign = await register(await fresh(), { challenge: randomChallenge(), origin: 'https://evil.example' });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.details.errors[0].message).to.match(/origin/);
    const wrongRp = await register(await fresh(), { challenge: randomChallenge(), rpId: 'example.com' });
    expect(wrongRp.status).to.equal(400);
    const noUv = await register(await fresh(), { challenge: randomChallenge(), flags: FLAG_UP | FLAG_AT });
    expect(noUv.status).to.equal(400);
    expect(noUv.body.details.errors[0].message).to.match(/verification/i);
    const challenge = randomChallenge();
    expect((await register(await fresh(), { challenge })).status).to.equal(201);
    const reused = await register(await fresh(), { challenge });
    expect(reused.status).to.equal(400);
    expect(reused.body.details.errors[0].field).to.equal('challenge');
  });

  it('logs in: the challenge is SHA-256 of a body binding clientPublicKey; the assertion with Request-Id gives a session of that key', async () => {
    const { sessionKey, challenge } = await login(passkeyId);
    expect(challenge).to.include({ id: passkeyId, type: 'PASSKEY', credentialId: authenticator.credentialId });
    expect(challenge.challenge).to.match(/^[0-9a-f]{64}$/);
    expect(challenge.requestId).to.match(/^Request:/);
    const assertion = await authenticator.assert({ challenge: loginChallenge(challenge.challenge) });
    const res = await verify(passkeyId, challenge.requestId, assertion);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ accountId, type: 'PASSKEY', credentialId: authenticator.credentialId });
    const signedWithIt = await t.api.signed(
      'PATCH',
      `/internal-accounts/${accountId}`,
      { privateEnabled: true },
      sessionKey,
    );
    expect(signedWithIt.status).to.equal(200);
    // Single use.
    const again = await verify(
      passkeyId,
      challenge.requestId,
      await authenticator.assert({ challenge: loginChallenge(challenge.challenge) }),
    );
    expect(again.status).to.equal(401);
    expect(again.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('refuses assertions that fail a check: wrong challenge, foreign origin, no UV, replayed counter, missing Request-Id', async () => {
    const wrongChallenge = await login(passkeyId);
    const r1 = await verify(
      passkeyId,
      wrongChallenge.challenge.requestId,
      await authenticator.assert({ challenge: loginChallenge('0'.repeat(64)) }),
    );
    expect(r1.status).to.equal(401);
    expect(r1.body.code).to.equal('UNAUTHORIZED');
    expect(r1.body.details.reason).to.match(/challenge/);

    const foreign = await login(passkeyId);
    const r2 = await verify(
      passkeyId,
      foreign.challenge.requestId,
      await authenticator.assert({
        challenge: loginChallenge(foreign.challenge.challenge),
        origin: 'https://evil.example',
      }),
    );
    expect(r2.status).to.equal(401);
    expect(r2.body.details.reason).to.match(/origin/);

    const noUv = await login(passkeyId);
    const r3 = await verify(
      passkeyId,
      noUv.challenge.requestId,
      await authenticator.assert({ challenge: loginChallenge(noUv.challenge.challenge), flags: FLAG_UP }),
    );
    expect(r3.status).to.equal(401);
    expect(r3.body.details.reason).to.match(/verif/i);

    const replay = await login(passkeyId);
    const r4 = await verify(
      passkeyId,
      replay.challenge.requestId,
      await authenticator.assert({ challenge: loginChallenge(replay.challenge.challenge), counter: 1 }),
    );
    expect(r4.status).to.equal(401);
    expect(r4.body.details.reason).to.match(/counter/i);

    const missing = await login(passkeyId);
    const r5 = await verify(
      passkeyId,
      undefined,
      await authenticator.assert({ challenge: loginChallenge(missing.challenge.challenge) }),
    );
    expect(r5.status).to.equal(401);
    expect(r5.body.code).to.equal('REQUEST_ID_MISSING');
  });

  it('rejects a malformed clientPublicKey on the challenge with 400 INVALID_INPUT', async () => {
    for (const clientPublicKey of ['02abc', '05' + 'ab'.repeat(32), '02' + 'FF'.repeat(32), 42]) {
      const res = await t.api.post(`/auth/credentials/${passkeyId}/challenge`, { clientPublicKey });
      expect(res.status, String(clientPublicKey)).to.equal(400);
      expect(res.body.details.errors[0].field).to.equal('clientPublicKey');
    }
  });
});
