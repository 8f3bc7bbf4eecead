/**
 * `<pay-auth-methods>`: the sign-in methods (credentials) of the signed-in wallet, as the account page
 * of a wallet shows them. Lists them (`GET /auth/credentials`) with the one this session was made by
 * marked; adds a passkey, an email code, a text-message code or a sign-in provider (OAuth) as signed
 * retries (`client.registerPasskey`, `addCredential(client, …)`); an added code credential is verified in
 * place with its code (`client.loginWithOtp`: verifying issues a session, which becomes this page's,
 * so the new method is then the one in use); removes a credential (`removeCredential(client, …)`) after a
 * confirmation. The service only accepts a removal signed by a session of a *different* credential and
 * keeps at least one: the element says so before calling it. The service has no rename endpoint
 * (the OpenAPI declares no PATCH on `/auth/credentials/{id}`), so nicknames are shown, not edited.
 * A text-message method sends its codes to the customer's phone number: the element sets the number the
 * person types on the customer (`updateCustomerContact`, a signed retry), then adds the method, so it is
 * offered only with `customer-id`. The code step (the code field and its check, auth-methods-code.ts) is
 * loaded with a dynamic `import()` the first time a code method is added.
 *
 * @example
 *   <pay-auth-methods user-name="ana@example.com" customer-id="Customer:…"></pay-auth-methods>
 *   el.getOidcToken = () => google.accounts.id.prompt(…); // offers "Sign-in provider"
 */
import { html, nothing, type PropertyDeclarations } from 'lit';
import {
  addCredential,
  listCredentials,
  removeCredential,
  updateCustomerContact,
  type AuthMethod,
  type OtpChallenge,
  type WalletClient,
} from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { confirmRow } from '../shared/confirm-row.js';
import { credentialTypeKey, formatTime } from '../shared/account-format.js';
import { Action } from '../shared/action.js';
import type { AuthMethodsCodeStep } from './auth-methods-code.js';
import { describeError, describeRegistrationError, type ErrorView } from '../shared/errors.js';
import { SessionLoad } from '../shared/keyed-load.js';
import { PayCredentialAddedEvent, PayCredentialRemovedEvent } from './auth-methods-events.js';
import type { MessageKey } from '../shared/i18n.js';
import { inputStyles, LightDomSlot } from '../shared/light-dom.js';
import { PhoneField } from '../shared/phone-field.js';
import { itemListStyles } from '../shared/item-list.styles.js';
import { authMethodsStyles } from './auth-methods.styles.js';
import './auth-methods.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { authMethodsMessages } from './auth-methods.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', authMethodsMessages);

type Panel = 'confirm-remove' | 'add-phone' | 'add-passkey' | 'verify';
type Phase = 'loading' | 'ready' | 'confirm-remove' | 'add-phone' | 'add-passkey' | 'verify' | 'signed-out';
type AddKind = 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY' | 'OAUTH';

let nextId = 0;

