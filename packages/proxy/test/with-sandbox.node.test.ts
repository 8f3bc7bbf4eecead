/**
 * The proxy in front of the real service double (`@paykit/sandbox`, as a Web handler: no network), so
 * the things the fake service cannot judge are judged by a real verifier: a signed retry only completes
 * when the proxy forwarded the body bytes and both wallet headers untouched; a real 429 brings its
 * Retry-After back; the platform credential is the one the service accepts; refusals never reach it.
 */
import { expect } from 'chai';
import { createSessionKey, type SessionKey } from '@paykit/crypto-core/keys';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import { encryptOtpCode } from '@paykit/crypto-core/otp';
import { createSandbox, type Sandbox } from '@paykit/sandbox';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { ContractRecorder, withContract } from '../../sandbox/test/contract/contract-fetch.js';
import {
  ALLOWLIST,
  createPlatformProxy,
  createSignInGrants,
  createSignInLookup,
  endUserFromIds,
  type PlatformProxyOptions,
} from '../src/index.js';
import {
  SANDBOX_SERVICE_URL as SERVICE_URL,
  SANDBOX_PLATFORM_AUTHORIZATION as PLATFORM,
  platformCalls,
} from './support.js';

interface Wallet {
  customer: string;
  account: string;
  credential: string;
}

