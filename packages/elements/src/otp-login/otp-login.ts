import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { OtpChallenge } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import { CodeField } from '../shared/code-field.js';
import { Countdown } from '../shared/countdown.js';
import type { ErrorView } from '../shared/errors.js';
import { PayOtpSentEvent, PaySessionEvent, summarizeSession, type PayOtpChannel } from '../shared/events.js';
import { otpLoginStyles } from './otp-login.styles.js';
import { otpLoginMessages } from './otp-login.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', otpLoginMessages);

type Phase = 'idle' | 'sending' | 'code-sent' | 'verifying' | 'signed-in';

/**
 * Signs a user in with a one-time code sent by email or SMS. "Send code" calls `client.requestOtp`;
 * the code goes into one real `<input autocomplete="one-time-code">` that the element renders into its
 * own light DOM (slot `code-input`), so the browser's and the OS's one-time-code autofill can see it.
 * A whole code, typed, pasted (spaces and dashes are dropped) or autofilled, is checked at once with
 * `client.loginWithOtp`; on SMS, WebOTP fills it where the browser offers it. The input is emptied
 * after every attempt and the code is never put in an attribute, an event or a log line.
 *
 * @summary One-time-code sign-in (email or SMS) with autofill, paste, WebOTP and resend.
 *
 * @event {PayOtpSentEvent} pay-otp-sent - A code was sent (or sent again). `detail: { channel }`.
 * @event {PaySessionEvent} pay-session - Signed in. `detail.session: { id, accountId, type, expiresAt }`.
 *
 * @slot code-input - Reserved: the element renders its code field here (label, input, hint, error) in light DOM. Style it through the `.pay-field__input` class.
 *
 * @csspart base - The surface around everything.
 * @csspart intro - The sentence saying where the code goes.
 * @csspart button - Every button.
 * @csspart send-button - "Send code".
 * @csspart verify-button - "Verify".
 * @csspart resend-button - "Resend code" with its countdown.
 * @csspart retry-button - "Try again" after a network error.
 * @csspart error - The error box (network and unexpected errors; code errors appear under the input).
 * @csspart success - The signed-in message.
 *
 *
 * @cssstate idle - Before a code is sent.
 * @cssstate sending - "Send code" is running.
 * @cssstate code-sent - Waiting for the code.
 * @cssstate verifying - Checking a code.
 * @cssstate signed-in - Done; `pay-session` was emitted.
 * @cssstate error - An error is shown.
 * @cssstate cooldown - "Resend code" is not allowed yet.
 */
export class PayOtpLogin extends PayElement {
  static override styles = [...PayElement.styles, otpLoginStyles];

  /** Internal account id (`InternalAccount:…`); the credential of `channel` is looked up (one extra request). */
  @property({ attribute: 'account-id' })
  accessor accountId: string | undefined = undefined;

  /** The OTP credential id (`AuthMethod:…`). Saves the lookup; wins over `account-id`. */
  @property({ attribute: 'credential-id' })
  accessor credentialId: string | undefined = undefined;

  /** Where the code is sent. */
  @property()
  accessor channel: PayOtpChannel = 'email';

  /** What to show as the code's destination, e.g. a masked address `a•••@example.com`. Display only. */
  @property()
  accessor destination: string | undefined = undefined;

  /** Seconds before "Resend code" is allowed (a 429's Retry-After wins). */
  @property({ type: Number, attribute: 'resend-seconds' })
  accessor resendSeconds = 30;

  #phase: Phase = 'idle';
  #challenge: OtpChallenge | undefined;
  /** Network and unexpected errors (the error box); errors about a code show under the input. */
  #error: ErrorView | undefined;
  #retry: (() => void) | undefined;
  #webOtp: AbortController | undefined;