/** A phone number with all but its last four digits hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `•••• ${digits.slice(-4)}` : phone;
}

/**
 * Lists, adds and removes the wallet's sign-in methods.
 *
 * @summary Sign-in methods: list, add (passkey, email, SMS, provider), verify, remove.
 *
 * @event {PayCredentialAddedEvent} pay-credential-added - A method was added. `detail: { authMethodId, type, verified }` (`verified` false: a code method waits for its code; it is dispatched again with true once verified).
 * @event {PayCredentialRemovedEvent} pay-credential-removed - A method was removed. `detail: { authMethodId, type }`.
 *
 * @property {string | undefined} userName - The name a new passkey is created for (shown by the authenticator). Default: the email method's address.
 * @property {(() => Promise<string>) | undefined} getOidcToken - Returns a fresh OIDC ID token from the platform's identity provider; when set, "Sign-in provider" is offered. Not an attribute.
 * @property {string | undefined} customerId - The customer whose phone number a text-message method uses; without it, no text-message method is offered. Attribute `customer-id`.
 * @attr {string} default-country - ISO code of the country the phone number form starts with (`GB`). Default: the region of the element's locale (`en-GB`), else none.
 *
 * @slot code-input - Reserved: the verification code field of an added code method, in light DOM (autofill sees it).
 * @slot field-input - Reserved: the country list and phone number field of a text-message method (in light DOM, so autofill sees it) or the new passkey's name.
 *
 * @csspart base - The surface around everything.
 * @csspart title - The heading.
 * @csspart list - The list of methods.
 * @csspart method - One method row.
 * @csspart in-use-badge - The "In use" badge of the method this session was made by.
 * @csspart button - Every button.
 * @csspart remove-button - "Remove" on a row.
 * @csspart confirm - The removal confirmation.
 * @csspart confirm-remove-button - "Remove" in the confirmation.
 * @csspart cancel-button - "Cancel" in a confirmation or form.
 * @csspart notice - Why a removal was refused before calling the service.
 * @csspart add - The "Add a sign-in method" section.
 * @csspart add-button - Each "Add …" button.
 * @csspart passkey-unsupported - "Passkeys aren't available in this browser", instead of the passkey button.
 * @csspart submit-button - The submit button of a form (create passkey, send code, verify).
 * @csspart error - The error box.
 * @csspart success - The last change, confirmed.
 *
 * @cssstate loading - The list is being fetched.
 * @cssstate ready - The list is shown.
 * @cssstate confirm-remove - A removal waits for confirmation.
 * @cssstate add-phone - The phone number form is open.
 * @cssstate add-passkey - The passkey form is open.
 * @cssstate verify - An added code method waits for its code.
 * @cssstate busy - A request is running.
 * @cssstate signed-out - There is no session.
 * @cssstate error - An error is shown.
 */
export class PayAuthMethodsElement extends PayElement {
  static override styles = [...PayElement.styles, itemListStyles, authMethodsStyles];

  static override properties: PropertyDeclarations = {
    userName: { attribute: 'user-name' },
    customerId: { attribute: 'customer-id' },
    getOidcToken: { attribute: false },
  };

  /** The customer whose phone number a text-message method uses; without it, none is offered. */
  declare customerId: string | undefined;

  /** The name a new passkey is created for (shown by the authenticator). Default: the email method's address. */
  declare userName: string | undefined;

  /**
   * Returns a fresh OIDC ID token from the platform's identity provider; when set, "Sign-in provider"
   * is offered. Not an attribute.
   */
  declare getOidcToken: (() => Promise<string>) | undefined;

  #credentials: AuthMethod[] = [];
  #loaded = false;
  #phase: Panel | undefined;
  #notice: MessageKey | undefined;
  #target: AuthMethod | undefined;
  #challenge: OtpChallenge | undefined;
  readonly #fieldId = `pay-field-${++nextId}`;

  /** The code step (its field and check), loaded the first time a code method is added. */
  #code: AuthMethodsCodeStep | undefined;

