import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import {
  PayError,
  cancelPasskeyCeremony,
  passkeyAutofillSupported,
  passkeysSupported,
  type SignInAccount,
  type SignInIdentifier,
  type SignInLookup,
  type SignInMethod,
} from '@paykit/crypto-core';
import type { OAuthPending, OAuthProviderConfig } from '../oauth-button/oauth-protocol.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { describeRegistrationError, type ErrorView } from '../shared/errors.js';
import { keyIcon } from '../shared/icons.js';
import { eventInit, PaySessionEvent, summarizeSession } from '../shared/events.js';
import { inputStyles, LightDomSlot } from '../shared/light-dom.js';
import type { PhoneField } from '../shared/phone-field.js';
import { registerMessages } from '../shared/i18n.js';
import { PaySignInCompleteEvent, PaySignInMethodEvent, type PaySignInMethodType } from './sign-in-events.js';
import './sign-in.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { signInMessages } from './sign-in.messages.js';
import { signInStyles } from './sign-in.styles.js';

registerMessages('en', signInMessages);

type Phase = 'identify' | 'looking-up' | 'unknown' | 'method' | 'choose' | 'add-passkey' | 'signed-in';

/** An OAuth provider `<pay-sign-in>` can offer: the configuration `<pay-oauth-button>` takes, and the issuer it matches. */
export interface SignInOAuthProvider extends OAuthProviderConfig {
  /** The issuer of the account's OAuth identities (`SignInOAuthMethod.issuer`) this provider signs in. */
  issuer: string;
}

/** The method elements, loaded on demand: `define/pay-sign-in` sets each to a dynamic `import()` of its define module. */
export interface SignInLoaders {
  otp?: () => Promise<unknown>;
  passkey?: () => Promise<unknown>;
  oauth?: () => Promise<unknown>;
  /** The phone field (`shared/phone-field.js`), loaded when the person picks "Use phone instead"; without it, email only. */
  phone?: () => Promise<{ PhoneField: typeof PhoneField }>;
}

const ISSUERS: Record<string, string> = {
  'https://accounts.google.com': 'google',
  'https://appleid.apple.com': 'apple',
  'https://login.microsoftonline.com': 'microsoft',
};

/** Each method's element, in the order methods are offered. */
const LOADER = { PASSKEY: 'passkey', EMAIL_OTP: 'otp', SMS_OTP: 'otp', OAUTH: 'oauth' } as const;
const ORDER = Object.keys(LOADER);
const TAG = { otp: 'pay-otp-login', passkey: 'pay-passkey-login', oauth: 'pay-oauth-button' } as const;

let nextId = 0;

