import { html, nothing, type TemplateResult, type PropertyDeclarations } from 'lit';
import { PayError } from '@paykit/crypto-core';
import { DOCUMENT_MAX_BYTES, replaceDocument, sniffDocumentType, uploadDocument } from '@paykit/crypto-core/documents';
import { createKycLink, submitVerification, type VerificationError } from '@paykit/crypto-core/kyc';
import type { PayStates } from '../shared/base-element.js';
import type { ErrorView } from '../shared/errors.js';
import { noticeStyles } from '../shared/notice.styles.js';
import { PayDocumentUploadedEvent, PayKycStatusEvent, PayKycSubmittedEvent, type PayKycStatus } from './kyc-events.js';
import type { MessageKey } from '../shared/i18n.js';
import { CustomerLoad } from '../shared/keyed-load.js';
import { ADDRESS, errorFields, KycFormElement, read, write } from './kyc-form.js';
import { shadowInputStyles } from '../shared/input.styles.js';
import { kycStyles } from './kyc.styles.js';

type Phase = 'loading' | 'failed' | 'contact' | 'ready' | 'hosted' | 'form' | 'submitting' | 'done';

/** The fields of a Customer this element reads (and writes back with `PATCH /customers/{id}`). */
interface KycCustomer {
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  kycStatus?: PayKycStatus;
  kybStatus?: PayKycStatus;
  contactVerification?: { email?: string; phone?: string };
  [field: string]: unknown;
}

const PERSON = ['fullName', 'birthDate', 'nationality'];
const BUSINESS = [
  'businessInfo.legalName',
  'businessInfo.registrationNumber',
  'businessInfo.taxId',
  'businessInfo.incorporatedOn',
  'businessInfo.country',
];
const OPTIONAL = ['businessInfo.registrationNumber'];
const IDENTITY_DOCUMENTS = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
const BUSINESS_DOCUMENTS = ['CERTIFICATE_OF_INCORPORATION', 'UTILITY_BILL', 'BANK_STATEMENT'];
const DOCUMENT = 'document';
const OWNERS = 'owners';

/** A document type's label: translated for identity documents, else the service's name made readable. */
const docLabel = (t: (key: MessageKey) => string, type: string): string =>
  IDENTITY_DOCUMENTS.includes(type)
    ? t(`kyc.doc.${type}` as MessageKey)
    : type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

/**
 * The customer's identity verification (KYC, or KYB for a business): its status, and two ways to finish
 * it. The hosted flow (`POST /customers/{id}/kyc-link`) opens the provider's single-use page in a popup,
 * or in a frame on the page with `embed` when the provider gives an embedding `token`; where a popup is
 * blocked the page goes to the link and comes back to `redirect-uri`, where the element reads the status
 * again. While the flow is open the status is polled (`pollSeconds`); call `reload()` when your backend hears of a change (the `CUSTOMER.KYC_*` webhooks). In-page
 * submission saves the details (`PATCH /customers/{id}`), uploads the document (`POST /documents`,
 * multipart; PDF, JPEG or PNG by its bytes and at most 10 MB, checked before upload; a `422
 * DOCUMENT_REJECTED` asks for a new photo), submits (`POST /verifications`) and shows its `errors[]`
 * field by field: a missing field under its input, a missing document with the accepted types, a
 * document of poor quality replaced with `PUT /documents/{id}` on the next submission. A business also
 * gives its business details, documents, and its owners of 25% or more and a control person through
 * `<pay-beneficial-owners>` (register it too: `define/pay-beneficial-owners`). Identity data and documents go into request bodies only: never an event,
 * the URL, storage or a log.
 *
 * @summary KYC/KYB: status, the provider's hosted flow, or in-page details, documents and owners.
 *
 * @event {PayKycStatusEvent} pay-kyc-status - The customer's kycStatus (kybStatus) as read, and on every change. `detail: { customerId, status }`.
 * @event {PayKycSubmittedEvent} pay-kyc-submitted - A submission was answered. `detail: { customerId, verificationId, verificationStatus }`.
 * @event {PayDocumentUploadedEvent} pay-document-uploaded - A document was uploaded or replaced. `detail: { customerId, documentId, replaced }`.
 * @event {PayErrorEvent} pay-error - Something failed. `detail: { code }`.
 *
 * @csspart base - The surface around everything.
 * @csspart status - The status line.
 * @csspart button - Every button.
 * @csspart hosted-button - "Verify with our partner".
 * @csspart form-button - "Enter details here".
 * @csspart frame - The provider's embedded flow (`embed`).
 * @csspart form - The in-page form.
 * @csspart section - Each group of fields (about you, address, business, document, owners).
 * @csspart input - Every text, date and select field.
 * @csspart field-error - The message under a field.
 * @csspart guidance - The photo guidance list.
 * @csspart file-button - "Take a photo" and "Choose a file".
 * @csspart submit-button - "Submit for verification".
 * @csspart error - The error box (and "Some information is missing or needs a fix" above the fields).
 * @csspart notice - A notice that is not an error ("Verification isn’t finished…").
 * @csspart success - The line saying the customer is verified.
 *
 * @cssstate loading - Reading the customer.
 * @cssstate failed - The customer could not be read.
 * @cssstate contact - Contact verification must come first.
 * @cssstate ready - Not verified: the two ways are offered.
 * @cssstate hosted - The provider's flow is open (popup or frame).
 * @cssstate form - The in-page form is shown.
 * @cssstate submitting - Saving, uploading or submitting.
 * @cssstate done - PENDING, APPROVED or REJECTED.
 * @cssstate error - An error is shown.
 */
