import { html, nothing, type PropertyDeclarations } from 'lit';
import { PayError } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { CustomerLoad } from '../shared/keyed-load.js';
import type { ErrorView } from '../shared/errors.js';
import { PayTermsAcceptedEvent, type PayTermsAcceptanceMethod } from './terms-consent-events.js';
import { checkboxStyles } from '../shared/checkbox.styles.js';
import { termsConsentStyles } from './terms-consent.styles.js';
import { noticeStyles } from '../shared/notice.styles.js';
import './terms-consent.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { termsConsentMessages } from './terms-consent.messages.js';
import { fillSlots, registerMessages } from '../shared/i18n.js';

registerMessages('en', termsConsentMessages);

type Phase = 'loading' | 'ready' | 'accepting' | 'accepted' | 'failed';

/** `GET /customers/end-user-terms`. */
interface EndUserTerms {
  version: string;
  url: string;
}

/** The fields of a Customer this element reads. */
interface CustomerConsent {
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  endUserTermsConsent?: { termsVersion?: string };
}

/** The terms URL if it is an absolute http(s) URL (never a `javascript:` or `data:` link), else undefined. */
export function safeTermsUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shows the current end-user terms (`GET /customers/end-user-terms`: version and hosted URL, opened in a
 * new tab) and records the customer's acceptance with `PATCH /customers/{id}`, sending the terms version
 * and the `acceptance-method` only: the platform's backend adds the end user's IP address and the time
 * (`@paykit/proxy` does), never the page. If the customer already accepted this version, it says so. A
 * version the service no longer supports (`END_USER_TERMS_VERSION_NOT_FOUND`) reloads the terms and asks
 * again. Calls go through `client.request`.
 *
 * @summary End-user terms: link to the current version and record acceptance (checkbox or click to accept).
 *
 * @event {PayTermsAcceptedEvent} pay-terms-accepted - Acceptance is on file. `detail: { customerId, termsVersion, acceptanceMethod, alreadyAccepted }`.
 * @event {PayErrorEvent} pay-error - Loading or accepting failed. `detail: { code }`.
 *
 * @csspart base - The surface around everything.
 * @csspart intro - The sentence with the link to the terms (click-to-accept).
 * @csspart terms-link - The link to the hosted terms (opens a new tab).
 * @csspart consent - The checkbox with its label (checkbox method).
 * @csspart button - Every button.
 * @csspart accept-button - "Accept" / "Continue".
 * @csspart placeholder - The line shown while loading.
 * @csspart success - The line saying the terms are accepted.
 * @csspart error - The error box.
 * @csspart field-error - "Tick the box…", under the checkbox (which it describes, with `aria-invalid`).
 * @csspart notice - A notice that is not an error ("The terms were updated…").
 *
 * @cssstate loading - Reading the terms and the customer.
 * @cssstate ready - Waiting for the user to accept.
 * @cssstate accepting - Recording the acceptance.
 * @cssstate accepted - The current version is accepted.
 * @cssstate failed - The terms could not be loaded (a "Try again" button reloads).
 * @cssstate error - An error is shown.
 */
export class PayTermsConsentElement extends PayElement {
  static override styles = [...PayElement.styles, noticeStyles, checkboxStyles, termsConsentStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    acceptanceMethod: { attribute: 'acceptance-method' },
  };

  /** The customer accepting the terms. */
  declare customerId: string | undefined;

  /** How acceptance is given: `CHECKBOX` (tick, then Continue) or `CLICK_TO_ACCEPT` (one Accept button). */
  declare acceptanceMethod: PayTermsAcceptanceMethod;

  constructor() {
    super();
    this.acceptanceMethod = 'CHECKBOX';
  }

  #phase: Phase = 'loading';
  #terms: EndUserTerms | undefined;
  #customerType: CustomerConsent['customerType'] = 'INDIVIDUAL';
  #checked = false;
  #error: ErrorView | undefined;
  /** Continue was pressed with the box unticked: said under the box (the error pattern), until it is ticked. */
  #unticked = false;
  /** The terms changed since they were shown (a notice, not an error). */
  #updated = false;
  /** Reads the terms and the customer for `customer-id`; an answer for an older load or customer is dropped. */
  readonly #load = new CustomerLoad(this, {
    start: () => {
      this.#phase = 'loading';
      this.#error = undefined;
    },
    read: () => {
      const customerId = this.#requireCustomerId();
      const client = this.requireClient();
      return Promise.all([
        client.request<EndUserTerms>('GET', '/customers/end-user-terms'),
        client.request<CustomerConsent>('GET', `/customers/${encodeURIComponent(customerId)}`),
        customerId,
      ]);
    },
    apply: ([terms, customer, customerId]) => {
      this.#terms = terms;
      this.#customerType = customer.customerType;
      if (customer.endUserTermsConsent?.termsVersion === terms.version) {
        this.#phase = 'accepted';
        this.requestUpdate();
        this.dispatchEvent(new PayTermsAcceptedEvent(customerId, terms.version, this.acceptanceMethod, true));
        return;
      }
      this.#phase = 'ready';
      this.requestUpdate();
    },
    fail: (error) => {
      this.#phase = 'failed';
      this.#error = this.reportError(error);
    },
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  /** Reads the terms and the customer again. */
  reload(): Promise<void> {
    return this.#load.load();
  }

