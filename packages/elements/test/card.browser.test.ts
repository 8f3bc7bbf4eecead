import { createDelegatedKey } from '@paykit/crypto-core';
import { expect } from 'chai';
import type { WalletClient } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import type { PayCardElement } from '../src/card/card.js';
import { cardPolling, parseAmount } from '../src/card/card.js';
import '../src/translations/es.js';
import { de } from '../src/translations/de.js';
import { sandboxChain, type SandboxChain } from './helpers/sandbox-chain.js';
import {
  announced,
  expectAccessible,
  fixture,
  hasState,
  html,
  maybePart,
  nextEvent,
  part,
  pressEnter,
  setupElementTests,
  typeInto,
  until,
} from './helpers/dom.js';
import '../src/define/pay-card.js';
import '../src/define/pay-card-reveal.js';

const PAN_ORIGIN = 'https://pan.card-test.example';
const enc = encodeURIComponent;

interface CardSetup {
  chain: SandboxChain;
  accountId: string;
  cardId: string;
  last4: string;
  simulate(what: string, body: Record<string, unknown>): Promise<any>;
  /** A purchase authorized at `descriptor` (its card transaction id). */
  authorize(amount: number, descriptor: string, place?: Record<string, string>): Promise<string>;
}

/** A signed-in customer with a funded wallet and an ACTIVE card on it (not yet activated for spending). */
/** `faults`: the sandbox's own fault rules (`PATCH /cards/*=drop-after;times=1`). */
async function cardSetup(faults: string[] = []): Promise<CardSetup> {
  const chain = await sandboxChain({ fullName: 'Ana Card' }, { cardActivationMs: 0, panOrigin: PAN_ORIGIN, faults });
  const accounts = await chain.platform('GET', `/customers/internal-accounts?customerId=${enc(chain.customerId)}`);
  const accountId = accounts.data[0].id as string;
  await chain.platform('POST', `/sandbox/internal-accounts/${enc(accountId)}/fund`, { amount: 500_000 });
  const card = await chain.platform('POST', '/cards', { fundingSource: accountId, cardholderId: chain.customerId });
  const challenge = await chain.client.requestOtp({ accountId });
  await chain.client.loginWithOtp({ challenge, code: '000000' });
  const simulate = (what: string, body: Record<string, unknown>) =>
    chain.platform('POST', `/sandbox/cards/${enc(card.id)}/simulate/${what}`, body);
  const authorize = async (amount: number, descriptor: string, place: Record<string, string> = {}) => {
    await simulate('authorization', { amount, currency: { code: 'USD' }, merchant: { descriptor, ...place } });
    const rows = await chain.platform('GET', `/transactions?cardId=${enc(card.id)}&limit=100`);
    return (rows.data as { id: string; merchant: { descriptor: string } }[]).find(
      (r) => r.merchant.descriptor === descriptor,
    )!.id;
  };
  return { chain, accountId, cardId: card.id, last4: card.last4, simulate, authorize };
}