export class PayKycElement extends KycFormElement {
  static override styles = [...KycFormElement.styles, noticeStyles, shadowInputStyles, kycStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    flow: {},
    embed: { type: Boolean },
    redirectUri: { attribute: 'redirect-uri' },
  };

  /** The customer to verify. */
  declare customerId: string | undefined;

  /** Which ways to offer: `both` (default), `hosted` (the provider's page only) or `form` (in-page only). */
  declare flow: 'both' | 'hosted' | 'form';

  /** Show the provider's flow in a frame on the page when the provider allows it (an embedding `token`); else a popup. */
  declare embed: boolean;

  /** Where the hosted flow returns when a popup is blocked and the page goes to the link. Default: this page. */
  declare redirectUri: string | undefined;

  constructor() {
    super();
    this.flow = 'both';
    this.embed = false;
  }

  /** Seconds between status reads while the hosted flow is open (a property only). */
  pollSeconds = 5;

  #phase: Phase = 'loading';
  #customer: KycCustomer | undefined;
  #status: PayKycStatus | undefined;
  #error: ErrorView | undefined;
  #notice: MessageKey | undefined;
  #file: File | undefined;
  #needed: string[] = [];
  #uploaded: string[] = [];
  /** A document the last verification reported (poor quality): the next file replaces it. */
  #replaceId: string | undefined;
  #popup: Window | null = null;
  #frameUrl: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Reads the customer for `customer-id`; an answer for an older load or customer is dropped. */
  readonly #load = new CustomerLoad(this, {
    start: () => {
      this.#phase = 'loading';
      this.#error = this.#notice = undefined;
    },
    read: () => this.requireClient().request<KycCustomer>('GET', this.#customerPath()),
    apply: (customer) => this.#apply(customer),
    fail: (error) => {
      this.#phase = 'failed';
      this.#error = this.reportError(error);
    },
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  get #business(): boolean {
    return this.#customer?.customerType === 'BUSINESS';
  }

