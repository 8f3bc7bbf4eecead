/**
 * `<pay-send>`: a person composes a payment and gets its quote. The payee is an UMA address (`$name@domain`,
 * looked up live once the person stops typing: `lookupUma`), one of their saved external accounts
 * (`listPayees`, then `lookupExternalAccount`), or a receiving institution (`listInstitutions`) where they
 * add someone new (the page collects the account: `pay-send-new-payee`). The amount is typed in either
 * currency with the live rate (`getExchangeRates`, read again quietly once it is 5 minutes old); the other
 * side, the rate, the fee and, for a crypto wallet payee, the network fee (`estimateWithdrawalFee`) are
 * shown as estimates. "Continue" makes the quote (`createQuote`, one Idempotency-Key per composed payment)
 * and fires `pay-send-quoted`; the page hands its `quoteId` to `<pay-payment>` (elements do not reach into
 * each other).
 *
 * @example
 *   <pay-send customer-id="Customer:…"></pay-send>
 *   send.addEventListener('pay-send-quoted', (e) => (payment.quoteId = e.detail.quoteId));
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import type { InternalAccount, Quote, QuoteRequest } from '@paykit/crypto-core';
import { listPayees, type Payee } from '@paykit/crypto-core/payees';
import {
  createQuote,
  estimateWithdrawalFee,
  getExchangeRates,
  listInstitutions,
  lookupExternalAccount,
  lookupUma,
  type ExchangeRate,
  type Institution,
  type WithdrawalFee,
} from '@paykit/crypto-core/send';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { describeError, type ErrorView } from '../shared/errors.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { CustomerLoad, KeyedLoad } from '../shared/keyed-load.js';
import { shadowInputStyles } from '../shared/input.styles.js';
import { summaryStyles } from '../shared/summary.styles.js';
import { formatAmount } from '../sca-challenge/quote-format.js';
import { PaySendNewPayeeEvent, PaySendQuotedEvent } from './send-events.js';
import './send.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { sendMessages } from './send.messages.js';
import { sendStyles } from './send.styles.js';

registerMessages('en', sendMessages);

type Mode = 'uma' | 'account' | 'bank';
type Currency = { code?: string; decimals?: number };

/** A payee found: where the quote goes, and the currencies it receives. */
interface Receiver {
  destination: QuoteRequest['destination'];
  lookupId?: string | undefined;
  currencies: Currency[];
  /** A crypto wallet's network and address, for the withdrawal fee estimate. */
  wallet?: { cryptoNetwork: string; destinationAddress: string } | undefined;
}

const UMA = /^\$[^\s@$]+@[^\s@]+\.[^\s@]+$/;
/** The service caches rates about 5 minutes: a rate that old (by its `updatedAt`) is read again. */
const RATE_MS = 300_000;
/** Lookups start once the person has stopped typing this long. */
const DEBOUNCE_MS = 400;
/** A lookup's failures that are about the address: said under the field. */
const ADDRESS_ERRORS = {
  INVALID_UMA_ADDRESS: 'send.umaMalformed',
  UMA_NOT_FOUND: 'send.umaMissing',
  UNSUPPORTED_UMA_VERSION: 'send.umaUnavailable',
  PAYREQ_REQUEST_FAILED: 'send.umaUnavailable',
} as const;
const FIELD_KEYS: readonly MessageKey[] = Object.values(ADDRESS_ERRORS);

const decimals = (currency: Currency | undefined): number => currency?.decimals ?? 2;
/** Smallest units of `text` ("12.5", "12,50") in a currency of `places` decimals; NaN when it is not an amount. */
function parseAmount(text: string, places: number): number {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match || (match[2]?.length ?? 0) > places) return NaN;
  return Number(match[1] + (match[2] ?? '').padEnd(places, '0'));
}