/**
 * The whole sign-in screen: the person types an email address (or a phone number, "Use phone instead":
 * country list, E.164; `identifiers` says which the platform signs in with), the platform's lookup says which account that is and how it signs in, and the
 * element offers those methods: a passkey first where the browser has WebAuthn, then an email or text
 * message code, then OAuth providers, with "Use another method" listing the rest and "Edit" going back
 * to the identifier. Each method is the existing element (`<pay-passkey-login>`, `<pay-otp-login>`,
 * `<pay-oauth-button>`), rendered in the element's light DOM (so code and passkey autofill see the
 * inputs) and loaded with a dynamic `import()` only when it is shown: the first method right after the
 * lookup, the others once the person opens "Use another method" (`PaySignInElement.loaders`, set by
 * `define/pay-sign-in` or the React wrapper: `setDefaultSignInLoaders`). An email or text code is sent as soon as that
 * method is shown; an OAuth provider or passkey picked in "Use another method" starts at once (one press).
 * What a person typed (or autofill filled) is never replaced: the email and phone fields stay once rendered.
 * After a code sign-in, where the browser has passkeys, it offers "Add a passkey for
 * faster sign-in" with "Not now" (`no-passkey-prompt` turns that off): its own button, which calls
 * `client.registerPasskey` inside the click (nothing awaited first, Safari's gesture rule), so the offer
 * loads no method element.
 *
 * Where popups are blocked, OAuth takes the whole page to the provider (`<pay-oauth-button>`'s redirect
 * fallback). When the element connects with the fallback's pending request in `sessionStorage`, it goes
 * straight to that provider's button, which takes the callback's answer and signs in (or shows why not);
 * the identifier is not known then, so instead of it and "Edit" there is "Use another email".
 *
 * The lookup is the platform's (it knows its users): the `lookup` property (a `SignInLookup`) or, without
 * it, a JSON `POST` of `{ email }` or `{ phone }` to `lookup-url` answering a `SignInAccount` (404, or an
 * answer without `accountId`, is no account). `@paykit/proxy`'s `createSignInLookup` serves that URL.
 * The identifier stays in the element: it is never put in an event, a URL or web storage.
 *
 * With `modal` the element is a native `<dialog>` (`open`, `show()`, `close()`): the page behind is
 * inert, Escape and a click on the backdrop close it, and under 480px wide it is a bottom sheet.
 * With `passkey-auth-method-id` (the passkey AuthMethod id the platform remembers for this device),
 * where the browser offers passkeys in autofill, the identifier input (`autocomplete="username webauthn"`)
 * offers that passkey at once.
 *
 * @summary Complete sign-in: identifier, account lookup, passkey, email or SMS code and OAuth, inline or in a dialog.
 *
 * @event {PaySignInMethodEvent} pay-sign-in-method - A method was offered or chosen. `detail: { method, provider }`, never the identifier.
 * @event {PaySessionEvent} pay-session - Signed in (from the method's element, or the identifier's passkey autofill), before the optional add-passkey offer. `detail.session: { id, accountId, type, expiresAt }`.
 * @event {PayPasskeyRegisteredEvent} pay-passkey-registered - The add-passkey offer added a passkey. `detail: { authMethodId, nickname }` (a `CustomEvent` with that class's name and detail, not an instance of it).
 * @event {PaySignInCompleteEvent} pay-sign-in-complete - Finished, the add-passkey offer included: navigate on this one. `detail: { session, passkeyAdded }`.
 *
 * @slot brand - Above the title: the platform's logo and name.
 * @slot footer - Below everything: terms, privacy links.
 * @slot identifier - Reserved: the element renders the email or phone field here in light DOM.
 * @slot method - Reserved: the element renders the chosen method's element here in light DOM.
 *
 * @csspart dialog - The `<dialog>` (with `modal`).
 * @csspart base - The surface around everything.
 * @csspart title - "Sign in".
 * @csspart button - Every button.
 * @csspart close-button - The dialog's close button.
 * @csspart continue-button - "Continue" after the identifier.
 * @csspart toggle-button - "Use phone instead" / "Use email instead".
 * @csspart identifier - The identifier once entered, beside "Edit".
 * @csspart edit-button - "Edit".
 * @csspart another-button - "Use another method".
 * @csspart methods - The list of methods to choose from.
 * @csspart method-button - One method in that list.
 * @csspart add-passkey-button - "Create a passkey" on the add-passkey prompt.
 * @csspart not-now-button - "Not now" on the add-passkey prompt.
 * @csspart error - The error box.
 * @csspart success - The signed-in message.
 *
 * @cssstate identify - Asking for the email or phone number.
 * @cssstate looking-up - The lookup is running.
 * @cssstate unknown - No account for the identifier: the field stays as typed, editable, with the alert below it.
 * @cssstate method - A method is shown.
 * @cssstate choose - "Use another method": the list of methods.
 * @cssstate add-passkey - Offering to add a passkey after a code sign-in.
 * @cssstate signed-in - Done.
 * @cssstate error - An error is shown.
 */
export class PaySignInElement extends PayElement {
  static override styles = [...PayElement.styles, signInStyles];

  /**
   * Static: how to load each method's element. `define/pay-sign-in` (and the React wrapper) set dynamic
   * `import()`s of the define modules (`setDefaultSignInLoaders`), so that code is fetched only when an
   * account has that method; without a loader the element waits until the page registers the tag.
   */
  static loaders: SignInLoaders = {};

  static override properties: PropertyDeclarations = {
    lookup: { attribute: false },
    lookupUrl: { attribute: 'lookup-url' },
    oauthProviders: { attribute: false },
    defaultCountry: { attribute: 'default-country' },
    passkeyAuthMethodId: { attribute: 'passkey-auth-method-id' },
    noPasskeyPrompt: { type: Boolean, attribute: 'no-passkey-prompt' },
    identifiers: {},
    modal: { type: Boolean, reflect: true },
    open: { type: Boolean, reflect: true },
  };

  /** The platform's identifier → account lookup. Wins over `lookup-url`. Not an attribute. */
  declare lookup: SignInLookup | undefined;

