/**
 * `<pay-sca-factors>`: the ways the customer confirms a payment or a sign-in (Strong Customer
 * Authentication factors, `listScaFactors` from `@paykit/crypto-core/security`), each with what it is. Text
 * message is always there (the verified phone). "Add authenticator app" enrolls a TOTP factor: the setup key
 * and an `otpauth://` link, then the first code from the app (the shared code field), which confirms it and
 * shows the one-time recovery codes once. A passkey is removed after an "are you sure" (only passkeys have the
 * `credentialId` removal takes; one factor always stays). The API gives no date for a factor, so none is shown.
 *
 * @example
 *   <pay-sca-factors customer-id="Customer:…"></pay-sca-factors>
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import type { WalletClient } from '@paykit/crypto-core';
import {
  canRemoveScaFactor,
  confirmScaTotp,
  enrollScaFactor,
  listScaFactors,
  removeScaFactor,
  type ScaFactor,
  type TotpEnrollment,
} from '@paykit/crypto-core/security';
import { Action } from '../shared/action.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { confirmRow } from '../shared/confirm-row.js';
import { CodeField } from '../shared/code-field.js';
import { getDefaultClient } from '../shared/client-context.js';
import { describeError } from '../shared/errors.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { KeyedLoad } from '../shared/keyed-load.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { PayScaFactorAddedEvent, PayScaFactorRemovedEvent } from './sca-factors-events.js';
import './sca-factors.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { scaFactorsMessages } from './sca-factors.messages.js';
import { scaFactorsStyles } from './sca-factors.styles.js';

registerMessages('en', scaFactorsMessages);

type Phase = 'loading' | 'ready' | 'setup' | 'codes';

/**
 * Lists the customer's verification methods, adds an authenticator app and removes a passkey.
 *
 * @summary SCA factors: list, add an authenticator app (with its code), remove a passkey.
 *
 * @event {PayScaFactorAddedEvent} pay-sca-factor-added - A factor was added and confirmed. `detail: { factor }`.
 * @event {PayScaFactorRemovedEvent} pay-sca-factor-removed - A factor was removed. `detail: { factor, credentialId }`.
 *
 * @slot code-input - Reserved: the authenticator code field, in light DOM (autofill sees it).
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart list - The list of factors.
 * @csspart factor - One factor row.
 * @csspart button - Every button.
 * @csspart add-button - "Add authenticator app".
 * @csspart remove-button - "Remove" on a row.
 * @csspart confirm - The removal confirmation.
 * @csspart confirm-remove-button - "Yes, remove it".
 * @csspart setup - The authenticator setup step.
 * @csspart key - The setup key.
 * @csspart submit-button - "Confirm" in the setup step.
 * @csspart codes - The recovery codes.
 * @csspart empty - The empty-list message.
 * @csspart error - The error box.
 * @csspart success - The last change, confirmed.
 *
 * @cssstate loading - The factors are being fetched.
 * @cssstate ready - The list is shown.
 * @cssstate empty - There is nothing to show.
 * @cssstate setup - An authenticator app is being set up.
 * @cssstate codes - The recovery codes are shown.
 * @cssstate busy - A call is running.
 * @cssstate error - An error is shown.
 */