  readonly #phone: PhoneField = new PhoneField(this, {
    t: (key, params) => this.t(key, params),
    locale: () => this.resolvedLocale,
    defaultCountry: () => this.getAttribute('default-country') ?? undefined,
    announce: (text) => this.live.announce(text),
    // the service sends an SMS method's codes to the customer's number: it is set first, then the method added
    onSubmit: (phoneNumber) => void this.#addOtp({ type: 'SMS_OTP' }, phoneNumber),
  });

  /** The methods, read again when the client or its account changes. */
  readonly #load = new SessionLoad(this, {
    key: (session) => [session?.accountId],
    read: (client) => listCredentials(client),
    apply: (credentials) => {
      if (!credentials) return;
      this.#credentials = credentials;
      this.#loaded = true;
      if (!this.#action.busy) this.#action.error = undefined;
    },
    fail: (error) => void (this.#action.error = this.reportError(error)),
  });

  /** One change at a time, with the buttons disabled; a failure is shown in the error box. */
  readonly #action = new Action<boolean>(this);

  /** Runs one change (the notice goes with the last error and success). */
  #run(change: (client: WalletClient) => Promise<void>, report?: (error: unknown) => ErrorView): Promise<void> {
    this.#notice = undefined;
    return this.#action.run(change, true, report) as Promise<void>;
  }

  constructor() {
    super();
    new LightDomSlot(
      this,
      'field-input',
      () =>
        this.#phase === 'add-phone'
          ? this.#phone.render()
          : this.#phase === 'add-passkey'
            ? this.#renderNickname()
            : nothing,
      inputStyles,
    );
  }

  protected override get states(): PayStates {
    return [this.#phaseNow, !!this.#action.busy && 'busy', !!(this.#action.error || this.#code?.hasError) && 'error'];
  }

  get #phaseNow(): Phase {
    if (!this.#load.session) return 'signed-out';
    if (this.#phase) return this.#phase;
    return this.#loaded ? 'ready' : 'loading';
  }

  /** The words a row shows for a method: its email, masked phone, provider account or passkey name. */
  #describe(method: AuthMethod | undefined): string {
    const nickname = method?.nickname ?? '';
    return method?.type === 'SMS_OTP' ? maskPhone(nickname) : nickname;
  }

  #label(method: AuthMethod): string {
    const detail = this.#describe(method);
    const type = this.t(credentialTypeKey(method.type));
    return detail ? this.t('authMethods.methodLabel', { type, detail }) : type;
  }

  // ---- remove -------------------------------------------------------------------------------------

  #askRemove(method: AuthMethod): void {
    this.#action.success = this.#action.error = undefined;
    // the service's rules, said before calling it: one method must remain, and a removal is signed
    // by a session of another method
    const refusal: MessageKey | undefined =
      this.#credentials.length <= 1
        ? 'authMethods.lastOne'
        : method.id === this.#load.session?.authMethodId
          ? 'authMethods.inUse'
          : undefined;
    if (refusal) {
      this.#notice = refusal;
      this.live.announce(this.t(refusal));
      this.requestUpdate();
      return;
    }
    this.#notice = undefined;
    this.#target = method;
    this.#open('confirm-remove');
  }

  #remove = (): Promise<void> =>
    this.#run(async (client) => {
      const method = this.#target!;
      await removeCredential(client, method.id);
      this.#close();
      this.dispatchEvent(new PayCredentialRemovedEvent(method.id, method.type));
      this.#action.done(this.t('authMethods.removed', { method: this.#label(method) }));
      await this.#load.load();
    });

  // ---- add ----------------------------------------------------------------------------------------

  #open(phase: Panel): void {
    this.#phase = phase;
    if (phase === 'add-phone') this.#phone.reset();
    this.requestUpdate();
    void this.updateComplete.then(() => {
      (
        this.#phone.input ??
        this.querySelector<HTMLElement>(`#${this.#fieldId}`) ??
        this.renderRoot.querySelector<HTMLElement>('.panel button')
      )?.focus();
    });
  }

  #close = (): void => {
    const from = this.#phase;
    this.#phase = undefined;
    this.#target = undefined;
    this.#challenge = undefined;
    if (this.#code) this.#code.visible = false;
    this.requestUpdate();
    if (from)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('button:enabled')?.focus());
  };

  #addEmail = (): Promise<void> => this.#addOtp({ type: 'EMAIL_OTP' });

  #addOtp(body: { type: 'EMAIL_OTP' | 'SMS_OTP' }, phoneNumber?: string): Promise<void> {
    // the code step is fetched while the method is added (a chunk of its own for a bundler that splits)
    const step = this.#loadCodeStep();
    step.catch(() => undefined); // a failed fetch is reported below, once awaited
    return this.#run(async (client) => {
      if (phoneNumber) await updateCustomerContact(client, { customerId: this.customerId!, phoneNumber });
      const added = (await addCredential(client, body)) as AuthMethod & { otpEncryptionTargetBundle?: string };
      this.dispatchEvent(new PayCredentialAddedEvent(added.id, added.type, false));
      // the add answer carries the code's target bundle; when it does not, ask for a code
      this.#challenge = added.otpEncryptionTargetBundle
        ? (added as OtpChallenge)
        : await client.requestOtp({ authMethodId: added.id });
      const code = await step;
      this.#phase = 'verify';
      code.visible = true;
      code.reset();
      this.live.announce(this.t('authMethods.codeSent', { destination: this.#describe(added) }));
      await this.#load.load();
      await this.updateComplete;
      code.focus();
    });
  }

  async #loadCodeStep(): Promise<AuthMethodsCodeStep> {
    const { AuthMethodsCodeStep } = await import('./auth-methods-code.js');
    return (this.#code ??= new AuthMethodsCodeStep(this, {
      hint: () => this.t('authMethods.codeHint', { destination: this.#describe(this.#challenge) }),
      challenge: () => this.#challenge,
      busy: (busy) => {
        const was = this.#action.busy;
        this.#action.busy = busy;
        return !!was && busy;
      },
      verified: async (challenge) => {
        this.#close();
        this.dispatchEvent(new PayCredentialAddedEvent(challenge.id, challenge.type, true));
        this.#action.done(this.t('authMethods.verified', { method: this.#label(challenge) }));
        await this.#load.load();
      },
    }));
  }

  /** Starts the WebAuthn ceremony inside the click (Safari's gesture rule): nothing is awaited first. */
  #createPasskey = (event?: Event): void => {
    event?.preventDefault();
    const nickname = this.querySelector<HTMLInputElement>(`#${this.#fieldId}`)?.value.trim();
    const userName = this.userName ?? this.#credentials.find((c) => c.type === 'EMAIL_OTP')?.nickname ?? 'Paykit';
    void this.#run(
      async (client) => {
        const added = await client.registerPasskey({
          userName,
          ...(nickname ? { nickname } : {}),
          excludeCredentialIds: this.#credentials.flatMap((c) => (c.credentialId ? [c.credentialId] : [])),
        });
        this.#close();
        this.dispatchEvent(new PayCredentialAddedEvent(added.id, added.type, true));
        this.#action.done(this.t('authMethods.added', { method: this.#label(added) }));
        await this.#load.load();
      },
      (error) => this.report(describeRegistrationError(error)),
    );
  };

  #addOAuth = (): Promise<void> =>
    this.#run(async (client) => {
      const oidcToken = await this.getOidcToken!();
      const added = await addCredential(client, { type: 'OAUTH', oidcToken });
      this.dispatchEvent(new PayCredentialAddedEvent(added.id, added.type, true));
      this.#action.done(this.t('authMethods.added', { method: this.#label(added) }));
      await this.#load.load();
    });

  // ---- render -------------------------------------------------------------------------------------

  protected override render(): unknown {
    return html`<div part="base" class="base">
      <h2 part="title" class="title">${this.t('authMethods.title')}</h2>
      ${this.#renderBody()}
      ${this.#notice ? html`<p part="notice" class="alert" role="alert">${this.t(this.#notice)}</p>` : nothing}
      ${this.renderErrorBox(this.#action.error, this.#loaded ? {} : { retry: () => this.#load.load() })}
      ${this.#action.success ? this.renderSuccess(this.#action.success) : nothing} ${this.live.render()}
    </div>`;
  }

  #renderBody(): unknown {
    if (!this.hasClient) return html`<p class="text">${this.t('error.noClient')}</p>`;
    const phase = this.#phaseNow;
    if (phase === 'signed-out') return html`<p class="text">${this.t('error.noSession')}</p>`;
    if (phase === 'loading') return html`<p class="text">${this.t('authMethods.loading')}</p>`;
    return html`
      <ul part="list" class="list">
        ${this.#credentials.map((method) => this.#renderRow(method))}
      </ul>
      ${this.#renderPanel(phase)}
    `;
  }

  #renderRow(method: AuthMethod): unknown {
    const inUse = method.id === this.#load.session?.authMethodId;
    const created = formatTime(this.resolvedLocale, method.createdAt);
    const detail = this.#describe(method);
    return html`<li part="method" class="row">
      <div class="facts">
        <span class="name"
          >${this.t(credentialTypeKey(method.type))}${
            inUse ? html`<span part="in-use-badge" class="badge">${this.t('authMethods.inUseBadge')}</span>` : nothing
          }</span
        >
        ${detail ? html`<span class="meta">${detail}</span>` : nothing}
        ${created ? html`<span class="meta">${this.t('authMethods.created', { time: created })}</span>` : nothing}
      </div>
      <button
        part="button remove-button"
        class="button button--secondary"
        type="button"
        aria-label=${this.t('authMethods.removeLabel', { method: this.#label(method) })}
        ?disabled=${this.#action.busy || !!this.#phase}
        @click=${() => this.#askRemove(method)}
      >
        ${this.t('authMethods.remove')}
      </button>
    </li>`;
  }

  #renderPanel(phase: Phase): unknown {
    /** A panel: its content, a primary button (a form's submit when `submit`), and Cancel. */
    const panel = (content: unknown, label: MessageKey, action: (event?: Event) => unknown, part = 'submit-button') =>
      html`<form part=${phase === 'confirm-remove' ? 'confirm' : nothing} class="panel" @submit=${action}>
        ${content}
        <div class="actions">
          ${confirmRow(this.#action.busy, this.t(label), part, undefined, this.t('authMethods.cancel'), this.#close, ' cancel-button')}
        </div>
      </form>`;
    const stop = (then: () => unknown) => (event?: Event) => (event?.preventDefault(), then());
    switch (phase) {
      case 'confirm-remove':
        return panel(
          html`<p class="text">${this.t('authMethods.confirmRemove', { method: this.#label(this.#target!) })}</p>`,
          'authMethods.remove',
          stop(this.#remove),
          'confirm-remove-button',
        );
      case 'add-phone':
        return panel(
          html`<slot name="field-input"></slot>`,
          'otp.send',
          stop(() => this.#phone.submit()),
        );
      case 'add-passkey':
        return panel(html`<slot name="field-input"></slot>`, 'authMethods.createPasskey', this.#createPasskey);
      case 'verify':
        return panel(
          html`<slot name="code-input"></slot>`,
          'otp.verify',
          stop(() => this.#code?.submit()),
        );
      default:
        return this.#renderAdd();
    }
  }

  #renderAdd(): unknown {
    const has = (type: string): boolean => this.#credentials.some((c) => c.type === type);
    const button = (kind: AddKind, onClick: () => unknown) =>
      html`<button
        part="button add-button"
        class="button button--secondary"
        type="button"
        ?disabled=${this.#action.busy}
        @click=${onClick}
      >
        ${this.t(credentialTypeKey(kind))}
      </button>`;
    return html`<section part="add" class="panel" aria-labelledby="add-title">
      <h3 id="add-title">${this.t('authMethods.add')}</h3>
      <div class="actions">
        ${
          typeof PublicKeyCredential == 'function'
            ? button('PASSKEY', () => this.#open('add-passkey'))
            : html`<p part="passkey-unsupported" class="text">${this.t('error.passkeyUnsupported')}</p>`
        }
        ${has('EMAIL_OTP') ? nothing : button('EMAIL_OTP', this.#addEmail)}
        ${has('SMS_OTP') || !this.customerId ? nothing : button('SMS_OTP', () => this.#open('add-phone'))}
        ${this.getOidcToken ? button('OAUTH', this.#addOAuth) : nothing}
      </div>
    </section>`;
  }

  /** The new passkey's name (light DOM, beside the phone field's place). */
  #renderNickname(): unknown {
    return html`<div class="pay-field">
      <label class="pay-field__label" for=${this.#fieldId}>${this.t('authMethods.passkeyName')}</label>
      <input
        id=${this.#fieldId}
        class="pay-field__input"
        maxlength="64"
        autocomplete="off"
        value="Passkey"
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.#createPasskey(e)}
      />
    </div>`;
  }
}
