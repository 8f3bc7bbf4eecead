/**
 * The sign-in lookup handler: strict input, the contract's shape for known and unknown identifiers (only
 * the contract's fields, destinations masked), the same minimum time for every answer, limits per IP and
 * per identifier, and no identifier in anything it says or reports. A fake clock: no timed test.
 */
import { expect } from 'chai';
import type { SignInAccount as CoreSignInAccount, SignInLookup } from '@paykit/crypto-core';
import { beforeEach, describe, it } from '@paykit/test-harness/suite';
import {
  createSignInGrants,
  createSignInLookup,
  normalizeEmail,
  type SignInAccount,
  type SignInLookupOptions,
} from '../src/index.js';

const ADA: SignInAccount = {
  accountId: 'InternalAccount:ada',
  methods: [
    { type: 'PASSKEY', authMethodId: 'AuthMethod:pk', webAuthnId: 'q1w2e3', nickname: 'Laptop' },
    { type: 'EMAIL_OTP', authMethodId: 'AuthMethod:em', destination: 'ada@example.com' },
    { type: 'SMS_OTP', authMethodId: 'AuthMethod:sms', destination: '+447912345678' },
    { type: 'OAUTH', authMethodId: 'AuthMethod:go', issuer: 'https://accounts.google.com' },
  ],
};

// the proxy's types and crypto-core's contract are the same shape (checked at compile time)
const _toCore: CoreSignInAccount = ADA;
const _fromCore = (a: CoreSignInAccount): SignInAccount => a;
void _toCore;
void _fromCore;

