/**
 * `<pay-beneficiaries>`: the customer's payees (`listPayees(client, { customerId })` from
 * `@paykit/crypto-core/payees`), each with its name, its account number masked to the last 4 digits and
 * whether it is trusted. "Trust" and "Stop trusting" start the change on the service (`trustPayee`,
 * `untrustPayee`), which texts a code (its SCA challenge); the code entered under the row confirms it
 * (`confirmPayeeTrust`, `confirmPayeeUntrust`), and the row says so. Trusted payees are paid without a code
 * each time; the service offers this only in SCA regions (elsewhere it answers 409, said in plain words).
 *
 * @example
 *   <pay-beneficiaries customer-id="Customer:…"></pay-beneficiaries>
 */
import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import {
  confirmPayeeTrust,
  confirmPayeeUntrust,
  listPayees,
  trustPayee,
  untrustPayee,
  type Payee,
} from '@paykit/crypto-core/payees';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { CodeEntry } from '../shared/code-entry.js';
import { CustomerLoad } from '../shared/keyed-load.js';
import { registerMessages } from '../shared/i18n.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { PayBeneficiaryTrustChangedEvent } from './beneficiaries-events.js';
import './beneficiaries.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { beneficiariesMessages } from './beneficiaries.messages.js';
import { beneficiariesStyles } from './beneficiaries.styles.js';

registerMessages('en', beneficiariesMessages);

const NUMBER_FIELDS = ['accountNumber', 'iban', 'clabe', 'address', 'phoneNumber', 'pixKey', 'upiId'];

