/**
 * `<pay-transactions>`: the customer's payments, newest first (`listTransactions(client, { customerId })`
 * from `@paykit/crypto-core/activity`), filtered by status, paged with "Load more", each with its amount in
 * the page's locale, its date and a status word. A bank transfer still in flight offers "Cancel transfer",
 * confirmed first (`cancelTransaction`); the service decides (409 TRANSACTION_NOT_CANCELLABLE once its
 * banking partner has processed it).
 *
 * @example
 *   <pay-transactions customer-id="Customer:…"></pay-transactions>
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import type { WalletClient } from '@paykit/crypto-core';
import {
  cancelTransaction,
  isCancellable,
  listTransactions,
  type Transaction,
  type TransactionStatus,
} from '@paykit/crypto-core/activity';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { confirmRow } from '../shared/confirm-row.js';
import { formatTime } from '../shared/account-format.js';
import { getDefaultClient } from '../shared/client-context.js';
import { KeyedLoad } from '../shared/keyed-load.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { loadMore } from '../shared/load-more.js';
import { formatAmount } from '../sca-challenge/quote-format.js';
import { PayTransactionCancelledEvent } from './transactions-events.js';
import './transactions.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { transactionsMessages } from './transactions.messages.js';
import { transactionsStyles } from './transactions.styles.js';

registerMessages('en', transactionsMessages);

const STATUSES: readonly TransactionStatus[] = [
  'PENDING',
  'PENDING_AUTHORIZATION',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'REJECTED',
  'REFUNDED',
  'EXPIRED',
  'CREATED',
];

type Money = { amount?: number; currency?: { code?: string; decimals?: number } };

/**
 * Lists the customer's payments and cancels a bank transfer in flight.
 *
 * @summary Activity: payments with status filter, paging and cancel.
 *
 * @event {PayTransactionCancelledEvent} pay-transaction-cancelled - A bank transfer was cancelled. `detail: { transactionId, status }`.
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart filter - The status filter.
 * @csspart list - The list of transactions.
 * @csspart transaction - One transaction row.
 * @csspart amount - A row's amount.
 * @csspart status - A row's status word.
 * @csspart button - Every button.
 * @csspart more-button - "Load more".
 * @csspart cancel-button - "Cancel transfer".
 * @csspart confirm - The cancel confirmation.
 * @csspart confirm-button - "Yes, cancel it".
 * @csspart empty - The empty-list message.
 * @csspart error - The error box.
 * @csspart success - The cancelled message.
 *
 * @cssstate loading - The first page is being fetched.
 * @cssstate ready - The list is shown.
 * @cssstate empty - There is nothing to show.
 * @cssstate busy - A page or a cancellation is loading.
 * @cssstate error - An error is shown.
 */
