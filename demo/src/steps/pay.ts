/**
 * Step 6, payment: a UMA lookup and a quote, executed with the session key's stamp; EU customers then
 * confirm it with `<pay-sca-challenge>`. The page follows `nextQuoteStep(quote)` and polls until the
 * transfer settles.
 */
import { createQuote, executeQuote, getQuote, lookupUma, nextQuoteStep, type Quote } from '@paykit/crypto-core';
import { h, icon, mount } from '../dom.js';
import { money, parseAmount, shortId, time } from '../format.js';
import { renderSteps, type Step } from '../shell.js';
import { newPayment, state, type Payee } from '../state.js';
import { card, describe, fact, howItWorks, payElement, sleep, toast } from '../ui.js';
import { refreshBalance } from '../wallet.js';

export const payStep: Step = {
  id: 'pay',
  title: 'Payment',
  subtitle: 'Quote, authorize, sign',
  icon: 'send',
  needs: 'session',
  lead: 'A payment is a quote, signed by your session key. Customers in the EU then confirm it with Strong Customer Authentication before any money moves.',
  done: () => state.paid,
  render: payPanel,
};

const PAYEES: readonly Payee[] = [
  { label: 'Corner Café', uma: '$corner.cafe@shops.example' },
  { label: 'City Books', uma: '$city.books@shops.example' },
  { label: 'Greenline Energy', uma: '$billing@greenline.example' },
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
        value: '24.50',
        'aria-describedby': 'pay-amount-hint',
      },
    });
    const note = h('input', {
      id: 'pay-note',
      class: 'input',
      attrs: { type: 'text', maxlength: 80, placeholder: 'Coffee and a croissant', autocomplete: 'off' },
    });
    const error = h('p', { class: 'form-error', attrs: { role: 'alert' } });
    const hint = h('p', { class: 'field__hint', id: 'pay-amount-hint' });
    const updateHint = (): void => {
      hint.textContent = !me.sca
        ? 'US customers: no SCA, the payment is signed and sent at once.'
        : 'You sign this payment, then confirm it with a text-message code.';
    };
    amount.addEventListener('input', updateHint);
    updateHint();
    const chips = h(
      'div',
      { class: 'chips' },
      ['12.00', '24.50', '120.00', '1250.00'].map((value) =>
        h(
          'button',
          {
            class: 'chip',
            attrs: { type: 'button' },
            on: { click: () => ((amount.value = value), updateHint(), amount.focus()) },
          },
          money(parseAmount(value, me.currency) ?? 0, me.currency),
        ),
      ),
    );
    const submit = h(
      'button',
      { class: 'button button--primary button--wide', attrs: { type: 'submit' }, testid: 'pay-review' },
      'Review payment',
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
              error.textContent = 'Enter an amount such as 24.50.';
              amount.focus();
              return;
            }
            if (state.balance !== undefined && minor > state.balance) {
              error.textContent = `That is more than your balance of ${money(state.balance, me.currency)}.`;
              return;
            }
            void quotePayment(PAYEES[Number(payee.value)] ?? PAYEES[0]!, minor, note.value.trim(), render);
          },
        },
      },
      h('div', { class: 'field' }, h('label', { class: 'label', attrs: { for: 'pay-payee' }, text: 'Pay to' }), payee),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'label', attrs: { for: 'pay-amount' }, text: `Amount (${me.currency})` }),
        amount,
        chips,
        hint,
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'label', attrs: { for: 'pay-note' }, text: 'Note (optional)' }),
        note,
      ),
      error,
      submit,
    );
    return h(
      'div',
      { class: 'grid-2' },
      card('New payment', form),
      h(
        'aside',
        { class: 'card card--muted' },
        h('h2', { class: 'card__title', text: 'From' }),
        h(
          'dl',
          { class: 'facts facts--compact' },
          fact('Wallet', shortId(me.accountId)),
          fact('Available', state.balance === undefined ? '—' : money(state.balance, me.currency)),
          fact('Region', `${me.regionName}${me.sca ? ' (SCA)' : ''}`),
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
      "`lookupUma(client, …)` → `GET /receiver/uma/{address}` through the proxy (as yourself): the payee's currencies and a `lookupId`. `createQuote(client, …)` → `POST /quotes` with that `lookupId`, through the proxy, which checks that the source wallet is yours. The quote carries the `payloadToSign` of your wallet.",
      '`executeQuote(client, …)` stamps that `payloadToSign` with your session key: `POST /quotes/{id}/execute`. US customers: the transfer starts (PROCESSING).',
      'EU customers: execute answers `PENDING_AUTHORIZATION` with one SCA challenge and nothing moves yet; `<pay-sca-challenge>` answers it (`POST /quotes/{id}/authorize`), which releases the transfer. On 409 `SCA_SESSION_REQUIRED` it signs you in again first (`/sca/login/start`, a texted code, `/sca/login/complete`; the demo server adds your IP address).',
      'The page follows `nextQuoteStep(quote)` (it also handles a quote challenged at creation: authorize, then execute) and polls `GET /quotes/{id}` until `COMPLETED`.',
    ]),
  );
}