describe('the proxy in front of the sandbox (real verifier)', () => {
  let sandbox: Sandbox;
  const contract = new ContractRecorder();
  after(() => contract.assertClean());
  let alice: Wallet;
  let bob: Wallet;
  let forwarded = 0;

  const platform = platformCalls(() => sandbox);

  async function newWallet(name: string): Promise<Wallet> {
    const customer = await platform('POST', '/customers', {
      platformCustomerId: `${name}-${crypto.randomUUID()}`,
      customerType: 'INDIVIDUAL',
      email: `${name}@example.com`,
    });
    const account = (
      await platform('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`)
    ).data[0];
    const credential = (await platform('GET', `/auth/credentials?accountId=${encodeURIComponent(account.id)}`)).data[0];
    return { customer: customer.id, account: account.id, credential: credential.id };
  }

  /** A proxy for alice (cookie `session=alice`), forwarding to the sandbox. */
  function proxyFor(options: Partial<PlatformProxyOptions> = {}) {
    const handler = createPlatformProxy({
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      pathPrefix: '/api/wallet',
      fetch: (request) => {
        forwarded++;
        return sandbox.fetch(request);
      },
      resolveEndUser: (request) =>
        request.headers.get('Cookie') === 'session=alice'
          ? endUserFromIds({
              customerIds: [alice.customer],
              accountIds: [alice.account],
              credentialIds: [alice.credential],
            })
          : null,
      ...options,
    });
    return async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
      const res = await handler(
        new Request(`https://platform.example/api/wallet${path}`, {
          method,
          headers: {
            Cookie: 'session=alice',
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body } : {}),
        }),
      );
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
    };
  }

  before(async () => {
    sandbox = createSandbox({ onInternalError: () => {}, cardActivationMs: 10 });
    sandbox.fetch = withContract(sandbox.fetch, contract); // every answer is judged against the service's OpenAPI
    alice = await newWallet('alice');
    bob = await newWallet('bob');
  });

  it('runs an OTP login and a signed privacy update through the proxy: body bytes and wallet headers reach the verifier untouched', async () => {
    const send = proxyFor();
    const credentials = await send('GET', `/auth/credentials?accountId=${encodeURIComponent(alice.account)}`);
    expect(credentials.status).to.equal(200);
    expect(credentials.body.data.map((c: { id: string }) => c.id)).to.deep.equal([alice.credential]);

    const challenge = await send('POST', `/auth/credentials/${alice.credential}/challenge`, '{}');
    expect(challenge.status, challenge.text).to.equal(200);
    const key: SessionKey = await createSessionKey({ store: memoryKeyStore() });
    const encryptedOtpBundle = await encryptOtpCode({
      otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
      otpCode: '000000',
      publicKey: key.publicKeyUncompressed,
      trustedSigners: sandbox.enclaveSigners,
    });
    // Unusual spacing and key order: any re-serialisation by the proxy would be a body mismatch.
    const verifyBody = `{ "encryptedOtpBundle" : ${JSON.stringify(encryptedOtpBundle)},\n  "type":"EMAIL_OTP" }`;
    const leg1 = await send('POST', `/auth/credentials/${alice.credential}/verify`, verifyBody);
    expect(leg1.status, leg1.text).to.equal(202);
    const leg2 = await send('POST', `/auth/credentials/${alice.credential}/verify`, verifyBody, {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    });
    expect(leg2.status, leg2.text).to.equal(200);
    expect(leg2.body.id).to.match(/^Session:/);
    expect(leg2.headers.get('cache-control')).to.equal('no-store');

    const privacy = '{"privateEnabled":true}';
    const first = await send('PATCH', `/internal-accounts/${alice.account}`, privacy);
    expect(first.status).to.equal(202);
    const changed = await send('PATCH', `/internal-accounts/${alice.account}`, privacy, {
      'Service-Wallet-Signature': await key.stamp(first.body.payloadToSign),
      'Request-Id': first.body.requestId,
    });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.privateEnabled).to.equal(true);
  });

  it("brings the service's 429 RATE_LIMITED back with Retry-After", async () => {
    const send = proxyFor();
    let limited: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 5 && !limited; i++) {
      const res = await send('POST', `/auth/credentials/${alice.credential}/challenge`, '{}');
      if (res.status === 429) limited = res;
      else expect(res.status).to.equal(200);
    }
    expect(limited, 'a 429 within five challenges').to.not.equal(undefined);
    expect(limited!.body).to.include({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(limited!.headers.get('retry-after'))).to.be.within(1, 30);
  });

  it("refuses another user's resources and non-allowlisted calls without calling the service", async () => {
    const send = proxyFor();
    const before = forwarded;
    const foreign = await send('GET', `/auth/credentials?accountId=${encodeURIComponent(bob.account)}`);
    expect(foreign.status).to.equal(403);
    expect(foreign.body.code).to.equal('FORBIDDEN');
    expect((await send('POST', `/auth/credentials/${bob.credential}/challenge`, '{}')).status).to.equal(403);
    expect((await send('GET', '/customers')).status).to.equal(404);
    expect((await send('POST', '/customers', '{}')).status).to.equal(404);
    expect((await send('GET', '/auth/credentials', undefined, { Cookie: 'session=mallory' })).status).to.equal(401);
    expect(forwarded).to.equal(before);
  });

  it('forwards the sandbox-only endpoints to a sandbox service, and refuses them when told the service is not one', async () => {
    const keys = await proxyFor({ allowSandboxPaths: true })('GET', '/sandbox/enclave-keys');
    expect(keys.status).to.equal(200);
    expect(keys.body.signers).to.deep.equal(sandbox.enclaveSigners);
    const refused = await proxyFor({ allowSandboxPaths: false })(
      'POST',
      `/sandbox/internal-accounts/${alice.account}/fund`,
      '{"amount":5}',
    );
    expect(refused.status).to.equal(404);
  });

  it("passes the service's 401 for a wrong platform credential through without the service's WWW-Authenticate", async () => {
    const res = await proxyFor({ clientSecret: 'not-the-secret' })(
      'GET',
      `/auth/credentials?accountId=${encodeURIComponent(alice.account)}`,
    );
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('UNAUTHORIZED');
    expect(res.headers.get('www-authenticate')).to.equal(null);
    expect(res.text).to.not.include('not-the-secret');
  });

  it('forwards a list route only with its owner filter spelled exactly: every spelling trick on every list route is a 400, and nothing of bob’s comes back', async () => {
    // bob has a wallet and an external account: what an unfiltered list would show
    await platform('POST', '/customers/external-accounts', {
      customerId: bob.customer,
      currency: 'USDC',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: `0x${'34'.repeat(20)}` },
    });
    const bobs = [bob.customer, bob.account, bob.credential];
    const own: Record<string, string> = { customer: alice.customer, account: alice.account, card: 'Card:alice' };
    const send = proxyFor({
      resolveEndUser: () =>
        endUserFromIds({ customerIds: [alice.customer], accountIds: [alice.account], cardIds: [own['card']!] }),
    });
    const lists = ALLOWLIST.filter((route) => route.method === 'GET' && route.owned.some((p) => p.in === 'query'));
    expect(lists.map((route) => route.path)).to.include.members([
      '/customers/internal-accounts',
      '/customers/external-accounts',
      '/transactions',
      '/cards',
      '/auth/delegated-keys',
    ]);
    const tricks = (name: string, value: string): [string, string][] => [
      ['upper case', `${name.toUpperCase()}=${value}`],
      ['first letter capital', `${name[0]!.toUpperCase()}${name.slice(1)}=${value}`],
      ['Unicode folding (dotless i)', `${encodeURIComponent(name.replace(/[iI]/, 'ı'))}=${value}`],
      ['percent-encoded letter', `%${name.charCodeAt(0).toString(16)}${name.slice(1)}=${value}`],
      ['duplicate', `${name}=${value}&${name}=${value}`],
      ['name[] form', `${name}[]=${value}`],
      ['an unlisted name beside it', `${name}=${value}&foo=1`],
    ];
    for (const route of lists) {
      const path = route.path.replace('{id}', encodeURIComponent('$someone@uma.example'));
      for (const parameter of route.owned.filter((p) => p.in === 'query')) {
        const value = encodeURIComponent(own[parameter.kind]!);
        for (const [trick, query] of tricks(parameter.name, value)) {
          const before = forwarded;
          const res = await send('GET', `${path}?${query}`);
          const label = `${route.path} ${parameter.name}: ${trick}`;
          expect(res.status, `${label}: ${res.text}`).to.equal(400);
          expect(res.body.code, label).to.equal('INVALID_INPUT');
          expect(forwarded, `${label} reached the service`).to.equal(before);
        }
      }
      // no owner filter at all: refused, never the whole platform
      expect((await send('GET', `${path}?limit=5`)).status, `${route.path} without a filter`).to.equal(400);
    }
    // spelled right, each list answers alice's own and nothing of bob's
    for (const [path, mine] of [
      [`/customers/internal-accounts?customerId=${encodeURIComponent(alice.customer)}&limit=5`, alice.account],
      [`/customers/external-accounts?customerId=${encodeURIComponent(alice.customer)}`, undefined],
      [`/transactions?customerId=${encodeURIComponent(alice.customer)}&sortOrder=asc`, undefined],
      [`/cards?cardholderId=${encodeURIComponent(alice.customer)}`, undefined],
      [`/auth/credentials?accountId=${encodeURIComponent(alice.account)}`, alice.credential],
    ] as const) {
      const res = await send('GET', path);
      expect(res.status, `${path}: ${res.text}`).to.equal(200);
      for (const id of bobs) expect(res.text, `${path} shows bob's ${id}`).to.not.include(id);
      if (mine) expect(res.text, path).to.include(mine);
    }
  });

  it('keeps a platform freeze and the platform’s limits on a real card: the user unfreezes only their own freeze and sets limits up to the platform’s', async () => {
    const issued = await sandbox.fetch(
      new Request(`${SERVICE_URL}/cards`, {
        method: 'POST',
        headers: {
          Authorization: PLATFORM,
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          cardholderId: alice.customer,
          fundingSource: alice.account,
          maxSpendPerTransaction: 5000,
        }),
      }),
    );
    const card = (await issued.json()) as { id: string };
    expect(issued.status, JSON.stringify(card)).to.equal(201);
    await new Promise((resolve) => setTimeout(resolve, 20)); // PROCESSING → ACTIVE (cardActivationMs)
    const send = proxyFor({
      resolveEndUser: () =>
        endUserFromIds({ customerIds: [alice.customer], accountIds: [alice.account], cardIds: [card.id] }),
    });
    const change = (body: unknown) => send('PATCH', `/cards/${card.id}`, JSON.stringify(body));

    expect((await platform('PATCH', `/cards/${card.id}`, { state: 'FROZEN' })).state).to.equal('FROZEN');
    const refused = await change({ state: 'ACTIVE' });
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    expect((await platform('GET', `/cards/${card.id}`)).state).to.equal('FROZEN');

    await platform('PATCH', `/cards/${card.id}`, { state: 'ACTIVE' });
    expect((await change({ state: 'FROZEN' })).status).to.equal(200);
    expect((await change({ state: 'ACTIVE' })).body.state).to.equal('ACTIVE');

    expect((await change({ maxSpendPerTransaction: 2000 })).body.maxSpendPerTransaction).to.equal(2000);
    expect((await change({ maxSpendPerTransaction: 5000 })).body.maxSpendPerTransaction).to.equal(5000);
    expect((await change({ maxSpendPerTransaction: 50_000 })).body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    expect((await change({ maxSpendPerTransaction: null })).body.code).to.equal('CARD_CONTROLLED_BY_PLATFORM');
    expect((await platform('GET', `/cards/${card.id}`)).maxSpendPerTransaction).to.equal(5000);
  });

  it('reads an external account’s owner from the service: alice challenges her own wallet, not bob’s', async () => {
    const send = proxyFor();
    const wallet = (customerId: string) => ({
      customerId,
      currency: 'USDC',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: `0x${'12'.repeat(20)}` },
    });
    const mine = await send('POST', '/customers/external-accounts', JSON.stringify(wallet(alice.customer)));
    expect(mine.status, mine.text).to.equal(201);
    expect(mine.body.status).to.equal('PENDING_OWNERSHIP_VERIFICATION');
    const challenge = await send(
      'POST',
      `/customers/external-accounts/${mine.body.id}/challenge`,
      '{"method":"WALLET_SIGNATURE"}',
    );
    expect(challenge.status, challenge.text).to.equal(201);
    expect(challenge.body.messageToSign).to.be.a('string');

    const theirs = await platform('POST', '/customers/external-accounts', wallet(bob.customer));
    const before = forwarded;
    const refused = await send('POST', `/customers/external-accounts/${theirs.id}/challenge`, '{"method":"LIVENESS"}');
    expect(refused.status).to.equal(403);
    expect(forwarded - before, 'only the owner read reached the service').to.equal(1);
    expect((await platform('GET', `/customers/external-accounts/${theirs.id}`)).status).to.equal(
      'PENDING_OWNERSHIP_VERIFICATION',
    );
  });
  it('signs in a person nobody has signed in yet: lookup grant, code challenge, signed verify, then the platform session', async () => {
    const carol = await newWallet('carol');
    const grants = createSignInGrants({ secret: 'sandbox-sign-in-grant-secret-32-bytes', cookiePath: '/api/wallet' });
    const platformSessions = new Map<string, string>(); // the platform's own: cookie value → account
    const lookup = createSignInLookup({
      grants,
      minimumResponseMs: 0,
      findUser: async (identifier) =>
        'email' in identifier && identifier.email === 'carol@example.com'
          ? {
              accountId: carol.account,
              methods: [{ type: 'EMAIL_OTP', authMethodId: carol.credential, destination: identifier.email }],
            }
          : undefined,
    });
    const handler = createPlatformProxy({
      serviceUrl: SERVICE_URL,
      tokenId: 'sandbox-token',
      clientSecret: 'sandbox-secret',
      pathPrefix: '/api/wallet',
      fetch: (request) => sandbox.fetch(request),
      resolveEndUser: (request) => {
        const account = platformSessions.get(
          /(?:^|; )session=(\w+)/.exec(request.headers.get('Cookie') ?? '')?.[1] ?? '',
        );
        return account === carol.account
          ? endUserFromIds({
              customerIds: [carol.customer],
              accountIds: [carol.account],
              credentialIds: [carol.credential],
            })
          : null;
      },
      signIn: {
        grants,
        onSignIn: ({ accountId }) => {
          const id = crypto.randomUUID().replace(/-/g, '');
          platformSessions.set(id, accountId);
          return [['Set-Cookie', `session=${id}; Path=/; HttpOnly; SameSite=Lax`]];
        },
      },
    });
    // a browser's cookie jar, as small as this needs
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        if (/Max-Age=0/.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
    };
    const send = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
      const res = await handler(
        new Request(`https://platform.example/api/wallet${path}`, {
          method,
          headers: {
            Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body } : {}),
        }),
      );
      remember(res);
      const text = await res.text();
      return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
    };

    expect(
      (await send('POST', `/auth/credentials/${carol.credential}/challenge`, '{}')).status,
      'no grant yet',
    ).to.equal(401);
    const found = await lookup(
      new Request('https://platform.example/api/sign-in/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"email":"carol@example.com"}',
      }),
    );
    remember(found);
    expect(jar.has('paykit_sign_in')).to.equal(true);

    const challenge = await send('POST', `/auth/credentials/${carol.credential}/challenge`, '{}');
    expect(challenge.status, challenge.text).to.equal(200);
    const key: SessionKey = await createSessionKey({ store: memoryKeyStore() });
    const body = JSON.stringify({
      type: 'EMAIL_OTP',
      encryptedOtpBundle: await encryptOtpCode({
        otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle,
        otpCode: '000000',
        publicKey: key.publicKeyUncompressed,
        trustedSigners: sandbox.enclaveSigners,
      }),
    });
    const leg1 = await send('POST', `/auth/credentials/${carol.credential}/verify`, body);
    expect(leg1.status, leg1.text).to.equal(202);
    expect(jar.has('session')).to.equal(false);
    const leg2 = await send('POST', `/auth/credentials/${carol.credential}/verify`, body, {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    });
    expect(leg2.status, leg2.text).to.equal(200);
    expect(leg2.body.accountId).to.equal(carol.account);
    expect(jar.has('paykit_sign_in'), 'the grant is spent').to.equal(false);
    expect(jar.has('session'), 'the platform session started').to.equal(true);

    // now the platform knows carol: her own calls pass as any signed-in user's
    const listed = await send('GET', `/auth/credentials?accountId=${encodeURIComponent(carol.account)}`);
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.data.map((c: { id: string }) => c.id)).to.deep.equal([carol.credential]);
  });
});