describe('createSignInLookup', () => {
  let clock: number;
  let slept: number[];
  let asked: unknown[];
  let reported: unknown[];
  let address: string;

  beforeEach(() => {
    clock = 1_000_000;
    slept = [];
    asked = [];
    reported = [];
    address = '203.0.113.7';
  });

  const lookup = (options: Partial<SignInLookupOptions> = {}) =>
    createSignInLookup({
      findUser: async (identifier) => {
        asked.push(identifier);
        clock += 'email' in identifier && identifier.email === 'ada@example.com' ? 40 : 5; // a known user is slower
        return 'email' in identifier && identifier.email === 'ada@example.com'
          ? ADA
          : 'phone' in identifier && identifier.phone === '+447912345678'
            ? ADA
            : undefined;
      },
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      clientAddress: () => address,
      onError: (error) => reported.push(error),
      ...options,
    });

  const post = (handler: (r: Request) => Promise<Response>, body: unknown, headers: Record<string, string> = {}) =>
    handler(
      new Request('https://platform.example/api/sign-in/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  it('answers a known email with the contract: account id and methods, destinations masked', async () => {
    const start = clock;
    const response = await post(lookup(), { email: '  Ada@Example.COM ' });
    expect(response.status).to.equal(200);
    expect(response.headers.get('Cache-Control')).to.equal('no-store');
    expect(await response.json()).to.deep.equal({
      accountId: 'InternalAccount:ada',
      methods: [
        { type: 'PASSKEY', authMethodId: 'AuthMethod:pk', webAuthnId: 'q1w2e3', nickname: 'Laptop' },
        { type: 'EMAIL_OTP', authMethodId: 'AuthMethod:em', destination: 'a•••@example.com' },
        { type: 'SMS_OTP', authMethodId: 'AuthMethod:sms', destination: '•••• 5678' },
        { type: 'OAUTH', authMethodId: 'AuthMethod:go', issuer: 'https://accounts.google.com' },
      ],
    });
    expect(asked).to.deep.equal([{ email: 'ada@example.com' }]); // compared in lower case
    expect(clock - start).to.equal(250);
  });

  it('answers an unknown identifier with the same shape, after the same time', async () => {
    const handler = lookup();
    const known = clock;
    await post(handler, { email: 'ada@example.com' });
    const knownTook = clock - known;
    const unknown = clock;
    const response = await post(handler, { email: 'nobody@example.com' });
    expect(clock - unknown).to.equal(knownTook);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ accountId: null, methods: [] });
    expect(slept).to.deep.equal([210, 245]); // padded up to 250 ms both times
  });

  it('looks up an E.164 phone number', async () => {
    const response = await post(lookup(), { phone: '+447912345678' });
    expect((await response.json()).accountId).to.equal('InternalAccount:ada');
    expect(asked).to.deep.equal([{ phone: '+447912345678' }]);
  });

  it('keeps only the contract fields of what findUser returns (a whole user row stays on the server)', async () => {
    const handler = lookup({
      findUser: async () =>
        ({
          accountId: 'InternalAccount:ada',
          passwordHash: 'x',
          email: 'ada@example.com',
          methods: [
            { type: 'SMS_OTP', authMethodId: 'AuthMethod:sms', destination: '+447912345678', phone: '+447912345678' },
            { type: 'TOTP', authMethodId: 'AuthMethod:t' },
            { type: 'EMAIL_OTP' },
          ],
        }) as unknown as SignInAccount,
    });
    const body = await (await post(handler, { email: 'ada@example.com' })).text();
    expect(JSON.parse(body)).to.deep.equal({
      accountId: 'InternalAccount:ada',
      methods: [{ type: 'SMS_OTP', authMethodId: 'AuthMethod:sms', destination: '•••• 5678' }],
    });
    expect(body).to.not.contain('7912345678').and.not.contain('passwordHash');
  });

  for (const [what, body, status] of [
    ['an email without a domain dot', { email: 'ada@example' }, 400],
    ['an email with two @', { email: 'a@b@example.com' }, 400],
    ['an email with a space', { email: 'ada lovelace@example.com' }, 400],
    ['a local part over 64 characters', { email: `${'a'.repeat(65)}@example.com` }, 400],
    ['an address over 254 characters', { email: `ada@${'a'.repeat(250)}.com` }, 400],
    ['a phone with spaces', { phone: '+44 7912 345678' }, 400],
    ['a phone without +', { phone: '447912345678' }, 400],
    ['a phone too long', { phone: '+4479123456789012' }, 400],
    ['both email and phone', { email: 'ada@example.com', phone: '+447912345678' }, 400],
    ['a number for email', { email: 42 }, 400],
    ['another key', { username: 'ada' }, 400],
    ['an array', [{ email: 'ada@example.com' }], 400],
    ['a duplicate key', '{"email":"ada@example.com","EMAIL":"bob@example.com"}', 400],
    ['not JSON', '{email:', 400],
    ['a body over 1 KiB', { email: `${'a'.repeat(2000)}@example.com` }, 413],
  ] as const) {
    it(`refuses ${what} (${status}), without asking findUser`, async () => {
      const response = await post(lookup(), body);
      expect(response.status).to.equal(status);
      const text = await response.text();
      expect(text).to.not.contain('ada@').and.not.contain('7912345678');
      expect(asked).to.have.length(0);
    });
  }

  it('refuses another content type (415) and another method (405)', async () => {
    expect((await post(lookup(), { email: 'ada@example.com' }, { 'Content-Type': 'text/plain' })).status).to.equal(415);
    const get = await lookup()(new Request('https://platform.example/api/sign-in/lookup'));
    expect(get.status).to.equal(405);
    expect(get.headers.get('Allow')).to.equal('POST');
  });

  it('limits lookups per identifier, however the address is spelled, with Retry-After', async () => {
    const handler = lookup({ perIdentifier: { max: 3, windowMs: 600_000 } });
    const start = clock;
    for (const spelling of ['ada@example.com', 'ADA@example.com', ' ada@EXAMPLE.com']) {
      address = `198.51.100.${spelling.length}`;
      expect((await post(handler, { email: spelling })).status).to.equal(200);
    }
    const limited = await post(handler, { email: 'Ada@Example.com' });
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('Retry-After'))).to.be.within(1, 600);
    expect((await limited.json()).code).to.equal('RATE_LIMITED');
    expect(asked).to.have.length(3);
    // another identifier is not limited; the window ends
    expect((await post(handler, { email: 'bob@example.com' })).status).to.equal(200);
    clock = start + 600_000;
    expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
  });

  it("does not let strangers lock a known user out: ten addresses asking for Ada's email leave Ada's own lookup alone", async () => {
    const handler = lookup();
    for (let i = 1; i <= 10; i++) {
      address = `198.51.100.${i}`;
      expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
    }
    address = '203.0.113.7'; // Ada
    expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
  });

  it('limits one client to 10 lookups of one identifier per 10 minutes (by default), not other clients', async () => {
    const handler = lookup();
    const start = clock;
    for (let i = 0; i < 10; i++) expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
    const limited = await post(handler, { email: 'ADA@example.com' });
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('Retry-After'))).to.be.within(1, 600);
    expect((await post(handler, { email: 'bob@example.com' })).status, 'another identifier').to.equal(200);
    address = '192.0.2.1';
    expect((await post(handler, { email: 'ada@example.com' })).status, 'another client').to.equal(200);
    address = '203.0.113.7';
    clock = start + 600_000;
    expect((await post(handler, { email: 'ada@example.com' })).status, 'the next window').to.equal(200);
  });

  it('keeps a ceiling of 200 lookups of one identifier per 10 minutes from all clients (by default)', async () => {
    const handler = lookup();
    for (let i = 0; i < 200; i++) {
      address = `198.51.${Math.floor(i / 10)}.1`; // 20 addresses, each at its own limit
      expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
    }
    address = '203.0.113.7';
    expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(429);
    expect((await post(handler, { email: 'bob@example.com' })).status).to.equal(200);
  });

  it("lets a browser that signed in to the account before past the identifier's limits, not past its client's", async () => {
    const grants = createSignInGrants({ secret: 'a-platform-secret-of-32-bytes-or-more!', now: () => clock });
    const handler = lookup({
      grants,
      perIdentifier: { max: 2, windowMs: 600_000 },
      perIp: { max: 4, windowMs: 60_000 },
    });
    for (const stranger of ['198.51.100.1', '198.51.100.2']) {
      address = stranger;
      expect((await post(handler, { email: 'ada@example.com' })).status).to.equal(200);
    }
    address = '203.0.113.7';
    expect((await post(handler, { email: 'ada@example.com' })).status, 'a new browser waits').to.equal(429);
    const remembered = (await grants.remember!('InternalAccount:ada', new Request('https://platform.example/'))).split(
      ';',
    )[0]!;
    const Cookie = `theme=dark; ${remembered}`;
    expect((await post(handler, { email: 'ada@example.com' }, { Cookie })).status, "Ada's browser").to.equal(200);
    const others = (await grants.remember!('InternalAccount:bob', new Request('https://platform.example/'))).split(
      ';',
    )[0]!;
    expect((await post(handler, { email: 'ada@example.com' }, { Cookie: others })).status, "Bob's browser").to.equal(
      429,
    );
    const [name, value] = remembered.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}AA`;
    expect((await post(handler, { email: 'ada@example.com' }, { Cookie: forged })).status, 'a forged one').to.equal(
      429,
    );
    // the client's own limit (4 a minute here) still holds for Ada's browser
    expect((await post(handler, { email: 'ada@example.com' }, { Cookie })).status, 'over the IP limit').to.equal(429);
  });

  it('limits lookups per client IP across identifiers', async () => {
    const handler = lookup({ perIp: { max: 2, windowMs: 60_000 } });
    expect((await post(handler, { email: 'a1@example.com' })).status).to.equal(200);
    expect((await post(handler, { email: 'a2@example.com' })).status).to.equal(200);
    expect((await post(handler, { email: 'a3@example.com' })).status).to.equal(429);
    address = '192.0.2.1';
    expect((await post(handler, { email: 'a3@example.com' })).status).to.equal(200);
  });

  it('answers 500 when findUser throws, tells onError the error only, and says nothing of the identifier', async () => {
    const failure = new Error('db down');
    const handler = lookup({
      findUser: async () => {
        throw failure;
      },
    });
    const start = clock;
    const response = await post(handler, { email: 'ada@example.com' });
    expect(response.status).to.equal(500);
    expect(await response.text()).to.not.contain('ada');
    expect(reported).to.deep.equal([failure]);
    expect(clock - start).to.equal(250);
  });

  it('refuses a method findUser still names with credentialId (now authMethodId): 500 and onError, not an account with no methods', async () => {
    const handler = lookup({
      findUser: async () =>
        ({
          accountId: 'InternalAccount:ada',
          methods: [{ type: 'EMAIL_OTP', credentialId: 'AuthMethod:em' }],
        }) as never,
    });
    const response = await post(handler, { email: 'ada@example.com' });
    expect(response.status).to.equal(500);
    expect(String(reported[0])).to.match(/credentialId, which is now authMethodId/);
  });

  it('the contract type is what a page calls (SignInLookup over fetch)', async () => {
    const handler = lookup();
    const client: SignInLookup = async (identifier) => {
      const answer = (await (await post(handler, identifier)).json()) as CoreSignInAccount | { accountId: null };
      return answer.accountId ? (answer as CoreSignInAccount) : undefined;
    };
    expect((await client({ email: 'ada@example.com' }))?.methods[0]).to.deep.include({ type: 'PASSKEY' });
    expect(await client({ email: 'nobody@example.com' })).to.equal(undefined);
  });

  it('normalizes emails: lower case, trimmed; rejects what is not an address', () => {
    expect(normalizeEmail(' Ada.Lovelace+pay@Example.CO.uk ')).to.equal('ada.lovelace+pay@example.co.uk');
    expect(normalizeEmail('.ada@example.com')).to.equal(undefined);
    expect(normalizeEmail('ada..l@example.com')).to.equal(undefined);
    expect(normalizeEmail('ada@-example.com')).to.equal(undefined);
  });
});
