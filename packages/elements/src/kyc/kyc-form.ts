/**
 * What the KYC forms share (`<pay-kyc>`'s details and `<pay-beneficial-owners>`' person form): fields
 * named by their path in the service's body (`address.city`, `owner.lastName`), rendered with a label,
 * an error under the input and the right input type (a country is picked from a list of localized names,
 * with the browser's type-ahead; its value stays the ISO code), checked locally before anything is sent. Values live in the element only, never in storage, events or the URL.
 *
 * @example
 *   class PayThing extends KycFormElement {
 *     render() { return html`${this.input('address.city')}${this.fieldError('document')}`; }
 *   }
 */
import { html, nothing, type TemplateResult } from 'lit';
import { PayElement } from '../shared/base-element.js';
import { registerMessages, type MessageKey } from '../shared/i18n.js';
import { countryOptions, isCountryCode } from './countries.js';
import './kyc.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { kycMessages } from './kyc.messages.js';

registerMessages('en', kycMessages);

export const ADDRESS = ['address.line1', 'address.city', 'address.postalCode', 'address.country'];

const AUTOCOMPLETE: Record<string, string> = {
  fullName: 'name',
  birthDate: 'bday',
  'address.line1': 'address-line1',
  'address.city': 'address-level2',
  'address.postalCode': 'postal-code',
  'address.country': 'country',
  'businessInfo.legalName': 'organization',
};

/** The last segment of a field path names its label (`address.city` → `kyc.f.city`). */
const labelOf = (path: string): MessageKey =>
  `kyc.f.${path === 'businessInfo.country' ? 'registeredIn' : path.split('.').pop()}` as MessageKey;
const isCountry = (path: string): boolean => /(nationality|\.country)$/.test(path);

/** `a.b` of a nested object, as text. */
export function read(source: unknown, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], source);
  return typeof value === 'string' ? value : '';
}

/** Sets `a.b` in a nested object. */
export function write(target: Record<string, unknown>, path: string, value: string): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = target;
  for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
  node[last] = value;
}

/** The fields a service error's `details.errors[]` names (FieldError `field`), prefixed. */
export const errorFields = (error: unknown, prefix = ''): string[] =>
  ((error as { details?: { errors?: { field?: unknown }[] } }).details?.errors ?? []).map(
    (x) => prefix + String(x.field),
  );

/** A Paykit element with a form of service fields. */
export abstract class KycFormElement extends PayElement {
  /** Field values by path; dropped when the element leaves the page. */
  protected values: Record<string, string> = {};
  /** Messages under fields, by path. */
  protected readonly fieldErrors = new Map<string, string>();

  override disconnectedCallback(): void {
    this.values = {};
    super.disconnectedCallback();
  }

  /** A labelled input for `path`: a date, a number (percentages), text, or a country picker. */
  protected input(path: string, optional = false): TemplateResult {
    const id = `f-${path}`;
    if (isCountry(path)) return this.#country(path, id, optional);
    const percent = path.endsWith('Percentage');
    return html`<div class="field">
      <label class="label" for=${id}>${this.t(labelOf(path))}</label>
      <input
        part="input"
        class="input"
        id=${id}
        name=${path}
        type=${/(birthDate|incorporatedOn)$/.test(path) ? 'date' : percent ? 'number' : 'text'}
        min=${percent ? 0 : nothing}
        max=${percent ? 100 : nothing}
        .value=${this.values[path] ?? ''}
        autocomplete=${AUTOCOMPLETE[path] ?? 'off'}
        ?required=${!optional}
        aria-invalid=${this.fieldErrors.has(path) ? 'true' : 'false'}
        aria-describedby=${this.fieldErrors.has(path) ? `${id}-e` : nothing}
        @input=${this.onField}
      />
      ${this.fieldError(path, `${id}-e`)}
    </div>`;
  }

  /**
   * A native select of every country by its name in the element's language (type-ahead searches it; the
   * value stays the ISO code). A code the list lacks (one the service holds) stays selectable as itself.
   */
  #country(path: string, id: string, optional: boolean): TemplateResult {
    const value = (this.values[path] ?? '').toUpperCase();
    const invalid = this.fieldErrors.has(path);
    return html`<div class="field">
      <label class="label" for=${id}>${this.t(labelOf(path))}</label>
      <select
        part="input"
        class="input"
        id=${id}
        name=${path}
        autocomplete=${AUTOCOMPLETE[path] ?? 'off'}
        ?required=${!optional}
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${invalid ? `${id}-e` : nothing}
        @change=${this.onField}
      >
        <option value="" ?selected=${!value}>${this.t('kyc.pickCountry')}</option>
        ${value && !isCountryCode(value) ? html`<option selected>${value}</option>` : nothing}
        ${countryOptions(this.resolvedLocale).map(
          ([code, name]) => html`<option value=${code!} ?selected=${code === value}>${name}</option>`,
        )}
      </select>
      ${this.fieldError(path, `${id}-e`)}
    </div>`;
  }

  /** A labelled select of `[value, label]` options. */
  protected select(path: string, options: string[][], selected = this.values[path] ?? options[0]![0]!): TemplateResult {
    const id = `f-${path}`;
    return html`<div class="field">
      <label class="label" for=${id}>${this.t(labelOf(path))}</label>
      <select part="input" class="input" id=${id} name=${path} @change=${this.onField}>
        ${options.map(([value, label]) => html`<option value=${value!} ?selected=${value === selected}>${label}</option>`)}
      </select>
    </div>`;
  }

  /** The message under a field (focusable, so focus can go to it when it has no input). */
  protected fieldError(path: string, id = `${path}-e`): unknown {
    const message = this.fieldErrors.get(path);
    return message ? html`<p part="field-error" class="field-error" id=${id} tabindex="-1">${message}</p>` : nothing;
  }

  protected readonly onField = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    this.values[input.name] = input.value;
    if (this.fieldErrors.delete(input.name)) this.requestUpdate();
  };

  /** Checks `paths` locally (required unless `optional`, a country picked); true when all pass. */
  protected checkFields(paths: string[], optional: string[] = []): boolean {
    for (const path of paths) {
      const value = (this.values[path] ?? '').trim();
      if (isCountry(path)) this.values[path] = value.toUpperCase();
      if (!value) {
        if (!optional.includes(path))
          this.fieldErrors.set(path, this.t(isCountry(path) ? 'kyc.countryCode' : 'kyc.required'));
      } else if (isCountry(path) && !/^[a-z]{2}$/i.test(value)) this.fieldErrors.set(path, this.t('kyc.countryCode'));
    }
    return !paths.some((path) => this.fieldErrors.has(path));
  }

  /** Announces that fields need a fix and moves focus to the first one. */
  protected async showErrors(): Promise<void> {
    this.live.announce(this.t('kyc.fix'));
    this.requestUpdate();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"], .field-error')?.focus();
  }
}
