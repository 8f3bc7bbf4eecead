/**
 * `<pay-wallet-settings>`: the embedded wallet's own settings, apart from how the user signs in.
 * Wallet privacy (`privateEnabled`) as a switch (`setWalletPrivacy(client, …)`, a signed retry; the current
 * value read from `GET /customers/internal-accounts?customerId=`), and the delegated signing keys a
 * card needs to be funded from the wallet (`payments-api.md`: an embedded-wallet funding source needs
 * an ACTIVE delegated key before it can fund card transactions): listed (`GET /auth/delegated-keys`),
 * created for `card-id` through the three-leg signed retry (`createDelegatedKey(client, …)`) when that card
 * has no ACTIVE key, and revoked (`DELETE /auth/delegated-keys/{id}`, platform-authorized, after a
 * confirmation). The keys are the service's; nothing secret reaches the page.
 *
 * @example
 *   <pay-wallet-settings customer-id="Customer:…" card-id="Card:…"></pay-wallet-settings>
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import {
  createDelegatedKey,
  getActiveDelegatedKey,
  setWalletPrivacy,
  type DelegatedKey,
  type InternalAccount,
} from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { confirmRow } from '../shared/confirm-row.js';
import { formatTime } from '../shared/account-format.js';
import { Action } from '../shared/action.js';
import { SessionLoad } from '../shared/keyed-load.js';
import { PayDelegatedKeyEvent, PayWalletPrivacyEvent } from './wallet-settings-events.js';
import { authMethodsStyles } from '../auth-methods/auth-methods.styles.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { Reconcile } from '../shared/reconcile.js';
import { walletSettingsStyles } from './wallet-settings.styles.js';
import './wallet-settings.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { walletSettingsMessages } from './wallet-settings.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', walletSettingsMessages);

type Phase = 'loading' | 'ready' | 'signed-out';
type KeyStatus = 'PENDING' | 'ACTIVE' | 'REVOKED';

/**
 * The wallet's privacy switch and the delegated keys that let cards spend from it.
 *
 * @summary Wallet privacy and card delegated keys.
 *
 * @event {PayWalletPrivacyEvent} pay-wallet-privacy - Privacy changed on the service. `detail: { accountId, privateEnabled }`.
 * @event {PayDelegatedKeyEvent} pay-delegated-key - A card's key became ACTIVE or was REVOKED. `detail: { keyId, cardId, status }`.
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart privacy - The privacy setting (label, description, switch).
 * @csspart privacy-switch - The switch (`role="switch"`, `aria-checked`).
 * @csspart keys - The list of delegated keys.
 * @csspart key - One delegated key row.
 * @csspart button - Every button.
 * @csspart create-key-button - "Allow card payments" for `card-id`.
 * @csspart revoke-key-button - "Revoke" on an ACTIVE key row.
 * @csspart confirm - The revocation confirmation.
 * @csspart confirm-revoke-button - "Revoke" in the confirmation.
 * @csspart cancel-button - "Cancel" in the confirmation.
 * @csspart checking - "Checking…" while the keys are read after a creation whose answer was lost.
 * @csspart error - The error box.
 * @csspart success - The last change, confirmed.
 *
 * @cssstate loading - The settings are being fetched.
 * @cssstate ready - The settings are shown.
 * @cssstate busy - A change is running.
 * @cssstate private - The wallet is private.
 * @cssstate signed-out - There is no session.
 * @cssstate error - An error is shown.
 */
