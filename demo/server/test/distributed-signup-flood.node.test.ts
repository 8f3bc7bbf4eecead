/**
 * A sign-up flood from many addresses, against the demo API with a fake service (no sandbox: thousands of
 * sign-ups in well under a second): a full store refuses new sign-ups (503 DEMO_FULL) instead of evicting
 * visitors in use, an IPv6 /64 is one source, and all sources together are rate-limited.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { createDemoApi } from '../demo-api.js';
import { DEFAULT_LIMITS, SOURCE_HEADER, type DemoLimits } from '../limits.js';
import type { PlatformClient } from '../platform.js';
import { DemoSessions } from '../sessions.js';

const ORIGIN = 'http://localhost:5173';

/** Answers the calls a sign-up makes, each customer with its own wallet and email credential. */
function fakePlatform(): PlatformClient & { customers: number } {
  const platform = {
    customers: 0,
    async call<T>(method: string, path: string): Promise<T> {
      const n = platform.customers;
      if (method === 'POST' && path === '/customers') return { id: `Customer:${++platform.customers}` } as T;
      if (path.startsWith('/customers/internal-accounts'))
        return { data: [{ id: `InternalAccount:${n}`, type: 'EMBEDDED_WALLET' }] } as T;
      if (path.startsWith('/auth/credentials')) return { data: [{ id: `AuthMethod:${n}`, type: 'EMAIL_OTP' }] } as T;
      return {} as T;
    },
    find: () => Promise.resolve(undefined),
  };
  return platform;
}

function demoApi(limits: Partial<DemoLimits>) {
  const platform = fakePlatform();
  const sessions = new DemoSessions({ limits });
  const api = createDemoApi({
    platform,
    sessions,
    origin: ORIGIN,
    panOrigin: 'http://localhost:1',
    signers: [],
    rpId: 'localhost',
    otpCode: '000000',
    scaCode: '000000',
    cspReports: [],
    oauth: { issuer: 'x', authorizationEndpoint: 'http://localhost:2/authorize', clientId: 'x', redirectUri: 'x' },
    log: () => undefined,
    limits,
  });
  const signUp = (from: string, n: number) =>
    api(
      new Request(`${ORIGIN}/api/demo/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, [SOURCE_HEADER]: from },
        body: JSON.stringify({ email: `v${n}@example.com`, region: 'US' }),
      }),
    );
  const me = (cookie: string) => api(new Request(`${ORIGIN}/api/demo/me`, { headers: { Cookie: cookie } }));
  return { platform, sessions, signUp, me };
}

const cookieOf = (response: Response): string => response.headers.get('set-cookie')!.split(';')[0]!;

describe('demo server: a sign-up flood from many addresses', () => {
  it('one sign-up from each of 1,000 addresses into a full store is refused (503 DEMO_FULL); every visitor stays signed in', async () => {
    const { sessions, signUp, me, platform } = demoApi({ maxSessions: 50, globalSignupBurst: 10_000 });
    const visitors: string[] = [];
    for (let n = 0; n < 50; n++) visitors.push(cookieOf(await signUp(`192.0.2.${n}`, n)));
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, n) => signUp(`198.51.${n >> 8}.${n & 255}`, 1_000 + n)),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(Array(1_000).fill(503));
    const body = (await answers[0]!.json()) as { code: string; message: string };
    expect(body.code).to.equal('DEMO_FULL');
    expect(body.message).to.match(/full/);
    expect(answers[0]!.headers.get('retry-after')).to.equal('60');
    expect(platform.customers, 'refused before the service is asked').to.equal(50);
    expect(sessions.size).to.equal(50);
    for (const cookie of visitors) expect((await me(cookie)).status).to.equal(200);
  });

  it('counts an IPv6 /64 as one source: 100 addresses of one /64 get one burst', async () => {
    const { signUp } = demoApi({ globalSignupBurst: 10_000 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => signUp(`2001:db8:1:2::${n + 1}`, n)));
    expect(answers.filter((a) => a.status === 201)).to.have.length(DEFAULT_LIMITS.signupBurst);
    expect(answers.filter((a) => a.status === 429)).to.have.length(100 - DEFAULT_LIMITS.signupBurst);
    // another /64 has its own
    expect((await signUp('2001:db8:1:3::1', 999)).status).to.equal(201);
  });

  it('rate-limits sign-ups from all addresses together', async () => {
    const { signUp, platform } = demoApi({ globalSignupBurst: 100, globalSignupsPerMinute: 60 });
    const answers = await Promise.all(Array.from({ length: 300 }, (_, n) => signUp(`198.51.${n >> 8}.${n & 255}`, n)));
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).to.be.at.least(100);
    expect(created).to.be.at.most(102); // plus what refills while the burst runs
    const limited = answers.find((a) => a.status === 429)!;
    expect(((await limited.json()) as { code: string }).code).to.equal('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).to.be.at.least(1);
    expect(platform.customers).to.equal(created);
  });
});
