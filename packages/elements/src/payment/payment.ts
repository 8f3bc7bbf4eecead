import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import {
  executeQuote,
  getQuote,
  getTransaction,
  listCredentials,
  passkeysSupported,
  type Quote,
} from '@paykit/crypto-core';
import { summaryStyles } from '../shared/summary.styles.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { Countdown } from '../shared/countdown.js';
import { describeError, errorCode, type ErrorView } from '../shared/errors.js';
import { formatAmount, payeeLabel } from '../sca-challenge/quote-format.js';
import type { PayScaChallengeElement } from '../sca-challenge/sca-challenge.js';
import {
  PayPaymentCompletedEvent,
  PayPaymentExecutedEvent,
  PayPaymentExpiredEvent,
  PayPaymentFailedEvent,
  PayPaymentRequoteEvent,
} from './payment-events.js';
import { paymentStyles } from './payment.styles.js';
import './payment.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { paymentMessages } from './payment.messages.js';

registerMessages('en', paymentMessages);

type Phase =
  'empty' | 'loading' | 'review' | 'executing' | 'sca' | 'following' | 'completed' | 'failed' | 'expired' | 'requoting';

/**
 * The Idempotency-Key of each quote's execute, in memory (never web storage), for as long as the page
 * lives: every execute of one quote from this page (a double click, "Try again" after a lost answer, a
 * new element for the same quote) sends the same key, so the service runs it once.
 */
const executeKeys = new Map<string, string>();
const keyFor = (quoteId: string): string => {
  let key = executeKeys.get(quoteId);
  if (!key) executeKeys.set(quoteId, (key = crypto.randomUUID()));
  return key;
};

/** Other tabs of the same origin: "I am executing quote X with key K". */
const CHANNEL = 'paykit-payment';
/** Polling of a payment in flight: first wait, growth, longest wait (ms). */
const POLL_FIRST = 1000;
const POLL_MAX = 8000;

