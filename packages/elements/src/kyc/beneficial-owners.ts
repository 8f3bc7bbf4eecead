import { html, nothing, type PropertyDeclarations } from 'lit';
import {
  addBeneficialOwner,
  listBeneficialOwners,
  type BeneficialOwner,
  type BeneficialOwnerPersonalInfo,
} from '@paykit/crypto-core/kyc';
import { CustomerLoad } from '../shared/keyed-load.js';
import type { PayStates } from '../shared/base-element.js';
import type { ErrorView } from '../shared/errors.js';
import { PayBeneficialOwnerAddedEvent, type PayKycStatus } from './kyc-events.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import './beneficial-owners.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { beneficialOwnersMessages } from './beneficial-owners.messages.js';
import { ADDRESS, errorFields, KycFormElement, write } from './kyc-form.js';
import { shadowInputStyles } from '../shared/input.styles.js';
import { kycStyles } from './kyc.styles.js';

registerMessages('en', beneficialOwnersMessages);

const OWNER = [
  'firstName',
  'lastName',
  'birthDate',
  'nationality',
  ...ADDRESS,
  'identifier',
  'ownershipPercentage',
].map((f) => `owner.${f}`);
const ROLES = ['UBO', 'CONTROL_PERSON', 'DIRECTOR'];
const ID_TYPES = ['NON_US_TAX_ID', 'SSN', 'ITIN'];

/**
 * A business customer's beneficial owners for KYB: the people added so far with their own KYC status
 * (`GET /beneficial-owners`), and a form to add one (`POST /beneficial-owners`): every owner holding 25%
 * or more, and one control person (or director). `<pay-kyc>` shows it in its form for a business; it
 * also works alone. Personal data goes into the request body only: the event carries ids.
 *
 * @summary KYB: the business's owners (25%+) and control person, listed and added.
 *
 * @event {PayBeneficialOwnerAddedEvent} pay-beneficial-owner-added - A person was added. `detail: { customerId, beneficialOwnerId }`.
 * @event {PayErrorEvent} pay-error - Loading or adding failed. `detail: { code }`.
 *
 * @csspart base - The surface around everything.
 * @csspart owners - The list of people added.
 * @csspart input - Every field.
 * @csspart field-error - The message under a field.
 * @csspart button - Every button.
 * @csspart add-button - "Add a person" and "Save person".
 * @csspart error - The error box.
 *
 * @cssstate loading - Reading the owners.
 * @cssstate ready - The list (and the form when open).
 * @cssstate adding - Saving a person.
 * @cssstate error - An error is shown.
 */
export class PayBeneficialOwnersElement extends KycFormElement {
  static override styles = [...KycFormElement.styles, shadowInputStyles, kycStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
  };

  /** The business customer. */
  declare customerId: string | undefined;

  #phase: 'loading' | 'ready' | 'adding' = 'loading';
  #owners: BeneficialOwner[] = [];
  #open = false;
  #error: ErrorView | undefined;
  /** Lists the owners once `customer-id` is set; an answer for an older load or customer is dropped. */
  readonly #load = new CustomerLoad(this, {
    start: () => {
      this.#phase = 'loading';
      this.#error = undefined;
    },
    read: () => listBeneficialOwners(this.requireClient(), { customerId: this.customerId ?? '' }),
    apply: (owners) => {
      this.#owners = owners;
      this.#phase = 'ready';
      this.requestUpdate();
    },
    fail: (error) => {
      this.#error = this.reportError(error);
      this.#phase = 'ready';
    },
    needsId: true,
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  /** Reads the owners again. */
  reload(): Promise<void> {
    return this.#load.load();
  }

  protected override render(): unknown {
    const busy = this.#phase === 'adding';
    return html`<div part="base" class="form">
      <p class="text">${this.t('kyc.owners.intro')}</p>
      ${
        this.#owners.length
          ? html`<ul part="owners" class="owners">
              ${this.#owners.map(
                (owner) =>
                  html`<li tabindex="-1">
                    ${this.t('kyc.owners.item', {
                      name: `${owner.personalInfo.firstName ?? ''} ${owner.personalInfo.lastName ?? ''}`.trim(),
                      percent: owner.ownershipPercentage,
                    })}
                    <span class="badge">${this.t(`kyc.badge.${owner.kycStatus as PayKycStatus}`)}</span>
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${this.renderErrorBox(this.#error, this.#phase === 'ready' && !this.#open ? { retry: () => void this.reload() } : {})}
      ${
        this.#open
          ? html`${this.select(
              'owner.role',
              ROLES.map((role) => [role, this.t(`kyc.role.${role}` as MessageKey)]),
            )}
            ${OWNER.map((path) => this.input(path))}
            ${this.select(
              'owner.idType',
              ID_TYPES.map((type) => [type, this.t(`kyc.idType.${type}` as MessageKey)]),
            )}`
          : nothing
      }
      <button
        part="button add-button"
        class="button button--secondary"
        type="button"
        ?disabled=${busy || this.#phase === 'loading'}
        aria-busy=${busy ? 'true' : 'false'}
        @click=${this.#onAdd}
      >
        ${this.t(this.#open ? 'kyc.owners.save' : 'kyc.owners.add')}
      </button>
      ${this.live.render()}
    </div>`;
  }

  readonly #onAdd = async (): Promise<void> => {
    if (this.#open) return this.#add();
    this.#open = true;
    this.requestUpdate();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('select')?.focus();
  };

  async #add(): Promise<void> {
    this.fieldErrors.clear();
    this.#error = undefined;
    const percent = Number(this.values['owner.ownershipPercentage']);
    const role = this.values['owner.role'] ?? ROLES[0]!;
    if (this.checkFields(OWNER) && role === 'UBO' && percent < 25)
      this.fieldErrors.set('owner.ownershipPercentage', this.t('kyc.owners.below25'));
    else if (!(Number.isInteger(percent) && percent >= 0 && percent <= 100))
      this.fieldErrors.set('owner.ownershipPercentage', this.t('kyc.invalid'));
    if (this.fieldErrors.size) return this.showErrors();
    const info: Record<string, unknown> = { idType: this.values['owner.idType'] ?? ID_TYPES[0] };
    for (const path of OWNER.slice(0, -1)) write(info, path.slice(6), this.values[path]!.trim());
    const customerId = this.customerId ?? '';
    this.#phase = 'adding';
    this.requestUpdate();
    try {
      const owner = await addBeneficialOwner(this.requireClient(), {
        customerId,
        roles: [role],
        ownershipPercentage: percent,
        personalInfo: info as unknown as BeneficialOwnerPersonalInfo,
      });
      this.#owners = [...this.#owners, owner];
      this.values = {};
      this.#open = false;
      this.dispatchEvent(new PayBeneficialOwnerAddedEvent(customerId, owner.id));
      this.live.announce(this.t('kyc.owners.added', { name: `${info['firstName']} ${info['lastName']}` }));
      this.#phase = 'ready';
      this.requestUpdate();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('li:last-child')?.focus();
    } catch (error) {
      this.#phase = 'ready';
      for (const field of errorFields(error, 'owner.'))
        if (OWNER.includes(field.replace('personalInfo.', '')))
          this.fieldErrors.set(field.replace('personalInfo.', ''), this.t('kyc.invalid'));
      const view = this.reportError(error);
      if (this.fieldErrors.size) return this.showErrors();
      this.#error = view;
      this.requestUpdate();
    }
  }
}
