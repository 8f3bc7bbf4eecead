import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { createSandbox } from '../src/index.js';
import { DroppedAnswer, parseFault, parseFaultRule } from '../src/http/faults.js';
import { bannerLine, basic, runCli, runCliToExit } from '@paykit/test-harness/sandbox-cli';
import { newCustomer, otpLogin, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

let serial = 0;
const customerBody = () => {
  const id = `fault-${process.pid}-${++serial}`;
  return { platformCustomerId: id, customerType: 'INDIVIDUAL', email: `${id}@example.com`, fullName: 'Ana Fault' };
};

describe('sandbox: faults on purpose (Sandbox-Fault header)', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ overHttp: true }); // drop-after cuts a real connection; CORS preflight
  });
  after(() => t.close());
  const customers = () => t.server.sandbox.state.customers.list().length;
  const post = (fault: string, body: unknown = customerBody()) =>
    t.api.post('/customers', body, { 'Sandbox-Fault': fault });

  it('drop-after: acts, then the connection is cut before a byte of the answer (fetch fails)', async () => {
    const before = customers();
    const error = await post('drop-after').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.equal('fetch failed');
    expect(customers()).to.equal(before + 1);
  });

  it('error-before answers the 5xx without acting; error-after acts, then answers the 5xx', async () => {
    const before = customers();
    const refused = await post('error-before');
    expect(refused.status).to.equal(503);
    expect(refused.body.code).to.equal('SANDBOX_FAULT');
    expect(refused.headers.get('sandbox-fault-applied')).to.equal('error-before');
    expect(customers()).to.equal(before);
    const lost = await post('error-after=502');
    expect(lost.status).to.equal(502);
    expect(lost.body.message).to.match(/was carried out/);
    expect(customers()).to.equal(before + 1);
  });

  it('rate-limit answers 429 with Retry-After without acting; delay acts and answers late', async () => {
    const before = customers();
    const limited = await post('rate-limit=7');
    expect([limited.status, limited.body.code, limited.headers.get('retry-after')]).to.deep.equal([
      429,
      'RATE_LIMITED',
      '7',
    ]);
    expect(customers()).to.equal(before);
    const started = Date.now();
    const late = await post('delay=300');
    expect(Date.now() - started).to.be.at.least(300);
    expect([late.status, late.headers.get('sandbox-fault-applied')]).to.deep.equal([201, 'delay']);
    expect(customers()).to.equal(before + 1);
  });

  it('duplicate runs the request twice and answers the first (an idempotent request is replayed)', async () => {
    const { account } = await newCustomer(t.api);
    await t.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 100 });
    const cards = () => t.server.sandbox.state.cards.list((c) => c.fundingSource === account.id).length;
    const key = crypto.randomUUID();
    const res = await t.api.post(
      '/cards',
      { fundingSource: account.id },
      { 'Idempotency-Key': key, 'Sandbox-Fault': 'duplicate' },
    );
    expect([res.status, res.headers.get('sandbox-fault-applied')]).to.deep.equal([201, 'duplicate']);
    expect(cards()).to.equal(1);
    // without a key the duplicate is a second card: the fault shows what a page's missing key costs
    await t.api.post('/customers', customerBody(), { 'Sandbox-Fault': 'duplicate' });
  });

  it('after-faults let a signing challenge (202) through and land on the leg that acts', async () => {
    const { account, credential } = await newCustomer(t.api);
    const { key } = await otpLogin(t, credential.id);
    const res = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key, {
      headers: { 'Sandbox-Fault': 'error-after=500' },
    });
    expect(res.challenges).to.equal(1);
    expect([res.status, res.headers.get('sandbox-fault-applied')]).to.deep.equal([500, 'error-after']);
    expect(t.server.sandbox.state.accounts.get(account.id)?.privateEnabled).to.equal(true);
  });

  it('refuses a malformed header (400) and lets CORS preflights name it', async () => {
    const res = await post('drop-before');
    expect([res.status, res.body.code]).to.deep.equal([400, 'INVALID_INPUT']);
    expect(res.body.message).to.match(/^Sandbox-Fault is not a sandbox fault/);
    const preflight = await fetch(`${t.server.baseUrl}/customers`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'sandbox-fault',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).to.match(/Sandbox-Fault/i);
  });
});

describe('sandbox: faults on purpose (rules: the faults option and --fault)', () => {
  it('parses the grammar and names it when a rule or fault is wrong', () => {
    expect(parseFault('error-before')).to.deep.equal({ kind: 'error-before', status: 503 });
    expect(parseFault('error-after')).to.deep.equal({ kind: 'error-after', status: 500 });
    expect(parseFault('rate-limit')).to.deep.equal({ kind: 'rate-limit', seconds: 1 });
    const rule = parseFaultRule('post /quotes/*/execute=delay=2500;times=2;rate=0.5');
    expect([rule.method, rule.times, rule.rate, rule.fault]).to.deep.equal([
      'POST',
      2,
      0.5,
      { kind: 'delay', ms: 2500 },
    ]);
    expect(rule.path.test('/quotes/Quote:1/execute')).to.equal(true);
    expect(rule.path.test('/quotes/Quote:1/authorize')).to.equal(false);
    for (const bad of [
      'POST /cards',
      'POST /cards=error-after=404',
      'cards=drop-after',
      '/cards=delay',
      '/x=drop-after;times=0',
    ])
      expect(() => parseFaultRule(bad), bad).to.throw(TypeError, /sandbox fault/);
  });

  it('a rule with times=1 faults the first matching request only; the Web handler rejects with DroppedAnswer', async () => {
    const sandbox = createSandbox({ faults: ['POST /customers=drop-after;times=1'] });
    const request = () =>
      new Request('http://sandbox/2025-10-13/customers', {
        method: 'POST',
        headers: { Authorization: basic('sandbox-token', 'sandbox-secret'), 'Content-Type': 'application/json' },
        body: JSON.stringify(customerBody()),
      });
    const first = await sandbox.fetch(request()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(first).to.be.instanceOf(DroppedAnswer);
    expect((await sandbox.fetch(request())).status).to.equal(201);
    expect(sandbox.state.customers.list()).to.have.length(2);
    // its fetch function (`request`, the in-process path) rejects as fetch does on a cut connection
    const inProcess = createSandbox({ faults: ['POST /customers=drop-after;times=1'] });
    const cut = await inProcess.request(request()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(cut).to.be.instanceOf(TypeError).and.have.property('message', 'fetch failed');
    expect((cut as TypeError).cause).to.be.instanceOf(DroppedAnswer);
    expect(inProcess.state.customers.list()).to.have.length(1);
  });

  it('npm run sandbox -- --fault: prints the rules and applies them; a bad rule stops it with exit 2', async () => {
    const { banner, stop } = await runCli(['--port', '0', '--fault', 'POST /customers=error-before=502;times=1']);
    try {
      expect(bannerLine(banner, 'faults')).to.equal('POST /customers=error-before=502;times=1');
      const create = () =>
        fetch(`${bannerLine(banner, 'base_url')}/customers`, {
          method: 'POST',
          headers: { Authorization: basic('sandbox-token', 'sandbox-secret'), 'Content-Type': 'application/json' },
          body: JSON.stringify(customerBody()),
        }).then((r) => r.status);
      expect([await create(), await create()]).to.deep.equal([502, 201]);
    } finally {
      stop();
    }
    const refused = await runCliToExit(['--port', '0', '--fault', 'POST /customers=explode']);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/^Not a sandbox fault: "explode"/);
  });
});