  /** Where to `POST` `{ email }` or `{ phone }` (JSON) for the `SignInAccount`, when `lookup` is not set. */
  declare lookupUrl: string | undefined;

  /** OAuth providers by name (`google`, or the platform's own), each with its issuer. Not an attribute. */
  declare oauthProviders: Record<string, SignInOAuthProvider> | undefined;

  /** ISO region the phone field starts with (`GB`); default the locale's region. */
  declare defaultCountry: string | undefined;

  /** A passkey (AuthMethod id) to offer in the identifier's autofill, where the browser supports it. */
  declare passkeyAuthMethodId: string | undefined;

  /** Do not offer to add a passkey after a code sign-in. */
  declare noPasskeyPrompt: boolean;

  /**
   * The identifiers the platform signs in with, space-separated: `email phone`
   * (default), `email` (no "Use phone instead"), `phone`. Phone needs `loaders.phone`.
   */
  declare identifiers: string;

  /** Show as a dialog (`show()`, `close()`, `open`). */
  declare modal: boolean;

  /** With `modal`: whether the dialog is open. */
  declare open: boolean;

  #phase: Phase = 'identify';
  #usePhone = false;
  #identifier: SignInIdentifier | undefined;
  #methods: SignInMethod[] = [];
  #method: SignInMethod | undefined;
  #viaOtp = false;
  #passkeyAdded = false;
  /** The add-passkey offer's registration is running. */
  #adding = false;
  #error: ErrorView | undefined;
  #emailError: 'signIn.emailMissing' | 'signIn.emailInvalid' | undefined;
  #lookups = 0;
  #autofillStarted = false;
  #resumeChecked = false;
  /** The provider of an OAuth sign-in resumed after the redirect fallback (no lookup, so no issuer). */
  #resumed: string | undefined;
  readonly #id = `pay-sign-in-${++nextId}`;

  /** The phone field, loaded the first time the person picks "Use phone instead" (its country table is ~2 kB). */
  #phone: PhoneField | undefined;

