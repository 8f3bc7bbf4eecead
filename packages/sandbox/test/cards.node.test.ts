import { expect } from 'chai';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

const luhnValid = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return sum + d;
  }, 0) %
    10 ===
  0;

/** Long enough that a PROCESSING card stays PROCESSING on a slow machine until the test moves the clock. */
const ACTIVATION_MS = 60_000;

describe('sandbox: cards and the PAN reveal page', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({
      frameAncestors: ['http://localhost:5173', 'https://platform.example'],
      cardActivationMs: ACTIVATION_MS,
    });
  });
  after(() => t.close());

  const issue = (body: Record<string, unknown>, key: string | null = crypto.randomUUID()) =>
    t.api.call('POST', '/cards', { body, headers: key ? { 'Idempotency-Key': key } : {} });
  const patch = (id: string, body: unknown) => t.api.call('PATCH', `/cards/${id}`, { body });

  async function activeCard() {
    const { customer, account } = await newCustomer(t.api);
    const card = await issue({ cardholderId: customer.id, fundingSource: account.id });
    expect(card.status, card.text).to.equal(201);
    t.clock.advance(ACTIVATION_MS);
    return { customer, account, card: (await t.api.get(`/cards/${card.body.id}`)).body };
  }

  it('issues a card: Idempotency-Key required, same key replays, PROCESSING then ACTIVE', async () => {
    const { customer, account } = await newCustomer(t.api);
    const missing = await issue({ fundingSource: account.id }, null);
    expect(missing.status).to.equal(400);
    expect(missing.body.code).to.equal('INVALID_INPUT');
    expect(missing.body.details.errors[0].field).to.equal('Idempotency-Key');

    const key = crypto.randomUUID();
    const created = await issue({ cardholderId: customer.id, fundingSource: account.id, maxSpendPerDay: 50_000 }, key);
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({
      state: 'PROCESSING',
      fundingSource: account.id,
      cardholderId: customer.id,
      form: 'VIRTUAL',
      maxSpendPerDay: 50_000,
    });
    expect(created.body.fundingSources).to.deep.equal([account.id]);
    expect(created.body.cardCapabilities).to.deep.equal({
      supportsSpendLimits: true,
      supportsTransactionCountLimit: true,
      supportsPanReveal: true,
    });
    expect(created.body.last4).to.match(/^\d{4}$/);
    expect(created.body).to.not.have.property('panEmbedUrl');
    const replay = await issue({ cardholderId: customer.id, fundingSource: account.id, maxSpendPerDay: 50_000 }, key);
    expect(replay.status).to.equal(201); // the OpenAPI declares only 201: the replay is the first answer again
    expect(replay.body.id).to.equal(created.body.id);
    const reused = await issue({ cardholderId: customer.id, fundingSource: account.id }, key);
    expect(reused.status).to.equal(409);

    t.clock.advance(ACTIVATION_MS);
    expect((await t.api.get(`/cards/${created.body.id}`)).body.state).to.equal('ACTIVE');
  });

  it('needs an APPROVED cardholder and a funding source of that cardholder', async () => {
    const pending = await newCustomer(t.api, { fullName: 'Kim Review 001' });
    expect(pending.customer.kycStatus).to.equal('PENDING');
    const refused = await issue({ cardholderId: pending.customer.id, fundingSource: pending.account.id });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('CARDHOLDER_KYC_NOT_APPROVED');
    const a = await newCustomer(t.api);
    const b = await newCustomer(t.api);
    const foreign = await issue({ cardholderId: a.customer.id, fundingSource: b.account.id });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.code).to.equal('FUNDING_SOURCE_INELIGIBLE');
    expect(foreign.body.details.errors[0].field).to.equal('fundingSource');
    const foreignList = await issue({ cardholderId: a.customer.id, form: 'VIRTUAL', fundingSources: [b.account.id] });
    expect(foreignList.body).to.include({ status: 400, code: 'FUNDING_SOURCE_INELIGIBLE' });
    const card = (await activeCard()).card;
    const moved = await patch(card.id, { fundingSource: b.account.id });
    expect(moved.body).to.include({ status: 400, code: 'FUNDING_SOURCE_INELIGIBLE' });
  });

  it("takes the OpenAPI's create shape (cardholderId, form, fundingSources) and lists by the service's filter names", async () => {
    const { customer, account } = await newCustomer(t.api);
    const created = await issue({
      cardholderId: customer.id,
      form: 'VIRTUAL',
      fundingSources: [account.id],
      platformCardId: `pc-${customer.id.slice(-6)}`,
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({ cardholderId: customer.id, form: 'VIRTUAL', fundingSource: account.id });
    expect(
      (await issue({ cardholderId: customer.id, form: 'PHYSICAL', fundingSources: [account.id] })).status,
    ).to.equal(400);
    const other = await newCustomer(t.api);
    await issue({ fundingSource: other.account.id });
    const byHolder = await t.api.get('/cards', { cardholderId: customer.id });
    expect(byHolder.body.data.map((c: { id: string }) => c.id)).to.deep.equal([created.body.id]);
    const byAccount = await t.api.get('/cards', { accountId: account.id });
    expect(byAccount.body.data.map((c: { id: string }) => c.id)).to.deep.equal([created.body.id]);
  });

  it('issues one card for concurrent requests with one Idempotency-Key (parallel over HTTP)', async () => {
    const { account } = await newCustomer(t.api);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => issue({ fundingSource: account.id }, key)));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).to.equal(1);
    const listed = await t.api.get('/cards', { accountId: account.id });
    expect(listed.body.data).to.have.length(1);
  });

  it('caps live cards per platform: 409 CARD_LIMIT_REACHED, and CLOSED cards do not count', async () => {
    const small = await startTestSandbox({ maxLiveCards: 2, cardActivationMs: 0 });
    try {
      const { account } = await newCustomer(small.api);
      const issueOn = (key = crypto.randomUUID()) =>
        small.api.call('POST', '/cards', { body: { fundingSource: account.id }, headers: { 'Idempotency-Key': key } });
      const first = await issueOn();
      expect((await issueOn()).status).to.equal(201);
      const over = await issueOn();
      expect(over.status).to.equal(409);
      expect(over.body).to.include({ status: 409, code: 'CARD_LIMIT_REACHED' });
      expect((await small.api.call('PATCH', `/cards/${first.body.id}`, { body: { state: 'CLOSED' } })).status).to.equal(
        200,
      );
      expect((await issueOn()).status).to.equal(201);
    } finally {
      await small.close();
    }
  });

  it('closes a card the issuer rejects (platformCardId ending in 002) with ISSUER_REJECTED', async () => {
    const { account } = await newCustomer(t.api);
    const card = await issue({ fundingSource: account.id, platformCardId: 'card-002' });
    t.clock.advance(ACTIVATION_MS);
    expect((await t.api.get(`/cards/${card.body.id}`)).body).to.include({
      state: 'CLOSED',
      stateReason: 'ISSUER_REJECTED',
    });
  });

  it('follows the card state table exactly', async () => {
    const { account } = await newCustomer(t.api);
    const processing = await issue({ fundingSource: account.id });
    const early = await patch(processing.body.id, { state: 'FROZEN' });
    expect(early.status).to.equal(409);
    expect(early.body.code).to.equal('INVALID_STATE_TRANSITION');

    const { card } = await activeCard();
    expect((await patch(card.id, { state: 'ACTIVE' })).body.code).to.equal('INVALID_STATE_TRANSITION');
    expect((await patch(card.id, { state: 'PROCESSING' })).body).to.include({ status: 400, code: 'INVALID_INPUT' }); // not in CardUpdateRequest's enum
    const frozen = await patch(card.id, { state: 'FROZEN' });
    expect(frozen.status).to.equal(200);
    expect(frozen.body.state).to.equal('FROZEN');
    expect((await patch(card.id, { state: 'FROZEN' })).body.code).to.equal('INVALID_STATE_TRANSITION');
    expect((await patch(card.id, { state: 'ACTIVE' })).body.state).to.equal('ACTIVE');
    const limits = await patch(card.id, { maxSpendPerTransaction: 1_000, maxTransactionsPerDay: null });
    expect(limits.body).to.include({ maxSpendPerTransaction: 1_000, maxTransactionsPerDay: null });
    const withLimits = await patch(card.id, { state: 'CLOSED', maxSpendPerDay: 5 });
    expect(withLimits.status).to.equal(400);
    const closed = await patch(card.id, { state: 'CLOSED' });
    expect(closed.status).to.equal(200);
    expect(closed.body).to.include({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM', fundingSource: null });
    const again = await patch(card.id, { state: 'CLOSED' });
    expect(again.status).to.equal(409);
    expect(again.body.code).to.equal('CARD_ALREADY_CLOSED');
    const mutate = await patch(card.id, { maxSpendPerDay: 10 });
    expect(mutate.status).to.equal(409);
    expect(mutate.body.code).to.equal('CARD_NOT_MUTABLE');
    expect((await patch(card.id, { state: 'ACTIVE' })).body.code).to.equal('CARD_NOT_MUTABLE');
    const empty = await patch(processing.body.id, {});
    expect(empty.status).to.equal(400);
    const badState = await patch(processing.body.id, { state: 'LOST' });
    expect(badState.body.details.errors[0].constraint.enum).to.deep.equal(['ACTIVE', 'FROZEN', 'CLOSED']);
  });

  it('clears only limits with null: a null state or fundingSource is 400 INVALID_INPUT, not a silent no-op', async () => {
    const { card, account } = await activeCard();
    for (const field of ['state', 'fundingSource']) {
      const res = await patch(card.id, { [field]: null });
      expect(res.status, `${field}: ${res.text}`).to.equal(400);
      expect(res.body.code).to.equal('INVALID_INPUT');
      expect(res.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal([field]);
    }
    const unchanged = (await t.api.get(`/cards/${card.id}`)).body;
    expect(unchanged).to.include({ state: 'ACTIVE', fundingSource: account.id });
    expect((await patch(card.id, { maxSpendPerDay: null })).status).to.equal(200);
  });

  it('reveals the PAN on a separate origin: single-use URL, strict CSP, no-store, no-referrer, test PAN', async () => {
    const { card } = await activeCard();
    const reveal = await t.api.post(`/cards/${card.id}/reveal`, {});
    expect(reveal.status, reveal.text).to.equal(200);
    const url = new URL(reveal.body.panEmbedUrl);
    expect(url.origin).to.equal(t.server.panOrigin);
    expect(url.origin).to.not.equal(new URL(t.server.url).origin);
    expect(Date.parse(reveal.body.expiresAt) - t.clock.now()).to.be.within(110_000, 120_001);

    // A HEAD (a link checker, a prefetch) must not spend the single-use URL.
    const head = await t.fetch(reveal.body.panEmbedUrl, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers.get('cache-control')).to.equal('no-store');
    const page = await t.fetch(reveal.body.panEmbedUrl);
    expect(page.status).to.equal(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).to.match(/default-src 'none'/);
    expect(csp).to.match(/frame-ancestors http:\/\/localhost:5173 https:\/\/platform\.example/);
    expect(csp).to.match(/script-src 'nonce-[A-Za-z0-9_-]+'/);
    expect(page.headers.get('cache-control')).to.equal('no-store');
    expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
    const html = await page.text();
    const pan = /data-digits="(\d{16})"/.exec(html)![1]!;
    expect(pan.startsWith('4000')).to.equal(true);
    expect(pan.endsWith(card.last4)).to.equal(true);
    expect(luhnValid(pan)).to.equal(true);
    expect(html).to.match(/Security code<\/dt><dd>\d{3}<\/dd>/);
    // the number in four-digit groups that never break inside (white-space: nowrap), spaces between them
    expect(html).to.include(
      pan
        .match(/\d{4}/g)!
        .map((g) => `<span class="group">${g}</span>`)
        .join(' '),
    );
    expect(html).to.match(/\.group \{ white-space: nowrap; \}/);
    // number, expiry and CVC each copyable; the fragment's language and theme applied; the height reported
    const copies = [...html.matchAll(/data-copy="([^"]+)"/g)].map((m) => m[1]);
    expect(copies).to.have.length(3);
    expect(copies[0]).to.equal(pan);
    expect(copies[1]).to.match(/^\d{2}\/\d{2}$/);
    expect(copies[2]).to.match(/^\d{3}$/);
    expect(html).to.include('location.hash').and.include("'pay-card-frame-height'").and.include('Número de tarjeta');
    expect(html).to.include("'pay-card-frame-view'").and.include('Numéro de carte'); // a live language switch
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(html).to.include(`<script nonce="${nonce}">`);

    const reused = await t.fetch(reveal.body.panEmbedUrl);
    expect(reused.status).to.equal(410);
    expect(reused.headers.get('cache-control')).to.equal('no-store');
    expect(await reused.text()).to.match(/expired/);
  });

  it('expires an unopened reveal URL at expiresAt, and refuses reveals of cards that are not live', async () => {
    const { card, account } = await activeCard();
    const reveal = await t.api.post(`/cards/${card.id}/reveal`, {});
    t.clock.advance(120_000);
    expect((await t.fetch(reveal.body.panEmbedUrl)).status).to.equal(410);
    expect((await t.fetch(`${t.server.panOrigin}/pan/not-a-token`)).status).to.equal(410);
    const processing = await issue({ fundingSource: account.id });
    // No 409 is declared for a reveal: a card without a PAN to show is 403.
    expect((await t.api.post(`/cards/${processing.body.id}/reveal`, {})).body).to.include({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await t.api.post('/cards/Card:nope/reveal', {})).status).to.equal(404);
  });
});
