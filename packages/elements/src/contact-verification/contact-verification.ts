import { html, nothing, type PropertyDeclarations } from 'lit';
import { PayError } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { CodeSender } from '../shared/code-sender.js';
import { CustomerLoad } from '../shared/keyed-load.js';
import {
  PayContactVerificationCompleteEvent,
  PayContactVerifiedEvent,
  type PayContactChannel,
} from './contact-verification-events.js';
import { PayOtpSentEvent } from '../otp-login/otp-login-events.js';
import { contactVerificationStyles } from './contact-verification.styles.js';
import './contact-verification.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { contactVerificationMessages } from './contact-verification.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', contactVerificationMessages);

type Phase = 'loading' | 'idle' | 'sending' | 'code-sent' | 'verifying' | 'complete' | 'failed';
type ChannelStatus = 'PENDING' | 'VERIFIED';

/** The part of a Customer this element reads. */
interface CustomerContact {
  contactVerification?: { email?: ChannelStatus; phone?: ChannelStatus };
  email?: string;
  phoneNumber?: string;
}

const CHANNELS: readonly PayContactChannel[] = ['email', 'phone'];

/**
 * Verifies the customer's email and phone where their provider requires it, one channel at a time, as
 * the customer's `contactVerification` lists them (absent: nothing to do, `pay-contact-verification-complete`
 * at once). For each PENDING channel: "Send code" (`POST /customers/{id}/verify-email|verify-phone`), the
 * code (`…/confirm`), "Resend code" after a countdown (a 429's Retry-After wins). A wrong code (400)
 * shows under the field with the tries left (`details.attemptsRemaining`); the try that locks the channel
 * says for how long (`details.lockedUntil`) and closes the input; an expired or used one (`details.reason` CHALLENGE_EXPIRED) says so and offers
 * "Send a new code" at once (shared/code-entry.ts); a 409 (not required, or already verified) reloads the
 * customer and moves on. After a network error the verify button becomes "Try again". The code goes from
 * the input to the request and nowhere else. Calls go through `client.request`.
 *
 * @summary Email and phone verification with one-time codes, as the customer's provider requires.
 *
 * @event {PayOtpSentEvent} pay-otp-sent - A code was sent (or sent again). `detail: { channel: 'email' | 'sms' }`.
 * @event {PayContactVerifiedEvent} pay-contact-verified - A channel is VERIFIED. `detail: { customerId, channel: 'email' | 'phone' }`.
 * @event {PayContactVerificationCompleteEvent} pay-contact-verification-complete - Every required channel is VERIFIED (or none is required). `detail: { customerId, channels }`.
 * @event {PayErrorEvent} pay-error - Something failed. `detail: { code }`.
 *
 * @slot code-input - Reserved: the element renders its code field here (label, input, hint, error) in light DOM. Style its six cells through the `.pay-field__cell` class (the one input over them is transparent).
 *
 * @csspart base - The surface around everything.
 * @csspart channels - The list of required channels, each with the address or number it verifies and its status.
 * @csspart step - "Step 1 of 2" when two channels need verifying.
 * @csspart intro - The sentence saying where the code goes.
 * @csspart button - Every button.
 * @csspart send-button - "Send code".
 * @csspart verify-button - "Verify" ("Try again" after a network error).
 * @csspart resend-button - "Resend code" with its countdown ("Send a new code" once the code is spent).
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error box (code errors appear under the input).
 * @csspart success - The line saying verification is complete.
 *
 * @cssstate loading - Reading the customer.
 * @cssstate idle - Before a code is sent for the current channel.
 * @cssstate sending - "Send code" is running.
 * @cssstate code-sent - Waiting for the code.
 * @cssstate verifying - Checking a code.
 * @cssstate complete - Every required channel is verified.
 * @cssstate failed - The customer could not be read.
 * @cssstate error - An error is shown.
 * @cssstate cooldown - "Resend code" is not allowed yet.
 */
export class PayContactVerificationElement extends PayElement {
  static override styles = [...PayElement.styles, contactVerificationStyles];