export class PayTransactionsElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, transactionsStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    status: {},
    pageSize: { attribute: 'page-size', type: Number },
  };

  /** The customer whose payments are listed (required: the list is always asked for by its owner). */
  declare customerId: string | undefined;
  /** The status filter; empty for all. Reflects the person's choice. */
  declare status: string | undefined;
  /** Transactions per page, 1–100 (the service's default, 20, when unset). */
  declare pageSize: number | undefined;

  #rows: Transaction[] = [];
  #cursor: string | undefined;
  #loaded = false;
  #confirming: string | undefined;
  /** The first page, read again when the client, `customer-id`, `status` or `page-size` changes. */
  readonly #load = new KeyedLoad(this, {
    key: () => {
      const client = this.client ?? getDefaultClient();
      return !!client && !!this.customerId && [client, this.customerId, this.status ?? '', this.pageSize];
    },
    start: () => {
      this.#loaded = false;
      this.#action.busy = true;
    },
    read: () => this.#page(this.requireClient()),
    apply: (page) => {
      this.#action.busy = this.#action.error = undefined;
      this.#show(page, []);
    },
    fail: (error) => {
      this.#action.busy = undefined;
      this.#action.error = this.reportError(error);
    },
  });
  /** Load more and cancel, one at a time; the first page's load shows as busy too. */
  /** One change at a time: a cancel (`true`) or the next page (`'more'`). */
  readonly #action = new Action<true | 'more'>(this);

  protected override get states(): PayStates {
    return [
      this.#loaded ? (this.#rows.length ? 'ready' : 'empty') : 'loading',
      !!this.#action.busy && 'busy',
      !!this.#action.error && 'error',
    ];
  }

  #page(client: WalletClient, cursor?: string) {
    return listTransactions(client, {
      customerId: this.customerId!,
      status: (this.status || undefined) as TransactionStatus | undefined,
      limit: this.pageSize,
      cursor,
    });
  }

  #show(page: Awaited<ReturnType<typeof listTransactions>>, before: Transaction[]): void {
    this.#rows = [...before, ...page.data];
    this.#cursor = page.hasMore === false ? undefined : page.nextCursor;
    this.#loaded = true;
  }

  #more = (): Promise<void> =>
    this.#action.run(async (client) => {
      const current = this.#load.current();
      const page = await this.#page(client, this.#cursor);
      if (current()) this.#show(page, this.#rows);
    }, 'more');

  #cancel(row: Transaction): Promise<void> {
    return this.#action.run(
      async (client) => {
        const updated = await cancelTransaction(client, row.id);
        this.#rows = this.#rows.map((r) => (r.id === row.id ? { ...r, ...updated } : r));
        this.#confirming = undefined;
        this.dispatchEvent(new PayTransactionCancelledEvent(row.id, updated.status));
        this.#action.done(this.t('transactions.cancelled'));
      },
      true,
      (error) => {
        this.#confirming = undefined;
        return this.reportError(error, { TRANSACTION_NOT_CANCELLABLE: 'transactions.notCancellable' });
      },
    );
  }

  #filter = (event: Event): void => {
    this.status = (event.target as HTMLSelectElement).value;
    this.#action.success = undefined;
  };

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('transactions.title')}</h2>
      ${this.#renderBody()}
      ${this.renderErrorBox(this.#action.error, this.#loaded ? {} : { retry: () => this.#load.load() })}
      ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    const status = this.status ?? '';
    return html`
      <label part="filter" class="filter"
        >${this.t('transactions.filter')}
        <select @change=${this.#filter} ?disabled=${this.#action.busy}>
          <option value="" ?selected=${!status}>${this.t('transactions.all')}</option>
          ${STATUSES.map(
            (s) =>
              html`<option value=${s} ?selected=${s === status}>
                ${this.t(`transactions.status.${s}` as MessageKey)}
              </option>`,
          )}
        </select></label
      >
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing} ${this.#renderList(status)}
    `;
  }

  #renderList(status: string): unknown {
    if (!this.#loaded)
      return this.#action.error ? nothing : html`<p class="text">${this.t('transactions.loading')}</p>`;
    if (!this.#rows.length)
      return html`<p part="empty" class="text">
        ${this.t(status ? 'transactions.emptyFiltered' : 'transactions.empty')}
      </p>`;
    return html`<ul part="list" class="list">
        ${this.#rows.map((row) => this.#renderRow(row))}
      </ul>
      ${
        this.#cursor
          ? loadMore(this.t('transactions.more'), !!this.#action.busy, this.#action.busy === 'more', this.#more)
          : nothing
      }`;
  }

  #renderRow(row: Transaction): unknown {
    const locale = this.resolvedLocale;
    const type = row['type'];
    const money = (type === 'INCOMING' ? row['receivedAmount'] : (row['sentAmount'] ?? row['amount'])) as
      Money | undefined;
    const amount = formatAmount(money?.amount, money?.currency as never, locale);
    const kind = this.t(
      type === 'INCOMING' ? 'transactions.received' : type === 'CARD' ? 'transactions.card' : 'transactions.sent',
    );
    // a FAILED transfer refunded for the user's cancellation reads as what the person did
    const refund = row['refund'] as { reason?: string } | undefined;
    const status = row.status === 'FAILED' && refund?.reason === 'USER_CANCELLATION' ? 'CANCELLED' : row.status;
    const word =
      status === 'CANCELLED' || STATUSES.includes(status as TransactionStatus)
        ? this.t(`transactions.status.${status}` as MessageKey)
        : status;
    const confirming = this.#confirming === row.id;
    return html`<li part="transaction" class="row">
      <div class="facts">
        <span class="name">${(row['description'] as string | undefined) || kind}</span>
        <span class="meta">${formatTime(locale, row['createdAt'] as string | undefined)}</span>
      </div>
      <div class="end">
        <span part="amount" class="amount">${type === 'INCOMING' ? '+' : type === 'OUTGOING' ? '−' : ''}${amount}</span>
        <span part="status" class="status status--${status}">${word}</span>
        ${
          isCancellable(row) && !confirming
            ? html`<button
                part="button cancel-button"
                class="button button--link"
                type="button"
                ?disabled=${this.#action.busy}
                @click=${() => {
                  this.#confirming = row.id;
                  this.#action.success = undefined;
                  this.requestUpdate();
                }}
              >
                ${this.t('transactions.cancel')}
              </button>`
            : nothing
        }
      </div>
      ${
        confirming
          ? html`<div part="confirm" class="confirm" role="group">
              <p class="text">${this.t('transactions.cancelConfirm', { amount })}</p>
              <div class="actions">
                ${confirmRow(
                  this.#action.busy,
                  this.t('transactions.cancelYes'),
                  'confirm-button',
                  () => this.#cancel(row),
                  this.t('transactions.cancelNo'),
                  () => {
                    this.#confirming = undefined;
                    this.requestUpdate();
                  },
                )}
              </div>
            </div>`
          : nothing
      }
    </li>`;
  }
}
