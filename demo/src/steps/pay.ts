/**
 * Step 6, payment: the form makes a UMA lookup and a quote through the demo server (its wallet proxy
 * records the quote as the visitor's); `<pay-payment>` then reviews it (amounts, fees, payee, the price's
 * countdown), executes it with the session key's stamp, asks for SCA when the service does (EU
 * customers; it loads `<pay-sca-challenge>` then) and follows it to COMPLETED or FAILED. On expiry the
 * element asks for a new quote (`pay-payment-requote`) and the page makes one for the same payee and amount.
 */
import { createQuote, lookupUma, type Quote } from '@paykit/crypto-core';
import { h, icon, mount } from '../dom.js';
import { amountText, money, parseAmount, shortId, time } from '../format.js';
import { continueButton, renderSteps, type Step } from '../shell.js';
import { newPayment, state, type Payee } from '../state.js';
import { localize, t, type DemoMessageKey } from '../i18n/translate.js';
import { card, describe, fact, howItWorks, payElement, toast } from '../ui.js';
import { refreshBalance } from '../wallet.js';

export const payStep: Step = {
  id: 'pay',
  icon: 'send',
  needs: 'session',
  done: () => state.paid,
  render: payPanel,
};

const PAYEES: readonly Payee[] = [
  { label: 'Corner Café', uma: '$corner.cafe@shops.example' },
  { label: 'City Books', uma: '$city.books@shops.example' },
  { label: 'Greenline Energy', uma: '$billing@greenline.example' },
  // the sandbox's payout scenario 002 (an address ending in 002): the execution fails and the wallet is refunded
  { label: 'Closed Shop (sandbox: payout fails)', uma: '$closed.shop002@shops.example' },
];

function payPanel(): HTMLElement {
  const me = state.me!;
  const slot = h('div', { class: 'stack' });
  const render = (): void =>
    mount(slot, state.payment.phase === 'form' || state.payment.phase === 'quoting' ? payForm() : payReview(render));
  function payForm(): HTMLElement {
    const payee = h(
      'select',
      { id: 'pay-payee', class: 'input' },
      PAYEES.map((p, i) => h('option', { attrs: { value: String(i) }, text: `${p.label} · ${p.uma}` })),
    );
    const amount = h('input', {
      id: 'pay-amount',
      class: 'input input--amount',
      attrs: {
        type: 'text',
        inputmode: 'decimal',
        autocomplete: 'off',
        value: amountText(2450, me.currency),
        'aria-describedby': 'pay-amount-hint',
      },
    });
    const note = h('input', {
      id: 'pay-note',
      class: 'input',
      attrs: { type: 'text', maxlength: 80, placeholder: t('pay.notePlaceholder'), autocomplete: 'off' },
    });
    const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
    const hint = h('p', { class: 'field__hint', id: 'pay-amount-hint' });
    const updateHint = (): void => {
      localize(hint, me.sca ? 'pay.hintEu' : 'pay.hintUs');
    };
    amount.addEventListener('input', updateHint);
    updateHint();
    const chips = h(
      'div',
      { class: 'chips' },
      [1200, 2450, 12000, 125000].map((minor) =>
        h(
          'button',
          {
            class: 'chip',
            attrs: { type: 'button' },
            on: { click: () => ((amount.value = amountText(minor, me.currency)), updateHint(), amount.focus()) },
          },
          money(minor, me.currency),
        ),
      ),
    );
    const submit = h(
      'button',
      { class: 'button button--primary button--wide', attrs: { type: 'submit' }, testid: 'pay-review' },
      h('span', { t: 'pay.review' }),
      icon('arrow'),
    );
    if (state.payment.phase === 'quoting') {
      submit.setAttribute('disabled', '');
      submit.setAttribute('aria-busy', 'true');
    }
    const form = h(
      'form',
      {
        class: 'form',
        attrs: { novalidate: true },
        on: {
          submit: (event) => {
            event.preventDefault();
            const minor = parseAmount(amount.value, me.currency);
            if (minor === undefined) {
              error.textContent = t('pay.amountError');
              amount.focus();
              return;
            }
            if (state.balance !== undefined && minor > state.balance) {
              error.textContent = t('pay.overBalance', { balance: money(state.balance, me.currency) });
              return;
            }
            void quotePayment(PAYEES[Number(payee.value)] ?? PAYEES[0]!, minor, note.value.trim(), render);
          },
        },
      },
      h('div', { class: 'field' }, h('label', { class: 'label', attrs: { for: 'pay-payee' }, t: 'pay.payTo' }), payee),
      h(
        'div',
        { class: 'field' },
        h(
          'label',
          { class: 'label', attrs: { for: 'pay-amount' } },
          h('span', { t: 'pay.amount' }),
          ` (${me.currency})`,
        ),
        amount,
        chips,
        hint,
      ),
      h('div', { class: 'field' }, h('label', { class: 'label', attrs: { for: 'pay-note' }, t: 'pay.note' }), note),
      error,
      submit,
    );
    return h(
      'div',
      { class: 'grid-2' },
      card('pay.card', form),
      h(
        'aside',
        { class: 'card card--muted' },
        h('h2', { class: 'card__title', t: 'pay.from' }),
        h(
          'dl',
          { class: 'facts facts--compact' },
          fact('fact.wallet', shortId(me.accountId)),
          fact('fact.available', state.balance === undefined ? '—' : money(state.balance, me.currency)),
          fact('fact.region', `${me.regionName}${me.sca ? ' (SCA)' : ''}`),
        ),
      ),
    );
  }
  render();
  return h(
    'div',
    { class: 'stack' },
    slot,
    howItWorks([
      "`lookupUma(client, …)` → `GET /receiver/uma/{address}` through the demo server's proxy (as yourself): the payee's currencies and a `lookupId`. `createQuote(client, …)` → `POST /quotes` with that `lookupId`, through the proxy, which checks that the source wallet is yours and records the quote as yours. The quote carries the `payloadToSign` of your wallet.",
      '`<pay-payment>` shows the quote (what leaves your wallet, what arrives, fees, payee) with a countdown to its `expiresAt`. "Pay" stamps that `payloadToSign` with your session key: `POST /quotes/{id}/execute`, with one `Idempotency-Key` per quote however often it is pressed. US customers: the transfer starts (PROCESSING).',
      'EU customers: execute answers `PENDING_AUTHORIZATION` with one SCA challenge and nothing moves yet; `<pay-payment>` loads `<pay-sca-challenge>` (a chunk of its own) and shows it; its answer (`POST /quotes/{id}/authorize`) releases the transfer. On 409 `SCA_SESSION_REQUIRED` it signs you in again first (`/sca/login/start`, a texted code, `/sca/login/complete`; the demo server adds your IP address).',
      '`<pay-payment>` polls `GET /quotes/{id}` (backing off, paused while the tab is hidden) until `COMPLETED` or `FAILED` (the reason in words), and emits `pay-payment-completed` / `pay-payment-failed`. When the price expires it emits `pay-payment-requote` and this page makes a new quote for the same payment.',
    ]),
  );
}