export class PayWalletSettingsElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, authMethodsStyles, walletSettingsStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    cardId: { attribute: 'card-id' },
  };

  /** The customer whose wallet this is: needed to read the privacy setting (the switch is hidden without it). */
  declare customerId: string | undefined;

  /** A card to be funded from this wallet: offers to create its delegated key when it has no ACTIVE one. */
  declare cardId: string | undefined;

  #account: InternalAccount | undefined;
  #keys: DelegatedKey[] = [];
  #loaded = false;
  #confirming: DelegatedKey | undefined;
  /** The privacy setting and the keys, read again when the client, its account or `customer-id` changes. */
  readonly #load = new SessionLoad(this, {
    key: (session) => [session?.accountId, this.customerId],
    read: (client, { accountId }) =>
      Promise.all([
        this.customerId
          ? client.request<{ data?: InternalAccount[] }>('GET', '/customers/internal-accounts', {
              query: { customerId: this.customerId },
            })
          : undefined,
        client.request<{ data?: DelegatedKey[] }>('GET', '/auth/delegated-keys', { query: { accountId } }),
        accountId,
      ]),
    apply: (answer) => {
      if (!answer) return;
      const [accounts, keys, accountId] = answer;
      this.#account = accounts?.data?.find((a) => a.id === accountId);
      this.#keys = keys.data ?? [];
      this.#loaded = true;
      if (!this.#action.busy) this.#action.error = undefined;
    },
    fail: (error) => void (this.#action.error = this.reportError(error)),
  });
  /** One change at a time, with the buttons disabled; a failure is shown in the error box. */
  readonly #action = new Action(this);
  /** After a key creation whose answer was lost: the keys as they are now ("Checking…"). */
  readonly #check = new Reconcile(this);

  protected override get states(): PayStates {
    return [
      !this.#load.session ? 'signed-out' : this.#loaded ? 'ready' : 'loading',
      !!this.#action.busy && 'busy',
      !!this.#account?.privateEnabled && 'private',
      !!this.#action.error && 'error',
    ];
  }

  #togglePrivacy = (): Promise<void> =>
    this.#action.run(async (client) => {
      const next = !this.#account!.privateEnabled;
      const updated = await setWalletPrivacy(client, next, this.#account!.id);
      this.#account = { ...this.#account!, ...updated, privateEnabled: updated?.privateEnabled ?? next };
      this.dispatchEvent(new PayWalletPrivacyEvent(this.#account.id, this.#account.privateEnabled === true));
      this.#action.done(
        this.t(this.#account.privateEnabled ? 'walletSettings.privateOn' : 'walletSettings.privateOff'),
      );
    });

  #createKey = (): Promise<void> =>
    this.#action.run(async (client) => {
      const cardId = this.cardId!;
      let key: DelegatedKey | undefined;
      try {
        key = await createDelegatedKey(client, { cardId, nickname: this.t('walletSettings.keyName') });
      } catch (error) {
        // the last leg may have made the key and its answer got lost: the wallet's keys say
        key = await this.#check.read(error, () => getActiveDelegatedKey(client, { cardId }));
        if (!key) throw error;
      }
      this.dispatchEvent(new PayDelegatedKeyEvent(key.id, key.cardId, 'ACTIVE'));
      this.#action.done(this.t('walletSettings.keyCreated'));
      await this.#load.load();
    });

  #revokeKey = (): Promise<void> =>
    this.#action.run(async (client) => {
      const key = this.#confirming!;
      await client.request('DELETE', `/auth/delegated-keys/${encodeURIComponent(key.id)}`);
      this.#confirming = undefined;
      this.dispatchEvent(new PayDelegatedKeyEvent(key.id, key.cardId, 'REVOKED'));
      this.#action.done(this.t('walletSettings.keyRevoked'));
      await this.#load.load();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('button:enabled')?.focus();
    });

  #ask(key: DelegatedKey | undefined): void {
    this.#confirming = key;
    this.#action.success = undefined;
    this.requestUpdate();
    void this.updateComplete.then(() =>
      this.renderRoot
        .querySelector<HTMLElement>(key ? '[part~="confirm-revoke-button"]' : '[part~="revoke-key-button"], button')
        ?.focus(),
    );
  }

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('walletSettings.title')}</h2>
      ${this.#renderBody()} ${this.#check.render()}
      ${this.renderErrorBox(this.#action.error, this.#loaded ? {} : { retry: () => this.#load.load() })}
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing} ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    if (!this.#load.session) return html`<p class="text">${this.t('error.noSession')}</p>`;
    if (!this.#loaded) return html`<p class="text">${this.t('walletSettings.loading')}</p>`;
    return html`${this.#renderPrivacy()} ${this.#renderKeys()}`;
  }

  #renderPrivacy(): unknown {
    const account = this.#account;
    if (!account) return nothing;
    const on = account.privateEnabled === true;
    return html`<div part="privacy" class="setting">
      <div class="facts">
        <span class="name" id="privacy-label">${this.t('walletSettings.privacy')}</span>
        <span class="meta" id="privacy-hint">${this.t('walletSettings.privacyHint')}</span>
      </div>
      <button
        part="privacy-switch"
        class="switch"
        type="button"
        role="switch"
        aria-checked=${on ? 'true' : 'false'}
        aria-labelledby="privacy-label"
        aria-describedby="privacy-hint"
        ?disabled=${this.#action.busy}
        @click=${this.#togglePrivacy}
      ></button>
    </div>`;
  }

  #renderKeys(): unknown {
    const keys = this.#keys.filter((k) => (k as { status?: KeyStatus }).status !== 'REVOKED');
    const cardHasKey = keys.some((k) => k.cardId === this.cardId && (k as { status?: KeyStatus }).status === 'ACTIVE');
    return html`<h3 class="subtitle" id="keys-title">${this.t('walletSettings.keys')}</h3>
      <p class="text meta">${this.t('walletSettings.keysHint')}</p>
      ${
        keys.length
          ? html`<ul part="keys" class="list" aria-labelledby="keys-title">
              ${keys.map((key) => this.#renderKey(key))}
            </ul>`
          : html`<p class="text">${this.t('walletSettings.noKeys')}</p>`
      }
      ${
        this.cardId && !cardHasKey
          ? html`<div class="actions">
              <button
                part="button create-key-button"
                class="button button--primary"
                type="button"
                ?disabled=${this.#action.busy}
                @click=${this.#createKey}
              >
                ${this.t('walletSettings.createKey')}
              </button>
            </div>`
          : nothing
      }`;
  }

  #renderKey(key: DelegatedKey): unknown {
    const status = (key as { status?: KeyStatus }).status ?? 'PENDING';
    const confirming = this.#confirming?.id === key.id;
    const label = `${key.nickname ?? this.t('walletSettings.keyName')}`;
    return html`<li part="key" class="row">
      <div class="facts">
        <span class="name">${label}</span>
        <span class="meta">${this.t(status === 'ACTIVE' ? 'walletSettings.active' : 'walletSettings.pending')}</span>
        <span class="meta">${this.t('walletSettings.keyCard', { card: key.cardId })}</span>
        ${
          key.createdAt
            ? html`<span class="meta"
                >${this.t('walletSettings.keyAdded', { time: formatTime(this.resolvedLocale, key.createdAt) })}</span
              >`
            : nothing
        }
      </div>
      ${
        status !== 'ACTIVE'
          ? nothing
          : confirming
            ? html`<div
                part="confirm"
                class="actions"
                role="group"
                aria-label=${this.t('walletSettings.confirmRevoke')}
              >
                <span class="text">${this.t('walletSettings.confirmRevoke')}</span>
                ${confirmRow(
                  this.#action.busy,
                  this.t('walletSettings.revoke'),
                  'confirm-revoke-button',
                  this.#revokeKey,
                  this.t('walletSettings.cancel'),
                  () => this.#ask(undefined),
                  ' cancel-button',
                )}
              </div>`
            : html`<button
                part="button revoke-key-button"
                class="button button--secondary"
                type="button"
                aria-label=${this.t('walletSettings.revokeLabel', { card: key.cardId })}
                ?disabled=${this.#action.busy}
                @click=${() => this.#ask(key)}
              >
                ${this.t('walletSettings.revoke')}
              </button>`
      }
    </li>`;
  }
}