  protected override render(): unknown {
    const phase = this.#phase;
    const url = safeTermsUrl(this.#terms?.url);
    const link = url
      ? html`<a part="terms-link" class="link" href=${url} target="_blank" rel="noopener noreferrer"
          >${this.t('terms.linkText')}<span class="visually-hidden"> ${this.t('terms.newTab')}</span></a
        >`
      : this.t('terms.linkText');
    const busy = phase === 'accepting';
    return html`<div part="base" class="base">
      ${phase === 'loading' ? html`<p part="placeholder" class="text"><span class="spinner" aria-hidden="true"></span> ${this.t('terms.loading')}</p>` : nothing}
      ${phase === 'accepted' ? this.renderSuccess(this.t('terms.accepted')) : nothing}
      ${this.#updated ? html`<p part="notice" class="notice">${this.t('terms.notice.updated')}</p>` : nothing}
      ${
        phase === 'ready' || phase === 'accepting'
          ? this.acceptanceMethod === 'CLICK_TO_ACCEPT'
            ? html`<p part="intro" class="text">${fillSlots(this.t('terms.clickToAccept'), { link })}</p>`
            : html`<label part="consent" class="consent check">
                  <input
                    type="checkbox"
                    .checked=${this.#checked}
                    ?disabled=${busy}
                    aria-invalid=${this.#unticked ? 'true' : 'false'}
                    aria-describedby=${this.#unticked ? 'consent-error' : nothing}
                    @change=${this.#onCheck}
                  />
                  <span>${fillSlots(this.t('terms.consentLabel'), { link })}</span>
                </label>
                ${
                  this.#unticked
                    ? html`<p part="field-error" class="field-error" id="consent-error">
                        ${this.t('terms.notice.unchecked')}
                      </p>`
                    : nothing
                }`
          : nothing
      }
      ${this.renderErrorBox(this.#error, phase === 'failed' ? { retry: this.#onRetry } : {})}
      ${
        phase === 'ready' || phase === 'accepting'
          ? html`<button
              part="button accept-button"
              class="button button--primary"
              type="button"
              ?disabled=${busy}
              aria-busy=${busy ? 'true' : 'false'}
              @click=${this.#onAccept}
            >
              ${busy ? this.t('terms.accepting') : this.t(this.acceptanceMethod === 'CLICK_TO_ACCEPT' ? 'terms.accept' : 'terms.continue')}
            </button>`
          : nothing
      }
      ${this.live.render()}
    </div>`;
  }

  readonly #onCheck = (event: Event): void => {
    this.#checked = (event.target as HTMLInputElement).checked;
    if (this.#checked) this.#unticked = false;
    this.requestUpdate();
  };
  readonly #onAccept = (): void => void this.#accept();
  readonly #onRetry = (): void => void this.#load.load();

  async #accept(): Promise<void> {
    if (this.#phase !== 'ready' || !this.#terms) return;
    if (this.acceptanceMethod !== 'CLICK_TO_ACCEPT' && !this.#checked) {
      this.#unticked = true;
      this.#updated = false;
      this.live.announce(this.t('terms.notice.unchecked'));
      this.requestUpdate();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLInputElement>('.consent input')?.focus();
      return;
    }
    const current = this.#load.current();
    const customerId = this.#requireCustomerId();
    const { version } = this.#terms;
    const method = this.acceptanceMethod === 'CLICK_TO_ACCEPT' ? 'CLICK_TO_ACCEPT' : 'CHECKBOX';
    this.#phase = 'accepting';
    this.#error = undefined;
    this.#updated = false;
    this.requestUpdate();
    try {
      await this.requireClient().request('PATCH', `/customers/${encodeURIComponent(customerId)}`, {
        body: {
          customerType: this.#customerType,
          endUserTermsConsent: { termsVersion: version, acceptanceMethod: method },
        },
      });
      if (!current()) return;
      this.#phase = 'accepted';
      this.requestUpdate();
      this.dispatchEvent(new PayTermsAcceptedEvent(customerId, version, method, false));
      this.live.announce(this.t('terms.accepted'));
    } catch (error) {
      if (!current()) return;
      if ((error as { code?: unknown }).code === 'END_USER_TERMS_VERSION_NOT_FOUND') {
        // the terms changed since they were shown: show the new version and ask again
        await this.#load.load();
        this.#checked = false;
        this.#updated = true;
        this.live.announce(this.t('terms.notice.updated'));
        this.requestUpdate();
        return;
      }
      this.#phase = 'ready';
      this.#error = this.reportError(error);
      this.requestUpdate();
    }
  }

  #requireCustomerId(): string {
    if (!this.customerId) throw new PayError('INVALID_ARGUMENT', 'customer-id is required');
    return this.customerId;
  }
}
