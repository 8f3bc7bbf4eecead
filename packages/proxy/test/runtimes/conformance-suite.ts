/**
 * The conformance suite, written once and run against the same backend (conformance-app.ts) served by
 * each runtime: a stranger gets 401, a signed-in user 200 for their own customer and 403 for another's,
 * a cross-site call 403; the sign-in lookup finds the account and grants its credential, the grant opens
 * its challenge and verify (a real OTP sign-in against the sandbox) and nothing after it is used; and no
 * answer carries the platform credential.
 *
 * @example
 *   await checkConformance('http://127.0.0.1:8080', { alice, bob, trustedSigners, secrets, appOrigin });
 */
import { expect } from 'chai';
import { createSessionKey } from '@paykit/crypto-core/keys';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { LOOKUP_PATH, PROXY_PREFIX, type ConformanceUser } from './conformance-app.js';

export interface ConformanceFixture {
  /** Signed in as the cookie `session=alice`. */
  alice: ConformanceUser;
  bob: ConformanceUser;
  trustedSigners: string[];
  /** Strings no answer may contain: the platform credential in every form it is sent in. */
  secrets: string[];
  appOrigin: string;
}

interface Answer {
  status: number;
  text: string;
  body: any;
}

export async function checkConformance(base: string, fixture: ConformanceFixture): Promise<void> {
  const { alice, bob } = fixture;
  const jar = new Map<string, string>();
  const answers: Array<{ what: string; headers: string; text: string }> = [];
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(options.cookie !== undefined ? { Cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
      if (/Max-Age=0/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await res.text();
    answers.push({ what: `${method} ${path} ${res.status}`, headers: JSON.stringify([...res.headers]), text });
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };
  const jarCookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const customer = (id: string) => `${PROXY_PREFIX}/customers/${encodeURIComponent(id)}`;

  // who is asking, whose resource, which page
  const stranger = await call('GET', customer(alice.customerId));
  expect(stranger.status, stranger.text).to.equal(401);
  expect(stranger.body.code).to.equal('UNAUTHORIZED');
  const own = await call('GET', customer(alice.customerId), { cookie: 'session=alice' });
  expect(own.status, own.text).to.equal(200);
  expect(own.body.id).to.equal(alice.customerId);
  const others = await call('GET', customer(bob.customerId), { cookie: 'session=alice' });
  expect(others.status, others.text).to.equal(403);
  expect(others.body.code).to.equal('FORBIDDEN');
  const crossSite = await call('GET', customer(alice.customerId), {
    cookie: 'session=alice',
    headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
  });
  expect(crossSite.status, crossSite.text).to.equal(403);
  const fromApp = await call('GET', customer(alice.customerId), {
    cookie: 'session=alice',
    headers: { Origin: fixture.appOrigin, 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(fromApp.status, fromApp.text).to.equal(200);

  // the lookup, its grant, and a sign-in through it
  const challengePath = `${PROXY_PREFIX}/auth/credentials/${encodeURIComponent(alice.authMethodId)}/challenge`;
  const verifyPath = `${PROXY_PREFIX}/auth/credentials/${encodeURIComponent(alice.authMethodId)}/verify`;
  const ungranted = await call('POST', challengePath, { body: {} });
  expect(ungranted.status, 'a challenge without a grant').to.equal(401);
  const unknown = await call('POST', LOOKUP_PATH, { body: { email: 'nobody@example.com' } });
  expect(unknown.status, unknown.text).to.equal(200);
  expect(unknown.body).to.deep.equal({ accountId: null, methods: [] });
  const found = await call('POST', LOOKUP_PATH, { body: { email: alice.email } });
  expect(found.status, found.text).to.equal(200);
  expect(found.body.accountId).to.equal(alice.accountId);
  expect(found.body.methods.map((m: { authMethodId: string }) => m.authMethodId)).to.deep.equal([alice.authMethodId]);
  expect(jar.has('paykit_sign_in'), 'the lookup set the grant cookie').to.equal(true);
  const grant = jarCookie();
  const otherCredential = await call(
    'POST',
    `${PROXY_PREFIX}/auth/credentials/${encodeURIComponent(bob.authMethodId)}/challenge`,
    { body: {}, cookie: grant },
  );
  expect(otherCredential.status, 'the grant opens only its own credentials').to.equal(401);
  const challenge = await call('POST', challengePath, { body: {}, cookie: grant });
  expect(challenge.status, challenge.text).to.equal(200);
  const key = await createSessionKey({ store: memoryKeyStore() });
  const verifyBody = {
    type: 'EMAIL_OTP',
    encryptedOtpBundle: await encryptOtpCode({
      otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: key.publicKeyUncompressed,
      trustedSigners: fixture.trustedSigners,
    }),
  };
  const leg1 = await call('POST', verifyPath, { body: verifyBody, cookie: grant });
  expect(leg1.status, leg1.text).to.equal(202);
  const session = await call('POST', verifyPath, {
    body: verifyBody,
    cookie: grant,
    headers: {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    },
  });
  expect(session.status, session.text).to.equal(200);
  expect(session.body.id).to.match(/^Session:/);
  expect(jar.get('session'), "onSignIn started the backend's session").to.match(/^[\w-]{20,}$/);
  expect(jar.has('paykit_sign_in'), 'the used grant was cleared').to.equal(false);
  const signedIn = await call('GET', customer(alice.customerId), { cookie: `session=${jar.get('session')}` });
  expect(signedIn.status, signedIn.text).to.equal(200);
  const replayed = await call('POST', challengePath, { body: {}, cookie: grant });
  expect(replayed.status, 'a used grant opens nothing').to.equal(401);

  // nothing the platform holds leaves the backend
  for (const answer of answers)
    for (const secret of fixture.secrets)
      expect(answer.headers + answer.text, `${answer.what} carries the platform credential`).to.not.include(secret);
}
