/**
 * The demo session's token: every wallet sign-in starts a new session (a new random token; the one the
 * visitor had, and any other the browser held, stop working), and sign-out ends the session on the server,
 * so a copy of the cookie taken before is dead. The sign-in runs the wallet proxy against a fake service;
 * sign-out runs through HTTP against the whole demo.
 */
import { expect } from 'chai';
import { createSignInGrants } from '@paykit/proxy';
import { describe, it } from '@paykit/test-harness/suite';
import type { PlatformClient } from '../platform.js';
import { COOKIE_NAME, DemoSessions, type DemoProfile } from '../sessions.js';
import { createWalletProxy, WALLET_PREFIX } from '../wallet-proxy.js';
import { demoPerSuite, isVisitor, send, signUp } from './support.js';

const ORIGIN = 'http://localhost:5173';
const profile = (n: number): DemoProfile => ({
  customerId: `Customer:${n}`,
  accountId: `InternalAccount:${n}`,
  email: `v${n}@example.com`,
  fullName: '',
  region: 'US',
  currency: 'USD',
  otpCredentialId: `AuthMethod:${n}`,
});
const unused: PlatformClient = {
  call: () => Promise.reject(new Error('not in this test')),
  find: () => Promise.reject(new Error('not in this test')),
};

describe('demo sessions: a sign-in starts a new session, a sign-out ends it', () => {
  it('a granted wallet sign-in sets a new token; the visitor’s old one and the browser’s other one stop working', async () => {
    const sessions = new DemoSessions();
    const visitor = sessions.create(profile(1), 'a');
    const other = sessions.create(profile(2), 'b');
    const [oldToken, otherToken] = [visitor.id, other.id];
    const grants = createSignInGrants({ secret: 'a-test-secret-of-32-bytes-or-more!!', cookiePath: WALLET_PREFIX });
    const wallet = createWalletProxy({
      origin: ORIGIN,
      serviceUrl: 'https://service.invalid/2025-10-13',
      tokenId: 'token',
      clientSecret: 'secret',
      sessions,
      platform: unused,
      grants,
      fetch: async () =>
        Response.json({ id: 'Session:new', accountId: visitor.accountId, expiresAt: '2030-01-01T00:00:00Z' }),
    });
    const grant = (
      await grants.issue(
        { accountId: visitor.accountId, credentialIds: [visitor.otpCredentialId] },
        new Request(ORIGIN),
      )
    ).split(';')[0]!;
    // this browser holds the other visitor's cookie and signs in as `visitor`
    const answer = await wallet(
      new Request(`${ORIGIN}${WALLET_PREFIX}/auth/credentials/${visitor.otpCredentialId}/verify`, {
        method: 'POST',
        headers: {
          Origin: ORIGIN,
          'Content-Type': 'application/json',
          Cookie: `${grant}; ${COOKIE_NAME}=${otherToken}`,
        },
        body: '{"type":"EMAIL_OTP","encryptedOtpBundle":"x"}',
      }),
    );
    expect(answer.status).to.equal(200);
    const set = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${COOKIE_NAME}=`));
    const newToken = /^paykit_demo=([^;]+);/.exec(set ?? '')?.[1];
    expect(newToken, 'a demo session cookie is set').to.be.a('string');
    expect(newToken).to.not.equal(oldToken);
    expect(sessions.get(newToken)).to.equal(visitor);
    expect(sessions.get(oldToken), 'the token the visitor had').to.equal(undefined);
    expect(sessions.get(otherToken), 'the other token this browser held').to.equal(undefined);
    expect(sessions.size, 'both visitors stay').to.equal(2);
  });

  describe('through HTTP', () => {
    const suite = demoPerSuite();

    it('after sign-out the token is dead, even replayed: /me knows nobody, the wallet proxy refuses it', async () => {
      const visitor = await signUp(suite.demo, '127.0.0.7');
      if (!isVisitor(visitor)) throw new Error(`sign-up failed: ${visitor.status} ${visitor.body}`);
      const me = () => send(`${suite.demo.origin}/api/demo/me`, { headers: { Cookie: visitor.cookie } });
      expect((await me()).status).to.equal(200);
      const out = await send(`${suite.demo.origin}/api/demo/signout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: suite.demo.origin, Cookie: visitor.cookie },
        body: '{}',
      });
      expect(out.status).to.equal(204);
      expect(String(out.headers['set-cookie'])).to.match(/^paykit_demo=; .*Max-Age=0/);
      expect((await me()).status, 'the replayed cookie names no session').to.equal(204);
      const wallet = await send(
        `${suite.demo.origin}/api/wallet/auth/sessions?accountId=${encodeURIComponent(visitor.accountId)}`,
        { headers: { Cookie: visitor.cookie, Origin: suite.demo.origin } },
      );
      expect(wallet.status).to.equal(401);
      expect(suite.demo.sessions.findByAccount(visitor.accountId), 'the visitor stays, to sign in again').to.not.equal(
        undefined,
      );
    });
  });
});