/**
 * Review and confirm one quote: what leaves the wallet and what arrives (each in its currency's
 * decimals), the rate when the currencies differ, the fees, the payee, and a live countdown to the
 * quote's `expiresAt`; then the execute, signed with the session key (`executeQuote(client, …)`). When the
 * service asks for Strong Customer Authentication (at creation for realtime funding, or as the answer
 * to the execute of a wallet send) it shows `<pay-sca-challenge>`, loaded only then
 * (`import('../define/pay-sca-challenge.js')`), in its own light DOM (slot `sca`) so the code field
 * autofills. Then it follows the payment (`GET /quotes/{id}`, backing off from 1 s to 8 s, paused while
 * the page is hidden or the element is off the page) to COMPLETED or FAILED, and says why a payment
 * failed in words (the transaction's `failureReason`: QUOTE_EXECUTION_FAILED, LIMIT_EXCEEDED,
 * SCA_NOT_COMPLETED, …).
 *
 * Executes once: a second click while one is running is ignored; every execute of a quote from the page
 * carries the same `Idempotency-Key` (kept in memory per quote), so a retry after a lost answer gets the
 * first answer again; another tab paying the same quote says so over a `BroadcastChannel` (this one then
 * follows instead of offering "Pay"), and a 409 from the service makes it read the quote's state again
 * instead of failing.
 *
 * Expiry: the element cannot make a new quote itself (the quote request, with its source, destination,
 * amounts and receiver lookup, is the platform's). At `expiresAt` it emits `pay-payment-expired` and says so
 * as a notice (not an error: nothing was paid) above "Refresh the price", which emits `pay-payment-requote`;
 * the platform answers by setting `quote-id`. While the service asks for SCA, the challenge is the one
 * surface on the screen (its title, amount and payee): this element draws neither its own nor its summary.
 *
 * @summary Review, confirm and follow one payment (quote).
 *
 * @event {PayPaymentExecutedEvent} pay-payment-executed - The transfer started (PROCESSING). `detail: { quoteId, transactionId }`.
 * @event {PayPaymentCompletedEvent} pay-payment-completed - The payment is COMPLETED. `detail: { quoteId, transactionId }`.
 * @event {PayPaymentFailedEvent} pay-payment-failed - The payment FAILED. `detail: { quoteId, reason }`: the failure reason code when known.
 * @event {PayPaymentExpiredEvent} pay-payment-expired - The quote expired unexecuted. `detail: { quoteId }`.
 * @event {PayPaymentRequoteEvent} pay-payment-requote - The user asked for a new quote; set `quote-id` to answer. `detail: { quoteId }`.
 *
 * @slot sca - Reserved: the element puts its `<pay-sca-challenge>` here when the service asks for SCA.
 *
 * @csspart base - The surface around everything.
 * @csspart title - "Review your payment".
 * @csspart summary - The amounts, rate, fees and payee.
 * @csspart amount - What leaves the wallet.
 * @csspart received - What the payee receives.
 * @csspart rate - The exchange rate (only when the currencies differ).
 * @csspart fees - The fees.
 * @csspart payee - The payee.
 * @csspart countdown - How long the price is held.
 * @csspart button - Every button.
 * @csspart pay-button - "Pay …".
 * @csspart requote-button - "Refresh the price" (a new quote).
 * @csspart retry-button - "Try again" after a network error.
 * @csspart status - Progress lines ("Your payment is on its way…").
 * @csspart result - The outcome: sent, failed (with why), or the notice that the price expired.
 * @csspart error - The error box.
 *
 * @cssstate empty - No quote to show.
 * @cssstate loading - Reading the quote.
 * @cssstate review - Waiting for "Pay".
 * @cssstate executing - The execute is on its way.
 * @cssstate sca - Waiting for Strong Customer Authentication.
 * @cssstate following - The payment is in flight; its status is followed.
 * @cssstate completed - The payment is COMPLETED.
 * @cssstate failed - The payment FAILED.
 * @cssstate expired - The quote expired unexecuted.
 * @cssstate requoting - Waiting for the platform's new quote.
 * @cssstate error - An error is shown.
 */
export class PayPaymentElement extends PayElement {
  static override styles = [...PayElement.styles, summaryStyles, paymentStyles];

  static override properties: PropertyDeclarations = {
    quoteId: { attribute: 'quote-id', reflect: true },
    quote: { attribute: false },
    payeeName: { attribute: 'payee-name' },
    customerId: { attribute: 'customer-id' },
  };

  /**
   * Static (`PayPaymentElement.loadScaChallenge`): loads `<pay-sca-challenge>` the first time a payment needs
   * SCA. `define/pay-payment` sets it to a
   * dynamic `import()` of `define/pay-sca-challenge`, so that code is fetched only then; without a loader
   * (the class registered by hand) the element waits until the page registers `pay-sca-challenge`.
   */
  static loadScaChallenge: (() => Promise<unknown>) | undefined;

  /** The quote to review and pay (`Quote:…`); the element reads it with `GET /quotes/{id}`. */
  declare quoteId: string | undefined;

  /** The quote itself, when the page already has it (saves the first read). Not an attribute. */
  declare quote: Quote | undefined;

  /** How to name the payee, when the platform knows better than the quote's destination. */
  declare payeeName: string | undefined;

  /** The customer, for `<pay-sca-challenge>`'s SCA login on 409 SCA_SESSION_REQUIRED. */
  declare customerId: string | undefined;

  #phase: Phase = 'empty';
  #error: ErrorView | undefined;
  #retry: (() => void) | undefined;
  #reason: string | undefined;
  #elsewhere = false;
  #loaded: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delay = POLL_FIRST;
  #sca: PayScaChallengeElement | undefined;
  #channel: BroadcastChannel | undefined;
  #focusResult = false;

