/**
 * `<pay-card>`: the card as its holder knows it. Card art (brand, last four, state); the details
 * through `<pay-card-reveal>` (theme and language passed on); freeze and unfreeze and the spend limits
 * its `cardCapabilities` allow (`updateCard`, `PATCH /cards/{id}`: platform-authorized, so the
 * platform's proxy decides which changes its users may make); the activation step when the card is
 * funded by an embedded wallet that has no ACTIVE delegated key for it (`createDelegatedKey(client, …)`,
 * three signed legs); and its transactions (`listCardTransactions`, newest first, "Load more"): purchases
 * with their status, merchant and place, refunds as their own CREDIT rows linked to their purchase,
 * DECLINED ones only when "Show declined payments" is on (a statement leaves them out).
 *
 * @example
 *   <pay-card card-id="Card:…" customer-id="Customer:…" allowed-origins="https://pan.issuer.example"></pay-card>
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import {
  PayError,
  getCard,
  createDelegatedKey,
  getActiveDelegatedKey,
  listCardTransactions,
  updateCard,
  type Card,
  type CardCurrency,
  type CardTransaction,
  type DelegatedKey,
  type InternalAccount,
  type WalletClient,
} from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { confirmRow } from '../shared/confirm-row.js';
import { Action } from '../shared/action.js';
import { getDefaultClient } from '../shared/client-context.js';
import type { ErrorView } from '../shared/errors.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { loadMore } from '../shared/load-more.js';
import { KeyedLoad } from '../shared/keyed-load.js';
import { Reconcile } from '../shared/reconcile.js';
import { formatAmount } from '../sca-challenge/quote-format.js';
import {
  PayCardActivatedEvent,
  PayCardFrozenEvent,
  PayCardLimitsChangedEvent,
  PayCardReadyEvent,
  PayCardUnfrozenEvent,
  type PayCardLimits,
} from './card-events.js';
import './card.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { cardMessages } from './card.messages.js';
import { cardStyles } from './card.styles.js';
import { formatAmountInput, readAmount } from './amount-input.js';

registerMessages('en', cardMessages);

type Busy = 'state' | 'limits' | 'activate' | 'more';
type LimitName = keyof PayCardLimits;
const LIMITS: readonly LimitName[] = ['maxSpendPerTransaction', 'maxSpendPerDay', 'maxTransactionsPerDay'];
const KNOWN_STATES = ['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'];
const KNOWN_TXN = ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'DECLINED', 'EXCEPTION'];

/**
 * How `<pay-card>` follows a card being set up (PROCESSING): reads after 1 s, 2 s, 4 s, 8 s, then every
 * 16 s, 10 reads in all (about 2 minutes), then says it is taking longer than usual ("Check again").
 * Internal; the tests replace `sleep` to drive the schedule without waiting.
 */
export const cardPolling = {
  firstMs: 1000,
  maxMs: 16_000,
  reads: 10,
  sleep: (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
};

/** Resolves once the page is visible (at once when it is), or when `signal` aborts: no reads while hidden. */
function whenVisible(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (document.visibilityState === 'hidden' && !signal.aborted) return;
      document.removeEventListener('visibilitychange', check);
      signal.removeEventListener('abort', check);
      resolve();
    };
    document.addEventListener('visibilitychange', check);
    signal.addEventListener('abort', check);
    check();
  });
}

/** Decimals of an ISO 4217 code as the engine knows them (USD 2, JPY 0), else 2. */
function isoDecimals(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits!;
  } catch {
    return 2;
  }
}

/**
 * `text` in major units as smallest units, read with `locale`'s separators (grouping accepted):
 * '12.5', 2 → 1250; '1.000', 2, 'de' → 100000; '' → null; undefined when it is not a positive amount.
 */
export function parseAmount(text: string, decimals: number, locale = 'en'): number | null | undefined {
  const value = readAmount(text, decimals, locale);
  return typeof value === 'string' ? undefined : value;
}