/**
 * Composes a payment (payee, amount in either currency with the live rate and fees) and makes its quote.
 *
 * @summary Send money: payee by UMA address, saved account or bank; amount with live rate; the quote.
 *
 * @event {PaySendQuotedEvent} pay-send-quoted - The quote is made. `detail: { quoteId, quote }`: set `quoteId` on `<pay-payment>`.
 * @event {PaySendNewPayeeEvent} pay-send-new-payee - The person wants to pay someone new at a bank. `detail: { bankName, country, currency }`.
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart modes - The choice of payee kind.
 * @csspart input - Every text field and list.
 * @csspart uma-input - The UMA address field.
 * @csspart amount-input - The amount field.
 * @csspart status - The lookup's progress or result under the address.
 * @csspart field-error - A message under a field (which has `aria-invalid`).
 * @csspart notice - News that is not an error (no saved accounts yet).
 * @csspart summary - Balance, the other side's amount, rate and fees.
 * @csspart button - Every button.
 * @csspart switch-button - "Type the amount in …".
 * @csspart add-button - "Add an account at this bank".
 * @csspart continue-button - "Continue".
 * @csspart error - The error box.
 * @csspart success - The line that says the quote is ready.
 *
 * @cssstate loading - The wallet is being read.
 * @cssstate idle - No payee yet.
 * @cssstate looking - A payee is being looked up.
 * @cssstate found - The payee is found.
 * @cssstate missing - The address is malformed or no one receives there.
 * @cssstate invalid - The amount cannot be sent (malformed, over the balance, out of range).
 * @cssstate quoting - The quote is being made.
 * @cssstate quoted - The quote is made.
 * @cssstate error - An error is shown.
 */
export class PaySendElement extends PayElement {
  static override styles = [...PayElement.styles, summaryStyles, shadowInputStyles, sendStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    accountId: { attribute: 'account-id' },
  };

  /** The sending customer (required: lookups and quotes are its own). */
  declare customerId: string | undefined;
  /** The internal account to send from; default the customer's first. */
  declare accountId: string | undefined;

  #mode: Mode = 'uma';
  #source: InternalAccount | undefined;
  #address = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #looking = false;
  #receiver: Receiver | undefined;
  #payeeError: MessageKey | undefined;
  #currency = '';
  #side: 'SENDING' | 'RECEIVING' = 'SENDING';
  #text = '';
  #rate: ExchangeRate | undefined;
  #rateTimer: ReturnType<typeof setTimeout> | undefined;
  #rateRetry = 2000;
  #payees: Payee[] | undefined;
  #payee = '';
  #banks: Institution[] | undefined;
  #bank = -1;
  #fee: WithdrawalFee | undefined;
  #quote: Quote | undefined;
  #quoteKey: string | undefined;
  #lookups = 0;
  /** The last payee lookup, for "Try again" after it failed. */
  #lastFind: (() => Promise<Receiver>) | undefined;
  readonly #action = new Action(this);

