import { html, nothing, type PropertyDeclarations } from 'lit';
import type { OtpChallenge } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { CodeSender } from '../shared/code-sender.js';
import { PayOtpSentEvent, type PayOtpChannel } from './otp-login-events.js';
import { PaySessionEvent, summarizeSession } from '../shared/events.js';
import { otpLoginStyles } from './otp-login.styles.js';
import './otp-login.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
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
 * after every attempt and the code is never put in an attribute, an event or a log line. A failed
 * attempt says what happened (shared/code-entry.ts): wrong with the tries left, expired or used up
 * ("Send a new code" at once), locked and for how long; after a network error "Verify" becomes
 * "Try again". Once signed in, focus goes to the signed-in message.
 *
 * @summary One-time-code sign-in (email or SMS) with autofill, paste, WebOTP and resend.
 *
 * @event {PayOtpSentEvent} pay-otp-sent - A code was sent (or sent again). `detail: { channel }`.
 * @event {PaySessionEvent} pay-session - Signed in. `detail.session: { id, accountId, type, expiresAt }`.
 *
 * @slot code-input - Reserved: the element renders its code field here (label, input, hint, error) in light DOM. Style its six cells through the `.pay-field__cell` class (the one input over them is transparent).
 *
 * @csspart base - The surface around everything.
 * @csspart intro - The sentence saying where the code goes.
 * @csspart button - Every button.
 * @csspart send-button - "Send code".
 * @csspart verify-button - "Verify" ("Try again" after a network error).
 * @csspart resend-button - "Resend code" with its countdown ("Send a new code" once the code is spent).
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
export class PayOtpLoginElement extends PayElement {
  static override styles = [...PayElement.styles, otpLoginStyles];

  static override properties: PropertyDeclarations = {
    accountId: { attribute: 'account-id' },
    authMethodId: { attribute: 'auth-method-id' },
    channel: {},
    destination: {},
    resendSeconds: { type: Number, attribute: 'resend-seconds' },
  };

  /** Internal account id (`InternalAccount:…`); the credential of `channel` is looked up (one extra request). */
  declare accountId: string | undefined;

  /** The code method's `AuthMethod` id (`AuthMethod:…`). Saves the lookup; wins over `account-id`. */
  declare authMethodId: string | undefined;

  /** Where the code is sent. */
  declare channel: PayOtpChannel;

  /** What to show as the code's destination, e.g. a masked address `a•••@example.com`. Display only. */
  declare destination: string | undefined;

  /** Seconds before "Resend code" is allowed (a 429's Retry-After wins). */
  declare resendSeconds: number;

  constructor() {
    super();
    this.channel = 'email';
    this.resendSeconds = 30;
  }

  #phase: Phase = 'idle';
  #challenge: OtpChallenge | undefined;
  #webOtp: AbortController | undefined;

  readonly #code = new CodeSender(this, {
    label: () => this.t('otp.label'),
    hint: () => this.t('otp.hint'),
    onComplete: (code) => void this.#verify(code),
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#code.failed && 'error', !!this.#code.resend.running && 'cooldown'];
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
    this.#code.retry = undefined; // the code it held is dropped; the next render says "Verify" again
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
      ${this.renderErrorBox(this.#code.error, { secondsLeft: this.#code.resend.remaining })}
      ${codeSent ? this.#code.renderActions(phase === 'verifying', this.#onSend) : this.#code.renderSend(phase === 'sending', this.#onSend)}
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

  readonly #onSend = (): void => void this.#send();

  async #send(): Promise<void> {
    const code = this.#code;
    if (this.#phase === 'sending' || this.#phase === 'verifying' || this.#phase === 'signed-in' || code.resend.running)
      return;
    const before = this.#phase;
    this.#phase = 'sending';
    const sent = await code.send(
      async () => {
        const type = this.channel === 'sms' ? 'SMS_OTP' : 'EMAIL_OTP';
        this.#challenge = await this.requireClient().requestOtp(
          this.authMethodId ? { authMethodId: this.authMethodId } : { accountId: this.accountId ?? '', type },
        );
      },
      () => {
        this.#phase = 'code-sent';
        this.dispatchEvent(new PayOtpSentEvent(this.channel === 'sms' ? 'sms' : 'email'));
        return this.#intro(true);
      },
      () => void (this.#phase = before === 'idle' ? 'idle' : 'code-sent'),
    );
    if (sent) this.#startWebOtp();
  }

  async #verify(code: string): Promise<void> {
    const challenge = this.#challenge;
    if (!challenge || this.#phase !== 'code-sent') return;
    this.#phase = 'verifying';
    // After a network error the code is held for "Try again" (the verify button), dropped on the next
    // edit or on disconnect: the only place it outlives the attempt.
    await this.#code.attempt(
      async () => {
        const session = await this.requireClient().loginWithOtp({ challenge, code });
        this.#phase = 'signed-in';
        this.#challenge = undefined;
        this.#code.visible = false;
        this.#code.resend.stop();
        this.#stopWebOtp();
        this.dispatchEvent(new PaySessionEvent(summarizeSession(session)));
        this.live.announce(this.t('otp.signedIn'));
      },
      () => void (this.#phase = 'code-sent'),
      () => void this.#verify(code),
      () => this.#phase === 'code-sent',
    );
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
