import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import {
  cancelPasskeyCeremony,
  passkeyAutofillSupported,
  passkeysSupported,
  type AuthMethod,
  type AuthSession,
} from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { describeRegistrationError, errorCode, type ErrorView } from '../shared/errors.js';
import { PayPasskeyRegisteredEvent } from './passkey-login-events.js';
import { PaySessionEvent, summarizeSession } from '../shared/events.js';
import { keyIcon } from '../shared/icons.js';
import { inputStyles, LightDomSlot } from '../shared/light-dom.js';
import { passkeyLoginStyles } from './passkey-login.styles.js';
import './passkey-login.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { passkeyLoginMessages } from './passkey-login.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', passkeyLoginMessages);

type Phase = 'idle' | 'pending' | 'signed-in' | 'registered' | 'unsupported';

let nextId = 0;

/**
 * Signs in with a passkey (`mode="login"`, `client.loginWithPasskey`) or adds one to the signed-in
 * account (`mode="register"`, `client.registerPasskey`). The ceremony starts inside the click handler,
 * with nothing awaited first, so Safari's user-gesture rule is met. With `conditional`, where the
 * browser offers passkeys in autofill, the element renders a light-DOM
 * `<input autocomplete="username webauthn">` and waits for the user to pick a passkey there. Where
 * WebAuthn is missing it says so instead of offering a button that cannot work. A pending ceremony is
 * cancelled when the element leaves the page.
 *
 * @summary Passkey sign-in (button or autofill) and passkey registration.
 *
 * @event {PaySessionEvent} pay-session - Signed in. `detail.session: { id, accountId, type, expiresAt }`.
 * @event {PayPasskeyRegisteredEvent} pay-passkey-registered - A passkey was added. `detail: { authMethodId, nickname }` (`authMethodId` is the AuthMethod id to pass as `auth-method-id` next time).
 *
 * @slot autofill-input - Reserved: with `conditional`, the element renders its `username webauthn` field here in light DOM.
 * @slot unsupported - Replaces the "Passkeys aren't available" message (for example with a link to another sign-in method).
 *
 * @csspart base - The surface around everything.
 * @csspart button - Every button.
 * @csspart passkey-button - "Sign in with a passkey" / "Create a passkey".
 * @csspart unsupported - The message shown where WebAuthn is missing.
 * @csspart error - The error box.
 * @csspart success - The signed-in or passkey-created message.
 *
 *
 * @cssstate idle - Ready.
 * @cssstate pending - A ceremony is running.
 * @cssstate signed-in - Signed in; `pay-session` was emitted.
 * @cssstate registered - A passkey was added.
 * @cssstate unsupported - No WebAuthn in this browser.
 * @cssstate error - An error is shown.
 */
export class PayPasskeyLoginElement extends PayElement {
  static override styles = [...PayElement.styles, passkeyLoginStyles];

  static override properties: PropertyDeclarations = {
    authMethodId: { attribute: 'auth-method-id' },
    mode: {},
    userName: { attribute: 'user-name' },
    nickname: {},
    conditional: { type: Boolean, reflect: true },
  };

  /** The passkey's `AuthMethod` id (`AuthMethod:…`) to sign in with (login mode). */
  declare authMethodId: string | undefined;

  /** `login` signs in; `register` creates a passkey for the signed-in account. */
  declare mode: 'login' | 'register';

  /** Register mode: the name the authenticator shows (usually the user's email). */
  declare userName: string | undefined;

  /** Register mode: the passkey's nickname on the account. Default "Passkey". */
  declare nickname: string | undefined;

  /** Login mode: also offer the passkey in the browser's autofill (conditional mediation), where supported. */
  declare conditional: boolean;

  #supported = false;
  #autofill = false;
  #phase: Exclude<Phase, 'unsupported'> = 'idle';
  #error: ErrorView | undefined;
  /** Bumped by every ceremony; a settling ceremony that is no longer the latest is ignored. */
  #ceremony = 0;
  /** The ceremony running when the element left the page: its failure (the cancellation) is not reported. */
  #abandoned = 0;
  #pending = false;
  #conditionalRunning = false;
  /** Autofill is offered once per connection (a failure does not start a loop of requests). */
  #conditionalStarted = false;
  readonly #inputId = `pay-passkey-${++nextId}`;

