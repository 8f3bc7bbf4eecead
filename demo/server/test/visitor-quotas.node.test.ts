import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_LIMITS } from '../limits.js';
import { demoPerSuite, inParallel, isVisitor, send, signUp, startDemo, type Answer, type Visitor } from './support.js';

describe('demo server: per-visitor and per-source bounds (through HTTP)', () => {
  const suite = demoPerSuite();
  const { log } = suite;

  it('a visitor issues at most cardsPerVisitor cards, also when asking concurrently; another visitor still can; the live-card allowance covers every visitor', async () => {
    expect(suite.demo.sandbox.sandbox.config.maxLiveCards).to.equal(
      DEFAULT_LIMITS.maxSessions * DEFAULT_LIMITS.cardsPerVisitor,
    );
    const issue = (visitor: Visitor, from: string) =>
      send(`${suite.demo.origin}/api/wallet/cards`, {
        method: 'POST',
        headers: {
          Cookie: visitor.cookie,
          Origin: suite.demo.origin,
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({ fundingSource: visitor.accountId, cardholderId: visitor.customerId }),
        from,
      });
    const greedy = await signUp(suite.demo, '127.0.0.4');
    const other = await signUp(suite.demo, '127.0.0.5');
    if (!isVisitor(greedy) || !isVisitor(other)) throw new Error('sign-up failed');
    const answers = await Promise.all(Array.from({ length: 8 }, () => issue(greedy, '127.0.0.4')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).to.have.length(DEFAULT_LIMITS.cardsPerVisitor, statuses.join(' '));
    expect(statuses.filter((s) => s === 429)).to.have.length(8 - DEFAULT_LIMITS.cardsPerVisitor);
    expect(JSON.parse(answers.find((a) => a.status === 429)!.body)).to.deep.include({ code: 'CARD_QUOTA_EXCEEDED' });
    expect((await issue(other, '127.0.0.5')).status).to.equal(201);
    const live = () =>
      suite.demo.sandbox.sandbox.state.cards.list(
        (card) => card.customerId === greedy.customerId && card.state !== 'CLOSED',
      ).length;
    expect(live()).to.equal(DEFAULT_LIMITS.cardsPerVisitor);

    // the session ends (sign-out): its cards are closed, so they stop counting against the allowance
    const reset = await send(`${suite.demo.origin}/api/demo/reset`, {
      method: 'POST',
      headers: { Cookie: greedy.cookie, Origin: suite.demo.origin, 'Content-Type': 'application/json' },
      body: '{}',
      from: '127.0.0.4',
    });
    expect(reset.status).to.equal(204);
    // a card still PROCESSING (the first second) is closed once it may be
    for (let i = 0; i < 100 && live() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live()).to.equal(0);
  });

  it('takes CSP reports only from its own pages, as a report type, bounded per source, with control characters stripped', async () => {
    const report = (directive: string) =>
      JSON.stringify({
        'csp-report': {
          'effective-directive': directive,
          'blocked-uri': 'https://cdn.example/x.js?secret=1',
          'document-uri': `${suite.demo.origin}/`,
        },
      });
    const post = (headers: Record<string, string>, body: string, from = '127.0.0.6') =>
      send(`${suite.demo.origin}/api/demo/csp-report`, { method: 'POST', headers, body, from });
    const kept = suite.demo.cspReports.length;
    expect(
      (await post({ 'Content-Type': 'application/csp-report', Origin: 'http://localhost:1' }, report('script-src')))
        .status,
    ).to.equal(403);
    expect(
      (await post({ 'Content-Type': 'application/csp-report', 'Sec-Fetch-Site': 'same-site' }, report('script-src')))
        .status,
    ).to.equal(403);
    expect((await post({ 'Content-Type': 'text/plain' }, report('script-src'))).status).to.equal(415);
    expect((await post({ 'Content-Type': 'application/json' }, report('script-src'))).status).to.equal(415);
    expect(suite.demo.cspReports.length).to.equal(kept);

    const forged = await post(
      { 'Content-Type': 'application/csp-report', Origin: suite.demo.origin },
      report('script-src\n[demo] sign-in of admin succeeded\r'),
    );
    expect(forged.status).to.equal(204);
    const last = suite.demo.cspReports.at(-1)!;
    expect(last.directive).to.equal('script-src[demo] sign-in of admin succeeded');
    expect(last.blocked).to.equal('https://cdn.example');
    for (const line of log) expect(line).not.to.match(/[\r\n]/);

    const statuses = await inParallel(
      Array.from(
        { length: 300 },
        (_, n) => () =>
          post({ 'Content-Type': 'application/csp-report' }, report(`img-src-${n}`), '127.0.0.7').then((a) => a.status),
      ),
      20,
    );
    expect(statuses.filter((s) => s === 204).length).to.be.at.most(DEFAULT_LIMITS.cspReportBurst + 2);
    expect(statuses.filter((s) => s === 429).length).to.be.at.least(300 - DEFAULT_LIMITS.cspReportBurst - 2);
    // another source is still heard
    expect(
      (
        await post(
          { 'Content-Type': 'application/reports+json' },
          JSON.stringify([{ body: { effectiveDirective: 'style-src' } }]),
          '127.0.0.8',
        )
      ).status,
    ).to.equal(204);
    expect(suite.demo.cspReports.at(-1)!.directive).to.equal('style-src');
    expect(suite.demo.cspReports.length).to.be.at.most(DEFAULT_LIMITS.maxCspReports);
  });

  it('refuses state-changing demo calls marked same-site or from another origin, like the wallet proxy', async () => {
    const visitor = await signUp(suite.demo, '127.0.0.10');
    if (!isVisitor(visitor)) throw new Error('sign-up failed');
    const reset = (headers: Record<string, string>) =>
      send(`${suite.demo.origin}/api/demo/reset`, {
        method: 'POST',
        headers: { Cookie: visitor.cookie, 'Content-Type': 'application/json', ...headers },
        body: '{}',
        from: '127.0.0.10',
      });
    expect((await reset({ 'Sec-Fetch-Site': 'same-site' })).status).to.equal(403);
    expect(
      (await reset({ Origin: `http://localhost:${Number(new URL(suite.demo.origin).port) + 1}` })).status,
    ).to.equal(403);
    const wallet = await send(`${suite.demo.origin}/api/wallet/customers/${encodeURIComponent(visitor.customerId)}`, {
      headers: { Cookie: visitor.cookie, 'Sec-Fetch-Site': 'same-site' },
      from: '127.0.0.10',
    });
    expect(wallet.status).to.equal(403);
    expect(
      (await send(`${suite.demo.origin}/api/demo/me`, { headers: { Cookie: visitor.cookie }, from: '127.0.0.10' }))
        .status,
    ).to.equal(200);
  });

  it('answers TRACE with 501, not 500', async () => {
    const answer = await send(`${suite.demo.origin}/`, { method: 'TRACE' });
    expect(answer.status).to.equal(501);
    expect(answer.body).not.to.match(/\n\s+at /);
  });
});
