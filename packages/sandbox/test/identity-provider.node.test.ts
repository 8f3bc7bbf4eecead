import { expect } from 'chai';
import { oidcNonce } from '@paykit/crypto-core/oidc';
import { base64UrlDecode, base64UrlEncode, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';
import { SANDBOX_IDP_ISSUER } from '../src/wallet/identity-provider.js';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newSessionKey, signedInWallet, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const REDIRECT = 'http://localhost:5000/oauth/callback';

describe('sandbox: the test identity provider on its own origin', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ overHttp: true }); // the provider's own origin is a listener
  });
  after(() => t.close());

  const authorize = (params: Record<string, string>, init: RequestInit = {}) =>
    fetch(`${t.server.idpOrigin}/authorize?${new URLSearchParams(params)}`, { redirect: 'manual', ...init });
  const base = (nonce: string, extra: Record<string, string> = {}) => ({
    response_type: 'id_token',
    client_id: 'platform-web',
    redirect_uri: REDIRECT,
    state: 'state-0123456789',
    nonce,
    ...extra,
  });
  /** The fragment parameters of a 303 to the redirect URI. */
  const fragmentOf = (res: Response): URLSearchParams => {
    expect(res.status).to.equal(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).to.equal(REDIRECT);
    expect(location.search).to.equal('');
    return new URLSearchParams(location.hash.slice(1));
  };
  /** Gets a token for `sub` bound to `nonce`, auto-approved. */
  const token = async (nonce: string, extra: Record<string, string> = {}): Promise<string> => {
    const fragment = fragmentOf(await authorize(base(nonce, { auto: '1', ...extra })));
    expect(fragment.get('state')).to.equal('state-0123456789');
    return fragment.get('id_token')!;
  };

  it('listens on an origin of its own, apart from the API and the PAN page', () => {
    const origins = new Set([new URL(t.server.url).origin, t.server.panOrigin, t.server.idpOrigin]);
    expect(origins.size).to.equal(3);
  });

  it('issues a sandbox OIDC token in the fragment carrying the nonce, the client id as aud and the hinted sub', async () => {
    const claims = JSON.parse(
      utf8Decode(base64UrlDecode((await token('n'.repeat(64), { login_hint: 'ana' })).split('.')[1]!)),
    );
    expect(claims).to.include({ iss: SANDBOX_IDP_ISSUER, aud: 'platform-web', sub: 'ana', nonce: 'n'.repeat(64) });
    expect(claims.exp).to.be.greaterThan(claims.iat);
  });

  it('signs in with its token through POST /auth/credentials/{id}/verify; a token bound to another key is 401', async () => {
    const wallet = await signedInWallet(t);
    const sub = `idp-user-${Math.random().toString(36).slice(2)}`;
    const added = await t.api.signed(
      'POST',
      '/auth/credentials',
      {
        type: 'OAUTH',
        accountId: wallet.account.id,
        oidcToken: await token('r'.repeat(64), { login_hint: sub }),
      },
      wallet.key,
    );
    expect(added.status, added.text).to.equal(201);
    const key = await newSessionKey();
    const verify = (oidcToken: string) =>
      t.api.post(`/auth/credentials/${added.body.id}/verify`, {
        type: 'OAUTH',
        oidcToken,
        clientPublicKey: key.publicKey,
      });
    const nonce = await oidcNonce(key.publicKey);
    const wrong = await verify(await token(nonce, { login_hint: sub, test_nonce: 'f'.repeat(64) }));
    expect(wrong.status).to.equal(401);
    expect(wrong.body.details.reason).to.match(/nonce/);
    const right = await verify(await token(nonce, { login_hint: sub }));
    expect(right.status, right.text).to.equal(200);
    expect(right.body).to.include({ accountId: wallet.account.id, type: 'OAUTH' });
  });

  it('signs its tokens RS256 with the key it publishes; a forged, unsigned or re-algorithmed token of its identity is 401 UNAUTHORIZED', async () => {
    const wallet = await signedInWallet(t);
    const sub = `idp-user-${Math.random().toString(36).slice(2)}`;
    const added = await t.api.signed(
      'POST',
      '/auth/credentials',
      {
        type: 'OAUTH',
        accountId: wallet.account.id,
        oidcToken: await token('r'.repeat(64), { login_hint: sub }),
      },
      wallet.key,
    );
    expect(added.status, added.text).to.equal(201);
    const key = await newSessionKey();
    const genuine = await token(await oidcNonce(key.publicKey), { login_hint: sub });
    const [header, payload, signature] = genuine.split('.') as [string, string, string];

    // The published key verifies the token (what a platform's own server would check).
    const discovery = await (await fetch(`${t.server.idpOrigin}/.well-known/openid-configuration`)).json();
    expect(discovery.id_token_signing_alg_values_supported).to.deep.equal(['RS256']);
    const { keys } = await (await fetch(discovery.jwks_uri)).json();
    const kid = JSON.parse(utf8Decode(base64UrlDecode(header))).kid;
    const jwk = keys.find((k: { kid: string }) => k.kid === kid);
    expect(jwk).to.include({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwk).to.not.have.property('d');
    const publicKey = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    const signed = new TextEncoder().encode(`${header}.${payload}`);
    expect(
      await crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, Buffer.from(signature, 'base64url'), signed),
    ).to.equal(true);

    const verify = (oidcToken: string) =>
      t.api.post(`/auth/credentials/${added.body.id}/verify`, {
        type: 'OAUTH',
        oidcToken,
        clientPublicKey: key.publicKey,
      });
    const headerOf = (value: Record<string, unknown>) => base64UrlEncode(utf8Encode(JSON.stringify(value)));
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const forged of [
      `${header}.${payload}.${base64UrlEncode(utf8Encode('sandbox-idp-signature'))}`,
      `${header}.${payload}.${flipped}`,
      `${headerOf({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${headerOf({ alg: 'none', typ: 'JWT', kid })}.${payload}.AA`,
      `${headerOf({ alg: 'HS256', typ: 'JWT', kid })}.${payload}.${signature}`,
      `${headerOf({ alg: 'RS256', typ: 'JWT', kid: 'another-key' })}.${payload}.${signature}`,
    ]) {
      const res = await verify(forged);
      expect(res.status, forged).to.equal(401);
      expect(res.body).to.include({ status: 401, code: 'UNAUTHORIZED' });
      expect(res.body.details.reason).to.match(/signature|algorithm|key|unsigned/);
    }
    const right = await verify(genuine);
    expect(right.status, right.text).to.equal(200);
  });

  it('shows a consent page without auto=1; Continue approves, Cancel answers error=access_denied', async () => {
    const res = await authorize(base('c'.repeat(64)));
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('<form method="post" action="/authorize">').and.contain('Continue').and.contain('Cancel');
    expect(res.headers.get('content-security-policy')).to.contain("form-action 'self' http://localhost:5000");
    const post = (decision: string) =>
      fetch(`${t.server.idpOrigin}/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...base('c'.repeat(64)), decision }),
      });
    const approved = fragmentOf(await post('approve'));
    expect(approved.get('id_token')).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const denied = fragmentOf(await post('deny'));
    expect([...denied]).to.deep.equal([
      ['error', 'access_denied'],
      ['state', 'state-0123456789'],
    ]);
  });

  it('never redirects to a redirect_uri outside the allowed origins, nor without state or nonce', async () => {
    for (const bad of [
      base('n'.repeat(64), { redirect_uri: 'https://evil.example/cb', auto: '1' }),
      base('n'.repeat(64), { redirect_uri: 'javascript:alert(1)', auto: '1' }),
      base('n'.repeat(64), { state: '', auto: '1' }),
      base('', { auto: '1' }),
      base('n'.repeat(64), { response_type: 'code', auto: '1' }),
    ]) {
      const res = await authorize(bad);
      expect(res.status, JSON.stringify(bad)).to.equal(400);
      expect(res.headers.get('location')).to.equal(null);
    }
  });
});