async function quotePayment(payee: Payee, amount: number, note: string, render: () => void): Promise<void> {
  const me = state.me!;
  const payment = state.payment;
  payment.phase = 'quoting';
  payment.payee = payee;
  render();
  try {
    // The service quotes a UMA destination only with the lookupId of a receiver lookup of that address.
    const lookup = await lookupUma(state.client, { receiverUmaAddress: payee.uma, customerId: me.customerId });
    payment.quote = await createQuote(
      state.client,
      {
        source: { sourceType: 'ACCOUNT', accountId: me.accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: payee.uma },
        lookupId: lookup.lookupId,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: amount,
        description: note || `Payment to ${payee.label}`,
      },
      payment.quoteKey,
    );
    payment.phase = 'review';
  } catch (e) {
    payment.phase = 'form';
    payment.quoteKey = crypto.randomUUID();
    toast(describe(e), 'error');
  }
  render();
}

function payReview(render: () => void): HTMLElement {
  const me = state.me!;
  const payment = state.payment;
  const quote = payment.quote!;
  const amount = money(quote.totalSendingAmount ?? 0, quote.sendingCurrency?.code ?? me.currency);
  const needsSca = quote.status === 'PENDING_AUTHORIZATION' && !!quote.scaChallenge;
  const status = h('span', {
    class: `badge status status--${quote.status.toLowerCase()}`,
    testid: 'payment-status',
    attrs: { 'data-status': quote.status },
    text: statusLabel(quote.status),
  });

  const timeline = h(
    'ol',
    { class: 'timeline' },
    timelineItem('Quote created', true, shortId(quote.id)),
    timelineItem('Signed with your session key', payment.signed, 'Service-Wallet-Signature'),
    me.sca
      ? timelineItem(
          'Strong Customer Authentication',
          payment.authorized,
          payment.authorized ? 'Confirmed' : payment.signed ? 'Waiting for your code' : 'After signing',
        )
      : null,
    timelineItem(
      'Completed',
      quote.status === 'COMPLETED',
      quote.status === 'COMPLETED' ? time(String(quote['updatedAt'] ?? '')) : '',
    ),
  );

  let action: Node;
  if (payment.phase === 'done') {
    action = h(
      'div',
      { class: 'success-banner', testid: 'payment-done' },
      h('span', { class: 'success-banner__icon' }, icon('check')),
      h(
        'div',
        null,
        h('p', { class: 'success-banner__title', text: `${amount} sent to ${payment.payee?.label ?? 'the payee'}` }),
        h('p', {
          class: 'muted',
          text: `New balance ${state.balance === undefined ? '—' : money(state.balance, me.currency)}`,
        }),
      ),
    );
  } else if (payment.phase === 'failed') {
    action = h('p', { class: 'form-error', text: payment.error ?? 'The payment failed.' });
  } else if (needsSca) {
    const sca = payElement('pay-sca-challenge', { 'customer-id': me.customerId }, 'sca-challenge');
    (sca as unknown as { quote: Quote }).quote = quote;
    sca.addEventListener('pay-sca-complete', (event) => {
      const next = (event as CustomEvent<{ quote: Quote }>).detail.quote;
      payment.quote = next;
      payment.authorized = true;
      // a wallet send is released by its authorization; a quote challenged at creation is executed now
      void (nextQuoteStep(next) === 'execute' ? execute(render) : settle(next, render));
    });
    action = h(
      'div',
      { class: 'stack stack--tight' },
      sca,
      h(
        'p',
        { class: 'hint' },
        icon('info'),
        'Sandbox: the text-message code is always ',
        h('kbd', { text: state.config.hints.scaCode }),
        '.',
      ),
    );
  } else if (payment.phase === 'review') {
    action = h(
      'button',
      {
        class: 'button button--primary button--wide',
        attrs: { type: 'button' },
        testid: 'pay-confirm',
        on: { click: () => void execute(render) },
      },
      icon('send'),
      `Pay ${amount}`,
    );
  } else {
    action = h(
      'p',
      { class: 'muted' },
      h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }),
      payment.phase === 'executing' ? ' Signing and sending…' : ' Settling…',
    );
  }

  const footer =
    payment.phase === 'done' || payment.phase === 'failed'
      ? h(
          'button',
          {
            class: 'button button--secondary',
            attrs: { type: 'button' },
            testid: 'pay-new',
            on: { click: () => ((state.payment = newPayment()), render()) },
          },
          'Make another payment',
        )
      : payment.phase === 'review'
        ? h(
            'button',
            {
              class: 'button button--ghost',
              attrs: { type: 'button' },
              on: { click: () => ((state.payment = newPayment()), render()) },
            },
            'Cancel',
          )
        : null;

  return h(
    'div',
    { class: 'grid-2 grid-2--pay' },
    card(
      undefined,
      h(
        'div',
        { class: 'quote-head' },
        h('div', null, h('p', { class: 'eyebrow', text: 'Payment' }), h('p', { class: 'quote-amount', text: amount })),
        status,
      ),
      h(
        'dl',
        { class: 'facts facts--compact' },
        fact('To', `${payment.payee?.label ?? ''} · ${payment.payee?.uma ?? ''}`),
        fact('Quote', quote.id),
        fact('Expires', time(quote.expiresAt)),
      ),
      action,
      footer,
    ),
    h('aside', { class: 'card card--muted' }, h('h2', { class: 'card__title', text: 'Progress' }), timeline),
  );
}

