/**
 * Sign-in grants: the lookup's signed cookie lets a person nobody has signed in yet ask the found account's
 * credentials for a challenge and verify it through the proxy, and nothing else; a granted verify that
 * issues a session calls the platform's `onSignIn`, whose `Set-Cookie` joins the answer, and clears the
 * grant. Forged, foreign, expired and misapplied grants are refused without reaching the service. A fake
 * clock: no timed test.
 */
import { expect } from 'chai';
import { beforeEach, describe, it } from '@paykit/test-harness/suite';
import {
  createSignInGrants,
  createSignInLookup,
  type GrantedSignIn,
  type SignInAccount,
  type SignInGrants,
} from '../src/index.js';
import { memoryStore } from '../src/memory-store.js';
import { bob, envelope, harness, PREFIX } from './support.js';

const SECRET = 'a-platform-secret-of-32-bytes-or-more!';
const GRANTED = 'AuthMethod:granted';
const OTHER = 'AuthMethod:other';
const ACCOUNT = 'InternalAccount:granted';

/** The cookie pair (`name=value`) of a `Set-Cookie` value. */
const pairOf = (setCookie: string): string => setCookie.split(';')[0]!;
const request = (url = 'https://platform.example/api/sign-in/lookup', cookie?: string) =>
  new Request(url, cookie ? { headers: { Cookie: cookie } } : {});