  constructor() {
    super();
    this.noPasskeyPrompt = this.modal = this.open = false;
    this.identifiers = 'email phone';
    // what a person typed is never replaced: each field, once rendered, stays (hidden while the other one
    // is used, unslotted while a method is shown), so "Edit" and "Use email instead" find what was typed
    new LightDomSlot(this, 'identifier', () => this.#renderIdentifier(), inputStyles);
    new LightDomSlot(this, 'method', () => this.#renderMethod(), inputStyles);
    this.addEventListener('pay-session', this.#onSession);
  }

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  /** Opens the dialog (`modal`). */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog (`modal`). */
  close(): void {
    this.open = false;
  }

  /** Back to the identifier, keeping what was typed. */
  edit(): void {
    this.#lookups++;
    this.#phase = 'identify';
    this.#error = this.#method = undefined;
    this.#autofillStarted = false;
    this.#focusAfter(() => this.#identifierInput);
  }

  override focus(options?: FocusOptions): void {
    (this.#identifierInput ?? this.renderRoot.querySelector<HTMLElement>('button'))?.focus(options);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopAutofill();
  }

  get #identifierInput(): HTMLInputElement | null {
    return this.#editable ? (this.#usePhone ? (this.#phone?.input ?? null) : this.querySelector(`#${this.#id}`)) : null;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog && this.open !== dialog.open) {
      if (this.open) {
        dialog.showModal();
        this.focus();
      } else dialog.close();
    }
    // a platform that signs in by phone only starts on the phone field
    if (!this.#usePhone && !this.#offers('email') && PaySignInElement.loaders.phone) void this.#onToggle();
    if (!this.#resumeChecked && this.hasClient) {
      this.#resumeChecked = true;
      this.#resume();
    }
    if (this.#phase === 'identify' && !this.#autofillStarted && this.passkeyAuthMethodId && this.hasClient)
      this.#startAutofill(this.passkeyAuthMethodId);
  }

  /** The identifier can be typed: asking for it, looking it up, or no account for it (fix it and continue). */
  get #editable(): boolean {
    return this.#phase === 'identify' || this.#phase === 'looking-up' || this.#phase === 'unknown';
  }

  protected override render(): unknown {
    const body = html`<div part="base" class="base">
      <div class="head">
        <slot name="brand"></slot>
        ${
          this.modal
            ? html`<button part="button close-button" class="button button--link" type="button" @click=${this.close}>
                ${this.t('signIn.close')}
              </button>`
            : nothing
        }
      </div>
      <h2 part="title" class="title">
        ${this.#phase === 'add-passkey' ? this.t('signIn.addPasskey') : this.t('signIn.title')}
      </h2>
      ${this.#renderBody()} ${this.renderErrorBox(this.#error)}
      <slot name="footer"></slot>
      ${this.live.render()}
    </div>`;
    if (!this.modal) return body;
    return html`<dialog
      part="dialog"
      aria-label=${this.t('signIn.title')}
      @close=${this.#onDialogClose}
      @click=${this.#onDialogClick}
    >
      ${body}
    </dialog>`;
  }

  #renderBody(): unknown {
    const phase = this.#phase;
    if (phase === 'signed-in') return this.renderSuccess(this.t('signIn.signedIn'));
    if (phase === 'add-passkey') {
      const adding = this.#adding;
      return html`<p class="text">${this.t('signIn.addPasskeyText')}</p>
        <button
          part="button add-passkey-button"
          class="button button--primary button--block"
          type="button"
          aria-busy=${adding ? 'true' : 'false'}
          @click=${this.#onAddPasskey}
        >
          ${adding ? html`<span class="spinner" aria-hidden="true"></span>` : keyIcon}<span
            >${this.t('signIn.createPasskey')}</span
          >
        </button>
        ${adding ? html`<p class="text">${this.t('signIn.waiting')}</p>` : nothing}
        <button part="button not-now-button" class="button button--link" type="button" @click=${this.#done}>
          ${this.t('signIn.notNow')}
        </button>`;
    }
    if (this.#editable) {
      const busy = phase === 'looking-up';
      return html`<slot name="identifier"></slot>
        ${
          phase === 'unknown'
            ? html`<p part="error" class="alert" role="alert">
                ${this.#account ? this.t('signIn.noMethod') : this.t('signIn.unknown')}
              </p>`
            : nothing
        }
        <button
          part="button continue-button"
          class="button button--primary button--block"
          type="button"
          aria-busy=${busy ? 'true' : 'false'}
          @click=${this.#onContinue}
        >
          ${busy ? html`<span class="spinner" aria-hidden="true"></span>${this.t('signIn.checking')}` : this.t('signIn.continue')}
        </button>
        ${
          PaySignInElement.loaders.phone && this.#offers('email') && this.#offers('phone')
            ? html`<button
                part="button toggle-button"
                class="button button--link"
                type="button"
                @click=${this.#onToggle}
              >
                ${this.#usePhone ? this.t('signIn.useEmail') : this.t('signIn.usePhone')}
              </button>`
            : nothing
        }`;
    }
    const who = this.#identifier;
    const others = this.#methods.filter((m) => m !== this.#method);
    // back from the OAuth redirect the identifier is not known: no "who", a way back to it instead
    return html`<p class="who">
        ${who ? html`<strong part="identifier">${'email' in who ? who.email : who.phone}</strong>` : nothing}
        <button part="button edit-button" class="button button--link" type="button" @click=${this.edit}>
          ${this.t(who ? 'signIn.edit' : 'signIn.useAnotherEmail')}
        </button>
      </p>
      ${
        phase === 'choose'
          ? html`<p class="text" id="${this.#id}l">${this.t('signIn.choose')}</p>
              <ul part="methods" class="methods" aria-labelledby="${this.#id}l">
                ${this.#methods.map(
                  (m) =>
                    html`<li>
                      <button
                        part="button method-button"
                        class="button button--secondary button--block"
                        type="button"
                        @click=${() => void this.#choose(m, true)}
                      >
                        ${this.#label(m)}
                      </button>
                    </li>`,
                )}
              </ul>`
          : html`<slot name="method"></slot> ${
                others.length
                  ? html`<button
                      part="button another-button"
                      class="button button--link"
                      type="button"
                      @click=${this.#onAnother}
                    >
                      ${this.t('signIn.another')}
                    </button>`
                  : nothing
              }`
      }`;
  }

  #account: SignInAccount | undefined;

  #offers(identifier: string): boolean {
    return this.identifiers.split(' ').includes(identifier);
  }

  #renderIdentifier(): unknown {
    const phone = !!this.#phone && this.#usePhone;
    return html`${
      this.#offers('email') ? html`<div class="pay-field" ?hidden=${phone}>${this.#renderEmail()}</div>` : nothing
    }${this.#phone ? html`<div class="pay-field" ?hidden=${!phone}>${this.#phone.render()}</div>` : nothing}`;
  }

  #renderEmail(): unknown {
    const id = this.#id;
    const error = this.#emailError && this.t(this.#emailError);
    return html`<label class="pay-field__label" for=${id}>${this.t('signIn.emailLabel')}</label>
      <input
        id=${id}
        class="pay-field__input"
        type="email"
        name="username"
        autocomplete="username webauthn"
        autocapitalize="off"
        spellcheck="false"
        aria-describedby="${id}e"
        aria-invalid=${error ? 'true' : 'false'}
        @input=${this.#onEmailInput}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), this.#onContinue())}
      />
      <p class="pay-field__error" id="${id}e">${error ?? ''}</p>`;
  }

  #renderMethod(): unknown {
    const m = this.#method;
    const client = this.client;
    const locale = this.locale;
    if (this.#phase !== 'method' || !m) return nothing;
    if (m.type === 'PASSKEY')
      return html`<pay-passkey-login
        appearance="flat"
        .client=${client}
        .locale=${locale}
        .theme=${this.theme}
        auth-method-id=${m.authMethodId}
      ></pay-passkey-login>`;
    if (m.type === 'OAUTH') {
      const provider = this.#resumed ?? this.#provider(m.issuer);
      return html`<pay-oauth-button
        appearance="flat"
        .client=${client}
        .locale=${locale}
        .theme=${this.theme}
        .config=${this.oauthProviders?.[provider]}
        provider=${provider}
        auth-method-id=${m.authMethodId}
      ></pay-oauth-button>`;
    }
    return html`<pay-otp-login
      appearance="flat"
      .client=${client}
      .locale=${locale}
      .theme=${this.theme}
      auth-method-id=${m.authMethodId}
      channel=${m.type === 'SMS_OTP' ? 'sms' : 'email'}
      destination=${m.destination ?? nothing}
    ></pay-otp-login>`;
  }

  #provider(issuer: string | undefined): string {
    const own = Object.entries(this.oauthProviders ?? {}).find(([, p]) => p.issuer === issuer)?.[0];
    return own ?? ISSUERS[issuer ?? ''] ?? '';
  }

  #label(m: SignInMethod): string {
    if (m.type === 'PASSKEY') return this.t('signIn.passkey');
    if (m.type === 'OAUTH') {
      const name = this.#provider(m.issuer);
      const provider = this.oauthProviders?.[name]?.displayName ?? name.charAt(0).toUpperCase() + name.slice(1);
      return this.t('signIn.oauth', { provider });
    }
    const sms = m.type === 'SMS_OTP';
    const destination = m.destination;
    if (destination) return this.t(sms ? 'signIn.sms' : 'signIn.email', { destination });
    return this.t(sms ? 'signIn.smsAnon' : 'signIn.emailAnon');
  }

