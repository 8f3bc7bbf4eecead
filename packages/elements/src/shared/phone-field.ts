/**
 * The phone-number field shared by `<pay-auth-methods>` (adding a text-message method) and
 * `<pay-sign-in>`: a labelled country list (names from `Intl.DisplayNames` in the element's language,
 * the calling code beside each, the chosen region's flag in its label, hidden from screen readers) and a labelled `type="tel"`
 * input with `autocomplete="tel"`. The host renders it into its light DOM (a `LightDomSlot`) so autofill
 * sees the input. A number typed or pasted with "+" (or "00") picks its
 * region; the number is shown in digit groups once pasted or left. Submitting checks it
 * (`phone-numbers.ts` says what is and is not checked): a problem shows under the input, tied to it by
 * `aria-describedby`, is announced, and focus goes back to the control to fix; a valid number goes to
 * `onSubmit` in E.164. The region starts as `defaultCountry()`, else the region of the element's locale
 * (`en-GB` → GB; `en` has none), else none.
 *
 * @example
 *   #phone = new PhoneField(this, {
 *     t: (key, params) => this.t(key, params), locale: () => this.resolvedLocale,
 *     defaultCountry: () => this.defaultCountry, announce: (text) => this.live.announce(text),
 *     onSubmit: (e164) => this.#add(e164),
 *   });
 *   new LightDomSlot(this, 'field-input', () => this.#phone.render(), inputStyles);
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { registerMessages, type MessageKey, type MessageParams } from './i18n.js';
import {
  flagOf,
  groupDigits,
  parsePhone,
  phoneCountries,
  phoneCountry,
  phoneProblem,
  type PhoneCountry,
  type PhoneProblem,
} from './phone-numbers.js';
import { phoneFieldMessages } from './phone-field.messages.js';

registerMessages('en', phoneFieldMessages);

export interface PhoneFieldOptions {
  t: (key: MessageKey, params?: MessageParams) => string;
  /** The element's language: country names and the default region come from it. */
  locale: () => string;
  /** An ISO region code to start with (the element's `default-country`). */
  defaultCountry: () => string | undefined;
  /** Says a problem through the element's live region. */
  announce: (text: string) => void;
  /** Called with the E.164 number (`+447912345678`) when a valid number is submitted. */
  onSubmit: (e164: string) => void;
}

let nextId = 0;
/** The country options of the last locale asked for: [country, name], sorted by name in that language. */
let cache: [string, [PhoneCountry, string][]] = ['', []];

function countryNames(locale: string): [PhoneCountry, string][] {
  if (cache[0] != locale) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames(locale, { type: 'region' });
    } catch {
      names = new Intl.DisplayNames('en', { type: 'region' }); // not a BCP 47 tag
    }
    // one collator for the whole sort, as kyc/countries.ts does: localeCompare with a locale builds one per
    // comparison (23 ms a sort in WebKitGTK, 1 ms with one collator)
    const collator = new Intl.Collator(names.resolvedOptions().locale);
    cache = [
      locale,
      phoneCountries()
        .map((c): [PhoneCountry, string] => [c, names.of(c.iso)!])
        .sort((a, b) => collator.compare(a[1], b[1])),
    ];
  }
  return cache[1];
}

export class PhoneField {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: PhoneFieldOptions;
  readonly #id = `pay-phone-${++nextId}`;
  /** The region the person chose: undefined until they choose (the default applies), null for none. */
  #chosen: PhoneCountry | null | undefined;
  #problem: PhoneProblem | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: PhoneFieldOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** The selected region. */
  get country(): PhoneCountry | undefined {
    if (this.#chosen !== undefined) return this.#chosen ?? undefined;
    // the region subtag of the locale: en-GB, zh-Hant-TW
    return (
      phoneCountry(this.#options.defaultCountry()) ??
      phoneCountry(/-([a-z]{2})(?![a-z])/i.exec(this.#options.locale())?.[1])
    );
  }

  get input(): HTMLInputElement | null {
    return this.#host.querySelector(`#${this.#id}`);
  }

  get #select(): HTMLSelectElement | null {
    return this.#host.querySelector(`#${this.#id}c`);
  }

  /** Forgets the chosen region and any problem (a new form: the input is a new one). */
  reset(): void {
    this.#chosen = this.#problem = undefined;
  }

  /** Checks the number: hands a valid one over in E.164, else shows, announces and focuses the problem. */
  submit(): void {
    const { country, national } = this.#read();
    const problem = (this.#problem = phoneProblem(country, national));
    this.#host.requestUpdate();
    if (!problem) return this.#options.onSubmit(`+${country!.dial}${national}`);
    this.#options.announce(this.#message()!);
    (problem == 'country' ? this.#select : this.input)?.focus();
  }

  /** Parses the input; a "+44…" number moves the list to its region. */
  #read(): ReturnType<typeof parsePhone> {
    const parsed = parsePhone(this.input?.value ?? '', this.country);
    this.#chosen = parsed.country ?? null;
    // set, not rendered: a list the person has touched no longer follows `selected`
    this.#select && (this.#select.value = parsed.country?.iso ?? '');
    this.#host.requestUpdate();
    return parsed;
  }

  #message(): string | undefined {
    const problem = this.#problem;
    const country = this.country;
    const name = country && countryNames(this.#options.locale()).find((entry) => entry[0] == country)![1];
    return problem && this.#options.t(`phone.${problem}`, { country: name ?? '' });
  }

  /** Shows the input as its region's digits in groups (after a paste, or when focus leaves it). */
  readonly #tidy = (): void => {
    if (!this.#select) return; // blurred because the form went away
    const { national } = this.#read();
    if (this.country) this.input!.value = groupDigits(national);
  };

  readonly #onInput = (event: InputEvent): void => {
    this.#problem = undefined;
    // a pasted number is tidied at once; "+44…" typed or autofilled moves the list to its region
    if (event.inputType == 'insertFromPaste') this.#tidy();
    else if (/^\s*(\+|00)/.test(this.input!.value)) this.#read();
    this.#host.requestUpdate();
  };

  readonly #onCountry = (event: Event): void => {
    this.#chosen = phoneCountry((event.target as HTMLSelectElement).value) ?? null;
    this.#problem = undefined;
    this.#host.requestUpdate();
  };

  render(): unknown {
    const id = this.#id;
    const { t, locale } = this.#options;
    const country = this.country;
    const error = this.#message();
    return html`
      <label class="pay-field__label" for="${id}c"
        >${t('phone.countryLabel')} <span aria-hidden="true">${country ? flagOf(country.iso) : nothing}</span></label
      >
      <select id="${id}c" class="pay-field__input" @change=${this.#onCountry}>
        <option value="">${t('phone.noCountry')}</option>
        ${countryNames(locale()).map(
          ([c, name]) => html`<option value=${c.iso} ?selected=${c == country}>${name} (+${c.dial})</option>`,
        )}
      </select>
      <label class="pay-field__label" for=${id}>${t('phone.label')}</label>
      <input
        id=${id}
        class="pay-field__input"
        type="tel"
        autocomplete="tel"
        aria-describedby="${id}h ${id}e"
        aria-invalid=${!!error}
        @input=${this.#onInput}
        @blur=${this.#tidy}
        @keydown=${(e: KeyboardEvent) => e.key == 'Enter' && (e.preventDefault(), this.submit())}
      />
      <p class="pay-field__hint" id="${id}h">${error ? '' : t('phone.country')}</p>
      <p class="pay-field__error" id="${id}e">${error ?? ''}</p>
    `;
  }
}