/**
 * A payment card: art, details, freeze, limits, wallet activation and transactions.
 *
 * @summary A card with its controls and its transactions.
 *
 * @event {PayCardFrozenEvent} pay-card-frozen - The card is FROZEN. `detail: { cardId }`.
 * @event {PayCardUnfrozenEvent} pay-card-unfrozen - The card is ACTIVE again. `detail: { cardId }`.
 * @event {PayCardLimitsChangedEvent} pay-card-limits-changed - Limits saved. `detail: { cardId, limits }` (smallest units, `null` = none).
 * @event {PayCardReadyEvent} pay-card-ready - A card followed while being set up (PROCESSING) is ready: ACTIVE (or FROZEN). `detail: { cardId, state }`.
 * @event {PayCardActivatedEvent} pay-card-activated - The wallet funding source's delegated key is ACTIVE. `detail: { cardId, keyId }`.
 * @event {PayErrorEvent} pay-error - A call failed. `detail: { code }`.
 *
 * @csspart base - The surface around everything.
 * @csspart art - The card picture (brand, last four, state); `role="img"` with a label.
 * @csspart state - The state badge on the card picture.
 * @csspart button - Every button.
 * @csspart freeze-button - "Freeze card" / "Unfreeze card".
 * @csspart reveal - The `<pay-card-reveal>` inside.
 * @csspart activation - The activation step of a wallet-funded card.
 * @csspart activate-button - "Allow card payments".
 * @csspart limits - The spend limits section.
 * @csspart edit-limits-button - "Change limits".
 * @csspart limits-form - The limits form.
 * @csspart limit-input - Each limit field.
 * @csspart save-limits-button - "Save limits".
 * @csspart transactions - The list of transactions.
 * @csspart transaction - One transaction row (`data-status`, `data-direction`).
 * @csspart show-purchase-button - "Show purchase" on a refund row.
 * @csspart declined-filter - The "Show declined payments" checkbox.
 * @csspart more-button - "Load more".
 * @csspart slow - "Taking longer than usual" once the card stayed PROCESSING through every read, with "Check again".
 * @csspart check-again-button - "Check again".
 * @csspart checking - "Checking…" while the card is read after a change whose answer was lost.
 * @csspart error - The error box.
 * @csspart success - The last change, confirmed.
 *
 * @cssproperty --pay-card-art-background - Background of the card picture.
 * @cssproperty --pay-card-art-color - Text colour on the card picture.
 *
 * @cssstate loading - The card is being fetched.
 * @cssstate ready - The card is shown.
 * @cssstate processing - The card is being set up; the element reads it again (1 s, 2 s, 4 s… up to 16 s; paused while the page is hidden, stopped when the element leaves the page).
 * @cssstate slow - The card stayed PROCESSING through every read: "Check again" starts over.
 * @cssstate frozen - The card is FROZEN.
 * @cssstate needs-activation - The wallet funding source has no ACTIVE delegated key for this card.
 * @cssstate busy - A change is running.
 * @cssstate error - An error is shown.
 */