  static override properties: PropertyDeclarations = {
    customerId: { attribute: 'customer-id' },
    resendSeconds: { type: Number, attribute: 'resend-seconds' },
  };

  /** The customer whose contact details are verified. */
  declare customerId: string | undefined;

  /** Seconds before "Resend code" is allowed (a 429's Retry-After wins). */
  declare resendSeconds: number;

  constructor() {
    super();
    this.resendSeconds = 30;
  }

  #phase: Phase = 'loading';
  #channels: Partial<Record<PayContactChannel, ChannelStatus>> = {};
  /** The address and number being verified, shown on their rows (in the shadow root only). */
  #values: Partial<Record<PayContactChannel, string | undefined>> = {};
  /** Reads the customer for `customer-id`; an answer for an older load or customer is dropped. */
  readonly #load = new CustomerLoad(this, {
    start: () => {
      this.#phase = 'loading';
      this.#code.error = this.#code.retry = undefined;
    },
    read: () =>
      this.requireClient().request<CustomerContact>(
        'GET',
        `/customers/${encodeURIComponent(this.#requireCustomerId())}`,
      ),
    apply: (customer) => this.#apply(customer),
    fail: (error) => {
      this.#phase = 'failed';
      this.#code.error = this.reportError(error);
    },
  });

  /** The code step; its error box also says why the customer could not be read (with "Try again"). */
  readonly #code = new CodeSender(this, {
    wrong: 'contact.wrongCode',
    label: () => this.t(this.#current === 'phone' ? 'contact.labelPhone' : 'contact.labelEmail'),
    hint: () => this.t('contact.hint'),
    onComplete: (code) => void this.#confirm(code),
  });

  protected override get states(): PayStates {
    return [this.#phase, !!this.#code.failed && 'error', !!this.#code.resend.running && 'cooldown'];
  }

  /** The first channel still PENDING. */
  get #current(): PayContactChannel | undefined {
    return CHANNELS.find((channel) => this.#channels[channel] === 'PENDING');
  }

  /** Reads the customer again. */
  reload(): Promise<void> {
    return this.#load.load();
  }

  override disconnectedCallback(): void {
    this.#code.retry = undefined;
    super.disconnectedCallback();
  }

  protected override render(): unknown {
    const phase = this.#phase;
    const current = this.#current;
    const codeSent = phase === 'code-sent' || phase === 'verifying';
    const required = CHANNELS.filter((channel) => this.#channels[channel]);
    return html`<div part="base" class="base">
      ${phase === 'loading' ? html`<p class="text"><span class="spinner" aria-hidden="true"></span> ${this.t('contact.loading')}</p>` : nothing}
      ${
        required.length && phase !== 'loading' && phase !== 'failed'
          ? html`<ul part="channels" class="channels">
              ${required.map(
                (channel) =>
                  html`<li class="channel">
                    <span class="channel__what"
                      >${this.t(`contact.channel.${channel}` as const)}${
                        this.#values[channel]
                          ? html`<span class="channel__value" dir="ltr">${this.#values[channel]}</span>`
                          : nothing
                      }</span
                    >
                    <span
                      class="channel__status ${this.#channels[channel] === 'VERIFIED' ? 'channel__status--verified' : ''}"
                      >${this.t(this.#channels[channel] === 'VERIFIED' ? 'contact.verified' : 'contact.pending')}</span
                    >
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${phase === 'complete' ? this.renderSuccess(this.t(required.length ? 'contact.complete' : 'contact.notRequired')) : nothing}
      ${
        current && phase !== 'complete' && phase !== 'loading' && phase !== 'failed'
          ? html`${
                required.length > 1
                  ? html`<p part="step" class="text channel__step">
                      ${this.t('contact.step', { n: required.indexOf(current) + 1, total: required.length })}
                    </p>`
                  : nothing
              }
              <p part="intro" class="text">
                ${this.t(codeSent ? `contact.sent.${current}` : `contact.intro.${current}`)}
              </p>`
          : nothing
      }
      ${codeSent ? html`<slot name="code-input"></slot>` : nothing}
      ${this.renderErrorBox(this.#code.error, {
        secondsLeft: this.#code.resend.remaining,
        retry: phase === 'failed' ? this.#onRetry : undefined,
      })}
      ${phase === 'idle' || phase === 'sending' ? this.#code.renderSend(phase === 'sending', this.#onSend) : nothing}
      ${codeSent ? this.#code.renderActions(phase === 'verifying', this.#onSend) : nothing} ${this.live.render()}
    </div>`;
  }

  readonly #onSend = (): void => void this.#send();
  readonly #onRetry = (): void => void this.#load.load();

  #path(channel: PayContactChannel, confirm = false): string {
    const id = encodeURIComponent(this.#requireCustomerId());
    return `/customers/${id}/verify-${channel}${confirm ? '/confirm' : ''}`;
  }

  /** Takes the customer's channel statuses; moves to the next channel, or completes. */
  #apply(customer: CustomerContact): void {
    const before = this.#channels;
    const after: Partial<Record<PayContactChannel, ChannelStatus>> = {};
    for (const channel of CHANNELS) {
      const status = customer.contactVerification?.[channel];
      if (status === 'PENDING' || status === 'VERIFIED') after[channel] = status;
    }
    this.#channels = after;
    this.#values = { email: customer.email, phone: customer.phoneNumber };
    const customerId = this.customerId ?? '';
    for (const channel of CHANNELS)
      if (before[channel] === 'PENDING' && after[channel] === 'VERIFIED')
        this.dispatchEvent(new PayContactVerifiedEvent(customerId, channel));
    this.#code.visible = false;
    this.#code.resend.stop();
    if (this.#current) {
      this.#phase = 'idle';
    } else {
      this.#phase = 'complete';
      const channels = CHANNELS.filter((channel) => after[channel]);
      this.dispatchEvent(new PayContactVerificationCompleteEvent(customerId, channels));
      this.live.announce(this.t(channels.length ? 'contact.complete' : 'contact.notRequired'));
    }
    this.requestUpdate();
  }

  async #send(): Promise<void> {
    const channel = this.#current;
    const code = this.#code;
    if (!channel || this.#phase === 'sending' || this.#phase === 'verifying' || code.resend.running) return;
    const before = this.#phase;
    this.#phase = 'sending';
    await code.send(
      () => this.requireClient().request('POST', this.#path(channel)),
      () => {
        this.#phase = 'code-sent';
        this.dispatchEvent(new PayOtpSentEvent(channel === 'phone' ? 'sms' : 'email'));
        return this.t(`contact.sent.${channel}`);
      },
      (error) => {
        if ((error as { status?: unknown }).status !== 409) {
          this.#phase = before === 'code-sent' ? 'code-sent' : 'idle';
          return false;
        }
        void this.#load.load(); // verified meanwhile, or not required
        return true;
      },
    );
  }

  async #confirm(code: string): Promise<void> {
    const channel = this.#current;
    if (!channel || this.#phase !== 'code-sent') return;
    const current = this.#load.current();
    this.#phase = 'verifying';
    await this.#code.attempt(
      async () => {
        const customer = await this.requireClient().request<CustomerContact>('POST', this.#path(channel, true), {
          body: { code },
        });
        if (!current()) return;
        this.#apply(customer);
        this.live.announce(
          this.t('contact.channelVerified', { channel: this.t(`contact.channel.${channel}` as const) }),
        );
      },
      (error) => {
        if (!current()) return true;
        if ((error as { status?: unknown }).status !== 409) {
          this.#phase = 'code-sent';
          return false;
        }
        void this.#load.load(); // verified meanwhile
        return true;
      },
      () => void this.#confirm(code),
      () => this.#phase === 'code-sent',
    );
  }

  #requireCustomerId(): string {
    if (!this.customerId) throw new PayError('INVALID_ARGUMENT', 'customer-id is required');
    return this.customerId;
  }
}
