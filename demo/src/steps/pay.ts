/**
 * Step 6, payment: `<pay-send>` composes it (the payee by UMA address or saved account, the amount in either
 * currency with the live rate) and makes the quote through the demo server (its wallet proxy records the quote
 * as the visitor's); on `pay-send-quoted` the page hands the quote to `<pay-payment>`, which reviews it (amounts, fees, payee, the price's
 * countdown), executes it with the session key's stamp, asks for SCA when the service does (EU
 * customers; it loads `<pay-sca-challenge>` then) and follows it to COMPLETED or FAILED. On expiry the
 * element asks for a new quote (`pay-payment-requote`) and the page makes one for the same payee and amount.
 */
import { createQuote, lookupUma, type Quote } from '@paykit/crypto-core';
import { h, icon, mount } from '../dom.js';
import { money, shortId, time } from '../format.js';
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
    // <pay-send> composes the payment and makes its quote; the page hands the quote to <pay-payment>
    const send = payElement('pay-send', { 'customer-id': me.customerId, 'account-id': me.accountId }, 'send');
    send.addEventListener('pay-send-quoted', (event) => {
      const { quote } = event.detail;
      const destination = (quote.destination ?? {}) as { umaAddress?: string; accountId?: string };
      const uma = destination.umaAddress ?? '';
      const payment = state.payment;
      payment.payee = PAYEES.find((p) => p.uma === uma) ?? { label: uma || shortId(destination.accountId ?? ''), uma };
      if (quote.totalSendingAmount !== undefined) payment.amount = quote.totalSendingAmount;
      payment.quote = quote;
      payment.phase = 'review';
      render();
    });
    const hint = h('p', { class: 'field__hint' });
    localize(hint, me.sca ? 'pay.hintEu' : 'pay.hintUs');
    return h(
      'div',
      { class: 'grid-2' },
      card(
        'pay.card',
        send,
        hint,
        h(
          'p',
          { class: 'hint' },
          icon('info'),
          'Sandbox payees: ',
          ...PAYEES.flatMap((p, i) => [i ? ', ' : '', h('kbd', { text: p.uma }), ` (${p.label})`]),
          '.',
        ),
      ),
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
      "`<pay-send>` composes the payment: it looks the UMA address up once you stop typing (`lookupUma` → `GET /receiver/uma/{address}`, the payee's currencies and a `lookupId`) or reads your saved accounts (`lookupExternalAccount`), shows the live rate and fee (`getExchangeRates`), and on Continue makes the quote (`createQuote` → `POST /quotes`, through the demo server's proxy, which checks that the source wallet is yours and records the quote as yours). It fires `pay-send-quoted`; this page sets the quote on `<pay-payment>`. The quote carries the `payloadToSign` of your wallet.",
      '`<pay-payment>` shows the quote (what leaves your wallet, what arrives, fees, payee) with a countdown to its `expiresAt`. "Pay" stamps that `payloadToSign` with your session key: `POST /quotes/{id}/execute`, with one `Idempotency-Key` per quote however often it is pressed. US customers: the transfer starts (PROCESSING).',
      'EU customers: execute answers `PENDING_AUTHORIZATION` with one SCA challenge and nothing moves yet; `<pay-payment>` loads `<pay-sca-challenge>` (a chunk of its own) and shows it; its answer (`POST /quotes/{id}/authorize`) releases the transfer. On 409 `SCA_SESSION_REQUIRED` it signs you in again first (`/sca/login/start`, a texted code, `/sca/login/complete`; the demo server adds your IP address).',
      '`<pay-payment>` polls `GET /quotes/{id}` (backing off, paused while the tab is hidden) until `COMPLETED` or `FAILED` (the reason in words), and emits `pay-payment-completed` / `pay-payment-failed`. When the price expires it emits `pay-payment-requote` and this page makes a new quote for the same payment.',
    ]),
  );
}

/**
 * A new quote for the same payment after the price expired: the same destination (an UMA address is looked up
 * again: the service quotes it only with a lookup's id) and the same amount leaving the wallet.
 */
async function requote(quote: Quote, idempotencyKey: string): Promise<Quote> {
  const me = state.me!;
  const destination = (quote.destination ?? {}) as { umaAddress?: string; accountId?: string; currency?: string };
  const uma = destination.umaAddress;
  const lookup = uma
    ? await lookupUma(state.client, { receiverUmaAddress: uma, customerId: me.customerId })
    : undefined;
  return createQuote(
    state.client,
    {
      source: { sourceType: 'ACCOUNT', accountId: me.accountId },
      destination: uma
        ? {
            destinationType: 'UMA_ADDRESS',
            umaAddress: uma,
            ...(destination.currency ? { currency: destination.currency } : {}),
          }
        : { destinationType: 'ACCOUNT', accountId: destination.accountId ?? '' },
      ...(lookup ? { lookupId: lookup.lookupId } : {}),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: quote.totalSendingAmount ?? state.payment.amount ?? 0,
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
    requote(payment.quote ?? quote, payment.quoteKey).then(
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