export class PayCardElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, cardStyles];

  static override properties: PropertyDeclarations = {
    cardId: { attribute: 'card-id' },
    customerId: { attribute: 'customer-id' },
    allowedOrigins: { attribute: 'allowed-origins' },
    pageSize: { attribute: 'page-size', type: Number },
    showDeclined: { attribute: 'show-declined', type: Boolean, reflect: true },
  };

  /** The card. */
  declare cardId: string | undefined;

  /** The cardholder: needed to tell whether the card is funded by an embedded wallet that needs activating. */
  declare customerId: string | undefined;

  /** Passed to `<pay-card-reveal>`: origins the card details frame may come from. */
  declare allowedOrigins: string | undefined;

  /** Transactions per page (1–100). */
  declare pageSize: number;

  /** Include DECLINED authorizations in the list (off: the statement view). */
  declare showDeclined: boolean;

  constructor() {
    super();
    this.pageSize = 20;
    this.showDeclined = false;
  }

  #card: Card | undefined;
  #account: InternalAccount | undefined;
  #activeKey = false;
  #txns: CardTransaction[] = [];
  #cursor: string | undefined;
  #editing = false;
  #invalid: Partial<Record<LimitName, MessageKey>> = {};
  /**
   * The card, its first page of transactions and its funding source's activation, read again when the
   * client, `card-id` or `customer-id` changes. A card moved on the page keeps what it shows (the
   * transactions loaded); one that left while being set up is read again when it comes back.
   */
  readonly #load = new KeyedLoad(this, {
    key: () => {
      const client = this.client ?? getDefaultClient();
      return client && this.cardId ? [client, this.cardId, this.customerId] : undefined;
    },
    keep: true,
    read: async () => {
      const client = this.requireClient();
      const cardId = this.cardId;
      if (!cardId) throw new PayError('INVALID_ARGUMENT', 'card-id is required');
      const [card, page] = await Promise.all([
        getCard(client, { cardId }),
        listCardTransactions(client, { cardId, limit: this.#limit }),
      ]);
      const source = card.fundingSource ?? card.fundingSources?.[0];
      const [accounts, keys] = await Promise.all([
        this.customerId && source
          ? client.request<{ data?: InternalAccount[] }>('GET', '/customers/internal-accounts', {
              query: { customerId: this.customerId },
            })
          : undefined,
        this.customerId && source
          ? client.request<{ data?: DelegatedKey[] }>('GET', '/auth/delegated-keys', {
              query: { accountId: source },
            })
          : undefined,
      ]);
      return { client, card, page, source, accounts, keys };
    },
    apply: ({ client, card, page, source, accounts, keys }) => {
      this.#card = card;
      this.#account = accounts?.data?.find((a) => a.id === source);
      this.#activeKey = !!keys?.data?.some((k) => k.cardId === card.id && k.status === 'ACTIVE');
      this.#txns = page.data;
      this.#cursor = page.hasMore ? page.nextCursor : undefined;
      this.#action.error = undefined;
      if (card.state === 'PROCESSING') void this.#follow(client, card.id, this.#load.current());
    },
    fail: (error) => void (this.#action.error = this.#report(error)),
  });
  /** One change at a time; a failure is shown in the error box. */
  readonly #action = new Action<Busy>(this);
  #waiting: AbortController | undefined;
  /** The card stayed PROCESSING through every read of the schedule. */
  #slow = false;
  /** After a change whose answer was lost: the card as it is now ("Checking…"). */
  readonly #check = new Reconcile(this);

  protected override get states(): PayStates {
    return [
      this.#card ? 'ready' : 'loading',
      !!(this.#card?.state === 'FROZEN') && 'frozen',
      !!(this.#card?.state === 'PROCESSING') && (this.#slow ? 'slow' : 'processing'),
      !!this.#needsActivation && 'needs-activation',
      !!this.#action.busy && 'busy',
      !!this.#action.error && 'error',
    ];
  }

  /** Fetches the card and the first page of transactions again. */
  reload(): Promise<void> {
    return this.#reload();
  }

  #reload(): Promise<void> {
    return this.#load.load();
  }

  get #needsActivation(): boolean {
    return this.#account?.type === 'EMBEDDED_WALLET' && !this.#activeKey && this.#card?.state !== 'CLOSED';
  }

  get #fundingSource(): string | undefined {
    return this.#card?.fundingSource ?? this.#card?.fundingSources?.[0] ?? undefined;
  }

  /** The card's currency with its decimals: from a transaction's metadata, else the ISO table. */
  get #currency(): CardCurrency {
    const code = this.#card?.currency ?? '';
    const known = this.#txns.find((t) => t.authorizedAmount?.currency?.code === code)?.authorizedAmount?.currency;
    return known?.decimals !== undefined ? known : { code, decimals: isoDecimals(code) };
  }

  /**
   * A card being set up: read again on `cardPolling`'s schedule until it leaves PROCESSING, then shown
   * (`pay-card-ready`). A lost answer (network, timeout, 429, 5xx) counts as a read; another error is
   * shown. No reads while the page is hidden; none after the element left the page or loaded again.
   */
  async #follow(client: WalletClient, cardId: string, loaded: () => boolean): Promise<void> {
    this.#waiting?.abort();
    const { signal } = (this.#waiting = new AbortController());
    const current = (): boolean => loaded() && !signal.aborted;
    this.#slow = false;
    for (let read = 0; read < cardPolling.reads; read++) {
      await cardPolling.sleep(Math.min(cardPolling.firstMs * 2 ** read, cardPolling.maxMs), signal);
      await whenVisible(signal);
      if (!current()) return;
      let card: Card;
      try {
        card = await getCard(client, { cardId, signal });
      } catch (error) {
        if (!current()) return;
        if ((error as { retryable?: boolean } | null)?.retryable) continue; // a PayError of any copy of the core
        this.#action.error = this.#report(error);
        return this.requestUpdate();
      }
      if (!current()) return;
      this.#card = card;
      this.requestUpdate();
      if (card.state !== 'PROCESSING') {
        if (card.state !== 'CLOSED') {
          this.dispatchEvent(new PayCardReadyEvent(card.id, card.state));
          this.live.announce(this.t('cardView.ready'));
        }
        return;
      }
    }
    this.#slow = true;
    this.live.announce(this.t('cardView.slow'));
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#waiting && !this.#waiting.signal.aborted) this.#load.forget(); // back while being set up: read again
    this.#waiting?.abort();
  }

  get #limit(): number {
    return Math.min(100, Math.max(1, Math.trunc(this.pageSize) || 20));
  }

  #report(error: unknown): ErrorView {
    return this.reportError(error, {
      INVALID_STATE_TRANSITION: 'cardView.error.state',
      CARD_NOT_MUTABLE: 'cardView.error.closed',
      CARD_ALREADY_CLOSED: 'cardView.error.closed',
      // the platform's proxy: a freeze or limit the platform set (@paykit/proxy card controls)
      CARD_CONTROLLED_BY_PLATFORM: 'cardView.error.platform',
    });
  }

  /** Runs one change; `change` answers the selector of what gets focus once the controls are enabled again. */
  async #run(busy: Busy, change: (client: WalletClient) => Promise<string | void>): Promise<void> {
    const focus = await this.#action.run(change, busy, (error) => this.#report(error));
    if (focus) this.#focusSoon(focus);
  }

  #toggleFreeze = (): Promise<void> =>
    this.#run('state', async (client) => {
      const freeze = this.#card!.state === 'ACTIVE';
      const state = freeze ? 'FROZEN' : 'ACTIVE';
      const cardId = this.#card!.id;
      let card: Card;
      try {
        card = await updateCard(client, { cardId, state });
      } catch (error) {
        // the change may have been made and its answer lost: show the card as it is, done when it is as asked
        const now = await this.#check.read(error, () => getCard(client, { cardId }));
        if (now) this.#card = now;
        if (now?.state !== state) throw error;
        card = now;
      }
      this.#card = card;
      this.dispatchEvent(freeze ? new PayCardFrozenEvent(card.id) : new PayCardUnfrozenEvent(card.id));
      this.#action.done(this.t(freeze ? 'cardView.frozen' : 'cardView.unfrozen'));
    });

  #activate = (): Promise<void> =>
    this.#run('activate', async (client) => {
      const cardId = this.#card!.id;
      const fundingSourceId = this.#fundingSource!;
      let key: DelegatedKey | undefined;
      try {
        key = await createDelegatedKey(client, {
          cardId,
          internalAccountId: fundingSourceId,
          nickname: this.t('cardView.keyName'),
        });
      } catch (error) {
        // the last leg may have made the key and its answer got lost: the card's keys say
        key = await this.#check.read(error, () => getActiveDelegatedKey(client, { cardId, fundingSourceId }));
        if (!key) throw error;
      }
      this.#activeKey = true;
      this.dispatchEvent(new PayCardActivatedEvent(this.#card!.id, key.id));
      this.#action.done(this.t('cardView.activated'));
      return '[part~="freeze-button"]';
    });

  #saveLimits = (event: Event): void => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const decimals = this.#currency.decimals ?? 2;
    const limits: Partial<PayCardLimits> = {};
    this.#invalid = {};
    for (const name of this.#editableLimits) {
      const text = (form.elements.namedItem(name) as HTMLInputElement).value;
      const count = name === 'maxTransactionsPerDay';
      const value = count
        ? text.trim()
          ? parseAmount(text, 0)
          : null
        : readAmount(text, decimals, this.resolvedLocale);
      if (value === undefined || typeof value === 'string')
        this.#invalid[name] = count
          ? 'cardView.invalidCount'
          : !decimals
            ? 'cardView.invalidWholeAmount'
            : value === 'decimals'
              ? 'cardView.tooManyDecimals'
              : 'cardView.invalidAmount';
      else limits[name] = value;
    }
    const firstInvalid = Object.keys(this.#invalid)[0];
    if (firstInvalid) {
      this.requestUpdate();
      this.#focusSoon(`input[name="${firstInvalid}"]`);
      return;
    }
    void this.#run('limits', async (client) => {
      const card = await updateCard(client, { cardId: this.#card!.id, ...limits });
      this.#card = card;
      this.#editing = false;
      const saved = Object.fromEntries(LIMITS.map((n) => [n, card[n] ?? null])) as unknown as PayCardLimits;
      this.dispatchEvent(new PayCardLimitsChangedEvent(card.id, saved));
      this.#action.done(this.t('cardView.limitsSaved'));
      return '[part~="edit-limits-button"]';
    });
  };

  #checkAgain = (): void => {
    const client = this.client ?? getDefaultClient();
    if (client && this.#card) void this.#follow(client, this.#card.id, this.#load.current());
    this.requestUpdate();
    this.#focusSoon('[part~="art"]');
  };

  #loadMore = (): Promise<void> =>
    this.#run('more', async (client) => {
      const before = this.#visible.length;
      const page = await listCardTransactions(client, {
        cardId: this.#card!.id,
        limit: this.#limit,
        cursor: this.#cursor!,
      });
      const seen = new Set(this.#txns.map((t) => t.id));
      this.#txns = [...this.#txns, ...page.data.filter((t) => !seen.has(t.id))];
      this.#cursor = page.hasMore ? page.nextCursor : undefined;
      const added = this.#visible.length - before;
      this.live.announce(this.t('cardView.moreLoaded', { n: added }));
      // focus the first new row; when nothing new shows (all DECLINED), the list's last row
      return `[part~="transaction"]:nth-child(${added > 0 ? before + 1 : Math.max(before, 1)})`;
    });

  #editLimits(editing: boolean): void {
    this.#editing = editing;
    this.#invalid = {};
    this.#action.success = undefined;
    this.requestUpdate();
    this.#focusSoon(editing ? 'input' : '[part~="edit-limits-button"]');
  }

  #focusSoon(selector: string): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(selector)?.focus());
  }

  get #editableLimits(): LimitName[] {
    const caps = this.#card?.cardCapabilities ?? this.#account?.cardCapabilities;
    return LIMITS.filter((n) =>
      n === 'maxTransactionsPerDay' ? caps?.supportsTransactionCountLimit === true : caps?.supportsSpendLimits === true,
    );
  }

  get #visible(): CardTransaction[] {
    return this.showDeclined ? this.#txns : this.#txns.filter((t) => t.status !== 'DECLINED');
  }

  #money(amount: number | null | undefined, sign = ''): string {
    const text = formatAmount(amount ?? 0, this.#currency, this.resolvedLocale);
    return sign + text;
  }

  #date(iso: string | undefined): string {
    const time = Date.parse(iso ?? '');
    if (Number.isNaN(time)) return '';
    try {
      return new Intl.DateTimeFormat(this.resolvedLocale, { dateStyle: 'medium' }).format(time);
    } catch {
      return new Date(time).toISOString().slice(0, 10);
    }
  }

  protected override render(): unknown {
    const card = this.#card;
    return html`<div part="base" class="base">
      ${
        !this.hasClient
          ? html`<p class="text">${this.t('error.noClient')}</p>`
          : !card
            ? this.#action.error
              ? nothing
              : html`<p class="text">${this.t('cardView.loading')}</p>`
            : this.#renderCard(card)
      }
      ${this.#check.render()}
      ${this.renderErrorBox(this.#action.error, card ? {} : { retry: () => void this.#reload() })}
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing} ${this.live.render()}
    </div>`;
  }

  #renderCard(card: Card): unknown {
    const state = KNOWN_STATES.includes(card.state) ? card.state : 'other';
    const stateText = this.t(`cardView.state.${state}` as MessageKey);
    const last4 = card.last4 ?? '••••';
    const brand = card.brand ?? '';
    const live = card.state === 'ACTIVE' || card.state === 'FROZEN';
    return html`<div
        part="art"
        class="art"
        tabindex="-1"
        role="img"
        aria-label=${this.t('cardView.art', { brand: brand || '', last4, state: stateText }).trim()}
      >
        <span class="art-brand" aria-hidden="true">${brand}</span>
        <span class="art-number" aria-hidden="true">•••• ${last4}</span>
        <span part="state" class="art-state" aria-hidden="true">${stateText}</span>
      </div>
      ${
        this.#slow && card.state === 'PROCESSING'
          ? html`<div part="slow" class="box">
              <p class="text">${this.t('cardView.slow')}</p>
              <button
                part="button check-again-button"
                class="button button--secondary"
                type="button"
                @click=${this.#checkAgain}
              >
                ${this.t('cardView.checkAgain')}
              </button>
            </div>`
          : nothing
      }
      ${
        live
          ? html`<div class="actions">
              <button
                part="button freeze-button"
                class="button button--secondary"
                type="button"
                ?disabled=${this.#action.busy}
                aria-busy=${this.#action.busy === 'state' ? 'true' : 'false'}
                @click=${this.#toggleFreeze}
              >
                ${this.t(card.state === 'ACTIVE' ? 'cardView.freeze' : 'cardView.unfreeze')}
              </button>
            </div>`
          : nothing
      }
      ${
        live && card.cardCapabilities?.supportsPanReveal !== false
          ? html`<pay-card-reveal
              part="reveal"
              appearance="flat"
              .client=${this.client}
              card-id=${card.id}
              allowed-origins=${this.allowedOrigins ?? ''}
              locale=${this.resolvedLocale}
              .theme=${this.theme}
            ></pay-card-reveal>`
          : nothing
      }
      ${this.#needsActivation ? this.#renderActivation() : nothing} ${this.#renderLimits(card)}
      ${this.#renderTransactions()}`;
  }

  #renderActivation(): unknown {
    return html`<section part="activation" class="box" aria-labelledby="activate-title">
      <h3 class="subtitle" id="activate-title">${this.t('cardView.activateTitle')}</h3>
      <p class="text">${this.t('cardView.activateHint')}</p>
      <div class="actions">
        <button
          part="button activate-button"
          class="button button--primary"
          type="button"
          ?disabled=${this.#action.busy}
          aria-busy=${this.#action.busy === 'activate' ? 'true' : 'false'}
          @click=${this.#activate}
        >
          ${this.t('cardView.activate')}
        </button>
      </div>
    </section>`;
  }

  #renderLimits(card: Card): unknown {
    const editable = this.#editableLimits;
    if (!editable.length || card.state === 'CLOSED') return nothing;
    const decimals = this.#currency.decimals ?? 2;
    const show = (name: LimitName, value: number | null | undefined): string =>
      value == null
        ? this.t('cardView.noLimit')
        : name === 'maxTransactionsPerDay'
          ? String(value)
          : this.#money(value);
    const initial = (name: LimitName): string => {
      const value = card[name];
      if (value == null) return '';
      return name === 'maxTransactionsPerDay' ? String(value) : formatAmountInput(value, decimals, this.resolvedLocale);
    };
    return html`<section part="limits" class="box" aria-labelledby="limits-title">
      <h3 class="subtitle" id="limits-title">${this.t('cardView.limits')}</h3>
      ${
        this.#editing
          ? html`<form part="limits-form" class="box" novalidate @submit=${this.#saveLimits}>
              <p class="text meta" id="limit-hint">${this.t('cardView.limitHint')}</p>
              ${editable.map((name) => {
                const invalid = this.#invalid[name];
                return html`<div class="field">
                  <label for=${`limit-${name}`}>${this.t(`cardView.limit.${name}` as MessageKey)}</label>
                  <input
                    part="limit-input"
                    id=${`limit-${name}`}
                    name=${name}
                    inputmode=${name === 'maxTransactionsPerDay' ? 'numeric' : 'decimal'}
                    autocomplete="off"
                    .value=${initial(name)}
                    aria-invalid=${invalid ? 'true' : 'false'}
                    aria-describedby=${invalid ? `limit-${name}-error` : 'limit-hint'}
                  />
                  ${
                    invalid
                      ? html`<span class="field-error" id=${`limit-${name}-error`}
                          >${this.t(invalid, { n: decimals, example: formatAmountInput(123456, decimals, this.resolvedLocale) })}</span
                        >`
                      : nothing
                  }
                </div>`;
              })}
              <div class="actions">
                ${confirmRow(
                  this.#action.busy,
                  this.t('cardView.saveLimits'),
                  'save-limits-button',
                  undefined,
                  this.t('cardView.cancel'),
                  () => this.#editLimits(false),
                  ' cancel-button',
                  undefined,
                  this.#action.busy === 'limits',
                )}
              </div>
            </form>`
          : html`<dl class="limits">
                ${editable.map(
                  (name) =>
                    html`<dt>${this.t(`cardView.limit.${name}` as MessageKey)}</dt>
                      <dd>${show(name, card[name])}</dd>`,
                )}
              </dl>
              <div class="actions">
                <button
                  part="button edit-limits-button"
                  class="button button--secondary"
                  type="button"
                  ?disabled=${this.#action.busy}
                  @click=${() => this.#editLimits(true)}
                >
                  ${this.t('cardView.editLimits')}
                </button>
              </div>`
      }
    </section>`;
  }

  #renderTransactions(): unknown {
    const rows = this.#visible;
    return html`<section class="box" aria-labelledby="txn-title">
      <h3 class="subtitle" id="txn-title">${this.t('cardView.transactions')}</h3>
      <label class="filter">
        <input
          part="declined-filter"
          type="checkbox"
          .checked=${this.showDeclined}
          @change=${(e: Event) => (this.showDeclined = (e.target as HTMLInputElement).checked)}
        />
        ${this.t('cardView.showDeclined')}
      </label>
      ${
        rows.length
          ? html`<ul part="transactions" class="list" aria-labelledby="txn-title">
              ${rows.map((t) => this.#renderTxn(t))}
            </ul>`
          : html`<p class="text">${this.t('cardView.noTransactions')}</p>`
      }
      ${
        this.#cursor
          ? loadMore(this.t('cardView.loadMore'), !!this.#action.busy, this.#action.busy === 'more', this.#loadMore)
          : nothing
      }
    </section>`;
  }

  #renderTxn(t: CardTransaction): unknown {
    const credit = t.direction === 'CREDIT';
    const status = KNOWN_TXN.includes(t.status) ? t.status : 'other';
    const settled = t.settledAmount?.amount ?? 0;
    const amount = credit || settled > 0 ? settled : (t.authorizedAmount?.amount ?? 0);
    const place = [t.merchant?.city, t.merchant?.state].filter(Boolean).join(', ');
    const purchase =
      credit && t.originalTransactionId ? this.#txns.find((p) => p.id === t.originalTransactionId) : undefined;
    const refunded = !credit ? (t.refundedAmount?.amount ?? 0) : 0;
    return html`<li
      part="transaction"
      class="row ${status === 'DECLINED' ? 'row--declined' : ''}"
      data-id=${t.id}
      data-status=${t.status}
      data-direction=${t.direction}
      tabindex="-1"
    >
      <div class="facts">
        <span class="name">${t.merchant?.descriptor ?? ''}</span>
        ${place ? html`<span class="meta">${place}</span>` : nothing}
        <span class="meta"
          >${this.#date(t.authorizedAt ?? t.createdAt)} ·
          ${credit ? this.t('cardView.refund') : this.t(`cardView.txn.${status}` as MessageKey)}</span
        >
        ${
          credit && t.originalTransactionId
            ? html`<span class="meta"
                >${
                  purchase
                    ? this.t('cardView.refundOf', { date: this.#date(purchase.authorizedAt ?? purchase.createdAt) })
                    : this.t('cardView.refundOfEarlier')
                }</span
              >`
            : nothing
        }
        ${refunded > 0 ? html`<span class="meta">${this.t('cardView.refunded', { amount: this.#money(refunded) })}</span>` : nothing}
      </div>
      <span class="amount ${credit ? 'amount--credit' : ''}">${this.#money(amount, credit ? '+' : '−')}</span>
      ${
        purchase
          ? html`<button
              part="button show-purchase-button"
              class="button button--link"
              type="button"
              @click=${() => this.#showPurchase(purchase.id)}
            >
              ${this.t('cardView.showPurchase')}
            </button>`
          : nothing
      }
    </li>`;
  }

  #showPurchase(id: string): void {
    const row = [...this.renderRoot.querySelectorAll<HTMLElement>('[part~="transaction"]')].find(
      (r) => r.dataset['id'] === id,
    );
    row?.scrollIntoView?.({ block: 'nearest' });
    row?.focus();
  }
}