  /** The provider's page is open (popup or frame) and the service has no decision yet. */
  get #inProgress(): boolean {
    return this.#phase === 'hosted' && this.#status === 'UNVERIFIED' && !!(this.#popup || this.#frameUrl);
  }

  /** Reads the customer's status again (call it when your backend hears of a change). */
  reload(): Promise<void> {
    return this.#load.load();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.#onVisible);
  }

  override disconnectedCallback(): void {
    document.removeEventListener('visibilitychange', this.#onVisible);
    this.#endHosted();
    this.#file = undefined;
    super.disconnectedCallback();
  }

  protected override render(): unknown {
    const phase = this.#phase;
    const status = this.#status;
    return html`<div part="base" class="base">
      ${phase === 'loading' ? html`<p class="text"><span class="spinner" aria-hidden="true"></span> ${this.t('kyc.loading')}</p>` : nothing}
      ${
        status && phase !== 'loading' && phase !== 'failed'
          ? status === 'APPROVED'
            ? html`<div class="status" tabindex="-1">${this.renderSuccess(this.t('kyc.status.APPROVED'))}</div>`
            : html`<p part="status" class="text status" tabindex="-1">
                ${this.t(this.#inProgress ? 'kyc.status.inProgress' : `kyc.status.${status}`)}
              </p>`
          : nothing
      }
      ${phase === 'contact' ? html`<p class="text">${this.t('kyc.contactFirst')}</p>` : nothing}
      ${
        this.#notice
          ? html`<p
              part=${this.#notice == 'kyc.fix' ? 'error' : 'notice'}
              class=${this.#notice == 'kyc.fix' ? 'alert' : 'notice'}
            >
              ${this.t(this.#notice)}
            </p>`
          : nothing
      }
      ${this.renderErrorBox(this.#error, phase === 'failed' ? { retry: this.#onReload } : {})}
      ${phase === 'ready' ? this.#renderChoice() : nothing} ${phase === 'hosted' ? this.#renderHosted() : nothing}
      ${phase === 'form' || phase === 'submitting' ? this.#renderForm(phase === 'submitting') : nothing}
      ${this.live.render()}
    </div>`;
  }

  #renderChoice(): TemplateResult {
    const hosted = this.flow !== 'form';
    const form = this.flow !== 'hosted';
    return html`${hosted && form ? html`<p class="text">${this.t('kyc.intro')}</p>` : nothing}
      <div class="actions">
        ${
          hosted
            ? html`<button
                part="button hosted-button"
                class="button button--primary"
                type="button"
                @click=${this.#onHosted}
              >
                ${this.t('kyc.hosted')}
              </button>`
            : nothing
        }
        ${
          form
            ? html`<button
                part="button form-button"
                class="button ${hosted ? 'button--secondary' : 'button--primary'}"
                type="button"
                @click=${this.#onForm}
              >
                ${this.t('kyc.form')}
              </button>`
            : nothing
        }
      </div>`;
  }

  #renderHosted(): TemplateResult {
    return html`${
        this.#frameUrl
          ? html`<iframe
              part="frame"
              class="frame"
              title=${this.t('kyc.frameTitle')}
              src=${this.#frameUrl}
              allow="camera; microphone; fullscreen"
              referrerpolicy="no-referrer"
            ></iframe>`
          : html`<p class="text">
              <span class="spinner" aria-hidden="true"></span> ${this.t(this.#popup ? 'kyc.waiting' : 'kyc.opening')}
            </p>`
      }
      <div class="actions">
        <button part="button" class="button button--secondary" type="button" @click=${this.#onCancel}>
          ${this.t('kyc.cancel')}
        </button>
      </div>`;
  }

  #renderForm(busy: boolean): TemplateResult {
    const business = this.#business;
    const needed = this.#needed.length ? this.#needed : business ? BUSINESS_DOCUMENTS : IDENTITY_DOCUMENTS;
    const docError = this.fieldErrors.get(DOCUMENT);
    return html`<form
      part="form"
      class="form"
      novalidate
      aria-busy=${busy ? 'true' : 'false'}
      @submit=${this.#onSubmit}
    >
      ${
        business
          ? this.#section(
              'kyc.section.business',
              BUSINESS.map((path) => this.input(path)),
            )
          : this.#section(
              'kyc.section.person',
              PERSON.map((path) => this.input(path)),
            )
      }
      ${this.#section(
        'kyc.section.address',
        ADDRESS.map((path) => this.input(path)),
      )}
      ${this.#section(
        'kyc.section.document',
        html`<ul part="guidance" class="guidance">
            ${(['corners', 'focus', 'glare', 'format'] as const).map((k) => html`<li>${this.t(`kyc.doc.${k}`)}</li>`)}
          </ul>
          ${this.select(
            'documentType',
            needed.map((type) => [type, docLabel((key) => this.t(key), type)]),
            this.values['documentType'] ?? needed[0]!,
          )}
          <div class="files">
            ${(['photo', 'file'] as const).map(
              (kind) =>
                html`<label part="file-button" class="button button--secondary file"
                  >${this.t(`kyc.doc.${kind}`)}<input
                    class="visually-hidden"
                    type="file"
                    accept="application/pdf,image/jpeg,image/png"
                    capture=${kind === 'photo' ? 'environment' : nothing}
                    aria-invalid=${docError ? 'true' : 'false'}
                    aria-describedby=${docError ? 'document-e' : nothing}
                    @change=${this.#onFile}
                /></label>`,
            )}
          </div>
          ${this.#file ? html`<p class="text">${this.t('kyc.doc.selected', { name: this.#file.name })}</p>` : nothing}
          ${this.#uploaded.map((type) => html`<p class="text">${this.t('kyc.doc.uploaded', { type: docLabel((key) => this.t(key), type) })}</p>`)}
          ${this.fieldError(DOCUMENT)}`,
      )}
      ${business ? this.#renderOwners() : nothing}
      <button
        part="button submit-button"
        class="button button--primary button--block"
        type="submit"
        ?disabled=${busy}
        aria-busy=${busy ? 'true' : 'false'}
      >
        ${busy ? html`<span class="spinner" aria-hidden="true"></span>${this.t('kyc.submitting')}` : this.t('kyc.submit')}
      </button>
    </form>`;
  }

  #renderOwners(): TemplateResult {
    return this.#section(
      'kyc.section.owners',
      html`${this.fieldError(OWNERS)}
        <pay-beneficial-owners
          customer-id=${this.customerId ?? ''}
          locale=${this.resolvedLocale}
          .client=${this.client}
        ></pay-beneficial-owners>`,
    );
  }

  #section(legend: MessageKey, content: unknown): TemplateResult {
    return html`<fieldset part="section" class="section">
      <legend class="legend">${this.t(legend)}</legend>
      ${content}
    </fieldset>`;
  }

  readonly #onReload = (): void => void this.#load.load();
  /**
   * Back on the page (from the provider's window, or another tab): the status is read at once while the
   * provider's page is open, and again while a decision is pending (in review).
   */
  readonly #onVisible = (): void => {
    if (document.visibilityState !== 'visible') return;
    if (this.#phase === 'hosted') {
      if (this.#popup || this.#frameUrl) void this.#poll();
    } else if (this.#phase === 'done' && this.#status === 'PENDING') void this.#refresh();
  };

  /** Reads the status without the loading state (a refresh while the status is shown); a failure keeps it. */
  async #refresh(): Promise<void> {
    const current = this.#load.current();
    try {
      const customer = await this.requireClient().request<KycCustomer>('GET', this.#customerPath());
      if (current() && this.#phase === 'done') this.#apply(customer);
    } catch {
      // the status shown stays; the next return to the page reads it again
    }
  }
  readonly #onHosted = (): void => void this.#startHosted();
  readonly #onCancel = (): void => {
    this.#endHosted();
    void this.#load.load();
  };
  readonly #onForm = (): void => void this.#openForm();
  readonly #onFile = async (event: Event): Promise<void> => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ''; // the page keeps the File only in this element, until it is uploaded or the element leaves
    if (!file) return;
    this.#file = undefined;
    const problem =
      file.size > DOCUMENT_MAX_BYTES
        ? 'kyc.doc.tooBig'
        : !(await sniffDocumentType(file))
          ? 'kyc.doc.badType'
          : undefined;
    if (problem) {
      this.fieldErrors.set(DOCUMENT, this.t(problem));
      this.live.announce(this.t(problem));
    } else {
      this.#file = file;
      this.fieldErrors.delete(DOCUMENT);
    }
    this.requestUpdate();
  };
  readonly #onSubmit = (event: Event): void => {
    event.preventDefault();
    void this.#submit();
  };

  #customerPath(): string {
    if (!this.customerId) throw new PayError('INVALID_ARGUMENT', 'customer-id is required');
    return `/customers/${encodeURIComponent(this.customerId)}`;
  }

  /** Takes the customer's status; says so when it changed. */
  #apply(customer: KycCustomer): void {
    this.#customer = customer;
    const status = (customer.customerType === 'BUSINESS' ? customer.kybStatus : customer.kycStatus) ?? 'UNVERIFIED';
    const changed = status !== this.#status;
    this.#status = status;
    const contact = customer.contactVerification;
    this.#phase =
      status !== 'UNVERIFIED'
        ? 'done'
        : contact && Object.values(contact).includes('PENDING')
          ? 'contact'
          : this.#phase === 'form' || this.#phase === 'submitting'
            ? 'form'
            : 'ready';
    if (changed) {
      this.dispatchEvent(new PayKycStatusEvent(this.customerId ?? '', status));
      if (this.#phase === 'done') this.live.announce(this.t(`kyc.status.${status}`));
    }
    this.requestUpdate();
  }

  // ---- hosted flow ----

  async #startHosted(): Promise<void> {
    const current = this.#load.current();
    // a popup opens within the click (before any await), or the browser blocks it
    const popup = this.embed ? null : window.open('', 'pay-kyc', 'popup,width=480,height=720');
    this.#phase = 'hosted';
    this.#error = this.#notice = undefined;
    this.requestUpdate();
    try {
      const client = this.requireClient();
      const customerId = this.customerId ?? '';
      const redirectUri = this.redirectUri || location.href;
      let link = await createKycLink(client, popup || this.embed ? { customerId } : { customerId, redirectUri });
      if (!current()) return popup?.close();
      if (this.embed && link.token) this.#frameUrl = link.kycUrl;
      else if (popup && !popup.closed) {
        popup.opener = null;
        popup.location.href = link.kycUrl;
        this.#popup = popup;
      } else {
        // no popup (blocked, or no embedding token): the page goes to the provider and comes back to redirect-uri
        if (this.embed) link = await createKycLink(client, { customerId, redirectUri });
        location.assign(link.kycUrl);
        return;
      }
      this.requestUpdate();
      this.live.announce(this.t('kyc.status.inProgress'));
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('iframe, button')?.focus();
      this.#schedule();
    } catch (error) {
      popup?.close();
      if (!current()) return;
      this.#phase = 'ready';
      this.#error = this.reportError(error);
      this.requestUpdate();
    }
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), Math.max(0.1, this.pollSeconds) * 1000);
  }

  /** One status read while the hosted flow is open: a decision ends it; a closed popup ends it unfinished. */
  async #poll(): Promise<void> {
    const current = this.#load.current();
    const closed = !!this.#popup?.closed;
    try {
      const customer = await this.requireClient().request<KycCustomer>('GET', this.#customerPath());
      if (!current() || this.#phase !== 'hosted') return;
      const status = (customer.customerType === 'BUSINESS' ? customer.kybStatus : customer.kycStatus) ?? 'UNVERIFIED';
      if (status !== 'UNVERIFIED' || closed) {
        this.#endHosted();
        this.#apply(customer);
        if (status === 'UNVERIFIED') {
          this.#notice = 'kyc.notFinished';
          this.live.announce(this.t('kyc.notFinished'));
        }
        await this.updateComplete;
        this.renderRoot.querySelector<HTMLElement>('.status, button')?.focus();
        return;
      }
    } catch {
      // a failed read while waiting: the next one may work
    }
    if (current() && this.#phase === 'hosted') this.#schedule();
  }

  #endHosted(): void {
    clearTimeout(this.#timer);
    this.#popup?.close();
    this.#popup = null;
    this.#frameUrl = undefined;
  }

  // ---- in-page submission ----

  async #openForm(): Promise<void> {
    const customer = this.#customer;
    const values: Record<string, string> = {};
    for (const path of [...PERSON, ...BUSINESS, ...ADDRESS]) values[path] = read(customer, path);
    this.values = values;
    this.#phase = 'form';
    this.#notice = undefined;
    this.requestUpdate();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('input')?.focus();
  }

  async #submit(): Promise<void> {
    if (this.#phase !== 'form') return;
    const business = this.#business;
    const paths = [...(business ? BUSINESS : PERSON), ...ADDRESS];
    this.fieldErrors.clear();
    this.#error = undefined;
    if (!this.checkFields(paths, OPTIONAL)) return this.showErrors();
    const client = this.requireClient();
    const customerId = this.customerId ?? '';
    const current = this.#load.current();
    this.#phase = 'submitting';
    this.requestUpdate();
    try {
      const body: Record<string, unknown> = { customerType: this.#customer!.customerType };
      for (const path of paths) if (this.values[path]) write(body, path, this.values[path]!.trim());
      // nested objects are replaced whole by the service: keep what the customer already has
      for (const key of ['address', 'businessInfo'])
        if (body[key]) body[key] = { ...(this.#customer![key] as object), ...(body[key] as object) };
      this.#customer = await client.request<KycCustomer>('PATCH', this.#customerPath(), { body });
      if (this.#file) {
        const fields = {
          documentType:
            this.values['documentType'] ?? this.#needed[0] ?? (business ? BUSINESS_DOCUMENTS : IDENTITY_DOCUMENTS)[0]!,
          country: this.values[business ? 'businessInfo.country' : 'nationality'] || this.values['address.country']!,
          file: this.#file,
        };
        const replaced = this.#replaceId;
        const doc = replaced
          ? await replaceDocument(client, { ...fields, documentId: replaced })
          : await uploadDocument(client, { ...fields, documentHolder: customerId });
        this.#file = this.#replaceId = undefined;
        this.#uploaded = [...this.#uploaded, doc.documentType];
        this.dispatchEvent(new PayDocumentUploadedEvent(customerId, doc.id, !!replaced));
      }
      const verification = await submitVerification(client, { customerId });
      if (!current()) return;
      this.dispatchEvent(new PayKycSubmittedEvent(customerId, verification.id, verification.verificationStatus));
      if (verification.verificationStatus === 'RESOLVE_ERRORS' && verification.errors.length) {
        this.#phase = 'form';
        this.#takeErrors(verification.errors);
        return this.showErrors();
      }
      this.#phase = 'form';
      await this.#load.load();
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.status, button')?.focus();
    } catch (error) {
      if (!current()) return;
      this.#phase = 'form';
      const named = errorFields(error);
      if ((error as { code?: unknown }).code === 'DOCUMENT_REJECTED') {
        this.#file = undefined;
        this.fieldErrors.set(DOCUMENT, this.t('kyc.doc.rejected'));
      } else for (const field of named) if (paths.includes(field)) this.fieldErrors.set(field, this.t('kyc.invalid'));
      if (this.fieldErrors.size) {
        this.reportError(error);
        return this.showErrors();
      }
      // contact verification comes first
      if (named.some((field) => field.startsWith('contactVerification'))) return void this.#load.load();
      this.#error = this.reportError(error);
      this.requestUpdate();
    }
  }

  /** A verification's errors, field by field. */
  #takeErrors(errors: VerificationError[]): void {
    this.#needed = [];
    this.#notice = 'kyc.fix';
    for (const error of errors) {
      const field = (error.field ?? '').replace(/^customer\./, '');
      if (error.type === 'MISSING_FIELD' || error.type === 'INVALID_FIELD') {
        this.fieldErrors.set(field, this.t(error.type === 'MISSING_FIELD' ? 'kyc.required' : 'kyc.invalid'));
      } else if (/^MISSING_(BENEFICIAL_OWNER|CONTROL_PERSON)$/.test(error.type)) {
        this.fieldErrors.set(OWNERS, this.t('kyc.owners.missing'));
      } else if (error.type.startsWith('MISSING_') && error.acceptedDocumentTypes?.length) {
        this.#needed = [...new Set([...this.#needed, ...error.acceptedDocumentTypes])];
        const labels = error.acceptedDocumentTypes.map((type) => docLabel((key) => this.t(key), type));
        // "A, B or C" as the language writes a list, not English commas (a malformed tag gets English)
        const list = (tag: string) => new Intl.ListFormat(tag, { type: 'disjunction' }).format(labels);
        let types: string;
        try {
          types = list(this.resolvedLocale);
        } catch {
          types = list('en');
        }
        this.fieldErrors.set(DOCUMENT, this.t('kyc.doc.missing', { types }));
      } else if (error.type.endsWith('_DOCUMENT') || error.type === 'DOCUMENT_VERIFICATION_FAILED') {
        this.#replaceId = error.resourceId;
        this.#uploaded = [];
        this.fieldErrors.set(DOCUMENT, this.t('kyc.doc.poor'));
      }
    }
    const type = this.values['documentType'];
    if (this.#needed.length && !(type && this.#needed.includes(type))) this.values['documentType'] = this.#needed[0]!;
  }
}