describe('createSignInGrants', () => {
  let clock: number;
  let grants: SignInGrants;
  beforeEach(() => {
    clock = 1_000_000;
    grants = createSignInGrants({ secret: SECRET, cookiePath: PREFIX, now: () => clock });
  });

  it('issues an HttpOnly, SameSite=Strict cookie for the proxy path that reads back as the grant, Secure over https only', async () => {
    const cookie = await grants.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request());
    expect(cookie).to.match(
      /^paykit_sign_in=v1\.[\w-]+\.[\w-]+; Path=\/api\/wallet; Max-Age=600; HttpOnly; SameSite=Strict; Secure$/,
    );
    const plain = await grants.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request('http://localhost/x'));
    expect(plain).to.not.contain('Secure');
    const grant = await grants.read(request(undefined, `theme=dark; ${pairOf(cookie)}`));
    expect(grant).to.deep.equal({
      accountId: ACCOUNT,
      credentialIds: [GRANTED],
      expiresAt: clock + 600_000,
      id: grant?.id,
    });
    expect(grant?.id).to.match(/^[\w-]{22}$/);
    expect(grants.clear(request())).to.equal(
      'paykit_sign_in=; Path=/api/wallet; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('reads nothing from a grant that expired, was changed, or was signed with another secret', async () => {
    const pair = pairOf(await grants.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request()));
    const [, body, mac] = pair.split('=')[1]!.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ accountId: bob.account, credentialIds: [bob.credential], expiresAt: clock + 600_000 }),
    ).toString('base64url');
    expect(await grants.read(request(undefined, `paykit_sign_in=v1.${forgedBody}.${mac}`))).to.equal(undefined);
    expect(await grants.read(request(undefined, `paykit_sign_in=v1.${body}.${mac}x`))).to.equal(undefined);
    expect(await grants.read(request(undefined, `paykit_sign_in=v2.${body}.${mac}`))).to.equal(undefined);
    const other = createSignInGrants({ secret: `${SECRET}-other`, now: () => clock });
    expect(await other.read(request(undefined, pair))).to.equal(undefined);
    clock += 600_000;
    expect(await grants.read(request(undefined, pair))).to.equal(undefined);
  });

  it('reads back grants of every length (each base64url tail) and refuses a cookie with a character outside base64url', async () => {
    for (let n = 1; n <= 6; n++) {
      const ids = [`${GRANTED}${'x'.repeat(n)}`, 'é€😀'.slice(0, n % 4)];
      const pair = pairOf(await grants.issue({ accountId: ACCOUNT, credentialIds: ids }, request()));
      expect((await grants.read(request(undefined, pair)))?.credentialIds, `length ${n}`).to.deep.equal(ids);
      const [, body, mac] = pair.split('=')[1]!.split('.');
      for (const bad of ['+', '/', '=', 'é'])
        expect(await grants.read(request(undefined, `paykit_sign_in=v1.${body}${bad}.${mac}`)), bad).to.equal(
          undefined,
        );
      expect(await grants.read(request(undefined, `paykit_sign_in=v1.${body}.${mac!.slice(0, -1)}`))).to.equal(
        undefined,
      );
    }
  });

  it('asks the used-grant store given to it, and keeps the in-memory one bounded', async () => {
    const asked: Array<[string, string, number?]> = [];
    const used = new Set<string>();
    const shared = createSignInGrants({
      secret: SECRET,
      now: () => clock,
      usedGrants: {
        isUsed: async (id) => (asked.push(['isUsed', id]), used.has(id)),
        use: async (id, expiresAt) => (asked.push(['use', id, expiresAt]), !used.has(id) && !!used.add(id)),
      },
    });
    const cookie = pairOf(await shared.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request()));
    const grant = (await shared.read(request(undefined, cookie)))!;
    expect(await shared.use!(grant)).to.equal(true);
    expect(await shared.use!(grant)).to.equal(false);
    expect(await shared.read(request(undefined, cookie))).to.equal(undefined);
    expect(asked.map(([what]) => what)).to.deep.equal(['isUsed', 'use', 'use', 'isUsed']);
    expect(asked[1]).to.deep.equal(['use', grant.id, clock + 600_000]);

    const store = memoryStore({ now: () => clock, capacity: 3 });
    for (const id of ['a', 'b', 'c']) expect(await store.mark(id, 1000)).to.equal(true);
    expect(await store.mark('a', 1000)).to.equal(false);
    expect(await store.mark('d', 1000), 'full: the oldest makes room').to.equal(true);
    expect(await store.isMarked('a')).to.equal(false);
    expect(await store.isMarked('b')).to.equal(true);
    clock += 1000; // all expired: the grants themselves are refused now, the ids forgotten
    expect(await store.isMarked('d')).to.equal(false);
    expect(await store.mark('d', 1000)).to.equal(true);
  });

  it('checks the HMAC of a cookie value once while it is read again, and still refuses it used, expired or changed', async () => {
    const nodeCrypto = process.getBuiltinModule('node:crypto');
    const createHmac = nodeCrypto.createHmac;
    let macs = 0;
    nodeCrypto.createHmac = ((...args: Parameters<typeof createHmac>) => (
      macs++,
      createHmac(...args)
    )) as typeof createHmac;
    try {
      const cached = createSignInGrants({ secret: SECRET, now: () => clock });
      const pair = pairOf(await cached.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request()));
      const [, body, mac] = pair.split('=')[1]!.split('.');
      macs = 0;
      const first = (await cached.read(request(undefined, pair)))!;
      expect(macs, 'the first read checks the signature').to.equal(1);
      first.credentialIds.push(OTHER); // the caller's copy: the next read is not changed by it
      const again = await cached.read(request(undefined, `theme=dark; ${pair}`));
      expect(macs, 'the same cookie value again: no second HMAC').to.equal(1);
      expect(again).to.deep.equal({ ...first, credentialIds: [GRANTED] });
      expect(await cached.read(request(undefined, `paykit_sign_in=v1.${body}.${mac}A`))).to.equal(undefined);
      expect(macs, 'a changed value is checked, not found').to.equal(2);

      expect(await cached.use!(again!)).to.equal(true);
      expect(await cached.read(request(undefined, pair)), 'used: refused though its signature is known').to.equal(
        undefined,
      );

      const other = pairOf(await cached.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request()));
      expect(await cached.read(request(undefined, other))).to.not.equal(undefined);
      clock += 600_000;
      expect(await cached.read(request(undefined, other)), 'expired: refused though its signature is known').to.equal(
        undefined,
      );

      // bounded: 1,024 values are kept, the least recently read leaves first
      clock = 1_000_000;
      const pairs: string[] = [];
      for (let i = 0; i <= 1024; i++)
        pairs.push(pairOf(await cached.issue({ accountId: ACCOUNT, credentialIds: [`${GRANTED}${i}`] }, request())));
      for (const p of pairs) await cached.read(request(undefined, p));
      macs = 0;
      expect((await cached.read(request(undefined, pairs[1024]!)))?.credentialIds).to.deep.equal([`${GRANTED}1024`]);
      expect(macs, 'the latest is kept').to.equal(0);
      expect((await cached.read(request(undefined, pairs[0]!)))?.credentialIds).to.deep.equal([`${GRANTED}0`]);
      expect(macs, 'the oldest left, and is checked again').to.equal(1);
    } finally {
      nodeCrypto.createHmac = createHmac;
    }
  });

  it('refuses a short secret and a malformed cookie name or path', () => {
    expect(() => createSignInGrants({ secret: 'short' })).to.throw(TypeError, /32 bytes/);
    expect(() => createSignInGrants({ secret: SECRET, cookieName: 'a b' })).to.throw(TypeError, /cookieName/);
    expect(() => createSignInGrants({ secret: SECRET, cookiePath: 'api' })).to.throw(TypeError, /cookiePath/);
    expect(() => createSignInGrants({ secret: SECRET, deviceCookiePath: 'api' })).to.throw(
      TypeError,
      /deviceCookiePath/,
    );
    expect(() => createSignInGrants({ secret: SECRET, deviceTtlMs: 0 })).to.throw(TypeError, /deviceTtlMs/);
  });
});