  readonly #code: CodeField = new CodeField(this, {
    label: () => this.t('otp.label'),
    hint: () => this.t('otp.hint'),
    incomplete: () => this.t('error.incompleteCode', { n: this.#code.length }),
    message: (view, secondsLeft) => this.errorMessage(view, secondsLeft),
    fallbackWaitSeconds: () => this.resendSeconds,
    onEdit: () => this.#onEdit(),
    onComplete: (code) => void this.#verify(code),
  });
  readonly #resend = new Countdown(this, () => {
    if (this.#error?.status === 429) this.#error = undefined;
  });

  protected override get states(): string[] {
    const states: string[] = [this.#phase];
    if (this.#error || this.#code.hasError) states.push('error');
    if (this.#resend.running) states.push('cooldown');
    return states;
  }

  /** Sends a code, as the "Send code" button does. */
  sendCode(): Promise<void> {
    return this.#send();
  }

  /** Focuses the code input when it is shown, else the send button. */
  override focus(options?: FocusOptions): void {
    if (this.#code.input) this.#code.input.focus(options);
    else this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus(options);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopWebOtp();
    this.#retry = undefined; // the code it held is dropped; the next render removes "Try again"
    this.requestUpdate();
  }

  /** Typing starts a new attempt: the error box about the last one goes (a running 429 wait stays). */
  #onEdit(): void {
    if (!this.#error || this.#error.status === 429) return;
    this.#error = this.#retry = undefined;
    this.requestUpdate();
  }

  protected override render(): unknown {
    const phase = this.#phase;
    if (phase === 'signed-in') {
      return html`<div part="base" class="base">
        ${this.renderSuccess(this.t('otp.signedIn'))} ${this.live.render()}
      </div>`;
    }
    const codeSent = phase === 'code-sent' || phase === 'verifying';
    return html`<div part="base" class="base">
      <p part="intro" class="text intro">${this.#intro(codeSent)}</p>
      ${codeSent ? html`<slot name="code-input"></slot>` : nothing}
      ${this.renderErrorBox(this.#error, { secondsLeft: this.#resend.remaining, retry: this.#retry && this.#onRetry })}
      ${codeSent ? this.#renderCodeActions(phase === 'verifying') : this.#renderSend(phase === 'sending')}
      ${this.live.render()}
    </div>`;
  }

  #intro(codeSent: boolean): string {
    const destination = this.destination;
    const sms = this.channel === 'sms';
    if (codeSent) return destination ? this.t('otp.sent', { destination }) : this.t('otp.sentAnon');
    if (destination) return this.t(sms ? 'otp.intro.sms' : 'otp.intro.email', { destination });
    return this.t(sms ? 'otp.intro.smsAnon' : 'otp.intro.emailAnon');
  }

  #renderSend(sending: boolean): unknown {
    return html`<button
      part="button send-button"
      class="button button--primary button--block"
      type="button"
      ?disabled=${sending || this.#resend.running}
      aria-busy=${sending ? 'true' : 'false'}
      @click=${this.#onSend}
    >
      ${sending ? html`<span class="spinner" aria-hidden="true"></span>${this.t('otp.sending')}` : this.t('otp.send')}
    </button>`;
  }

  #renderCodeActions(verifying: boolean): unknown {
    const waiting = this.#resend.running;
    return html`<div class="actions actions--code">
      <button
        part="button verify-button"
        class="button button--primary verify"
        type="button"
        ?disabled=${this.#code.rateLimited}
        aria-busy=${verifying ? 'true' : 'false'}
        @click=${() => this.#code.submit()}
      >
        ${verifying ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${verifying ? this.t('otp.verifying') : this.t('otp.verify')}
      </button>
      <button
        part="button resend-button"
        class="button button--link"
        type="button"
        ?disabled=${waiting || verifying}
        @click=${this.#onSend}
      >
        ${waiting ? this.t('otp.resendIn', { n: this.#resend.remaining }) : this.t('otp.resend')}
      </button>
    </div>`;
  }

  readonly #onSend = (): void => void this.#send();

  readonly #onRetry = (): void => {
    const retry = this.#retry;
    this.#retry = undefined;
    this.#error = undefined;
    this.requestUpdate();
    retry?.();
  };

  async #send(): Promise<void> {
    if (this.#phase === 'sending' || this.#phase === 'verifying' || this.#phase === 'signed-in' || this.#resend.running)
      return;
    const before = this.#phase;
    this.#phase = 'sending';
    this.#error = this.#retry = undefined;
    this.requestUpdate();
    try {
      const client = this.requireClient();
      const type = this.channel === 'sms' ? 'SMS_OTP' : 'EMAIL_OTP';
      const challenge = await client.requestOtp(
        this.credentialId ? { credentialId: this.credentialId } : { accountId: this.accountId ?? '', type },
      );
      this.#challenge = challenge;
      this.#phase = 'code-sent';
      this.#code.visible = true;
      this.#code.reset();
      this.#resend.start(this.resendSeconds);
      this.dispatchEvent(new PayOtpSentEvent(this.channel === 'sms' ? 'sms' : 'email'));
      this.live.announce(this.#intro(true));
      await this.updateComplete;
      this.#code.focus();
      this.#startWebOtp();
    } catch (error) {
      this.#phase = before === 'idle' ? 'idle' : 'code-sent';
      const view = this.reportError(error);
      this.#error = view;
      if (view.status === 429) this.#resend.start(view.retryAfterSeconds ?? this.resendSeconds);
      else if (view.retryable) this.#retry = () => void this.#send();
    }
  }

  async #verify(code: string): Promise<void> {
    const challenge = this.#challenge;
    if (!challenge || this.#phase !== 'code-sent') return;
    this.#phase = 'verifying';
    this.#code.busy = true;
    this.#error = this.#retry = undefined;
    this.requestUpdate();
    try {
      const session = await this.requireClient().loginWithOtp({ challenge, code });
      this.#phase = 'signed-in';
      this.#challenge = undefined;
      this.#code.visible = false;
      this.#resend.stop();
      this.#stopWebOtp();
      this.dispatchEvent(new PaySessionEvent(summarizeSession(session)));
      this.live.announce(this.t('otp.signedIn'));
    } catch (error) {
      this.#phase = 'code-sent';
      const view = this.reportError(error, { UNAUTHORIZED: 'error.wrongCode' });
      if (view.retryable) {
        // The only place the code outlives the attempt: held in this closure for "Try again", dropped on
        // the next action or on disconnect.
        this.#error = view;
        this.#retry = () => void this.#verify(code);
      } else {
        this.#code.showError(view); // a wrong code, or a 429 (which also waits out Retry-After)
      }
    } finally {
      this.#code.busy = false;
      this.requestUpdate();
    }
    await this.updateComplete;
    if (this.#phase === 'code-sent' && !this.#code.rateLimited) this.#code.focus();
  }

  /** WebOTP: on SMS, where the browser has it, the code arrives without typing. */
  #startWebOtp(): void {
    this.#stopWebOtp();
    if (this.channel !== 'sms' || !('OTPCredential' in window) || !navigator.credentials) return;
    const controller = new AbortController();
    this.#webOtp = controller;
    const request = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions;
    navigator.credentials.get(request).then(
      (credential) => {
        const code = (credential as { code?: unknown } | null)?.code;
        if (controller.signal.aborted || typeof code !== 'string') return;
        this.#webOtp = undefined;
        void this.#verify(code.replace(/\D/g, ''));
      },
      () => undefined, // aborted, or the user dismissed the prompt: typing still works
    );
  }

  #stopWebOtp(): void {
    this.#webOtp?.abort();
    this.#webOtp = undefined;
  }
}
