/**
 * Step 5, virtual card: issues a card through the proxy (`WalletClient.request`, idempotent), waits for
 * it to be active, then `<pay-card>` shows it: art, details (its `<pay-card-reveal>`, from the issuer's
 * origin in a sandboxed frame), freeze, limits, the wallet activation step and the transactions, which
 * "Simulate spending" fills through the demo backend's card simulators (`POST /api/demo/card/simulate`).
 */
import { waitForCard as readUntilReady } from '@paykit/crypto-core';
import { h, icon, mount } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state, type Card } from '../state.js';
import { demoApi } from '../api.js';
import { t } from '../i18n/translate.js';
import { card, describe, fact, howItWorks, payElement, toast } from '../ui.js';
import { focusIsInContent, focusPartWhen, focusResult } from '../focus.js';
import { refreshBalance } from '../wallet.js';

export const cardStep: Step = {
  id: 'card',
  icon: 'card',
  needs: 'session',
  done: () => state.card?.state === 'ACTIVE',
  render: cardPanel,
};

/** Focus the card `<pay-card>` shows next: set when the visitor's own "Issue" produced it. */
let focusCard = false;

/** Why a card was not issued, in words, with the way forward; the service's code goes to the console only. */
function issueError(error: unknown): (string | HTMLElement)[] {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'CARDHOLDER_KYC_NOT_APPROVED') return [describe(error)];
  console.info('demo error code:', code);
  return [`${t('card.kycNeeded')} `, h('a', { attrs: { href: '#kyc' }, text: t('card.kycLink') })];
}

/** The card being issued (its Idempotency-Key and the very body sent with it), kept until the issue succeeds. */
let cardIssue: { key: string; body: Record<string, string> } | undefined;