describe('<pay-card>', () => {
  const t = setupElementTests();

  const render = async (s: CardSetup, client: WalletClient = s.chain.client, extra = {}): Promise<PayCardElement> => {
    const el = await fixture<PayCardElement>(
      html`<pay-card
        .client=${client}
        card-id=${s.cardId}
        customer-id=${s.chain.customerId}
        allowed-origins=${PAN_ORIGIN}
        page-size=${(extra as { pageSize?: number }).pageSize ?? 20}
        locale=${(extra as { locale?: string }).locale ?? 'en'}
      ></pay-card>`,
    );
    await until(() => hasState(el, 'ready') || hasState(el, 'error'), 'the card', 8000);
    await el.updateComplete;
    return el;
  };
  const rows = (el: PayCardElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~="transaction"]')];
  const row = (el: PayCardElement, text: string) => rows(el).find((r) => r.textContent!.includes(text));

  it('shows the card art, activates the wallet funding source (three signed legs), freezes and unfreezes', async () => {
    const s = await cardSetup();
    const el = await render(s);
    const art = part(el, 'art');
    expect(art.getAttribute('role')).to.equal('img');
    expect(art.getAttribute('aria-label')).to.equal(`VISA card ending in ${s.last4}, Active`);
    expect(hasState(el, 'needs-activation'), 'an embedded wallet without a delegated key').to.equal(true);
    const reveal = el.shadowRoot!.querySelector('pay-card-reveal')!;
    expect(reveal.getAttribute('allowed-origins')).to.equal(PAN_ORIGIN);
    await (reveal as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const revealBase = getComputedStyle(part(reveal, 'base'));
    expect([revealBase.borderTopWidth, revealBase.paddingLeft], 'one surface: the reveal inside is flat').to.deep.equal(
      ['0px', '0px'],
    );
    await expectAccessible(el, 'needs activation');

    // before activation the wallet cannot fund a purchase
    await s.authorize(100, 'BEFORE ACTIVATION');
    await pressEnter(part(el, 'activate-button'));
    await until(() => !hasState(el, 'needs-activation'), 'activated', 8000);
    expect(s.chain.forwarded.filter((p) => p === 'POST /auth/delegated-keys')).to.have.length(3);
    const [activated] = t.leaks.of('pay-card-activated');
    expect(activated!.detail).to.deep.include({ cardId: s.cardId });
    expect(maybePart(el, 'activation') === null, 'no activation step').to.equal(true);
    expect(el.shadowRoot!.activeElement === part(el, 'freeze-button'), 'focus moves on to the card controls').to.equal(
      true,
    );

    const freeze = part<HTMLButtonElement>(el, 'freeze-button');
    expect(freeze.textContent!.trim()).to.equal('Freeze card');
    await pressEnter(freeze);
    await until(() => hasState(el, 'frozen'), 'frozen');
    expect(s.chain.sandbox.state.cards.get(s.cardId)!.state).to.equal('FROZEN');
    expect(part(el, 'art').getAttribute('aria-label')).to.contain('Frozen');
    expect(announced(el)).to.contain('Card frozen');
    expect(t.leaks.of('pay-card-frozen').map((e) => e.detail)).to.deep.equal([{ cardId: s.cardId }]);
    expect(s.chain.forwarded).to.include(`PATCH /cards/${s.cardId}`);
    await expectAccessible(el, 'frozen');
    await until(() => !hasState(el, 'busy'), 'idle');
    await pressEnter(part(el, 'freeze-button'));
    await until(() => !hasState(el, 'frozen'), 'unfrozen');
    expect(s.chain.sandbox.state.cards.get(s.cardId)!.state).to.equal('ACTIVE');
    expect(t.leaks.of('pay-card-unfrozen').map((e) => e.detail)).to.deep.equal([{ cardId: s.cardId }]);
    t.leaks.assertClean(el);
  });

  it('lists what the simulators made: statuses, merchant and place, refunds linked, DECLINED only on request, paged', async () => {
    const s = await cardSetup();
    await createDelegatedKey(s.chain.client, { cardId: s.cardId, internalAccountId: s.accountId });
    const coffee = await s.authorize(1250, 'BLUE BOTTLE COFFEE', { city: 'San Francisco', state: 'CA' });
    await s.simulate('clearing', { cardTransactionId: coffee, amount: 1250 });
    await s.simulate('return', { cardTransactionId: coffee, amount: 500 });
    const books = await s.authorize(4000, 'CITY BOOKS');
    await s.simulate('clearing', { cardTransactionId: books, amount: 1000 });
    await s.authorize(999, 'TAXI RIDE');
    await s.authorize(700, 'GADGET SHOP 002'); // declined: insufficient funds
    await s.authorize(300, 'ODD MERCHANT 006'); // the pull fails: EXCEPTION

    const el = await render(s, s.chain.client, { pageSize: 5 });
    expect(s.chain.forwarded).to.include('GET /transactions');
    // newest first, 5 a page; the DECLINED one is on the first page but kept out of the statement; the
    // refund is there too, its purchase not yet
    const statuses = () => rows(el).map((r) => `${r.dataset['direction']} ${r.dataset['status']}`);
    expect(statuses()).to.deep.equal([
      'DEBIT EXCEPTION',
      'DEBIT AUTHORIZED',
      'DEBIT PARTIALLY_SETTLED',
      'CREDIT SETTLED',
    ]);
    expect(rows(el)[3]!.textContent).to.contain('Refund of an earlier purchase');
    expect(rows(el)[3]!.querySelector('[part~="show-purchase-button"]') === null, 'its purchase not listed').to.equal(
      true,
    );
    expect(row(el, 'TAXI RIDE')!.textContent).to.contain('Pending').and.contain('−$9.99');
    expect(row(el, 'CITY BOOKS')!.textContent).to.contain('Partly settled').and.contain('−$10.00');
    expect(row(el, 'ODD MERCHANT')!.textContent).to.contain('Under review');
    expect(row(el, 'GADGET SHOP') === undefined, 'DECLINED left out').to.equal(true);
    await expectAccessible(el, 'statement');

    const more = part<HTMLButtonElement>(el, 'more-button');
    await pressEnter(more);
    await until(() => rows(el).length === 5, 'the second page');
    expect(statuses()).to.deep.equal([
      'DEBIT EXCEPTION',
      'DEBIT AUTHORIZED',
      'DEBIT PARTIALLY_SETTLED',
      'CREDIT SETTLED',
      'DEBIT SETTLED',
    ]);
    expect(maybePart(el, 'more-button') === null, 'no third page').to.equal(true);
    expect(el.shadowRoot!.activeElement === rows(el)[4], 'focus on the first new row').to.equal(true);
    expect(announced(el)).to.contain('More transactions shown: 1.');
    const refund = rows(el)[3]!;
    expect(refund.textContent).to.contain('Refund').and.contain('+$5.00').and.contain('Refund of a purchase on');
    const purchase = rows(el)[4]!;
    expect(purchase.dataset['direction']).to.equal('DEBIT');
    expect(purchase.textContent).to.contain('San Francisco, CA').and.contain('Completed').and.contain('−$12.50');
    expect(purchase.textContent).to.contain('$5.00 refunded');
    await pressEnter(refund.querySelector<HTMLButtonElement>('[part~="show-purchase-button"]')!);
    expect(el.shadowRoot!.activeElement === purchase, 'the purchase the refund is for').to.equal(true);

    const filter = part<HTMLInputElement>(el, 'declined-filter');
    filter.click();
    await el.updateComplete;
    expect(row(el, 'GADGET SHOP 002')!.dataset['status']).to.equal('DECLINED');
    expect(row(el, 'GADGET SHOP 002')!.textContent).to.contain('Declined');
    expect(el.showDeclined).to.equal(true);
    await expectAccessible(el, 'all activity');
    t.leaks.assertClean(el);
  });

  it('changes the spend limits the card allows, in the currency’s decimals, and checks what is typed', async () => {
    const s = await cardSetup();
    const el = await render(s);
    expect(part(el, 'limits').textContent).to.contain('Per payment').and.contain('No limit');
    await pressEnter(part(el, 'edit-limits-button'));
    const inputs = () => [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="limit-input"]')];
    expect(inputs().map((i) => i.name)).to.deep.equal([
      'maxSpendPerTransaction',
      'maxSpendPerDay',
      'maxTransactionsPerDay',
    ]);
    expect(el.shadowRoot!.activeElement === inputs()[0], 'focus').to.equal(true);
    await typeInto(inputs()[0]!, '12.345');
    await typeInto(inputs()[2]!, '2.5');
    await pressEnter(part(el, 'save-limits-button'));
    await el.updateComplete;
    expect(inputs()[0]!.getAttribute('aria-invalid')).to.equal('true');
    expect(part(el, 'limits-form').textContent)
      .to.contain('Use at most 2 decimals, such as 1,234.56.')
      .and.contain('whole number');
    expect(el.shadowRoot!.activeElement === inputs()[0], 'the first wrong field').to.equal(true);
    expect(s.chain.forwarded.filter((p) => p.startsWith('PATCH'))).to.have.length(0);
    await expectAccessible(el, 'invalid limits');

    inputs()[0]!.value = '';
    await typeInto(inputs()[0]!, '25.5');
    inputs()[2]!.value = '';
    await typeInto(inputs()[2]!, '3');
    await pressEnter(part(el, 'save-limits-button'));
    await until(() => t.leaks.of('pay-card-limits-changed').length === 1, 'saved');
    expect(t.leaks.of('pay-card-limits-changed')[0]!.detail).to.deep.equal({
      cardId: s.cardId,
      limits: { maxSpendPerTransaction: 2550, maxSpendPerDay: null, maxTransactionsPerDay: 3 },
    });
    expect(s.chain.sandbox.state.cards.get(s.cardId)).to.include({
      maxSpendPerTransaction: 2550,
      maxTransactionsPerDay: 3,
    });
    await el.updateComplete;
    expect(part(el, 'limits').textContent).to.contain('$25.50');
    expect(el.shadowRoot!.activeElement === part(el, 'edit-limits-button'), 'focus').to.equal(true);
    expect(announced(el)).to.contain('Spending limits saved.');
    t.leaks.assertClean(el);
  });

  it('says why a change failed by its code (a card closed meanwhile), then shows the closed card without controls', async () => {
    const s = await cardSetup();
    const el = await render(s);
    await s.chain.platform('PATCH', `/cards/${enc(s.cardId)}`, { state: 'CLOSED' }); // the platform closes it
    await pressEnter(part(el, 'freeze-button'));
    await until(() => hasState(el, 'error'), 'the error');
    expect(part(el, 'error').textContent).to.contain('This card is closed and can no longer be changed.');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'CARD_NOT_MUTABLE' }]);
    expect(t.leaks.of('pay-card-frozen')).to.have.length(0);
    await expectAccessible(el, 'error');
    await el.reload();
    await el.updateComplete;
    expect(part(el, 'art').getAttribute('aria-label')).to.contain('Closed');
    expect(maybePart(el, 'freeze-button') === null, 'no freeze on a closed card').to.equal(true);
    expect(maybePart(el, 'limits') === null, 'no limits on a closed card').to.equal(true);
    expect(el.shadowRoot!.querySelector('pay-card-reveal') === null, 'no details of a closed card').to.equal(true);
    t.leaks.assertClean(el);
  });

  it('a new card shows "Being set up", then ACTIVE by itself, through a lost status answer and no error (issue 30, case 8)', async () => {
    const chain = await sandboxChain({ fullName: 'Nia New' }, { cardActivationMs: 2500, panOrigin: PAN_ORIGIN });
    const { accountId } = chain;
    await chain.client.loginWithOtp({ challenge: await chain.client.requestOtp({ accountId }), code: '000000' });
    const card = await chain.platform('POST', '/cards', { fundingSource: accountId, cardholderId: chain.customerId });
    const el = await render({ chain, accountId, cardId: card.id } as CardSetup);
    expect(part(el, 'art').getAttribute('aria-label')).to.contain('Being set up');
    chain.loseNextAnswer(new RegExp(`^/cards/${card.id}$`)); // the first status read fails
    await until(() => part(el, 'art').getAttribute('aria-label')!.includes('Active'), 'active', 15000);
    expect(hasState(el, 'error'), 'no error').to.equal(false);
    expect(t.leaks.of('pay-error')).to.have.length(0);
    expect(chain.forwarded.filter((p) => p === `GET /cards/${card.id}`).length).to.be.greaterThan(2);
    t.leaks.assertClean(el);
  });

  /** A signed-in customer with a card that stays PROCESSING until `ready()`, read through a client that counts the card's reads. */
  const pendingCard = async () => {
    const chain = await sandboxChain(
      { fullName: 'Pat Pending' },
      { cardActivationMs: 3_600_000, panOrigin: PAN_ORIGIN },
    );
    const { accountId } = chain;
    await chain.client.loginWithOtp({ challenge: await chain.client.requestOtp({ accountId }), code: '000000' });
    const card = await chain.platform('POST', '/cards', { fundingSource: accountId, cardholderId: chain.customerId });
    const counted = { reads: 0 };
    const client = Object.create(chain.client) as WalletClient;
    client.request = ((method: string, path: string, options?: object) => {
      if (method === 'GET' && path === `/cards/${enc(card.id)}`) counted.reads++;
      return chain.client.request(method as 'GET', path, options);
    }) as WalletClient['request'];
    const ready = () => {
      const record = chain.sandbox.state.cards.get(card.id)!;
      chain.sandbox.state.cards.put({ ...record, provisionedAt: 0 });
    };
    return { setup: { chain, accountId, cardId: card.id } as CardSetup, client, counted, ready };
  };
  /** Replaces the poller's pauses: each asks here (its length in ms) and lasts until released. */
  const manualPauses = () => {
    const asked: number[] = [];
    const waiting: (() => void)[] = [];
    const original = cardPolling.sleep;
    cardPolling.sleep = (ms, signal) =>
      new Promise((resolve) => {
        asked.push(ms);
        waiting.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    t.cleanup(() => (cardPolling.sleep = original));
    return { asked, release: () => waiting.shift()!() };
  };
  const setHidden = (hidden: boolean) => {
    if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    else delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  /** Lets every pending promise of the element run (one task, no time passing that anything waits on). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('follows a PROCESSING card: reads after 1, 2, 4 s…, none while the page is hidden, pay-card-ready once ACTIVE', async () => {
    const pauses = manualPauses();
    const { setup, client, counted, ready } = await pendingCard();
    t.cleanup(() => setHidden(false));
    const el = await render(setup, client);
    expect(hasState(el, 'processing')).to.equal(true);
    expect(counted.reads).to.equal(1);
    for (const n of [1, 2]) {
      await until(() => pauses.asked.length === n, `pause ${n}`);
      pauses.release();
      await until(() => counted.reads === n + 1, `read ${n + 1}`);
    }
    await until(() => pauses.asked.length === 3, 'pause 3');
    expect(pauses.asked).to.deep.equal([1000, 2000, 4000]);

    setHidden(true);
    pauses.release();
    await settle();
    await el.updateComplete;
    expect(counted.reads, 'no read while the page is hidden').to.equal(3);
    expect(pauses.asked).to.have.length(3);

    ready();
    const readyEvent = nextEvent<CustomEvent>(el, 'pay-card-ready');
    setHidden(false); // visible again: the paused read runs now
    expect((await readyEvent).detail).to.deep.equal({ cardId: setup.cardId, state: 'ACTIVE' });
    await el.updateComplete;
    expect(counted.reads).to.equal(4);
    expect(hasState(el, 'processing')).to.equal(false);
    expect(part(el, 'art').getAttribute('aria-label')).to.contain('Active');
    expect(announced(el)).to.contain('Your card is ready.');
    expect(pauses.asked, 'no pause after the card is ready').to.have.length(3);
  });

  it('gives up after 10 reads (1 s doubling to 16 s) with "taking longer than usual" and "Check again"; none once removed', async () => {
    const pauses = manualPauses();
    const { setup, client, counted } = await pendingCard();
    const el = await render(setup, client, { locale: 'es' });
    for (let n = 1; n <= 10; n++) {
      await until(() => pauses.asked.length === n, `pause ${n}`);
      pauses.release();
      await until(() => counted.reads === n + 1, `read ${n + 1}`);
    }
    await until(() => hasState(el, 'slow'), 'the slow state');
    expect(pauses.asked).to.deep.equal([1000, 2000, 4000, 8000, 16000, 16000, 16000, 16000, 16000, 16000]);
    expect(part(el, 'slow').textContent).to.contain('está tardando más de lo normal');
    await expectAccessible(el, 'slow card');
    await pressEnter(part(el, 'check-again-button'));
    await until(() => pauses.asked.length === 11, 'a new schedule');
    expect(pauses.asked[10]).to.equal(1000);
    await el.updateComplete;
    expect(hasState(el, 'processing')).to.equal(true);
    expect(el.shadowRoot!.activeElement, 'focus on the card, not lost').to.equal(part(el, 'art'));

    el.remove(); // off the page: the pause ends, nothing is read
    await settle();
    expect(counted.reads).to.equal(11);
    expect(pauses.asked).to.have.length(11);
  });

  it('"Allow card payments" whose last answer was lost reads the keys and shows the card activated (issue 30, case 6)', async () => {
    const s = await cardSetup();
    const el = await render(s);
    // the third leg makes the key ACTIVE; its answer is lost, the retry meets 409 (the key exists)
    s.chain.loseNextAnswer(/^\/auth\/delegated-keys$/, { signed: true, skip: 1 });
    await pressEnter(part(el, 'activate-button'));
    await until(() => !hasState(el, 'needs-activation') && !hasState(el, 'busy'), 'activated', 8000);
    expect(hasState(el, 'error'), 'no error').to.equal(false);
    expect(t.leaks.of('pay-error')).to.have.length(0);
    const keys = [...s.chain.sandbox.state.delegatedKeys.list((k) => k.cardId === s.cardId)];
    expect(keys.filter((k) => k.status === 'ACTIVE')).to.have.length(1);
    const [activated] = t.leaks.of('pay-card-activated');
    expect(activated!.detail).to.deep.equal({ cardId: s.cardId, keyId: keys.find((k) => k.status === 'ACTIVE')!.id });
    expect(part(el, 'success').textContent).to.contain('The card can now pay from your wallet.');
    t.leaks.assertClean(el);
  });

  it('a freeze whose answer was lost reads the card and shows it frozen; a freeze made elsewhere (409) too (issue 30, case 7)', async () => {
    const s = await cardSetup();
    const el = await render(s);
    s.chain.loseNextAnswer(new RegExp(`^/cards/${s.cardId}$`)); // the service freezes it, the answer is lost
    await pressEnter(part(el, 'freeze-button'));
    await until(() => hasState(el, 'frozen') && !hasState(el, 'busy'), 'frozen after checking');
    expect(s.chain.forwarded.filter((p) => p === `PATCH /cards/${s.cardId}`)).to.have.length(1);
    expect(s.chain.forwarded.filter((p) => p === `GET /cards/${s.cardId}`).length).to.be.greaterThan(1);
    expect(hasState(el, 'error'), 'no error').to.equal(false);
    expect(part(el, 'success').textContent).to.contain('Card frozen');
    expect(part(el, 'freeze-button').textContent!.trim()).to.equal('Unfreeze card');
    expect(t.leaks.of('pay-card-frozen').map((e) => e.detail)).to.deep.equal([{ cardId: s.cardId }]);

    // another tab unfroze it; this one still offers "Unfreeze": the 409 reads the card, which is ACTIVE as asked
    await s.chain.client.request('PATCH', `/cards/${enc(s.cardId)}`, { body: { state: 'ACTIVE' } });
    await pressEnter(part(el, 'freeze-button'));
    await until(() => !hasState(el, 'frozen') && !hasState(el, 'busy'), 'unfrozen');
    expect(hasState(el, 'error'), 'no error').to.equal(false);
    expect(part(el, 'success').textContent).to.contain('Card unfrozen');
    expect(t.leaks.of('pay-card-unfrozen').map((e) => e.detail)).to.deep.equal([{ cardId: s.cardId }]);
    t.leaks.assertClean(el);
  });

  for (const fault of ['drop-after', 'error-after=502', 'error-before=503', 'duplicate']) {
    it(`the sandbox's fault mode on the freeze (${fault}): frozen once, shown frozen without a reload, no raw code`, async () => {
      const s = await cardSetup([`PATCH /cards/*=${fault};times=1`]);
      const el = await render(s);
      await pressEnter(part(el, 'freeze-button'));
      await until(
        () => !hasState(el, 'busy') && (hasState(el, 'frozen') || hasState(el, 'error')),
        'frozen, or an error',
      );
      if (hasState(el, 'error')) {
        // the service did not act (a 5xx before): words, and the same button again
        expect(part(el, 'error').textContent).to.not.match(/\[|\b[A-Z]+_[A-Z_]+\b|\b5\d\d\b/);
        await expectAccessible(el, `after ${fault}`);
        await pressEnter(part(el, 'freeze-button'));
        await until(() => hasState(el, 'frozen') && !hasState(el, 'busy'), 'frozen on the second press');
      }
      expect(s.chain.sandbox.state.cards.get(s.cardId)?.state).to.equal('FROZEN');
      expect(t.leaks.of('pay-card-frozen').map((e) => e.detail)).to.deep.equal([{ cardId: s.cardId }]);
      expect(part(el, 'freeze-button').textContent!.trim()).to.equal('Unfreeze card');
      t.leaks.assertClean(el);
    });
  }

  it('says a freeze is the platform’s when the proxy keeps it (CARD_CONTROLLED_BY_PLATFORM), and the card stays frozen', async () => {
    const s = await cardSetup();
    await s.chain.platform('PATCH', `/cards/${enc(s.cardId)}`, { state: 'FROZEN' }); // a fraud review
    const el = await render(s);
    await pressEnter(part(el, 'freeze-button'));
    await until(() => hasState(el, 'error'), 'the error');
    expect(part(el, 'error').textContent).to.contain('This was set by your card provider');
    expect(t.leaks.of('pay-error').map((e) => e.detail)).to.deep.equal([{ code: 'CARD_CONTROLLED_BY_PLATFORM' }]);
    expect(t.leaks.of('pay-card-frozen')).to.have.length(0);
    expect((await s.chain.platform('GET', `/cards/${enc(s.cardId)}`)).state).to.equal('FROZEN');
    await expectAccessible(el, 'error');
    t.leaks.assertClean(el);
  });

  it('offers only the limits cardCapabilities allow, and none without spend-limit support', async () => {
    const s = await cardSetup();
    const capabilities = { supportsSpendLimits: false, supportsTransactionCountLimit: true, supportsPanReveal: false };
    const client = new Proxy(s.chain.client, {
      get(target, name) {
        if (name === 'request')
          return async (...args: Parameters<WalletClient['request']>) => {
            const answer = (await target.request(...args)) as Record<string, unknown>;
            return args[0] === 'GET' && args[1].startsWith('/cards/')
              ? { ...answer, cardCapabilities: capabilities }
              : answer;
          };
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const el = await render(s, client);
    expect(part(el, 'limits').textContent).to.contain('Payments per day').and.not.contain('Per payment');
    expect(
      el.shadowRoot!.querySelector('pay-card-reveal') === null,
      'no PAN reveal without supportsPanReveal',
    ).to.equal(true);
  });

  it('speaks Spanish, with amounts in Spanish', async () => {
    const s = await cardSetup();
    await createDelegatedKey(s.chain.client, { cardId: s.cardId, internalAccountId: s.accountId });
    const id = await s.authorize(123456, 'LIBRERIA CENTRAL', { city: 'Madrid' });
    await s.simulate('clearing', { cardTransactionId: id, amount: 123456 });
    const el = await render(s, s.chain.client, { locale: 'es' });
    expect(part(el, 'art').getAttribute('aria-label')).to.contain('terminada en').and.contain('Activa');
    expect(part(el, 'freeze-button').textContent!.trim()).to.equal('Congelar tarjeta');
    expect(row(el, 'LIBRERIA')!.textContent)
      .to.contain('Completado')
      .and.match(/1234,56\s?US\$|1\.234,56\s?US\$/);
    expect(el.shadowRoot!.querySelector('pay-card-reveal')!.getAttribute('locale')).to.equal('es');
    await expectAccessible(el, 'es');
  });

  it('reads and prefills a limit with the locale’s separators: in German 1.234 is one thousand two hundred and thirty-four', async () => {
    const s = await cardSetup();
    const el = await render(s, s.chain.client, { locale: 'de' });
    await pressEnter(part(el, 'edit-limits-button'));
    const input = () => el.shadowRoot!.querySelector<HTMLInputElement>('input[name="maxSpendPerTransaction"]')!;
    await typeInto(input(), '12,345');
    await pressEnter(part(el, 'save-limits-button'));
    await el.updateComplete;
    expect(part(el, 'limits-form').textContent).to.contain(
      de['cardView.tooManyDecimals'].replace('{n}', '2').replace('{example}', '1.234,56'),
    );
    input().value = '';
    await typeInto(input(), '1.234'); // no key twice in a row: WebKitWebDriver drops repeats
    await pressEnter(part(el, 'save-limits-button'));
    await until(() => t.leaks.of('pay-card-limits-changed').length === 1, 'saved');
    expect(t.leaks.of('pay-card-limits-changed')[0]!.detail).to.deep.include({
      limits: { maxSpendPerTransaction: 123400, maxSpendPerDay: null, maxTransactionsPerDay: null },
    });
    await el.updateComplete;
    await pressEnter(part(el, 'edit-limits-button'));
    await el.updateComplete;
    expect(input().value, 'prefilled as German writes it').to.equal('1.234,00');
  });

  it('reads amounts in major units with at most the currency’s decimals', () => {
    expect(parseAmount('12.5', 2)).to.equal(1250);
    expect(parseAmount(' 7,25 ', 2)).to.equal(725);
    expect(parseAmount('', 2)).to.equal(null);
    expect(parseAmount('1.001', 2)).to.equal(undefined);
    expect(parseAmount('1.001', 2, 'de')).to.equal(100100);
    expect(parseAmount('0', 2)).to.equal(undefined);
    expect(parseAmount('-3', 2)).to.equal(undefined);
    expect(parseAmount('5', 0)).to.equal(5);
    expect(parseAmount('5.', 0)).to.equal(5);
    expect(parseAmount('1e3', 2)).to.equal(undefined);
  });
});