  readonly #onEmailInput = (): void => {
    if (!this.#emailError && this.#phase !== 'unknown') return;
    this.#emailError = undefined;
    if (this.#phase === 'unknown') this.#phase = 'identify';
    this.requestUpdate();
  };

  readonly #onToggle = async (event?: Event): Promise<void> => {
    this.#usePhone = !this.#usePhone;
    this.#emailError = this.#error = undefined;
    if (!this.#phone) {
      const { PhoneField } = await PaySignInElement.loaders.phone!();
      this.#phone ??= new PhoneField(this, {
        t: (key, params) => this.t(key, params),
        locale: () => this.resolvedLocale,
        defaultCountry: () => this.defaultCountry,
        announce: (text) => this.live.announce(text),
        onSubmit: (phone) => void this.#find({ phone }),
      });
    }
    // a click moves focus to the other field; the phone-only start (no event) leaves focus where it is
    if (event) this.#focusAfter(() => this.#identifierInput);
    else this.requestUpdate();
  };

  readonly #onContinue = (): void => {
    if (this.#phase !== 'identify' && this.#phase !== 'unknown') return;
    // phone only, its field still loading: nothing to submit yet
    if (this.#usePhone) return this.#phone?.submit();
    const input = this.querySelector<HTMLInputElement>(`#${this.#id}`);
    const email = input?.value.trim() ?? '';
    this.#emailError = !email
      ? 'signIn.emailMissing'
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
        ? undefined
        : 'signIn.emailInvalid';
    this.requestUpdate();
    if (!this.#emailError) return void this.#find({ email });
    this.live.announce(this.t(this.#emailError));
    input?.focus();
  };

  readonly #onAnother = (): void => {
    this.#phase = 'choose';
    this.#error = undefined;
    // the list is up: fetch the other methods' elements while the person reads it (a failure shows on choosing)
    for (const m of this.#methods) this.#load(m.type).catch(() => undefined);
    this.#focusAfter(() => this.renderRoot.querySelector('[part~="method-button"]'));
  };

  readonly #onDialogClose = (): void => {
    this.open = false;
  };

  readonly #onDialogClick = (event: MouseEvent): void => {
    // a click on the dialog itself, outside the surface, is on the backdrop
    if (event.target === event.currentTarget) this.close();
  };

  async #find(identifier: SignInIdentifier): Promise<void> {
    const lookup = ++this.#lookups;
    this.#stopAutofill();
    this.#resumed = undefined;
    this.#identifier = identifier;
    this.#phase = 'looking-up';
    this.#error = undefined;
    this.requestUpdate();
    let account: SignInAccount | undefined;
    try {
      account = await (this.lookup ?? this.#fetchLookup)(identifier);
    } catch (error) {
      if (lookup !== this.#lookups) return;
      this.#phase = 'identify';
      this.#error = this.reportError(error);
      this.#focusAfter(() => this.renderRoot.querySelector('[part~="continue-button"]'));
      return;
    }
    if (lookup !== this.#lookups) return;
    this.#account = account?.accountId ? account : undefined;
    const passkeys = passkeysSupported();
    this.#methods = (this.#account?.methods ?? [])
      .filter(
        (m) =>
          m.type in LOADER && (m.type !== 'PASSKEY' || passkeys) && (m.type !== 'OAUTH' || this.#provider(m.issuer)),
      )
      .sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
    const first = this.#methods[0];
    if (!first) {
      // the field stays as typed and editable, with focus, to fix it and continue (the alert is announced)
      this.#phase = 'unknown';
      this.#focusAfter(() => this.#identifierInput);
      return;
    }
    // only the first method's element loads now; the others when the person asks for another method
    await this.#choose(first);
  }

  /**
   * Back from the OAuth redirect fallback (its pending record is in sessionStorage): straight to that
   * provider's `<pay-oauth-button>`, which takes the answer and signs in (or shows why not).
   */
  #resume(): void {
    let pending: OAuthPending | undefined;
    try {
      // oauth-protocol.ts's PENDING_KEY: read here without the protocol, which loads with the button
      pending = JSON.parse(sessionStorage.getItem('paykit:oauth:pending')!) as OAuthPending | undefined;
    } catch {
      // no storage, or not JSON: nothing to resume
    }
    if (!pending?.provider || this.#phase !== 'identify') return;
    this.#resumed = pending.provider;
    this.#methods = [];
    this.#phase = 'method';
    if (this.modal) this.open = true;
    void this.#choose({ type: 'OAUTH', authMethodId: pending.authMethodId });
  }

  readonly #fetchLookup = async (identifier: SignInIdentifier): Promise<SignInAccount | undefined> => {
    if (!this.lookupUrl) throw new PayError('NO_LOOKUP', 'Set the lookup property or the lookup-url attribute');
    const response = await fetch(this.lookupUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // fetch's default credentials ('same-origin') carry the platform's cookies to its own lookup
      body: JSON.stringify(identifier),
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new PayError('LOOKUP_FAILED', `Lookup answered ${response.status}`);
    return (await response.json()) as SignInAccount | undefined;
  };

  #load(type: SignInMethod['type']): Promise<unknown> {
    const kind = LOADER[type];
    return PaySignInElement.loaders[kind]?.() ?? customElements.whenDefined(TAG[kind]);
  }

  /**
   * Shows method `m`: an email or text code is sent at once; a method the person `picked` from "Use
   * another method" that needs no input (OAuth, passkey) starts at once, so one press signs in (the
   * press's user activation still allows the provider's popup).
   */
  async #choose(m: SignInMethod, picked = false): Promise<void> {
    const lookup = this.#lookups;
    this.#error = undefined;
    try {
      await this.#load(m.type);
    } catch (error) {
      this.#error = this.reportError(error);
      this.requestUpdate();
      return;
    }
    if (lookup !== this.#lookups) return;
    this.#method = m;
    this.#phase = 'method';
    this.#viaOtp = m.type === 'EMAIL_OTP' || m.type === 'SMS_OTP';
    const provider = m.type === 'OAUTH' ? (this.#resumed ?? this.#provider(m.issuer)) : undefined;
    this.dispatchEvent(new PaySignInMethodEvent(m.type, provider));
    this.requestUpdate();
    await this.updateComplete;
    const child = this.querySelector<
      HTMLElement & { sendCode?: () => Promise<void>; updateComplete?: Promise<unknown> }
    >('[slot="method"] > *');
    await child?.updateComplete;
    if (this.#method !== m || this.#phase !== 'method') return; // the person moved on meanwhile
    // a code is sent at once: the person chose this method (or it is the account's only one)
    if (child?.sendCode) return child.sendCode();
    const button = child?.shadowRoot?.querySelector('button');
    (button ?? child)?.focus();
    if (picked) button?.click();
  }

  readonly #onSession = (event: Event): void => {
    if (event.target === this || this.#phase !== 'method') return;
    if (this.#viaOtp && !this.noPasskeyPrompt && passkeysSupported()) {
      this.#phase = 'add-passkey';
      this.#method = undefined;
      this.live.announce(this.t('signIn.addPasskey'));
      this.#focusAfter(() => this.renderRoot.querySelector('[part~="add-passkey-button"]'));
    } else this.#done();
  };

  /**
   * "Create a passkey" on the offer: the client's ceremony starts inside the click, before anything is
   * awaited, so the browser still sees the person's gesture (one press adds the passkey).
   */
  readonly #onAddPasskey = (): void => {
    if (this.#adding) return;
    const who = this.#identifier;
    let run: Promise<{ id: string; nickname?: string }>;
    try {
      run = this.requireClient().registerPasskey({ userName: who ? ('email' in who ? who.email : who.phone) : '' });
    } catch (error) {
      run = Promise.reject(error);
    }
    this.#adding = true;
    this.#error = undefined;
    this.requestUpdate();
    void run.then(
      (added) => {
        this.#adding = false;
        if (this.#phase !== 'add-passkey') return;
        this.#passkeyAdded = true;
        // `<pay-passkey-login>`'s event (PayPasskeyRegisteredEvent's name and detail), made here so its
        // module, shared with that element's chunk, is not a chunk of its own on every sign-in
        this.dispatchEvent(
          new CustomEvent('pay-passkey-registered', eventInit({ authMethodId: added.id, nickname: added.nickname })),
        );
        this.#done();
      },
      (error: unknown) => {
        this.#adding = false;
        if (this.#phase !== 'add-passkey') return;
        this.#error = this.report(describeRegistrationError(error));
        this.requestUpdate();
      },
    );
  };

  readonly #done = (): void => {
    // "Not now" while the offer's ceremony runs: it ends quietly
    if (this.#adding) cancelPasskeyCeremony();
    this.#phase = 'signed-in';
    this.#method = undefined;
    this.live.announce(this.t('signIn.signedIn'));
    // the session the sign-in made (the client's: an add-passkey does not change it)
    const session = this.hasClient && this.requireClient().session;
    if (session) this.dispatchEvent(new PaySignInCompleteEvent(summarizeSession(session), this.#passkeyAdded));
    this.#focusAfter(() => this.renderRoot.querySelector('[part~="success"]'));
  };

  #focusAfter(target: () => Element | null | Promise<Element | null>): void {
    this.requestUpdate();
    void this.updateComplete.then(async () => ((await target()) as HTMLElement | null)?.focus());
  }

  /** Passkey autofill on the identifier input: a conditional request for the passkey the platform named. */
  #startAutofill(authMethodId: string): void {
    this.#autofillStarted = true;
    void passkeyAutofillSupported().then(async (supported) => {
      if (!supported || this.#phase !== 'identify') return;
      try {
        const session = await this.requireClient().loginWithPasskey({ authMethodId, conditional: true });
        this.dispatchEvent(new PaySignInMethodEvent('PASSKEY'));
        this.dispatchEvent(new PaySessionEvent(summarizeSession(session)));
        this.#done();
      } catch {
        // not used, cancelled by Continue, or failed: the identifier path still works
      }
    });
  }

  #stopAutofill(): void {
    if (this.#autofillStarted && this.#phase === 'identify') cancelPasskeyCeremony();
  }
}