  constructor() {
    super();
    this.mode = 'login';
    this.conditional = false;
    new LightDomSlot(
      this,
      'autofill-input',
      () => (this.#showAutofill ? this.#renderAutofill() : nothing),
      inputStyles,
    );
  }

  protected override get states(): PayStates {
    return [this.#supported ? this.#phase : 'unsupported', !!this.#error && 'error'];
  }

  get #showAutofill(): boolean {
    return (
      this.#supported && this.#autofill && this.conditional && this.mode === 'login' && this.#phase !== 'signed-in'
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#supported = passkeysSupported();
    if (this.#supported) {
      void passkeyAutofillSupported().then((autofill) => {
        this.#autofill = autofill;
        this.requestUpdate();
      });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#conditionalStarted = false;
    if (this.#pending) {
      // The cancelled ceremony ends quietly; one that already finished (a subscriber to the sign-in
      // removed the element) still signs in and dispatches pay-session, which reaches document.
      this.#abandoned = this.#ceremony;
      this.#pending = false;
      this.#conditionalRunning = false;
      this.#phase = 'idle';
      cancelPasskeyCeremony();
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.#showAutofill && !this.#conditionalStarted && !this.#pending && this.authMethodId && this.hasClient)
      this.#startConditional();
  }

  protected override render(): unknown {
    if (!this.#supported) {
      return html`<div part="base" class="base">
        <slot name="unsupported"><p part="unsupported" class="text">${this.t('passkey.unsupported')}</p></slot>
      </div>`;
    }
    if (this.#phase === 'signed-in' || this.#phase === 'registered') {
      const key = this.#phase === 'signed-in' ? 'passkey.signedIn' : 'passkey.registered';
      return html`<div part="base" class="base">${this.renderSuccess(this.t(key))} ${this.live.render()}</div>`;
    }
    const pending = this.#phase === 'pending';
    const label = this.mode === 'register' ? this.t('passkey.register') : this.t('passkey.login');
    return html`<div part="base" class="base">
      ${this.#showAutofill ? html`<slot name="autofill-input"></slot>` : nothing}
      <button
        part="button passkey-button"
        class="button button--primary button--block"
        type="button"
        aria-busy=${pending ? 'true' : 'false'}
        @click=${this.#onClick}
      >
        ${pending ? html`<span class="spinner" aria-hidden="true"></span>` : keyIcon}<span>${label}</span>
      </button>
      ${pending ? html`<p class="text waiting">${this.t('passkey.waiting')}</p>` : nothing}
      ${this.renderErrorBox(this.#error)} ${this.live.render()}
    </div>`;
  }

  #renderAutofill(): unknown {
    const id = this.#inputId;
    return html`<label class="pay-field__label" for=${id}>${this.t('passkey.autofillLabel')}</label>
      <input
        id=${id}
        class="pay-field__input"
        type="text"
        name="username"
        autocomplete="username webauthn"
        autocapitalize="off"
        spellcheck="false"
      />`;
  }

  /**
   * The click starts the ceremony synchronously: the client method is called before anything is
   * awaited, so the browser still sees the user's gesture.
   */
  readonly #onClick = (): void => {
    if (this.#pending && !this.#conditionalRunning) return;
    let run: Promise<AuthSession | AuthMethod>;
    try {
      const client = this.requireClient();
      run =
        this.mode === 'register'
          ? client.registerPasskey({
              userName: this.userName ?? '',
              ...(this.nickname ? { nickname: this.nickname } : {}),
            })
          : client.loginWithPasskey({ authMethodId: this.authMethodId ?? '' });
    } catch (error) {
      run = Promise.reject(error);
    }
    void this.#settle(run, this.mode === 'register' ? 'register' : 'login');
  };

  #startConditional(): void {
    this.#conditionalStarted = true;
    let run: Promise<AuthSession>;
    try {
      run = this.requireClient().loginWithPasskey({ authMethodId: this.authMethodId ?? '', conditional: true });
    } catch {
      return;
    }
    void this.#settle(run, 'conditional');
  }

  async #settle(run: Promise<AuthSession | AuthMethod>, kind: 'login' | 'register' | 'conditional'): Promise<void> {
    const ceremony = ++this.#ceremony;
    this.#pending = true;
    this.#conditionalRunning = kind === 'conditional';
    if (kind !== 'conditional') {
      this.#phase = 'pending';
      this.#error = undefined;
    }
    this.requestUpdate();
    try {
      const result = await run;
      if (ceremony !== this.#ceremony) return;
      if (kind === 'register') {
        this.#phase = 'registered';
        this.dispatchEvent(new PayPasskeyRegisteredEvent(result.id, result.nickname));
        this.live.announce(this.t('passkey.registered'));
      } else {
        this.#phase = 'signed-in';
        this.dispatchEvent(new PaySessionEvent(summarizeSession(result as AuthSession)));
        this.live.announce(this.t('passkey.signedIn'));
      }
    } catch (error) {
      if (ceremony !== this.#ceremony || ceremony === this.#abandoned) return; // replaced by a newer ceremony, or the element left
      this.#phase = 'idle';
      // An autofill request the user simply did not use ends quietly.
      if (kind === 'register') this.#error = this.report(describeRegistrationError(error));
      else if (kind !== 'conditional' || errorCode(error) !== 'WEBAUTHN_CANCELLED')
        this.#error = this.reportError(error);
    } finally {
      if (ceremony === this.#ceremony) {
        this.#pending = false;
        this.#conditionalRunning = false;
        this.requestUpdate();
      }
    }
  }
}