export class PayScaFactorsElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, scaFactorsStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
  };

  /** The customer whose factors are listed (required). */
  declare customerId: string | undefined;

  #factors: ScaFactor[] = [];
  #phase: Phase = 'loading';
  #confirming: string | undefined;
  #enrollment: TotpEnrollment | undefined;
  #recoveryCodes: string[] = [];
  /** The next read follows a change: the list stays as it is meanwhile (else "Loading…"). */
  #again = false;
  /** The factors, read again when the client or `customer-id` changes, and after each change. */
  readonly #load = new KeyedLoad(this, {
    key: () => {
      const client = this.client ?? getDefaultClient();
      return !!client && !!this.customerId && [client, this.customerId];
    },
    start: () => {
      if (!this.#again) this.#phase = 'loading';
      this.#again = false;
      this.#action.busy = true;
    },
    read: () => listScaFactors(this.requireClient(), this.customerId!),
    apply: ({ factors }) => {
      this.#factors = factors;
      if (this.#phase === 'loading') this.#phase = 'ready';
      this.#action.busy = this.#action.error = undefined;
    },
    fail: (error) => {
      this.#action.busy = undefined;
      this.#action.error = this.#report(error);
    },
  });
  /** One change at a time, with the buttons disabled; a failure is shown in the error box. */
  readonly #action = new Action(this);

  readonly #code: CodeField = new CodeField(this, {
    label: () => this.t('scaFactors.codeLabel'),
    hint: () => this.t('scaFactors.codeHint'),
    onComplete: (code) => void this.#confirm(code),
  });

  protected override get states(): PayStates {
    return [
      this.#phase === 'ready' && !this.#factors.length ? 'empty' : this.#phase,
      !!this.#action.busy && 'busy',
      !!(this.#action.error || this.#code.hasError) && 'error',
    ];
  }

  #report = (error: unknown) => this.reportError(error, { CONFLICT: 'scaFactors.notNeeded' });

  /** Reads the factors again after a change. */
  #reload(): void {
    this.#again = true;
    void this.#load.load();
  }

  /** Runs one call with the busy state and the error box; resolves whether it worked. */
  async #run(action: (client: WalletClient) => Promise<void>): Promise<boolean> {
    return !!(await this.#action.run(async (client) => (await action(client), true), true, this.#report));
  }

  #startSetup = (): Promise<boolean> =>
    this.#run(async (client) => {
      this.#enrollment = await enrollScaFactor(client, this.customerId!, 'TOTP');
      this.#phase = 'setup';
      this.#confirming = undefined;
      this.#code.visible = true;
      this.#code.reset();
      await this.updateComplete;
      this.#code.focus();
    });

  async #confirm(code: string): Promise<void> {
    const enrollment = this.#enrollment;
    if (!enrollment || this.#action.busy) return;
    this.#code.busy = true;
    await this.#action.run(
      async (client) => {
        const { recoveryCodes } = await confirmScaTotp(client, this.customerId!, enrollment.secret, code);
        this.#enrollment = undefined;
        this.#code.visible = false;
        this.#recoveryCodes = recoveryCodes;
        this.#phase = 'codes';
        this.#action.done(this.t('scaFactors.added'));
        this.dispatchEvent(new PayScaFactorAddedEvent('TOTP'));
        this.#reload();
      },
      true,
      (error) => {
        const field = (error as { details?: { errors?: { field?: string }[] } }).details?.errors?.[0]?.field;
        const view = this.report(describeError(error, { INVALID_INPUT: 'error.wrongCode' }));
        if (field === 'secret') {
          // the enrollment is no longer pending (expired): start again from the list
          this.#close();
          return { ...view, key: 'scaFactors.expired' };
        }
        if (view.retryable || view.key !== 'error.wrongCode') return view;
        this.#code.showError(view);
      },
    );
    this.#code.busy = false;
    this.requestUpdate();
  }

  #close = (): void => {
    this.#phase = 'ready';
    this.#enrollment = undefined;
    this.#recoveryCodes = [];
    this.#code.visible = false;
    this.requestUpdate();
  };

  async #remove(factor: ScaFactor): Promise<void> {
    const credentialId = factor.credentialId!;
    const name = this.#label(factor);
    const removed = await this.#run(async (client) => {
      await removeScaFactor(client, this.customerId!, credentialId);
    });
    this.#confirming = undefined;
    if (!removed) return;
    this.#factors = this.#factors.filter((f) => f.credentialId !== credentialId);
    this.#action.done(this.t('scaFactors.removed', { factor: name }));
    this.dispatchEvent(new PayScaFactorRemovedEvent(factor.factor, credentialId));
    this.requestUpdate();
    this.#reload();
  }

  #label(factor: ScaFactor): string {
    const type = this.t(`scaFactors.type.${factor.factor}` as MessageKey);
    return factor.name ? `${type} (${factor.name})` : type;
  }

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('scaFactors.title')}</h2>
      ${this.#renderBody()}
      ${this.renderErrorBox(this.#action.error, this.#phase === 'loading' && this.#action.error?.retryable ? { retry: () => void this.#load.load() } : {})}
      ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    switch (this.#phase) {
      case 'loading':
        return this.#action.error ? nothing : html`<p class="text">${this.t('scaFactors.loading')}</p>`;
      case 'setup':
        return this.#renderSetup();
      case 'codes':
        return this.#renderCodes();
      default:
        return this.#renderList();
    }
  }

  #renderList(): unknown {
    const factors = this.#factors;
    const canAdd = !factors.some((f) => f.factor === 'TOTP');
    return html`<p class="text">${this.t('scaFactors.intro')}</p>
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing}
      ${
        factors.length
          ? html`<ul part="list" class="list">
              ${factors.map((factor) => this.#renderRow(factor))}
            </ul>`
          : html`<p part="empty" class="text">${this.t('scaFactors.empty')}</p>`
      }
      ${
        canAdd
          ? html`<div class="actions">
              <button
                part="button add-button"
                class="button button--secondary"
                type="button"
                ?disabled=${this.#action.busy}
                @click=${this.#startSetup}
              >
                ${this.t('scaFactors.addTotp')}
              </button>
            </div>`
          : nothing
      }`;
  }

  #renderRow(factor: ScaFactor): unknown {
    const confirming = factor.credentialId !== undefined && this.#confirming === factor.credentialId;
    const removable = canRemoveScaFactor(factor, this.#factors);
    return html`<li part="factor" class="row">
      <div class="facts">
        <span class="name">${this.#label(factor)}</span>
        <span class="meta">${this.t(`scaFactors.about.${factor.factor}` as MessageKey)}</span>
      </div>
      ${
        removable && !confirming
          ? html`<button
              part="button remove-button"
              class="button button--link danger"
              type="button"
              ?disabled=${this.#action.busy}
              @click=${() => {
                this.#confirming = factor.credentialId;
                this.#action.success = undefined;
                this.requestUpdate();
              }}
            >
              ${this.t('scaFactors.remove')}
            </button>`
          : nothing
      }
      ${
        confirming
          ? html`<div part="confirm" class="confirm" role="group">
              <p class="text">${this.t('scaFactors.removeConfirm', { factor: this.#label(factor) })}</p>
              <div class="actions">
                ${confirmRow(
                  this.#action.busy,
                  this.t('scaFactors.removeYes'),
                  'confirm-remove-button',
                  () => this.#remove(factor),
                  this.t('scaFactors.removeNo'),
                  () => {
                    this.#confirming = undefined;
                    this.requestUpdate();
                  },
                  '',
                  'secondary danger',
                )}
              </div>
            </div>`
          : nothing
      }
    </li>`;
  }

  #renderSetup(): unknown {
    const enrollment = this.#enrollment!;
    const key = enrollment.secretBase32Encoded.replace(/(.{4})(?=.)/g, '$1 ');
    return html`<form
      part="setup"
      class="panel"
      @submit=${(event: Event) => {
        event.preventDefault();
        this.#code.submit();
      }}
    >
      <h3 class="subtitle">${this.t('scaFactors.setupTitle')}</h3>
      <p class="text">${this.t('scaFactors.setupHint')}</p>
      <div>
        <span class="meta">${this.t('scaFactors.key')}</span>
        <p part="key" class="key">${key}</p>
      </div>
      <a class="button button--link" href=${enrollment.totpUri}>${this.t('scaFactors.openApp')}</a>
      <slot name="code-input"></slot>
      <div class="actions">
        ${confirmRow(this.#action.busy, this.t('scaFactors.confirm'), 'submit-button', undefined, this.t('scaFactors.cancel'), this.#close)}
      </div>
    </form>`;
  }

  #renderCodes(): unknown {
    return html`<div class="panel">
      ${this.renderSuccess(this.#action.success ?? '')}
      <h3 class="subtitle">${this.t('scaFactors.codesTitle')}</h3>
      <p class="text">${this.t('scaFactors.codesHint')}</p>
      <ul part="codes" class="codes">
        ${this.#recoveryCodes.map((code) => html`<li>${code}</li>`)}
      </ul>
      <div class="actions">
        <button
          part="button done-button"
          class="button button--primary"
          type="button"
          @click=${() => {
            this.#close();
            this.#action.success = undefined;
          }}
        >
          ${this.t('scaFactors.done')}
        </button>
      </div>
    </div>`;
  }
}