function timelineItem(label: string, done: boolean, detail: string): HTMLElement {
  return h(
    'li',
    { class: `timeline__item${done ? ' timeline__item--done' : ''}` },
    h('span', { class: 'timeline__dot', attrs: { 'aria-hidden': 'true' } }, done ? icon('check') : null),
    h(
      'span',
      null,
      h('span', { class: 'timeline__label', text: label }),
      detail ? h('span', { class: 'timeline__detail', text: detail }) : null,
    ),
  );
}

function statusLabel(status: string): string {
  return (
    {
      PENDING_AUTHORIZATION: 'Needs confirmation',
      PENDING: 'Ready to pay',
      PROCESSING: 'Processing',
      COMPLETED: 'Completed',
      FAILED: 'Failed',
      EXPIRED: 'Expired',
    }[status] ?? status
  );
}

/** Stamps and executes the quote; in an SCA region the answer waits for authorization (rendered by payReview). */
async function execute(render: () => void): Promise<void> {
  const payment = state.payment;
  if (!payment.quote || payment.phase === 'executing' || payment.phase === 'settling') return;
  payment.phase = 'executing';
  render();
  let quote: Quote;
  try {
    quote = await executeQuote(state.client, { quote: payment.quote, idempotencyKey: payment.executeKey });
  } catch (e) {
    payment.phase = 'failed';
    payment.error = describe(e);
    if (state.step === 'pay') render();
    return;
  }
  payment.quote = quote;
  payment.signed = true;
  if (nextQuoteStep(quote) === 'authorize') {
    payment.phase = 'review';
    if (state.step === 'pay') render();
    return;
  }
  await settle(quote, render);
}

/** Polls a started transfer until it leaves PROCESSING, then shows the outcome. */
async function settle(started: Quote, render: () => void): Promise<void> {
  const payment = state.payment;
  let quote = started;
  payment.phase = 'settling';
  render();
  try {
    const deadline = Date.now() + 30_000;
    while (quote.status === 'PROCESSING' && Date.now() < deadline) {
      await sleep(600);
      quote = await getQuote(state.client, quote.id);
    }
    payment.quote = quote;
    if (quote.status === 'COMPLETED') {
      payment.phase = 'done';
      state.paid = true;
      await refreshBalance();
      renderSteps();
      toast('Payment completed', 'success');
    } else {
      payment.phase = 'failed';
      payment.error = `The payment ended as ${quote.status}${quote['failureReason'] ? ` (${String(quote['failureReason'])})` : ''}.`;
    }
  } catch (e) {
    payment.phase = 'failed';
    payment.error = describe(e);
  }
  if (state.step === 'pay') render();
}