/** The payee's name: the beneficiary's, else the bank's. */
function payeeName(payee: Payee): string | undefined {
  const info = payee.accountInfo as Record<string, unknown> | undefined;
  const beneficiary = info?.['beneficiary'] as Record<string, unknown> | undefined;
  const name = beneficiary?.['fullName'] ?? beneficiary?.['legalName'] ?? info?.['bankName'];
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/** The account number, IBAN or address, all but its last 4 characters hidden. */
function maskedAccount(payee: Payee): string {
  const info = (payee.accountInfo ?? {}) as Record<string, unknown>;
  const value = NUMBER_FIELDS.map((field) => info[field]).find((v) => typeof v === 'string' && v) as string | undefined;
  const last = value?.replace(/\s/g, '').slice(-4);
  return [last ? `•••• ${last}` : '', payee.currency].filter(Boolean).join(' · ');
}

/** The change being confirmed: which payee, trusted or not once confirmed, and the start's challenge. */
interface Change {
  id: string;
  trusted: boolean;
  challengeId: string | undefined;
}

/**
 * Lists the customer's payees and trusts or untrusts them, each change confirmed with a code.
 *
 * @summary Payees: list, trust and untrust with SCA confirmation.
 *
 * @event {PayBeneficiaryTrustChangedEvent} pay-beneficiary-trust-changed - A payee was trusted or untrusted. `detail: { externalAccountId, trusted }`.
 *
 * @slot code-input - Filled by the element: the one-time-code input of the confirmation (light DOM, for autofill).
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart list - The list of payees.
 * @csspart payee - One payee row.
 * @csspart trusted - The "Trusted" badge.
 * @csspart button - Every button.
 * @csspart trust-button - "Trust".
 * @csspart untrust-button - "Stop trusting".
 * @csspart confirm - The confirmation under a row.
 * @csspart confirm-button - The button that confirms with the code.
 * @csspart resend-button - "Resend code".
 * @csspart empty - The empty-list message.
 * @csspart error - The error box.
 * @csspart success - The line that says the change is done.
 *
 * @cssstate loading - The payees are being fetched.
 * @cssstate ready - The list is shown.
 * @cssstate empty - There are no payees.
 * @cssstate confirming - A change waits for its code.
 * @cssstate busy - A change is being started or confirmed.
 * @cssstate error - An error is shown.
 */
export class PayBeneficiariesElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, beneficiariesStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    resendSeconds: { attribute: 'resend-seconds', type: Number },
  };

  /** The customer whose payees are listed (required: the list is always asked for by its owner). */
  declare customerId: string | undefined;
  /** Seconds before "Resend code" is offered again after a code was sent (default 30). */
  declare resendSeconds: number;

  #rows: Payee[] | undefined;
  #change: Change | undefined;
  /** The payee whose change just went through: its row says so. */
  #done: string | undefined;
  #focusCode = false;

  readonly #load = new CustomerLoad(this, {
    needsId: true,
    start: () => {
      this.#rows = this.#action.error = undefined;
    },
    read: () => listPayees(this.requireClient(), { customerId: this.customerId! }),
    apply: (page) => {
      this.#rows = page.data;
      this.requestUpdate();
    },
    fail: (error) => {
      this.#action.error = this.reportError(error);
    },
  });
  /** Starting and confirming a change, one at a time; `busy` disables the buttons and the code field. */
  readonly #action = new Action(this);

  readonly #code = new CodeEntry(this, {
    label: () => this.t('otp.label'),
    hint: () => this.t('beneficiaries.codeHint'),
    onComplete: (code) => void this.#confirm(code),
  });

  constructor() {
    super();
    this.resendSeconds = 30;
  }

  /** Fetches the payees again. */
  reload(): Promise<void> {
    return this.#load.load();
  }

  protected override get states(): PayStates {
    const rows = this.#rows;
    return [
      rows ? (rows.length ? 'ready' : 'empty') : 'loading',
      !!this.#change && 'confirming',
      !!this.#action.busy && 'busy',
      !!(this.#action.error || this.#code.failed) && 'error',
    ];
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#code.visible = !!this.#change;
    this.#code.busy = !!this.#action.busy;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.#focusCode) this.#code.focus();
    this.#focusCode = false;
  }

  #name(payee: Payee): string {
    return payeeName(payee) ?? this.t('beneficiaries.unnamed');
  }

  /** Starts trusting (or untrusting) a payee: the service texts a code, asked for under the row. */
  #start(payee: Payee, trusted: boolean): Promise<void> {
    const current = this.#load.current();
    return this.#action.run(
      async (client) => {
        this.#done = this.#code.error = this.#code.retry = undefined;
        const start = await (trusted ? trustPayee : untrustPayee)(client, payee.id);
        if (!current()) return;
        this.#change = { id: payee.id, trusted, challengeId: start.scaChallenge?.id };
        this.#code.sent();
        this.#focusCode = true;
      },
      true,
      (error) => {
        if (!current()) return;
        if (!this.#change) return this.reportError(error, { CONFLICT: 'beneficiaries.notNeeded' });
        this.#code.sendFailed(this.reportError(error));
      },
    );
  }

  async #confirm(code: string): Promise<void> {
    const change = this.#change;
    if (!change) return;
    await this.#action.run(
      async (client) => {
        this.#code.error = this.#code.retry = undefined;
        const proof = { challengeId: change.challengeId, code };
        const confirm = change.trusted ? confirmPayeeTrust : confirmPayeeUntrust;
        const { trusted } = await confirm(client, change.id, proof);
        this.#rows = this.#rows?.map((row) => (row.id === change.id ? { ...row, trusted } : row));
        this.#change = undefined;
        this.#done = change.id;
        this.dispatchEvent(new PayBeneficiaryTrustChangedEvent(change.id, trusted));
        const payee = this.#rows?.find((row) => row.id === change.id);
        this.live.announce(this.#doneText(payee, trusted));
      },
      true,
      (error) => void this.#code.fail(this.report(this.#code.describe(error)), () => void this.#confirm(code)),
    );
  }

  #doneText(payee: Payee | undefined, trusted: boolean): string {
    const name = payee ? this.#name(payee) : '';
    return this.t(trusted ? 'beneficiaries.nowTrusted' : 'beneficiaries.nowUntrusted', { name });
  }

  #cancel = (): void => {
    this.#change = undefined;
    this.#code.error = this.#code.retry = undefined;
    this.#code.resend.stop();
    this.requestUpdate();
  };

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('beneficiaries.title')}</h2>
      ${this.#renderList()} ${this.renderErrorBox(this.#action.error, this.#rows ? {} : { retry: () => this.reload() })}
      ${this.live.render()}
    </div>`;
  }

  #renderList(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    const rows = this.#rows;
    if (!rows) return this.#action.error ? nothing : html`<p class="text">${this.t('beneficiaries.loading')}</p>`;
    if (!rows.length) return html`<p part="empty" class="text">${this.t('beneficiaries.empty')}</p>`;
    return html`<ul part="list" class="list">
      ${rows.map((row) => this.#renderRow(row))}
    </ul>`;
  }

  #renderRow(row: Payee): unknown {
    const name = this.#name(row);
    const change = this.#change?.id === row.id ? this.#change : undefined;
    const trusted = row.trusted === true;
    return html`<li part="payee" class="row">
      <div class="facts">
        <span class="name"
          >${name}
          ${
            trusted
              ? html`<span part="trusted" class="badge badge--trusted">${this.t('beneficiaries.trusted')}</span>`
              : nothing
          }</span
        >
        <span class="meta">${maskedAccount(row)}</span>
      </div>
      ${
        change
          ? nothing
          : html`<button
              part="button ${trusted ? 'untrust-button' : 'trust-button'}"
              class="button ${trusted ? 'button--link' : 'button--secondary'}"
              type="button"
              aria-label=${this.t(trusted ? 'beneficiaries.untrustName' : 'beneficiaries.trustName', { name })}
              ?disabled=${!!this.#action.busy || !!this.#change}
              @click=${() => this.#start(row, !trusted)}
            >
              ${this.t(trusted ? 'beneficiaries.untrust' : 'beneficiaries.trust')}
            </button>`
      }
      ${change ? this.#renderConfirm(change, name) : nothing}
      ${this.#done === row.id && !change ? this.renderSuccess(this.#doneText(row, trusted)) : nothing}
    </li>`;
  }

  #renderConfirm(change: Change, name: string): unknown {
    const code = this.#code;
    const busy = !!this.#action.busy;
    return html`<div part="confirm" class="confirm" role="group" aria-label=${name}>
      <p class="text">
        ${this.t(change.trusted ? 'beneficiaries.confirmTrust' : 'beneficiaries.confirmUntrust', { name })}
      </p>
      <slot name="code-input"></slot>
      ${this.renderErrorBox(code.error, { secondsLeft: code.resend.remaining })}
      <div class="actions">
        <button
          part="button confirm-button"
          class="button ${change.trusted ? 'button--primary' : 'button--secondary'}"
          type="button"
          ?disabled=${code.rateLimited || code.spent}
          aria-busy=${busy ? 'true' : 'false'}
          @click=${() => (code.retry ? code.runRetry() : code.submit())}
        >
          ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${this.t(
            busy
              ? 'otp.verifying'
              : code.retry
                ? 'common.retry'
                : change.trusted
                  ? 'beneficiaries.confirmTrustButton'
                  : 'beneficiaries.confirmUntrustButton',
          )}
        </button>
        ${code.renderResend(() => {
          const payee = this.#rows?.find((row) => row.id === change.id);
          if (payee) void this.#start(payee, change.trusted);
        }, busy)}
        <button part="button" class="button button--link" type="button" ?disabled=${busy} @click=${this.#cancel}>
          ${this.t('beneficiaries.keep')}
        </button>
      </div>
    </div>`;
  }
}