async function quotePayment(payee: Payee, amount: number, note: string, render: () => void): Promise<void> {
  const payment = state.payment;
  payment.phase = 'quoting';
  payment.payee = payee;
  payment.amount = amount;
  payment.note = note;
  render();
  try {
    payment.quote = await quoteFor(payee, amount, note, payment.quoteKey);
    payment.phase = 'review';
  } catch (e) {
    payment.phase = 'form';
    payment.quoteKey = crypto.randomUUID();
    toast(describe(e), 'error');
  }
  render();
}

/** A UMA lookup and a quote from the wallet (the service quotes a UMA destination only with a lookup's id). */
async function quoteFor(payee: Payee, amount: number, note: string, idempotencyKey: string): Promise<Quote> {
  const me = state.me!;
  const lookup = await lookupUma(state.client, { receiverUmaAddress: payee.uma, customerId: me.customerId });
  return createQuote(
    state.client,
    {
      source: { sourceType: 'ACCOUNT', accountId: me.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee.uma },
      lookupId: lookup.lookupId,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
      description: note || `Payment to ${payee.label}`,
    },
    idempotencyKey,
  );
}

/** The quote, reviewed, paid and followed by `<pay-payment>`; the page listens to its events. */
function payReview(render: () => void): HTMLElement {
  const me = state.me!;
  const payment = state.payment;
  const quote = payment.quote!;
  const element = payElement(
    'pay-payment',
    { 'quote-id': quote.id, 'customer-id': me.customerId, 'payee-name': payment.payee?.label },
    'payment',
  );
  (element as unknown as { quote: Quote }).quote = quote; // already read: saves the element's first GET
  const outcome = h('div', { class: 'stack stack--tight' });
  const progress = h('aside', { class: 'card card--muted' });
  const update = (): void => {
    mount(
      progress,
      h('h2', { class: 'card__title', t: 'pay.progress' }),
      h(
        'ol',
        { class: 'timeline' },
        timelineItem('pay.step.quote', true, shortId(payment.quote?.id ?? '')),
        timelineItem('pay.step.signed', payment.signed, 'Service-Wallet-Signature'),
        me.sca
          ? timelineItem(
              'pay.step.sca',
              payment.authorized,
              payment.authorized
                ? 'pay.step.confirmed'
                : payment.signed
                  ? 'pay.step.waitingCode'
                  : 'pay.step.afterSigning',
            )
          : null,
        timelineItem(
          payment.phase === 'failed' ? 'pay.step.failed' : 'pay.step.completed',
          payment.phase === 'done' || payment.phase === 'failed',
          payment.phase === 'done' ? time(new Date().toISOString()) : '',
        ),
      ),
    );
  };
  const finish = (banner: HTMLElement | null): void => {
    mount(
      outcome,
      banner,
      h(
        'button',
        {
          class: 'button button--secondary',
          attrs: { type: 'button' },
          testid: 'pay-new',
          on: { click: () => ((state.payment = newPayment()), render()) },
        },
        h('span', { t: 'pay.another' }),
      ),
      // once a payment went through, the wallet's activity is next (also after a later one failed)
      state.paid ? continueButton('payees') : null,
    );
    update();
  };
  element.addEventListener('pay-sca-complete', () => ((payment.signed = payment.authorized = true), update()));
  element.addEventListener('pay-payment-executed', () => ((payment.signed = true), update()));
  element.addEventListener('pay-payment-completed', () => {
    payment.phase = 'done';
    state.paid = true;
    const current = (element as unknown as { quote?: Quote }).quote ?? quote;
    const amount = money(current.totalSendingAmount ?? 0, current.sendingCurrency?.code ?? me.currency);
    void refreshBalance().then(() => {
      renderSteps();
      finish(
        h(
          'div',
          { class: 'success-banner', testid: 'payment-done' },
          h('span', { class: 'success-banner__icon' }, icon('check')),
          h(
            'div',
            null,
            h('p', {
              class: 'success-banner__title',
              text: t('pay.sentTo', { amount, payee: payment.payee?.label ?? payment.payee?.uma ?? '—' }),
            }),
            h('p', {
              class: 'muted',
              text: t('pay.newBalance', {
                balance: state.balance === undefined ? '—' : money(state.balance, me.currency),
              }),
            }),
          ),
        ),
      );
      toast(t('pay.completed'), 'success');
    });
  });
  element.addEventListener('pay-payment-failed', () => {
    payment.phase = 'failed';
    void refreshBalance(); // a failed payout is refunded
    finish(null);
  });
  element.addEventListener('pay-payment-requote', () => {
    // the price expired: a new quote for the same payment (a new idempotency key: it is a new quote)
    payment.quoteKey = crypto.randomUUID();
    quoteFor(payment.payee!, payment.amount!, payment.note ?? '', payment.quoteKey).then(
      (next) => {
        payment.quote = next;
        payment.signed = payment.authorized = false;
        (element as unknown as { quoteId: string }).quoteId = next.id;
        update();
      },
      (e: unknown) => toast(describe(e), 'error'),
    );
  });
  update();
  return h(
    'div',
    { class: 'grid-2 grid-2--pay' },
    card(
      undefined,
      element,
      me.sca
        ? h(
            'p',
            { class: 'hint' },
            icon('info'),
            'Sandbox: the text-message code is always ',
            h('kbd', { text: state.config.hints.scaCode }),
            '.',
          )
        : null,
      outcome,
      h(
        'button',
        {
          class: 'button button--ghost',
          attrs: { type: 'button' },
          testid: 'pay-cancel',
          on: { click: () => ((state.payment = newPayment()), render()) },
        },
        h('span', { t: 'pay.cancel' }),
      ),
    ),
    progress,
  );
}

/** One step: its label a message key; its detail a message key, or a value shown as is (an id, a time). */
function timelineItem(label: DemoMessageKey, done: boolean, detail: string): HTMLElement {
  return h(
    'li',
    { class: `timeline__item${done ? ' timeline__item--done' : ''}` },
    h('span', { class: 'timeline__dot', attrs: { 'aria-hidden': 'true' } }, done ? icon('check') : null),
    h(
      'span',
      null,
      h('span', { class: 'timeline__label', t: label }),
      detail
        ? h('span', {
            class: 'timeline__detail',
            ...(detail.startsWith('pay.step.') ? { t: detail as DemoMessageKey } : { text: detail }),
          })
        : null,
    ),
  );
}
