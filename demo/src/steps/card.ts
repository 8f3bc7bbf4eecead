/**
 * Step 5, virtual card: issues a card through the proxy (`WalletClient.request`, idempotent), waits for
 * it to be active, then `<pay-card-reveal>` shows its details from the issuer's origin in a sandboxed frame.
 */
import { h, icon, mount } from '../dom.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { state, type Card } from '../state.js';
import { card, describe, fact, howItWorks, payElement, sleep, toast } from '../ui.js';

export const cardStep: Step = {
  id: 'card',
  title: 'Virtual card',
  subtitle: 'Issue and reveal',
  icon: 'card',
  needs: 'session',
  lead: 'Issue a virtual card funded by the wallet, then show its details. Number and security code come from the card issuer’s own origin in a sandboxed frame: they never touch this page’s scripts.',
  done: () => state.card?.state === 'ACTIVE',
  render: cardPanel,
};

let cardIssueKey: string | undefined;

function cardPanel(): HTMLElement {
  const slot = h('div', { class: 'stack' });
  const render = (): void => {
    const c = state.card;
    if (!c) {
      const button = h(
        'button',
        { class: 'button button--primary', attrs: { type: 'button' }, testid: 'card-issue' },
        icon('card'),
        'Issue virtual card',
      );
      button.addEventListener('click', () => void issue(button));
      mount(
        slot,
        card(
          'Virtual card',
          h(
            'div',
            { class: 'card-art card-art--ghost', attrs: { 'aria-hidden': 'true' } },
            h('span', { class: 'card-art__brand', text: 'Paykit' }),
            h('span', { class: 'card-art__number', text: '•••• •••• •••• ••••' }),
          ),
          h('p', {
            class: 'muted',
            text: 'A virtual Visa debit card spending from your wallet. Activation takes about a second.',
          }),
          button,
        ),
      );
      return;
    }
    const active = c.state === 'ACTIVE';
    const reveal = payElement(
      'pay-card-reveal',
      { 'card-id': c.id, 'allowed-origins': state.config.panOrigin },
      'card-reveal',
    );
    mount(
      slot,
      h(
        'div',
        { class: 'grid-2 grid-2--card' },
        card(
          undefined,
          h(
            'div',
            {
              class: 'card-art',
              attrs: { role: 'img', 'aria-label': `${c.brand ?? 'Visa'} card ending in ${c.last4 ?? '••••'}` },
            },
            h('span', { class: 'card-art__brand', text: 'Paykit' }),
            h('span', { class: 'card-art__chip', attrs: { 'aria-hidden': 'true' } }),
            h('span', { class: 'card-art__number', text: `•••• •••• •••• ${c.last4 ?? '••••'}` }),
            h('span', { class: 'card-art__name', text: (state.me?.fullName || state.me?.email || '').toUpperCase() }),
            h('span', { class: 'card-art__network', text: c.brand ?? 'VISA' }),
          ),
          h(
            'dl',
            { class: 'facts facts--compact' },
            fact('Card', c.id),
            h(
              'div',
              { class: 'fact' },
              h('dt', { text: 'State' }),
              h(
                'dd',
                null,
                h('span', {
                  class: `badge ${active ? 'badge--ok' : 'badge--warn'}`,
                  testid: 'card-state',
                  text: c.state,
                }),
              ),
            ),
          ),
        ),
        card(
          'Card details',
          active
            ? reveal
            : h(
                'p',
                { class: 'muted' },
                h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
                ' Activating your card…',
              ),
          h(
            'p',
            { class: 'hint' },
            icon('shield'),
            'Shown from ',
            h('code', { text: state.config.panOrigin }),
            ' in a sandboxed frame, hidden automatically after two minutes.',
          ),
        ),
      ),
    );
  };

  async function issue(button: HTMLElement): Promise<void> {
    const me = state.me!;
    button.setAttribute('disabled', '');
    button.setAttribute('aria-busy', 'true');
    cardIssueKey ??= crypto.randomUUID(); // kept until success: a retry after a network error is not a second card
    try {
      const created = await state.client.request<Card>('POST', '/cards', {
        body: {
          fundingSource: me.accountId,
          customerId: me.customerId,
          platformCardId: `demo-card-${crypto.randomUUID().slice(0, 8)}`,
        },
        headers: { 'Idempotency-Key': cardIssueKey },
      });
      cardIssueKey = undefined;
      state.card = created;
      state.me = { ...me, cardIds: [...me.cardIds, created.id] };
      render();
      await waitForCard(created.id);
      render();
      renderSteps();
      if (state.card?.state === 'ACTIVE') toast('Card issued and active', 'success');
    } catch (e) {
      toast(describe(e), 'error');
      button.removeAttribute('disabled');
      button.removeAttribute('aria-busy');
    }
  }

  render();
  if (state.card && state.card.state === 'PROCESSING') void waitForCard(state.card.id).then(render);
  return h(
    'div',
    { class: 'stack' },
    slot,
    h('div', { class: 'actions' }, continueButton('pay')),
    howItWorks([
      '`POST /cards` with an `Idempotency-Key` through the proxy; the card starts `PROCESSING` and is `ACTIVE` a second later.',
      '`POST /cards/{id}/reveal` returns a single-use `panEmbedUrl` on the issuer’s origin. The element loads it into a sandboxed iframe only if that origin is in `allowed-origins`.',
      'This page’s CSP allows frames from that one origin (`frame-src`), and the card page allows only this origin to frame it.',
    ]),
  );
}

async function waitForCard(id: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const c = await state.client.request<Card>('GET', `/cards/${encodeURIComponent(id)}`);
    state.card = c;
    if (c.state !== 'PROCESSING') return;
    await sleep(500);
  }
}