  readonly #expiry = new Countdown(this, () => {
    const quote = this.quote;
    if (this.#phase !== 'review' || !quote) return;
    this.#phase = 'expired';
    this.live.announce(this.t('payment.expired'));
    this.dispatchEvent(new PayPaymentExpiredEvent(quote.id));
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.#onVisibility);
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.onmessage = this.#onMessage;
    }
    if (this.#phase === 'following') this.#poll(0);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#channel?.close();
    this.#channel = undefined;
    clearTimeout(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const quote = this.quote;
    if (changed.has('quote') && quote && quote.id !== this.#loaded) {
      this.#loaded = this.quoteId = quote.id;
      this.#start();
      this.#apply(quote);
    } else if (changed.has('quoteId') && this.quoteId && this.quoteId !== this.#loaded) {
      this.#loaded = this.quoteId;
      this.#start();
      this.#phase = 'loading';
      void this.#refresh();
    }
  }

  /** A new quote: forget everything about the last one. */
  #start(): void {
    clearTimeout(this.#timer);
    this.#sca?.remove();
    this.#sca = this.#error = this.#retry = this.#reason = undefined;
    this.#elsewhere = false;
    this.#delay = POLL_FIRST;
    this.#expiry.stop();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.#focusResult) return;
    this.#focusResult = false;
    // only when focus was here (or got lost with what was removed), never taken from the page
    const active = document.activeElement;
    if (active === document.body || active === this || this.contains(active))
      this.renderRoot.querySelector<HTMLElement>('[tabindex="-1"], button')?.focus();
  }

  protected override render(): unknown {
    const quote = this.quote;
    const phase = this.#phase;
    if (!quote || phase === 'empty' || phase === 'loading') {
      return html`<div part="base" class="base">
        ${phase === 'loading' ? this.#status('payment.loading') : this.#error ? nothing : html`<p class="text">${this.t('payment.noQuote')}</p>`}
        ${this.renderErrorBox(this.#error, { retry: this.#retry && this.#onRetry })} ${this.live.render()}
      </div>`;
    }
    const body = html`${this.#renderBody(quote)}
    ${this.renderErrorBox(this.#error, { retry: this.#retry && this.#onRetry })} ${this.live.render()}`;
    // during SCA the challenge is the one surface: its title, what is confirmed (amount and payee), the code
    return phase === 'sca'
      ? body
      : html`<div part="base" class="base">
          <p part="title" class="title">${this.t('payment.title')}</p>
          ${this.#renderSummary(quote)} ${body}
        </div>`;
  }

  #amount(amount: unknown, currency: Quote['sendingCurrency']): string {
    return formatAmount(amount as number, currency, this.resolvedLocale);
  }