function cardPanel(): HTMLElement {
  const slot = h('div', { class: 'stack' });
  const render = (): void => {
    const c = state.card;
    if (!c) {
      const button = h(
        'button',
        {
          class: 'button button--primary',
          attrs: { type: 'button', 'aria-describedby': 'card-issue-error' },
          testid: 'card-issue',
        },
        icon('card'),
        h('span', { t: 'card.issue' }),
      );
      // the reason an issue failed, in words, under the button that tried it; it stays until the next try
      const error = h('p', { class: 'form-error', id: 'card-issue-error', testid: 'card-issue-error' });
      button.addEventListener('click', () => void issue(button, error));
      mount(
        slot,
        card(
          'card.title',
          h(
            'div',
            { class: 'card-art card-art--ghost', attrs: { 'aria-hidden': 'true' } },
            h('span', { class: 'card-art__brand', text: 'Paykit' }),
            h('span', { class: 'card-art__number', text: '•••• •••• •••• ••••' }),
          ),
          h('p', { class: 'muted', t: 'card.intro' }),
          button,
          error,
        ),
      );
      return;
    }
    if (c.state === 'PROCESSING') {
      mount(
        slot,
        card(
          'card.title',
          h(
            'p',
            { class: 'muted', attrs: { tabindex: '-1', 'data-focus-result': '' }, testid: 'card-activating' },
            h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
            ' ',
            h('span', { t: 'card.activating' }),
          ),
        ),
      );
      return;
    }
    const element = payElement(
      'pay-card',
      { 'card-id': c.id, 'customer-id': state.me!.customerId, 'allowed-origins': state.config.panOrigin },
      'card',
    );
    // the card's state as the element changed it (freeze / unfreeze), for the badge and the step's "done"
    const follow = (next: string) => () => {
      state.card = { ...state.card!, state: next };
      badge.textContent = next;
      badge.className = `badge ${next === 'ACTIVE' ? 'badge--ok' : 'badge--warn'}`;
      renderSteps();
    };
    element.addEventListener('pay-card-frozen', follow('FROZEN'));
    element.addEventListener('pay-card-unfrozen', follow('ACTIVE'));
    const badge = h('span', {
      class: `badge ${c.state === 'ACTIVE' ? 'badge--ok' : 'badge--warn'}`,
      testid: 'card-state',
      text: c.state,
    });
    const simulate = h(
      'button',
      { class: 'button button--secondary', attrs: { type: 'button' }, testid: 'card-simulate' },
      icon('card'),
      h('span', { t: 'card.simulate' }),
    );
    simulate.addEventListener('click', () => void spend(simulate, element, c.id));
    if (focusCard) {
      focusCard = false;
      void focusPartWhen(element, 'ready', 'art'); // the new card, once it has loaded
    }
    mount(
      slot,
      card(
        undefined,
        h(
          'dl',
          { class: 'facts facts--compact' },
          fact('fact.card', c.id),
          h('div', { class: 'fact' }, h('dt', { t: 'fact.state' }), h('dd', null, badge)),
        ),
        element,
        h('div', { class: 'actions' }, simulate, h('p', { class: 'hint', t: 'card.simulateHint' })),
        h(
          'p',
          { class: 'hint' },
          icon('shield'),
          h('span', { t: ['card.detailsHint', { origin: state.config.panOrigin }] }),
        ),
      ),
    );
  };

  async function spend(button: HTMLElement, element: HTMLElement, cardId: string): Promise<void> {
    if (button.getAttribute('aria-disabled') === 'true') return;
    // aria-disabled, not disabled: a disabled button would drop the focus to the page body
    button.setAttribute('aria-disabled', 'true');
    button.setAttribute('aria-busy', 'true');
    try {
      const outcome = await demoApi.simulateSpending(cardId);
      await Promise.all([(element as HTMLElement & { reload(): Promise<void> }).reload(), refreshBalance()]);
      toast(
        `${outcome.approved} purchases approved, ${outcome.declined} declined, ${outcome.refunded} refunded`,
        outcome.approved ? 'success' : 'info',
      );
      // the updated activity: its newest row (the list is the card's public part `transaction`)
      if (focusIsInContent()) await focusPartWhen(element, 'ready', 'transaction');
    } catch (e) {
      toast(describe(e), 'error');
    } finally {
      button.removeAttribute('aria-disabled');
      button.removeAttribute('aria-busy');
    }
  }

  async function issue(button: HTMLElement, error: HTMLElement): Promise<void> {
    if (button.getAttribute('aria-disabled') === 'true') return;
    const me = state.me!;
    button.setAttribute('aria-disabled', 'true');
    button.setAttribute('aria-busy', 'true');
    error.textContent = '';
    error.removeAttribute('role');
    // one intent, one key and one body until it succeeds: a retry after a lost answer replays the first card,
    // never a second one (and never a 409 for the same key with a new platformCardId)
    cardIssue ??= {
      key: crypto.randomUUID(),
      body: {
        fundingSource: me.accountId,
        cardholderId: me.customerId,
        platformCardId: `demo-card-${crypto.randomUUID().slice(0, 8)}`,
      },
    };
    try {
      const created = await state.client.request<Card>('POST', '/cards', {
        body: cardIssue.body,
        headers: { 'Idempotency-Key': cardIssue.key },
      });
      cardIssue = undefined;
      state.card = created;
      state.me = { ...me, cardIds: [...me.cardIds, created.id] };
      const moveFocus = focusIsInContent();
      render();
      if (moveFocus) focusResult(); // "Activating your card…"
      await waitForCard(created.id);
      focusCard = moveFocus && focusIsInContent();
      render();
      renderSteps();
      if (state.card?.state === 'ACTIVE') toast(t('card.issued'), 'success');
    } catch (e) {
      if (!button.isConnected) return toast(describe(e), 'error'); // the card was created; activating failed
      error.setAttribute('role', 'alert');
      mount(error, issueError(e));
      button.removeAttribute('aria-disabled');
      button.removeAttribute('aria-busy');
    }
  }

  render();
  if (state.card && state.card.state === 'PROCESSING')
    void waitForCard(state.card.id).then(render, (e: unknown) => toast(describe(e), 'error'));
  return h(
    'div',
    { class: 'stack' },
    slot,
    h('div', { class: 'actions' }, continueButton('pay')),
    howItWorks([
      '`POST /cards` with an `Idempotency-Key` through the proxy; the card starts `PROCESSING` and is `ACTIVE` a second later.',
      '`<pay-card>`: `GET /cards/{id}` and `GET /transactions?cardId=` (paged) through the proxy; freeze and limits are `PATCH /cards/{id}`, which the proxy allows only for the visitor’s own card and only `state` ACTIVE/FROZEN and the limits.',
      'A wallet-funded card needs an ACTIVE delegated key: “Allow card payments” creates it (`POST /auth/delegated-keys`, three signed legs).',
      '`POST /cards/{id}/reveal` returns a single-use `panEmbedUrl` on the issuer’s origin. `<pay-card-reveal>` loads it into a sandboxed iframe only if that origin is in `allowed-origins`.',
      '“Simulate spending”: the demo backend calls the sandbox’s `/sandbox/cards/{id}/simulate/*` with the platform credential.',
      'This page’s CSP allows frames from that one origin (`frame-src`), and the card page allows only this origin to frame it.',
    ]),
  );
}

/** Reads the new card until it is set up; a lost or failed read is read again after a pause (crypto-core). */
async function waitForCard(id: string): Promise<void> {
  state.card = (await readUntilReady(state.client, { cardId: id, intervalMs: 500, timeoutMs: 20_000 })) as Card;
}
