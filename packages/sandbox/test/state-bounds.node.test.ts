/**
 * What the sandbox keeps, and what a request costs, as use piles up (issue 11's bounds, issue 9's flat
 * per-request cost): one wallet's challenges evict only its own; a request never walks the stored
 * challenges or sessions, nor parses an absent Origin; a session key is imported once; the body limit
 * counts bytes. Nothing here times anything: cost is counted in calls. The memory bound itself is in
 * memory-bound.node.test.ts.
 */
import { expect } from 'chai';
import { createSandbox } from '../src/app.js';
import { MAX_SIGNED_REQUESTS_PER_OWNER } from '../src/store/state.js';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

describe('sandbox: state stays bounded and per-request cost stays flat', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(async () => t.close());

  it(`a wallet holds at most ${MAX_SIGNED_REQUESTS_PER_OWNER} challenges; its flood evicts its own oldest, never another wallet's`, async () => {
    const victim = await newCustomer(t.api);
    const { key } = await otpLogin(t, victim.credential.id);
    const flooder = await newCustomer(t.api);
    const body = JSON.stringify({ privateEnabled: true });

    const pending = await t.api.call('PATCH', `/internal-accounts/${victim.account.id}`, { body });
    expect(pending.status).to.equal(202);
    const flood: string[] = [];
    for (let i = 0; i < MAX_SIGNED_REQUESTS_PER_OWNER * 3; i++) {
      const res = await t.api.call('PATCH', `/internal-accounts/${flooder.account.id}`, { body });
      expect(res.status).to.equal(202);
      flood.push(res.body.requestId);
    }
    const state = t.server.sandbox.state.signedRequests;
    const organizationOf = (requestId: string) => state.get(requestId)?.owner;
    const flooderOrg = organizationOf(flood.at(-1)!);
    expect(state.list((r) => r.owner === flooderOrg)).to.have.length(MAX_SIGNED_REQUESTS_PER_OWNER);
    expect(state.get(flood[0]!), 'the oldest of the flood is evicted').to.equal(undefined);

    // The victim's challenge, older than the whole flood, still completes.
    const signed = await t.api.call('PATCH', `/internal-accounts/${victim.account.id}`, {
      body,
      headers: {
        'Service-Wallet-Signature': await key.stamp(pending.body.payloadToSign),
        'Request-Id': pending.body.requestId,
      },
    });
    expect(signed.status, signed.text).to.equal(200);
  });

  it('a request never lists the stored challenges, and expired ones are still swept', async () => {
    const { account } = await newCustomer(t.api);
    const challenges = t.server.sandbox.state.signedRequests;
    for (let i = 0; i < 20; i++)
      await t.api.call('PATCH', `/internal-accounts/${account.id}`, { body: { privateEnabled: true } });
    let listed = 0;
    const list = challenges.list.bind(challenges);
    challenges.list = (filter) => {
      listed++;
      return list(filter);
    };
    try {
      for (let i = 0; i < 10; i++)
        expect((await t.api.get('/customers/internal-accounts', { customerId: account.customerId })).status).to.equal(
          200,
        );
      expect(listed, 'calls to signedRequests.list() while serving requests').to.equal(0);
      expect(challenges.size).to.be.greaterThan(0);
      t.clock.advance(t.server.sandbox.config.challengeTtlMs + 10 * 60_000 + 1);
      await t.api.get('/customers/internal-accounts', { customerId: account.customerId });
      expect(challenges.size, 'every challenge is past its lifetime and grace').to.equal(0);
      expect(listed).to.equal(0);
    } finally {
      challenges.list = list;
    }
  });

  it('time moves quotes and cards without a request listing them', async () => {
    const { quotes, cards } = t.server.sandbox.state;
    let listed = 0;
    const lists = [quotes.list.bind(quotes), cards.list.bind(cards)] as const;
    quotes.list = (filter) => (listed++, lists[0](filter));
    cards.list = (filter) => (listed++, lists[1](filter));
    try {
      for (let i = 0; i < 5; i++) expect((await t.api.get('/sandbox/enclave-keys')).status).to.equal(200);
    } finally {
      quotes.list = lists[0];
      cards.list = lists[1];
    }
    expect(listed, 'calls to quotes.list() and cards.list() while serving requests that touch neither').to.equal(0);
  });

  it('a signed leg looks only at the sessions of its own key, however many are stored', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const sessions = t.server.sandbox.state.sessions;
    const now = t.clock.now();
    for (let i = 0; i < 500; i++) {
      sessions.put({
        id: `Session:other-${i}`,
        accountId: account.id,
        authMethodId: credential.id,
        type: 'EMAIL_OTP',
        nickname: 'other',
        publicKey: `02${i.toString(16).padStart(64, '0')}`,
        createdAt: now,
        expiresAt: now + 60_000,
      });
    }
    let listed = 0;
    const list = sessions.list.bind(sessions);
    sessions.list = (filter) => {
      listed++;
      return list(filter);
    };
    try {
      const res = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key);
      expect(res.status, res.text).to.equal(200);
    } finally {
      sessions.list = list;
    }
    expect(listed, 'calls to sessions.list() during a signed retry').to.equal(0);
  });

  it('a request without Origin is answered without judging an (empty) origin', async () => {
    const config = t.server.sandbox.config;
    const isAllowedOrigin = config.isAllowedOrigin;
    const judged: string[] = [];
    config.isAllowedOrigin = (origin) => {
      judged.push(origin);
      return isAllowedOrigin(origin);
    };
    try {
      expect((await t.api.get('/sandbox/enclave-keys')).status).to.equal(200);
      const preflight = await t.fetch(`${t.server.baseUrl}/customers`, {
        headers: { Origin: 'http://localhost:5173', Authorization: t.server.credentials.authorization },
      });
      expect(preflight.headers.get('access-control-allow-origin')).to.equal('http://localhost:5173');
    } finally {
      config.isAllowedOrigin = isAllowedOrigin;
    }
    expect(judged).to.deep.equal(['http://localhost:5173']);
  });

  it('the 1 MiB body limit counts UTF-8 bytes, also when no Content-Length is declared', async () => {
    const sandbox = createSandbox();
    const post = (body: string) =>
      sandbox.fetch(
        new Request('http://sandbox/2025-10-13/customers', {
          method: 'POST',
          body,
          headers: {
            Authorization: `Basic ${btoa('sandbox-token:sandbox-secret')}`,
            'Content-Type': 'application/json',
          },
        }),
      );
    const euros = (n: number) => JSON.stringify({ pad: '€'.repeat(n) }); // 3 bytes per character
    const over = await post(euros(350_000)); // 1,050,011 bytes in 350,011 characters
    expect(over.status).to.equal(413);
    expect((await over.json()).code).to.equal('PAYLOAD_TOO_LARGE');
    expect((await post(euros(349_000))).status, '1,047,011 bytes is under the limit').to.not.equal(413);
  });

  it('a session key is imported once, not on every signed leg', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    type ImportKey = (this: SubtleCrypto, format: string, ...rest: unknown[]) => Promise<CryptoKey>;
    const subtle = crypto.subtle as unknown as { importKey: ImportKey };
    const importKey = subtle.importKey;
    let jwkImports = 0;
    subtle.importKey = function (format, ...rest) {
      if (format === 'jwk') jwkImports++;
      return importKey.call(this, format, ...rest);
    };
    try {
      for (let i = 0; i < 5; i++) {
        const res = await t.api.signed(
          'PATCH',
          `/internal-accounts/${account.id}`,
          { privateEnabled: i % 2 === 0 },
          key,
        );
        expect(res.status, res.text).to.equal(200);
      }
    } finally {
      subtle.importKey = importKey;
    }
    expect(jwkImports, 'JWK imports over five signed retries by one key').to.be.at.most(1);
  });
});