  /** The payee's name: the platform's `payee-name`, else the quote's counterparty or destination. */
  #payee(quote: Quote): string | undefined {
    const counterparty = quote['counterpartyInformation'] as Record<string, unknown> | undefined;
    return (
      this.payeeName ||
      (typeof counterparty?.['FULL_NAME'] === 'string' ? counterparty['FULL_NAME'] : payeeLabel(quote.destination))
    );
  }

  #renderSummary(quote: Quote): unknown {
    const from = quote.sendingCurrency;
    const to = quote.receivingCurrency ?? from;
    const rate = quote['exchangeRate'];
    const payee = this.#payee(quote) || this.t('payment.unknownPayee');
    const row = (label: MessageKey, part: string, value: unknown): unknown =>
      html`<div class="summary__row">
        <dt>${this.t(label)}</dt>
        <dd part=${part} class=${part}>${value}</dd>
      </div>`;
    return html`<dl part="summary" class="summary">
      ${row('payment.payee', 'payee', payee)}
      ${row('payment.send', 'amount', this.#amount(quote.totalSendingAmount, from))}
      ${row('payment.receive', 'received', this.#amount(quote.totalReceivingAmount, to))}
      ${
        typeof rate === 'number' && to?.code !== from?.code
          ? row(
              'payment.rate',
              'rate',
              `1 ${to?.code ?? ''} = ${new Intl.NumberFormat(this.resolvedLocale, { maximumSignificantDigits: 8 }).format(rate)} ${from?.code ?? ''}`,
            )
          : nothing
      }
      ${row('payment.fees', 'fees', this.#amount(quote['feesIncluded'] ?? 0, from))}
    </dl>`;
  }

  #status(key: MessageKey): unknown {
    return html`<p part="status" class="text status" tabindex="-1">
      <span class="spinner" aria-hidden="true"></span>${this.t(key)}
    </p>`;
  }

  #result(text: string, ok = false): unknown {
    return html`<p part="result" class=${ok ? 'success' : 'alert'} tabindex="-1">${text}</p>`;
  }

  #renderBody(quote: Quote): unknown {
    switch (this.#phase) {
      case 'review':
      case 'executing': {
        const busy = this.#phase === 'executing';
        const left = this.#expiry.remaining;
        return html`${
            left > 0
              ? html`<p part="countdown" class="text countdown" role="timer" aria-live="off">
                  ${this.t('payment.expiresIn', {
                    time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
                  })}
                </p>`
              : nothing
          }
          <div class="actions">
            <button
              part="button pay-button"
              class="button button--primary button--block"
              type="button"
              aria-busy=${busy ? 'true' : 'false'}
              @click=${this.#onPay}
            >
              ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
              <span
                >${busy ? this.t('payment.paying') : this.t('payment.pay', { amount: this.#amount(quote.totalSendingAmount, quote.sendingCurrency) })}</span
              >
            </button>
          </div>`;
      }
      case 'sca':
        return html`<slot name="sca"></slot>`;
      case 'following':
        return this.#status(
          this.#elsewhere ? 'payment.elsewhere' : quote.status === 'PENDING' ? 'payment.funding' : 'payment.following',
        );
      case 'completed':
        return this.#result(this.t('payment.completed'), true);
      case 'failed':
        return this.#result(this.#failureText());
      case 'requoting':
        return this.#status('payment.requoting');
      default:
        // expired: a notice (nothing went wrong), and the one press that gets a new price
        return html`<p part="result" class="text notice" tabindex="-1">${this.t('payment.expired')}</p>
          <div class="actions">
            <button
              part="button requote-button"
              class="button button--primary button--block"
              type="button"
              @click=${this.#onRequote}
            >
              ${this.t('payment.requote')}
            </button>
          </div>`;
    }
  }

  #failureText(): string {
    const key = `payment.failure.${this.#reason}` as MessageKey;
    const text = this.t(key);
    return text === key ? this.t('payment.failure.other') : text;
  }

  /** Shows what the service says about the quote now. */
  #apply(quote: Quote): void {
    const was = this.#phase;
    this.quote = quote;
    this.#error = this.#retry = undefined;
    if (quote.status === 'PENDING_AUTHORIZATION') {
      void this.#showSca(quote);
      return;
    }
    this.#sca?.remove();
    this.#sca = undefined;
    // PENDING with the wallet's payloadToSign: ready to execute (as nextQuoteStep says 'execute')
    if (
      quote.status === 'PENDING' &&
      quote.paymentInstructions?.some((p) => p.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET')
    ) {
      if (this.#elsewhere) this.#follow();
      else {
        this.#phase = 'review';
        const seconds = quote.expiresAt ? (Date.parse(quote.expiresAt) - Date.now()) / 1000 : NaN;
        if (seconds > 0) this.#expiry.start(seconds);
        else if (seconds <= 0) this.#expiry.start(0); // already past: the countdown's end says expired
      }
    } else if (quote.status === 'PROCESSING' || quote.status === 'PENDING') {
      // PROCESSING: in flight; PENDING without a wallet payload: a realtime-funding quote waiting for its funds
      if (quote.status === 'PROCESSING' && (was === 'executing' || was === 'sca'))
        this.dispatchEvent(new PayPaymentExecutedEvent(quote.id, quote['transactionId'] as string | undefined));
      this.#follow();
    } else void this.#finish(quote);
    if (was !== this.#phase && was !== 'loading') this.#focusResult = true;
    this.requestUpdate();
  }

  #follow(): void {
    this.#expiry.stop();
    if (this.#phase !== 'following') {
      this.#phase = 'following';
      this.#delay = POLL_FIRST;
      this.live.announce(this.t(this.#elsewhere ? 'payment.elsewhere' : 'payment.following'));
    }
    this.#poll(this.#delay);
  }

  #poll(delay: number): void {
    clearTimeout(this.#timer);
    if (!this.isConnected || document.visibilityState === 'hidden') return; // resumed on return
    this.#timer = setTimeout(() => void this.#refresh(), delay);
  }

  readonly #onVisibility = (): void => {
    if (this.#phase === 'following') this.#poll(0);
  };

  /** Reads the quote again (the first load, polling, after a 409 or a lost answer). */
  async #refresh(): Promise<void> {
    const id = this.#loaded;
    if (!id) return;
    try {
      const quote = await getQuote(this.requireClient(), id);
      if (id !== this.#loaded) return;
      if (this.#phase === 'following') this.#delay = Math.min(this.#delay * 1.5, POLL_MAX);
      if (this.#phase !== 'following' || quote.status !== this.quote?.status) this.#apply(quote);
      else this.#poll(this.#delay);
    } catch (error) {
      if (id !== this.#loaded) return;
      if (this.#phase === 'following' && describeError(error).retryable) {
        this.#poll((this.#delay = Math.min(this.#delay * 1.5, POLL_MAX)));
        return;
      }
      if (this.#phase === 'loading') this.#phase = 'empty'; // nothing to show but the error and "Try again"
      this.#fail(error, () => {
        if (this.#phase === 'empty') this.#phase = 'loading';
        void this.#refresh();
      });
    }
  }

  async #finish(quote: Quote): Promise<void> {
    this.#expiry.stop();
    if (quote.status === 'COMPLETED') {
      this.#phase = 'completed';
      this.live.announce(this.t('payment.completed'));
      this.dispatchEvent(new PayPaymentCompletedEvent(quote.id, quote['transactionId'] as string | undefined));
    } else if (quote.status === 'EXPIRED') {
      this.#phase = 'expired';
      this.live.announce(this.t('payment.expired'));
      this.dispatchEvent(new PayPaymentExpiredEvent(quote.id));
    } else {
      // FAILED: the reason is the transaction's (some services also put it on the quote)
      this.#phase = 'failed';
      let reason = quote['failureReason'];
      const transactionId = quote['transactionId'];
      if (typeof reason !== 'string' && typeof transactionId === 'string') {
        try {
          reason = (await getTransaction(this.requireClient(), transactionId)).failureReason;
        } catch {
          /* the generic message */
        }
      }
      this.#reason = typeof reason === 'string' ? reason : undefined;
      this.live.announce(this.#failureText());
      this.dispatchEvent(new PayPaymentFailedEvent(quote.id, this.#reason));
    }
    this.#focusResult = true;
    this.requestUpdate();
  }

  /** SCA: `<pay-sca-challenge>` is loaded now, the first time the service asks for it. */
  async #showSca(quote: Quote): Promise<void> {
    this.#phase = 'sca';
    this.#expiry.stop();
    this.requestUpdate();
    try {
      if (!customElements.get('pay-sca-challenge'))
        await (PayPaymentElement.loadScaChallenge?.() ?? customElements.whenDefined('pay-sca-challenge'));
    } catch (error) {
      this.#fail(error, () => void this.#showSca(quote));
      return;
    }
    if (quote.id !== this.#loaded || this.#phase !== 'sca') return;
    let sca = this.#sca;
    if (!sca) {
      sca = this.#sca = document.createElement('pay-sca-challenge');
      sca.slot = 'sca';
      sca.appearance = 'flat'; // inside this element's surface: one surface, not a box in a box
      sca.addEventListener('pay-sca-complete', (event) => {
        if (sca === this.#sca) this.#apply(event.detail.quote);
      });
    }
    if (this.client) sca.client = this.client;
    if (this.customerId) sca.customerId = this.customerId;
    sca.payeeName = this.#payee(quote);
    sca.locale = this.resolvedLocale;
    sca.quote = quote;
    if (!sca.isConnected) this.append(sca);
    await sca.updateComplete;
    sca.querySelector<HTMLElement>('input')?.focus();
  }

  /**
   * The SCA factor to ask for: PASSKEY when this browser has passkeys and the customer has one (a
   * customer may have no phone at all), else the service's default (a text message).
   */
  async #scaFactor(client: Parameters<typeof listCredentials>[0]): Promise<'PASSKEY' | undefined> {
    if (!passkeysSupported()) return undefined;
    const methods = await listCredentials(client).catch(() => []);
    return methods.some((m) => m.type === 'PASSKEY') ? 'PASSKEY' : undefined;
  }

  readonly #onPay = (): void => {
    const quote = this.quote;
    if (this.#phase !== 'review' || !quote) return; // a second click while one runs does nothing
    this.#execute(quote);
  };

  #execute(quote: Quote): void {
    const key = keyFor(quote.id);
    this.#phase = 'executing';
    this.#error = this.#retry = undefined;
    this.#channel?.postMessage({ quoteId: quote.id, key });
    let request: Promise<Quote>;
    try {
      const client = this.requireClient();
      request = this.#scaFactor(client).then((scaFactor) =>
        executeQuote(client, { quote, idempotencyKey: key, ...(scaFactor ? { scaFactor } : {}) }),
      );
    } catch (error) {
      request = Promise.reject(error);
    }
    this.requestUpdate();
    request.then(
      (next) => {
        if (quote.id === this.#loaded) this.#apply(next);
      },
      (error: unknown) => {
        if (quote.id !== this.#loaded) return;
        if ((error as { status?: unknown })?.status === 409) {
          // executed already (another tab, a lost answer): the quote's state says what happened
          void this.#refresh();
          return;
        }
        this.#phase = 'review';
        this.#fail(error, () => this.#execute(quote));
      },
    );
  }

  #fail(error: unknown, retry: () => void): void {
    const view = this.reportError(error, {
      INVALID_AMOUNT: 'payment.balance',
      TRANSACTION_SIZE_LIMIT_EXCEEDED: 'payment.failure.LIMIT_EXCEEDED',
      DAILY_VOLUME_LIMIT_EXCEEDED: 'payment.failure.LIMIT_EXCEEDED',
      END_USER_TERMS_NOT_ACCEPTED: 'payment.terms',
    });
    this.#error = view;
    this.#retry = view.retryable || errorCode(error) === 'UNKNOWN' ? retry : undefined;
    this.requestUpdate();
  }

  readonly #onRetry = (): void => {
    const retry = this.#retry;
    this.#error = this.#retry = undefined;
    this.requestUpdate();
    retry?.();
  };

  readonly #onRequote = (): void => {
    const id = this.quote?.id;
    if (this.#phase !== 'expired' || !id) return;
    this.#phase = 'requoting';
    this.live.announce(this.t('payment.requoting'));
    this.requestUpdate();
    this.dispatchEvent(new PayPaymentRequoteEvent(id));
  };

  /** Another tab started executing a quote: use its key, and follow instead of paying here. */
  readonly #onMessage = (event: MessageEvent): void => {
    const { quoteId, key } = (event.data ?? {}) as { quoteId?: unknown; key?: unknown };
    if (typeof quoteId !== 'string' || typeof key !== 'string') return;
    if (!executeKeys.has(quoteId)) executeKeys.set(quoteId, key);
    if (quoteId === this.#loaded && this.#phase === 'review') {
      this.#elsewhere = true;
      this.#follow();
      this.requestUpdate();
    }
  };
}