  readonly #load = new CustomerLoad(this, {
    needsId: true,
    start: () => (this.#source = undefined),
    read: () =>
      this.requireClient().request<{ data?: InternalAccount[] }>('GET', '/customers/internal-accounts', {
        query: { customerId: this.customerId! },
      }),
    apply: ({ data = [] }) => (this.#source = data.find((a) => a.id === this.accountId) ?? data[0]),
    fail: (error) => (this.#action.error = this.reportError(error)),
  });

  readonly #rateLoad = new KeyedLoad(this, {
    key: () => {
      const from = this.#from.code;
      return !!this.#receiver && !!from && from !== this.#currency && [this.client, from, this.#currency];
    },
    start: () => clearTimeout(this.#rateTimer),
    read: () =>
      getExchangeRates(this.requireClient(), {
        sourceCurrency: this.#from.code,
        destinationCurrency: [this.#currency],
      }),
    apply: ([rate]) => {
      this.#rate = rate;
      // read again once the rate is RATE_MS old (its own clock: at least 1 s, at most RATE_MS from now)
      const left = RATE_MS - (Date.now() - Date.parse(rate?.updatedAt ?? ''));
      const wait = Number.isNaN(left) ? RATE_MS : Math.min(RATE_MS, Math.max(1000, left));
      this.#rateTimer = setTimeout(() => void this.#rateLoad.load(), wait);
      this.#rateRetry = 2000;
    },
    // a quiet refresh that fails keeps the rate it had and tries again later (2 s, doubling); only a first read says so
    fail: (error) => {
      if (!this.#rate || this.#rate.destinationCurrency.code !== this.#currency)
        return void (this.#action.error = this.reportError(error));
      this.#rateTimer = setTimeout(() => void this.#rateLoad.load(), this.#rateRetry);
      this.#rateRetry = Math.min(this.#rateRetry * 2, RATE_MS);
    },
  });

  readonly #payeeLoad = new KeyedLoad(this, {
    key: () => this.#mode === 'account' && [this.client, this.customerId],
    read: () => listPayees(this.requireClient(), { customerId: this.customerId!, limit: 100 }),
    apply: (page) => (this.#payees = page.data),
    fail: (error) => (this.#action.error = this.reportError(error)),
  });

  readonly #bankLoad = new KeyedLoad(this, {
    key: () => this.#mode === 'bank' && [this.client],
    read: () => listInstitutions(this.requireClient()),
    apply: (banks) => (this.#banks = banks),
    fail: (error) => (this.#action.error = this.reportError(error)),
  });

  readonly #feeLoad = new KeyedLoad(this, {
    key: () => {
      const wallet = this.#receiver?.wallet;
      const send = this.#amounts().send;
      return !!wallet && this.#from.code === 'USDC' && send > 0 && [wallet.destinationAddress, send];
    },
    start: () => (this.#fee = undefined),
    read: () =>
      estimateWithdrawalFee(this.requireClient(), {
        internalAccountId: this.#source!.id,
        currency: 'USDC',
        amount: this.#amounts().send,
        ...this.#receiver!.wallet!,
      }),
    apply: (fee) => (this.#fee = fee),
    // an estimate that cannot be made is left out: the quote still says what the payment costs
    fail: () => undefined,
  });

  /** Reads the wallet again. */
  reload(): Promise<void> {
    return this.#load.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#timer);
    clearTimeout(this.#rateTimer);
  }

  protected override get states(): PayStates {
    if (!this.#source) return [this.#action.error ? 'error' : 'loading'];
    return [
      this.#looking ? 'looking' : this.#receiver ? 'found' : this.#payeeError ? 'missing' : 'idle',
      !!this.#amountError() && 'invalid',
      !!this.#action.busy && 'quoting',
      !!this.#quote && 'quoted',
      !!this.#action.error && 'error',
    ];
  }

  get #from(): Currency {
    return (this.#source?.balance?.currency ?? {}) as Currency;
  }

  get #to(): Currency {
    return this.#receiver?.currencies.find((c) => c.code === this.#currency) ?? { code: this.#currency };
  }

  /** What leaves the wallet and what arrives, in smallest units, from what was typed (NaN when unknown). */
  #amounts(): { send: number; receive: number } {
    const same = this.#from.code === this.#currency;
    const rate = same ? 1 : this.#rate?.destinationCurrency.code === this.#currency ? this.#rate.exchangeRate : NaN;
    const fee = same ? 0 : (this.#rate?.fees.total ?? this.#rate?.fees.fixed ?? 0);
    const scale = 10 ** (decimals(this.#from) - decimals(this.#to));
    const sending = this.#side === 'SENDING';
    const typed = parseAmount(this.#text, decimals(sending ? this.#from : this.#to));
    // a margin of 1e-9 keeps float noise (20 × 1.08 = 21.600000000000001) from moving a cent
    return sending
      ? { send: typed, receive: Math.max(0, Math.floor((typed - fee) / scale / rate + 1e-9)) }
      : { send: Math.ceil(typed * rate * scale - 1e-9) + fee, receive: typed };
  }

  /** A rate in the sending currency, to its six decimals. */
  #price(value: number, code: string): string {
    const options = { maximumFractionDigits: 6 };
    try {
      return new Intl.NumberFormat(this.resolvedLocale, { ...options, style: 'currency', currency: code }).format(
        value,
      );
    } catch {
      return `${new Intl.NumberFormat(this.resolvedLocale, options).format(value)} ${code}`;
    }
  }

  #format(amount: number, currency: Currency): string {
    return formatAmount(amount, currency, this.resolvedLocale);
  }

  /** Why the amount cannot be sent, once one is typed. */
  #amountError(): string | undefined {
    if (!this.#text.trim()) return;
    const { send, receive } = this.#amounts();
    const sending = this.#side === 'SENDING';
    if (Number.isNaN(sending ? send : receive) || (sending ? send : receive) <= 0) return this.t('send.badAmount');
    const balance = this.#source?.balance?.amount;
    if (balance !== undefined && send > balance)
      return this.t('send.overBalance', { amount: this.#format(balance, this.#from) });
    const rate = this.#rate;
    if (!rate || Number.isNaN(send)) return;
    if (send < rate.minSendingAmount)
      return this.t('send.minAmount', { amount: this.#format(rate.minSendingAmount, this.#from) });
    if (send > rate.maxSendingAmount)
      return this.t('send.maxAmount', { amount: this.#format(rate.maxSendingAmount, this.#from) });
  }

  /** Anything that changes the payment makes the last quote stale, and a new one gets a new key. */
  #changed(): void {
    this.#quote = this.#quoteKey = this.#action.success = undefined;
    this.requestUpdate();
  }

  #found(receiver: Receiver): void {
    this.#receiver = receiver;
    const codes = receiver.currencies.map((c) => c.code);
    // what the sender holds, when the payee takes it: no conversion, no fee
    const own = this.#from.code;
    if (!codes.includes(this.#currency)) this.#currency = (own && codes.includes(own) ? own : codes[0]) ?? '';
    if (this.#mode === 'uma') this.live.announce(this.#foundText(receiver));
    this.#changed();
  }

  #foundText(receiver: Receiver): string {
    const currencies = receiver.currencies.map((c) => c.code).join(', ');
    return this.t('send.found', { address: this.#address.trim(), currencies });
  }

  #clearPayee(): void {
    clearTimeout(this.#timer);
    this.#lookups++;
    this.#receiver = this.#payeeError = this.#fee = this.#lastFind = undefined;
    this.#looking = false;
    this.#changed();
  }

  #setMode(mode: Mode): void {
    this.#mode = mode;
    this.#payee = '';
    this.#bank = -1;
    this.#action.error = undefined;
    this.#clearPayee();
    if (mode === 'uma' && this.#address.trim()) this.#timer = setTimeout(() => void this.#lookUp(), 0);
  }

  #typeAddress = (event: Event): void => {
    this.#address = (event.target as HTMLInputElement).value;
    this.#clearPayee();
    if (this.#address.trim()) this.#timer = setTimeout(() => void this.#lookUp(), DEBOUNCE_MS);
  };

  /** Runs a payee lookup; an answer to an older one (the person typed on) is dropped. */
  async #find(lookup: () => Promise<Receiver>): Promise<void> {
    const mine = ++this.#lookups;
    this.#lastFind = lookup;
    this.#looking = true;
    this.#action.error = undefined;
    this.requestUpdate();
    try {
      const receiver = await lookup();
      if (mine !== this.#lookups) return;
      this.#found(receiver);
    } catch (error) {
      if (mine !== this.#lookups) return;
      const view: ErrorView = this.report(describeError(error, ADDRESS_ERRORS));
      if (FIELD_KEYS.includes(view.key)) this.#payeeError = view.key;
      else this.#action.error = view;
    }
    this.#looking = false;
    this.requestUpdate();
  }

  #lookUp(): Promise<void> | void {
    const address = this.#address.trim();
    if (!UMA.test(address)) {
      this.live.announce(this.t((this.#payeeError = 'send.umaMalformed')));
      return this.requestUpdate();
    }
    return this.#find(async () => {
      const found = await lookupUma(this.requireClient(), {
        receiverUmaAddress: address,
        customerId: this.customerId!,
      });
      return {
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: found.receiverUmaAddress, currency: this.#currency },
        lookupId: found.lookupId,
        currencies: found.supportedCurrencies.map((c) => c.currency),
      };
    });
  }

  #pickPayee = (event: Event): void => {
    const id = (this.#payee = (event.target as HTMLSelectElement).value);
    this.#clearPayee();
    const info = (this.#payees?.find((p) => p.id === id)?.accountInfo ?? {}) as Record<string, string>;
    const network = /^(\w+)_WALLET$/.exec(info['accountType'] ?? '')?.[1];
    if (id)
      void this.#find(async () => {
        const found = await lookupExternalAccount(this.requireClient(), {
          accountId: id,
          customerId: this.customerId!,
        });
        return {
          destination: { destinationType: 'ACCOUNT', accountId: id },
          currencies: found.supportedCurrencies.map((c) => c.currency),
          wallet:
            network && info['address'] ? { cryptoNetwork: network, destinationAddress: info['address'] } : undefined,
        };
      });
  };

  #switch = (): void => {
    const { send, receive } = this.#amounts();
    const sending = this.#side === 'SENDING';
    const other = sending ? receive : send;
    this.#side = sending ? 'RECEIVING' : 'SENDING';
    const places = decimals(sending ? this.#to : this.#from);
    this.#text = Number.isFinite(other) && other > 0 ? (other / 10 ** places).toFixed(places) : '';
    this.#changed();
  };

  #continue = (): Promise<void> | void => {
    const receiver = this.#receiver;
    if (!receiver || !this.#source || this.#amountError() || !this.#text.trim()) return;
    const { send, receive } = this.#amounts();
    const sending = this.#side === 'SENDING';
    const destination = { ...receiver.destination };
    if (destination.destinationType === 'UMA_ADDRESS') destination.currency = this.#currency;
    const body: QuoteRequest = {
      source: { sourceType: 'ACCOUNT', accountId: this.#source.id },
      destination,
      lockedCurrencySide: this.#side,
      lockedCurrencyAmount: sending ? send : receive,
      ...(receiver.lookupId ? { lookupId: receiver.lookupId } : {}),
    };
    this.#quoteKey ??= crypto.randomUUID();
    const key = this.#quoteKey;
    return void this.#action.run(
      async (client) => {
        const quote = await createQuote(client, body, key);
        this.#quote = quote;
        this.dispatchEvent(new PaySendQuotedEvent(quote));
        this.#action.done(this.t('send.quoted'));
      },
      true,
      (error) => this.reportError(error, { SELF_PAYMENT: 'send.selfPayment', INVALID_AMOUNT: 'send.badAmount' }),
    );
  };

  protected override render(): unknown {
    const error = this.#action.error;
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('send.title')}</h2>
      ${
        !this.hasClient
          ? html`<p class="text">${this.t('error.noClient')}</p>`
          : this.#source
            ? this.#renderForm()
            : error
              ? nothing
              : html`<p class="text">${this.t('send.loading')}</p>`
      }
      ${this.renderErrorBox(error, error?.retryable ? { retry: () => this.#retry() } : {})}
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing} ${this.live.render()}
    </div>`;
  }

  #retry(): void {
    this.#action.error = undefined;
    const mode = this.#mode;
    if (!this.#source) void this.reload();
    else if (!this.#receiver && mode === 'uma') void this.#lookUp();
    else if (!this.#receiver && this.#lastFind) void this.#find(this.#lastFind);
    else if (mode === 'account' && !this.#payees) void this.#payeeLoad.load();
    else if (mode === 'bank' && !this.#banks) void this.#bankLoad.load();
    else if (this.#from.code !== this.#currency && this.#rate?.destinationCurrency.code !== this.#currency)
      void this.#rateLoad.load();
    else void this.#continue();
    this.requestUpdate();
  }

  #renderForm(): unknown {
    const busy = !!this.#action.busy;
    const mode = this.#mode;
    return html`<fieldset part="modes" class="modes" ?disabled=${busy}>
        <legend class="label">${this.t('send.to')}</legend>
        ${(['uma', 'account', 'bank'] as const).map(
          (m) =>
            html`<label class="mode"
              ><input type="radio" name="mode" .checked=${m === mode} @change=${() => this.#setMode(m)} />${this.t(
                m === 'uma' ? 'send.byUma' : m === 'account' ? 'send.byAccount' : 'send.byBank',
              )}</label
            >`,
        )}
      </fieldset>
      ${mode === 'uma' ? this.#renderUma() : mode === 'account' ? this.#renderAccounts() : this.#renderBanks()}
      ${this.#receiver ? this.#renderAmount(busy) : nothing}`;
  }

  #renderUma(): unknown {
    const error = this.#payeeError;
    const receiver = this.#receiver;
    return html`<div class="field">
      <label class="label" for="uma">${this.t('send.byUma')}</label>
      <input
        part="input uma-input"
        class="input"
        id="uma"
        type="text"
        inputmode="email"
        autocomplete="off"
        spellcheck="false"
        placeholder=${this.t('send.umaHint')}
        .value=${this.#address}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="uma-status"
        @input=${this.#typeAddress}
      />
      ${
        error
          ? html`<p part="field-error" class="field-error" id="uma-status">${this.t(error)}</p>`
          : html`<p part="status" class="hint" id="uma-status">
              ${
                this.#looking
                  ? this.t('send.looking', { address: this.#address.trim() })
                  : receiver
                    ? this.#foundText(receiver)
                    : nothing
              }
            </p>`
      }
    </div>`;
  }

  #renderAccounts(): unknown {
    const payees = this.#payees;
    if (!payees) return nothing;
    if (!payees.length) return html`<p part="notice" class="notice">${this.t('send.noAccounts')}</p>`;
    return this.#select('send.account', this.#pickPayee, this.#payee, [
      ...payees.map((p) => {
        const info = (p.accountInfo ?? {}) as Record<string, unknown>;
        const who = (info['beneficiary'] as { fullName?: string } | undefined)?.fullName ?? info['bankName'] ?? '';
        const number = String(info['iban'] ?? info['accountNumber'] ?? info['address'] ?? info['clabe'] ?? '');
        return [p.id, `${who} ${number ? `•••• ${number.slice(-4)}` : ''} (${p.currency})`] as const;
      }),
    ]);
  }

  #renderBanks(): unknown {
    const banks = this.#banks;
    if (!banks) return nothing;
    const bank = banks[this.#bank];
    return html`${this.#select(
        'send.bank',
        (event) => {
          this.#bank = Number((event.target as HTMLSelectElement).value);
          this.requestUpdate();
        },
        String(this.#bank),
        banks.map((b, i) => [String(i), `${b.displayName} (${b.country}, ${b.currency})`] as const),
      )}
      <div class="actions">
        <button
          part="button add-button"
          class="button button--secondary"
          type="button"
          ?disabled=${!bank}
          @click=${() => this.dispatchEvent(new PaySendNewPayeeEvent(bank!.bankName, bank!.country, bank!.currency))}
        >
          ${this.t('send.addBank')}
        </button>
      </div>`;
  }

  #select(
    label: MessageKey,
    change: (event: Event) => void,
    value: string,
    options: readonly (readonly [string, string])[],
    id = label,
  ): unknown {
    return html`<div class="field">
      <label class="label" for=${id}>${this.t(label)}</label>
      <select part="input" class="input" id=${id} @change=${change} ?disabled=${!!this.#action.busy}>
        ${options.some(([v]) => v === value) ? nothing : html`<option value="" selected>${this.t('send.pick')}</option>`}
        ${options.map(([v, text]) => html`<option value=${v} ?selected=${v === value}>${text}</option>`)}
      </select>
    </div>`;
  }

  #renderAmount(busy: boolean): unknown {
    const from = this.#from;
    const to = this.#to;
    const sending = this.#side === 'SENDING';
    const typed = sending ? from : to;
    const other = sending ? to : from;
    const error = this.#amountError();
    const { send, receive } = this.#amounts();
    const cross = from.code !== to.code;
    const rate = this.#rate;
    const row = (text: string): unknown => html`<p class="line">${text}</p>`;
    return html`${
        this.#receiver!.currencies.length > 1
          ? this.#select(
              'send.currency',
              (event) => {
                this.#currency = (event.target as HTMLSelectElement).value;
                this.#changed();
              },
              this.#currency,
              this.#receiver!.currencies.map((c) => [c.code ?? '', c.code ?? ''] as const),
            )
          : nothing
      }
      <div class="field">
        <label class="label" for="amount">${this.t('send.amount', { currency: typed.code ?? '' })}</label>
        <input
          part="input amount-input"
          class="input"
          id="amount"
          type="text"
          inputmode="decimal"
          autocomplete="off"
          .value=${this.#text}
          ?disabled=${busy}
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${error ? 'amount-error' : nothing}
          @input=${(event: Event) => {
            this.#text = (event.target as HTMLInputElement).value;
            this.#changed();
          }}
        />
        ${error ? html`<p part="field-error" class="field-error" id="amount-error">${error}</p>` : nothing}
        ${
          cross
            ? html`<button
                part="button switch-button"
                class="button button--link"
                type="button"
                ?disabled=${busy}
                @click=${this.#switch}
              >
                ${this.t('send.switch', { currency: other.code ?? '' })}
              </button>`
            : nothing
        }
      </div>
      <div part="summary" class="summary">
        ${row(this.t('send.balance', { amount: this.#format(this.#source?.balance?.amount ?? 0, from) }))}
        ${
          cross && this.#text.trim() && !error && Number.isFinite(sending ? receive : send)
            ? row(
                sending
                  ? this.t('send.theyGet', { amount: this.#format(receive, to) })
                  : this.t('send.youPay', { amount: this.#format(send, from) }),
              )
            : nothing
        }
        ${
          cross && rate
            ? html`${row(
                this.t('send.rate', {
                  currency: to.code ?? '',
                  amount: this.#price(rate.exchangeRate, from.code ?? ''),
                }),
              )}
              ${row(this.t('send.fee', { amount: this.#format(rate.fees.total ?? rate.fees.fixed ?? 0, from) }))}`
            : nothing
        }
        ${this.#fee ? row(this.t('send.withdrawalFee', { amount: this.#format(this.#fee.totalFee, from) })) : nothing}
      </div>
      <div class="actions">
        <button
          part="button continue-button"
          class="button button--primary button--block"
          type="button"
          ?disabled=${busy || !!error || !this.#text.trim() || (cross && !rate)}
          aria-busy=${busy ? 'true' : 'false'}
          @click=${this.#continue}
        >
          ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${this.t('send.continue')}
        </button>
      </div>`;
  }
}
