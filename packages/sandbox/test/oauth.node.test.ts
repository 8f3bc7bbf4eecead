import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { p256 } from '@noble/curves/nist.js';
import { base64UrlEncode, bytesToHex, utf8Encode } from '@paykit/crypto-core/encoding';
import { decryptSessionSigningKey } from '@paykit/crypto-core/legacy-session';
import { oidcNonce } from '@paykit/crypto-core/oidc';
import { exportPublicPoint } from '@paykit/crypto-core/p256';
import { stampPayload } from '@paykit/crypto-core/stamp';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, newSessionKey, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const segment = (value: unknown) => base64UrlEncode(utf8Encode(JSON.stringify(value)));
/** A sandbox OIDC token: real claims, dummy signature. */
const oidcToken = (claims: Record<string, unknown>) =>
  `${segment({ alg: 'RS256', typ: 'JWT', kid: 'sandbox' })}.${segment(claims)}.${base64UrlEncode(utf8Encode('dummy-signature'))}`;

describe('sandbox: OAuth credentials and login', () => {
  let t: TestSandbox;
  let accountId: string;
  let oauthId: string;
  const identity = { iss: 'https://accounts.google.com', aud: 'platform-client-id', sub: 'google-user-42' };
  const claims = (extra: Record<string, unknown> = {}) => {
    const iat = Math.floor(t.clock.now() / 1000);
    return { ...identity, iat, exp: iat + 600, ...extra };
  };

  before(async () => {
    t = await startTestSandbox();
    const { account, credential } = await newCustomer(t.api);
    accountId = account.id;
    const { key } = await otpLogin(t, credential.id);
    const added = await t.api.signed(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId, oidcToken: oidcToken(claims()) },
      key,
    );
    expect(added.status, added.text).to.equal(201);
    expect(added.challenges).to.equal(1);
    oauthId = added.body.id;
  });
  after(() => t.close());

  it('registers an OAUTH credential through a signed retry (202 with type OAUTH, then 201 AuthMethod)', async () => {
    const list = await t.api.get('/auth/credentials', { accountId });
    const oauth = list.body.data.find((c: { id: string }) => c.id === oauthId);
    expect(oauth).to.include({ type: 'OAUTH', accountId });
    const leg1 = await t.api.post('/auth/credentials', {
      type: 'OAUTH',
      accountId,
      oidcToken: oidcToken(claims({ sub: 'another' })),
    });
    expect(leg1.status).to.equal(202);
    expect(leg1.body.type).to.equal('OAUTH');
  });

  it('logs in with a fresh token whose nonce is oidcNonce(clientPublicKey): 200 AuthSession in one request', async () => {
    const key = await newSessionKey();
    const res = await t.api.post(`/auth/credentials/${oauthId}/verify`, {
      type: 'OAUTH',
      oidcToken: oidcToken(claims({ nonce: await oidcNonce(key.publicKey) })),
      clientPublicKey: key.publicKey,
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ accountId, type: 'OAUTH' });
    const privacy = await t.api.signed('PATCH', `/internal-accounts/${accountId}`, { privateEnabled: false }, key);
    expect(privacy.status).to.equal(200);
  });

  it('takes an upper-case hex clientPublicKey (the nonce over the text as sent), as the service does', async () => {
    const key = await newSessionKey();
    const upper = key.publicKey.toUpperCase();
    const nonce = createHash('sha256').update(upper, 'utf8').digest('hex'); // oidcNonce itself wants lower case
    const res = await t.api.post(`/auth/credentials/${oauthId}/verify`, {
      type: 'OAUTH',
      oidcToken: oidcToken(claims({ nonce })),
      clientPublicKey: upper,
    });
    expect(res.status, res.text).to.equal(200);
    expect(
      (await t.api.signed('PATCH', `/internal-accounts/${accountId}`, { privateEnabled: false }, key)).status,
    ).to.equal(200);
  });

  it('checks every claim: 401 UNAUTHORIZED with a reason for nonce, staleness, expiry, identity and issuer', async () => {
    const key = await newSessionKey();
    const nonce = await oidcNonce(key.publicKey);
    const attempt = (c: Record<string, unknown>) =>
      t.api.post(`/auth/credentials/${oauthId}/verify`, {
        type: 'OAUTH',
        oidcToken: oidcToken(c),
        clientPublicKey: key.publicKey,
      });
    const now = Math.floor(t.clock.now() / 1000);
    const cases: [Record<string, unknown>, RegExp][] = [
      [claims({ nonce: await oidcNonce((await newSessionKey()).publicKey) }), /nonce/],
      [claims({ nonce, iat: now - 70 }), /stale/],
      [claims({ nonce, exp: now - 1 }), /expired/],
      [claims({ nonce, sub: 'someone-else' }), /does not match/],
      [claims({ nonce, iss: 'http://evil.example' }), /issuer/],
    ];
    for (const [c, reason] of cases) {
      const res = await attempt(c);
      expect(res.status, JSON.stringify(c)).to.equal(401);
      expect(res.body.code).to.equal('UNAUTHORIZED');
      expect(res.body.details.reason).to.match(reason);
    }
    // Any issuer's token may carry a dummy signature (wallet-protocol.md §7), but an unsigned one (alg none) never.
    const unsigned = await t.api.post(`/auth/credentials/${oauthId}/verify`, {
      type: 'OAUTH',
      oidcToken: `${segment({ alg: 'none', typ: 'JWT' })}.${segment(claims({ nonce }))}.${segment('')}`,
      clientPublicKey: key.publicKey,
    });
    expect(unsigned.status).to.equal(401);
    expect(unsigned.body.details.reason).to.match(/alg none/);
    // Up to 5 s of clock skew is tolerated (62 s leaves room for a slow machine); a one-element aud array is accepted.
    const skewed = await attempt(claims({ nonce, iat: now - 62, aud: [identity.aud] }));
    expect(skewed.status, skewed.text).to.equal(200);
  });

  it('answers a malformed token with 400 INVALID_INPUT', async () => {
    const key = await newSessionKey();
    for (const token of [
      'not-a-jwt',
      'a.b',
      `${segment({ alg: 'none' })}.${base64UrlEncode(utf8Encode('[1]'))}.x`,
      oidcToken({ iss: identity.iss }),
    ]) {
      const res = await t.api.post(`/auth/credentials/${oauthId}/verify`, {
        type: 'OAUTH',
        oidcToken: token,
        clientPublicKey: key.publicKey,
      });
      expect(res.status, token).to.equal(400);
      expect(res.body.code).to.equal('INVALID_INPUT');
      expect(res.body.details.errors[0].field).to.equal('oidcToken');
    }
  });

  it('serves the deprecated legacy model for an uncompressed clientPublicKey: encryptedSessionSigningKey opens to a working session key', async () => {
    const clientKey = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    const clientPublicKey = bytesToHex(await exportPublicPoint(clientKey.publicKey));
    const res = await t.api.post(`/auth/credentials/${oauthId}/verify`, {
      type: 'OAUTH',
      oidcToken: oidcToken(claims({ nonce: await oidcNonce(clientPublicKey) })),
      clientPublicKey,
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.encryptedSessionSigningKey).to.be.a('string');
    const scalar = await decryptSessionSigningKey({
      encryptedSessionSigningKey: res.body.encryptedSessionSigningKey,
      clientKey,
    });
    expect(scalar.length).to.equal(32);
    const point = p256.getPublicKey(scalar, false);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: base64UrlEncode(scalar),
      x: base64UrlEncode(point.subarray(1, 33)),
      y: base64UrlEncode(point.subarray(33)),
    };
    const privateKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
    ]);
    const compressed = bytesToHex(p256.getPublicKey(scalar, true));
    const revoke = await t.api.signed('DELETE', `/auth/sessions/${res.body.id}`, undefined, {
      stamp: (p) => stampPayload(p, privateKey, compressed),
    });
    expect(revoke.status, revoke.text).to.equal(204);
  });
});