describe('the sign-in lookup with grants', () => {
  const account: SignInAccount = {
    accountId: ACCOUNT,
    methods: [
      { type: 'EMAIL_OTP', authMethodId: GRANTED, destination: 'ada@example.com' },
      { type: 'PASSKEY', authMethodId: 'AuthMethod:pk' },
    ],
  };
  const grants = createSignInGrants({ secret: SECRET });
  const lookup = createSignInLookup({
    findUser: async (identifier) => ('email' in identifier && identifier.email === 'ada@example.com' ? account : null),
    grants,
    minimumResponseMs: 0,
  });
  const ask = (email: string) =>
    lookup(
      new Request('https://platform.example/api/sign-in/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      }),
    );

  it("grants a found account's credentials, and clears the grant for an identifier nobody has", async () => {
    const found = await ask('ada@example.com');
    expect(found.status).to.equal(200);
    const grant = await grants.read(request(undefined, pairOf(found.headers.get('Set-Cookie')!)));
    expect(grant?.accountId).to.equal(ACCOUNT);
    expect(grant?.credentialIds).to.deep.equal([GRANTED, 'AuthMethod:pk']);
    const unknown = await ask('nobody@example.com');
    expect(await unknown.json()).to.deep.equal({ accountId: null, methods: [] });
    expect(unknown.headers.get('Set-Cookie')).to.match(/^paykit_sign_in=; .*Max-Age=0/);
  });

  it('sets no cookie without grants', async () => {
    const plain = createSignInLookup({ findUser: async () => account, minimumResponseMs: 0 });
    const answer = await plain(
      new Request('https://platform.example/api/sign-in/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"email":"ada@example.com"}',
      }),
    );
    expect(answer.headers.get('Set-Cookie')).to.equal(null);
  });
});

