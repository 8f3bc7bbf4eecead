/**
 * What the sandbox keeps, and what a request costs, as use piles up (issue 11's memory bound, issue
 * 9's flat per-request cost). Padded first legs must not pin their bodies; one wallet's challenges
 * evict only its own; a request never walks the stored challenges or sessions; a session key is
 * imported once.
 * Nothing here times anything: growth is measured in bytes after a forced GC, cost in calls counted.
 */
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MAX_SIGNED_REQUESTS_PER_OWNER } from '../src/state.js';
import { after, before, describe, it } from '../../../test/harness/suite.js';
import { newCustomer, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

/** A full collection without `--expose-gc` on the command line (V8 exposes `gc` to new contexts once the flag is set). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function retainedBytes(gc: () => void): number {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

describe('sandbox: state stays bounded and per-request cost stays flat', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox();
  });
  after(async () => t.close());

  it('200 signed first legs padded to 900 kB each grow the heap by less than 16 MiB (the bodies are not kept)', async () => {
    const { account } = await newCustomer(t.api);
    const padded = `{"privateEnabled":true}${' '.repeat(900 * 1024)}`;
    const gc = collector();
    const before = retainedBytes(gc);
    for (let i = 0; i < 200; i++) {
      const res = await t.api.call('PATCH', `/internal-accounts/${account.id}`, { body: padded });
      expect(res.status, res.text).to.equal(202);
    }
    const grown = retainedBytes(gc) - before;
    // Kept whole, 200 bodies are 175 MiB of strings; kept as digests, a few hundred kB of records.
    expect(grown, `${(grown / 2 ** 20).toFixed(1)} MiB retained`).to.be.below(16 * 2 ** 20);
  });

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
      headers: { 'Service-Wallet-Signature': await key.stamp(pending.body.payloadToSign), 'Request-Id': pending.body.requestId },
    });
    expect(signed.status, signed.text).to.equal(200);
  });

  it('a request never lists the stored challenges, and expired ones are still swept', async () => {
    const { account } = await newCustomer(t.api);
    const challenges = t.server.sandbox.state.signedRequests;
    for (let i = 0; i < 20; i++) await t.api.call('PATCH', `/internal-accounts/${account.id}`, { body: { privateEnabled: true } });
    let listed = 0;
    const list = challenges.list.bind(challenges);
    challenges.list = (filter) => {
      listed++;
      return list(filter);
    };
    try {
      for (let i = 0; i < 10; i++) expect((await t.api.get('/customers/internal-accounts', { customerId: account.customerId })).status).to.equal(200);
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

  it('a signed leg looks only at the sessions of its own key, however many are stored', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const sessions = t.server.sandbox.state.sessions;
    const now = t.clock.now();
    for (let i = 0; i < 500; i++) {
      sessions.put({ id: `Session:other-${i}`, accountId: account.id, authMethodId: credential.id, type: 'EMAIL_OTP', nickname: 'other', publicKey: `02${i.toString(16).padStart(64, '0')}`, createdAt: now, expiresAt: now + 60_000 });
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

  it("a session key is imported once, not on every signed leg", async () => {
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
        const res = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: i % 2 === 0 }, key);
        expect(res.status, res.text).to.equal(200);
      }
    } finally {
      subtle.importKey = importKey;
    }
    expect(jwkImports, 'JWK imports over five signed retries by one key').to.be.at.most(1);
  });
});
