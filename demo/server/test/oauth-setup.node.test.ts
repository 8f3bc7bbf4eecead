/**
 * The demo's OAuth wiring: `/api/demo/config` names the sandbox's test identity provider (its discovered
 * issuer, its authorize endpoint, the callback page); `POST /api/demo/oauth/token` gives a signed-up
 * visitor an identity token of that provider (and nobody else one); the page may keep its OAuth popup
 * (`same-origin-allow-popups`) while the callback page sets no opener isolation; the CSP is unchanged.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import type { DemoConfig } from '../../wire.js';
import { securityHeaders } from '../security.js';
import { toSignInMethod } from '../sign-in-lookup.js';
import { demoPerSuite, isVisitor, send, signUp } from './support.js';

describe('demo server: OAuth through the sandbox identity provider', () => {
  const suite = demoPerSuite();

  it('names the provider in the config and gives a signed-up visitor a token of it', async () => {
    const config = JSON.parse((await send(`${suite.demo.origin}/api/demo/config`)).body) as DemoConfig;
    expect(config.oauth).to.deep.equal({
      issuer: 'https://idp.sandbox.paykit.localhost',
      authorizationEndpoint: `${suite.demo.sandbox.idpOrigin}/authorize`,
      clientId: 'paykit-demo',
      redirectUri: `${suite.demo.origin}/oauth-callback.html`,
    });
    const token = (cookie?: string) =>
      send(`${suite.demo.origin}/api/demo/oauth/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: suite.demo.origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: '{}',
        from: '127.0.0.21',
      });
    expect((await token()).status).to.equal(401);
    const visitor = await signUp(suite.demo, '127.0.0.21');
    if (!isVisitor(visitor)) throw new Error('sign-up failed');
    const answer = await token(visitor.cookie);
    expect(answer.status).to.equal(200);
    expect(answer.headers['cache-control']).to.equal('no-store');
    const { idToken } = JSON.parse(answer.body) as { idToken: string };
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ iss: config.oauth.issuer, aud: 'paykit-demo' });
    expect(suite.log.join('\n')).to.not.contain(idToken);
  });

  it('lets the page keep its popup, the callback page reach its opener; the CSP names no IdP', async () => {
    const headers = (options: { page: boolean; oauthCallback?: boolean }) =>
      securityHeaders({ panOrigin: suite.demo.sandbox.panOrigin, ...options });
    expect(headers({ page: true })['Cross-Origin-Opener-Policy']).to.equal('same-origin-allow-popups');
    expect(headers({ page: true })['Content-Security-Policy']).to.not.contain(suite.demo.sandbox.idpOrigin);
    expect(headers({ page: true, oauthCallback: true })['Cross-Origin-Opener-Policy']).to.equal('unsafe-none');
    const api = await send(`${suite.demo.origin}/api/demo/config`);
    expect(api.headers['cross-origin-opener-policy']).to.equal('same-origin');
  });

  it('names the IdP as the issuer of every OAuth method the lookup lists', () => {
    expect(toSignInMethod({ id: 'AuthMethod:1', type: 'OAUTH' }, 'https://idp.example')).to.deep.equal([
      { type: 'OAUTH', authMethodId: 'AuthMethod:1', issuer: 'https://idp.example' },
    ]);
  });
});