describe('the proxy with sign-in grants', () => {
  let signIns: GrantedSignIn[];
  let errors: Array<[unknown, string]>;
  let grants: SignInGrants;
  let session: Record<string, unknown>;
  beforeEach(() => {
    signIns = [];
    errors = [];
    grants = createSignInGrants({ secret: SECRET, cookiePath: PREFIX });
    session = { id: 'Session:new', accountId: ACCOUNT, type: 'EMAIL_OTP', expiresAt: '2026-11-26T13:00:00Z' };
  });

  const proxy = (onSignIn?: (signIn: GrantedSignIn) => HeadersInit | void) =>
    harness({
      signIn: {
        grants,
        onSignIn: (signIn) => {
          signIns.push(signIn);
          if (onSignIn) return onSignIn(signIn);
          return [['Set-Cookie', 'session=granted; Path=/; HttpOnly']];
        },
      },
      onError: (error, stage) => errors.push([error, stage]),
      answer: (req) =>
        new URL(req.url).pathname.endsWith('/verify')
          ? Response.json(req.headers.has('Request-Id') ? session : { payloadToSign: 'p', requestId: 'r' }, {
              status: req.headers.has('Request-Id') ? 200 : 202,
            })
          : Response.json({ ok: true }),
    });
  const grantCookie = async (credentialIds = [GRANTED]) =>
    pairOf(await grants.issue({ accountId: ACCOUNT, credentialIds }, request()));

  it('lets a person nobody has signed in ask the granted credential for a challenge, and only that', async () => {
    const { send, service } = proxy();
    const Cookie = await grantCookie();
    const challenge = await send('POST', `${PREFIX}/auth/credentials/${GRANTED}/challenge`, {
      as: null,
      body: '{}',
      headers: { Cookie },
    });
    expect(challenge.status).to.equal(200);
    expect(service.calls).to.have.length(1);
    expect(service.calls[0]!.headers.get('Cookie'), 'the grant stays with the platform').to.equal(null);

    const refused = [
      ['POST', `/auth/credentials/${OTHER}/challenge`, '{}'],
      ['DELETE', `/auth/credentials/${GRANTED}`, undefined],
      ['GET', `/auth/credentials?accountId=${ACCOUNT}`, undefined],
      ['POST', '/auth/credentials', JSON.stringify({ accountId: ACCOUNT, type: 'PASSKEY' })],
    ] as const;
    for (const [method, path, body] of refused) {
      const answer = await send(method, `${PREFIX}${path}`, {
        as: null,
        headers: { Cookie },
        ...(body ? { body } : {}),
      });
      expect(answer.status, `${method} ${path}`).to.equal(401);
    }
    expect(service.calls, 'nothing refused reached the service').to.have.length(1);
  });

  it('refuses a forged or foreign grant, and keeps the platform user’s own rules beside a grant', async () => {
    const { send, service } = proxy();
    const foreign = createSignInGrants({ secret: `${SECRET}-other` });
    const Cookie = pairOf(await foreign.issue({ accountId: ACCOUNT, credentialIds: [GRANTED] }, request()));
    const forged = await send('POST', `${PREFIX}/auth/credentials/${GRANTED}/challenge`, {
      as: null,
      body: '{}',
      headers: { Cookie },
    });
    expect(forged.status).to.equal(401);
    expect(await envelope(forged)).to.include({ code: 'UNAUTHORIZED' });

    // alice is signed in to the platform and holds a grant for another account's credential: both apply
    const both = `session=alice; ${await grantCookie()}`;
    const granted = await send('POST', `${PREFIX}/auth/credentials/${GRANTED}/challenge`, {
      as: null,
      body: '{}',
      headers: { Cookie: both },
    });
    expect(granted.status).to.equal(200);
    const bobs = await send('POST', `${PREFIX}/auth/credentials/${encodeURIComponent(bob.credential)}/challenge`, {
      as: null,
      body: '{}',
      headers: { Cookie: both },
    });
    expect(bobs.status).to.equal(403);
    expect(service.calls).to.have.length(1);
  });

  it("starts the platform's session once a granted verify issues a wallet session, and clears the grant", async () => {
    const { send } = proxy();
    const Cookie = await grantCookie();
    const path = `${PREFIX}/auth/credentials/${GRANTED}/verify`;
    const body = '{"type":"EMAIL_OTP","encryptedOtpBundle":"x"}';
    const first = await send('POST', path, { as: null, body, headers: { Cookie } });
    expect(first.status).to.equal(202);
    expect(signIns, 'not on the 202 of the signed retry').to.deep.equal([]);
    expect(first.headers.getSetCookie()).to.deep.equal([]);

    const second = await send('POST', path, { as: null, body, headers: { Cookie, 'Request-Id': 'r' } });
    expect(second.status).to.equal(200);
    expect(await second.json()).to.deep.equal(session);
    expect(second.headers.get('Cache-Control')).to.equal('no-store');
    expect(signIns).to.deep.equal([
      { accountId: ACCOUNT, credentialId: GRANTED, session: { id: 'Session:new', expiresAt: session['expiresAt'] } },
    ]);
    const cookies = second.headers.getSetCookie();
    expect(cookies).to.have.length(3);
    expect(cookies[0]).to.match(/^paykit_sign_in=; Path=\/api\/wallet; Max-Age=0/);
    expect(cookies[1]).to.match(/^paykit_sign_in_device=/);
    expect(cookies[2]).to.equal('session=granted; Path=/; HttpOnly');
    expect(errors).to.deep.equal([]);
  });

  it('remembers the browser a granted sign-in completed in: a long-lived signed device cookie the lookup honours', async () => {
    const { send } = proxy();
    const Cookie = await grantCookie();
    const path = `${PREFIX}/auth/credentials/${GRANTED}/verify`;
    const answer = await send('POST', path, { as: null, body: '{}', headers: { Cookie, 'Request-Id': 'r' } });
    const device = answer.headers.getSetCookie().find((c) => c.startsWith('paykit_sign_in_device='));
    expect(device).to.match(
      /^paykit_sign_in_device=d1\.[\w-]+\.[\w-]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(await grants.recognize!(request(undefined, pairOf(device!)))).to.equal(ACCOUNT);

    // strangers used up the identifier's lookups; this browser still gets through
    const lookup = createSignInLookup({
      grants,
      findUser: async () => ({ accountId: ACCOUNT, methods: [{ type: 'EMAIL_OTP', authMethodId: GRANTED }] }),
      perIdentifier: { max: 1, windowMs: 600_000 },
      minimumResponseMs: 0,
    });
    const ask = (cookie?: string) =>
      lookup(
        new Request('https://platform.example/api/sign-in/lookup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
          body: '{"email":"ada@example.com"}',
        }),
      );
    expect((await ask()).status).to.equal(200);
    expect((await ask()).status).to.equal(429);
    expect((await ask(pairOf(device!))).status).to.equal(200);

    // a grant is no device cookie, and a device cookie no grant
    const asDevice = Cookie.replace('paykit_sign_in=', 'paykit_sign_in_device=');
    expect(await grants.recognize!(request(undefined, asDevice))).to.equal(undefined);
    const asGrant = pairOf(device!).replace('paykit_sign_in_device=', 'paykit_sign_in=');
    expect(await grants.read(request(undefined, asGrant))).to.equal(undefined);
  });

  it('refuses a grant, a copy of its cookie included, for further challenge and verify once a granted verify succeeded', async () => {
    const { send, service } = proxy();
    const Cookie = await grantCookie();
    const challenge = `${PREFIX}/auth/credentials/${GRANTED}/challenge`;
    const verify = `${PREFIX}/auth/credentials/${GRANTED}/verify`;
    expect((await send('POST', challenge, { as: null, body: '{}', headers: { Cookie } })).status).to.equal(200);
    const signedIn = await send('POST', verify, { as: null, body: '{}', headers: { Cookie, 'Request-Id': 'r' } });
    expect(signedIn.status).to.equal(200);
    const calls = service.calls.length;
    for (const path of [challenge, verify]) {
      const again = await send('POST', path, { as: null, body: '{}', headers: { Cookie, 'Request-Id': 'r' } });
      expect(again.status, path).to.equal(401);
    }
    expect(service.calls, 'the replays reached nothing').to.have.length(calls);
    expect(signIns).to.have.length(1);
    // the next lookup's grant works
    const next = await grantCookie();
    expect((await send('POST', challenge, { as: null, body: '{}', headers: { Cookie: next } })).status).to.equal(200);
  });

  it('starts one platform session for two verifies racing with one grant', async () => {
    let arrived = 0;
    let bothArrived!: () => void;
    const gate = new Promise<void>((resolve) => (bothArrived = resolve));
    const { send } = harness({
      signIn: { grants, onSignIn: (signIn) => (signIns.push(signIn), [['Set-Cookie', 'session=granted; Path=/']]) },
      onError: (error, stage) => errors.push([error, stage]),
      answer: async () => {
        if (++arrived === 2) bothArrived();
        await gate;
        return Response.json(session);
      },
    });
    const Cookie = await grantCookie();
    const verify = () =>
      send('POST', `${PREFIX}/auth/credentials/${GRANTED}/verify`, {
        as: null,
        body: '{}',
        headers: { Cookie, 'Request-Id': 'r' },
      });
    const answers = await Promise.all([verify(), verify()]);
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200]); // both reached the service before either came back
    expect(signIns).to.have.length(1);
    expect(answers.flatMap((a) => a.headers.getSetCookie()).filter((c) => c.startsWith('session='))).to.have.length(1);
    expect(errors.map(([, stage]) => stage)).to.deep.equal(['onSignIn']);
  });

  it('reports, and starts no platform session for, a session of another account or a failing onSignIn', async () => {
    session['accountId'] = 'InternalAccount:someone-else';
    const { send } = proxy();
    const Cookie = await grantCookie();
    const path = `${PREFIX}/auth/credentials/${GRANTED}/verify`;
    const mismatch = await send('POST', path, { as: null, body: '{}', headers: { Cookie, 'Request-Id': 'r' } });
    expect(mismatch.status).to.equal(200);
    expect(signIns).to.deep.equal([]);
    expect(mismatch.headers.getSetCookie().some((c) => c.startsWith('session='))).to.equal(false);
    expect(mismatch.headers.getSetCookie().some((c) => c.startsWith('paykit_sign_in_device='))).to.equal(false);
    expect(errors.map(([, stage]) => stage)).to.deep.equal(['onSignIn']);

    session['accountId'] = ACCOUNT;
    const failing = proxy(() => {
      throw new Error('the platform session store is down');
    });
    const answer = await failing.send('POST', path, {
      as: null,
      body: '{}',
      headers: { Cookie: await grantCookie(), 'Request-Id': 'r' }, // the first grant was used up by its 200
    });
    expect(answer.status, 'the wallet session is still the person’s').to.equal(200);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith('session='))).to.equal(false);
    expect(errors.map(([, stage]) => stage)).to.deep.equal(['onSignIn', 'onSignIn']);
  });

  it("answers the sandbox's enclave keys (public, pinned before sign-in) to anyone, and nothing else without a user", async () => {
    const { send, service } = harness({ allowSandboxPaths: true });
    expect((await send('GET', `${PREFIX}/sandbox/enclave-keys`, { as: null })).status).to.equal(200);
    expect(
      (await send('POST', `${PREFIX}/sandbox/internal-accounts/${bob.account}/fund`, { as: null, body: '{}' })).status,
    ).to.equal(401);
    expect(service.calls).to.have.length(1);
    const production = harness();
    expect((await production.send('GET', `${PREFIX}/sandbox/enclave-keys`, { as: null })).status).to.equal(401);
  });

  it('without signIn a grant opens nothing', async () => {
    const { send, service } = harness();
    const answer = await send('POST', `${PREFIX}/auth/credentials/${GRANTED}/challenge`, {
      as: null,
      body: '{}',
      headers: { Cookie: await grantCookie() },
    });
    expect(answer.status).to.equal(401);
    expect(service.calls).to.have.length(0);
  });
});
