import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import {
  authorizeQuote,
  completeScaLogin,
  passkeysSupported,
  resendScaCode,
  startScaLogin,
  type Quote,
  type ScaChallenge,
  type ScaLoginStart,
} from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import { registerMessages } from '../shared/i18n.js';
import { CodeField } from '../shared/code-field.js';
import { Countdown } from '../shared/countdown.js';
import { errorCode, type ErrorView } from '../shared/errors.js';
import { PayScaCompleteEvent } from '../shared/events.js';
import { keyIcon, lockIcon } from '../shared/icons.js';
import { formatAmount, payeeLabel } from './quote-format.js';
import { usableFactors, type ScaFactor } from './sca-rules.js';
import { scaChallengeStyles } from './sca-challenge.styles.js';
import { scaChallengeMessages } from './sca-challenge.messages.js';

export type { ScaFactor };

registerMessages('en', scaChallengeMessages);

type Phase = 'ready' | 'submitting' | 'complete' | 'locked' | 'empty';
type Proof = { code: string } | { passkey: true };

/**
 * Strong Customer Authentication for a quote in `PENDING_AUTHORIZATION`: shows what is being authorized
 * (amount and payee), then takes a text-message code (a light-DOM `one-time-code` input) or a passkey,
 * whichever the challenge allows, with a switch when both are. It works in both orders the service
 * uses: a wallet send challenged by its execute (the last authorize releases it: PROCESSING) and a
 * quote challenged at creation (the last authorize leaves it PENDING, to be executed). It resends codes
 * (`resendScaCode(client, …)`), stops on 423 `ACCOUNT_LOCKED`, waits out 429s, and keeps going while the
 * service answers with another challenge. On 409 `SCA_SESSION_REQUIRED` it signs the customer in again
 * once (`startScaLogin(client, …)` sends a text message; the user enters that code;
 * `completeScaLogin(client, …)`), then sends the same proof again. When the quote leaves
 * `PENDING_AUTHORIZATION` it emits `pay-sca-complete` with the quote (`nextQuoteStep` says what follows).
 *
 * @summary Strong Customer Authentication of a quote by SMS code or passkey.
 *
 * @event {PayScaCompleteEvent} pay-sca-complete - The quote left PENDING_AUTHORIZATION (PROCESSING for a released wallet send, PENDING for a quote to execute). `detail: { quote }`.
 *
 * @slot code-input - Reserved: the element renders its code field here (label, input, hint, error) in light DOM. Style it through the `.pay-field__input` class.
 *
 * @csspart base - The surface around everything.
 * @csspart title - "Confirm this payment".
 * @csspart summary - The amount and payee.
 * @csspart amount - The formatted amount.
 * @csspart payee - The payee.
 * @csspart factors - The factor switch (only when two factors are possible).
 * @csspart button - Every button.
 * @csspart confirm-button - "Confirm payment" (code) or "Confirm with passkey".
 * @csspart resend-button - "Resend code" with its countdown.
 * @csspart retry-button - "Try again" after a network error.
 * @csspart status - Progress lines such as "Renewing your secure session…".
 * @csspart locked - The locked-account message.
 * @csspart error - The error box.
 * @csspart success - The payment-confirmed message.
 *
 *
 * @cssstate ready - Waiting for a proof.
 * @cssstate submitting - A proof is being checked.
 * @cssstate complete - The quote left PENDING_AUTHORIZATION.
 * @cssstate locked - ACCOUNT_LOCKED; no more input.
 * @cssstate empty - No quote waiting for authorization.
 * @cssstate sms - Answering with a text-message code.
 * @cssstate login - Signing in again (SCA login) with a text-message code before the proof is sent again.
 * @cssstate passkey - Answering with a passkey.
 * @cssstate error - An error is shown.
 * @cssstate cooldown - "Resend code" is not allowed yet.
 */
export class PayScaChallenge extends PayElement {
  static override styles = [...PayElement.styles, scaChallengeStyles];

  /** The quote to authorize (status PENDING_AUTHORIZATION with an `scaChallenge`). Not an attribute. */
  @property({ attribute: false })
  accessor quote: Quote | undefined = undefined;

  /** The customer whose SCA login is renewed on 409 SCA_SESSION_REQUIRED. */
  @property({ attribute: 'customer-id' })
  accessor customerId: string | undefined = undefined;

  /** Seconds before "Resend code" is allowed after a code was sent (a 429's Retry-After wins). */
  @property({ type: Number, attribute: 'resend-seconds' })
  accessor resendSeconds = 30;

  #phase: Phase = 'empty';
  #factor: ScaFactor | undefined;
  #challengeId: string | undefined;
  /** The error box; errors about a code show under the input. */
  #error: ErrorView | undefined;
  #status: string | undefined;
  #retry: (() => void) | undefined;
  /** The SCA login being completed (started on 409 SCA_SESSION_REQUIRED), and the proof to send again after it. */
  #login: { start: ScaLoginStart; proof: Proof } | undefined;

  readonly #code: CodeField = new CodeField(this, {
    label: () => this.t(this.#login ? 'sca.loginCodeLabel' : 'sca.codeLabel'),
    hint: () => this.t(this.#login ? 'sca.loginHint' : 'sca.codeHint'),
    incomplete: () => this.t('error.incompleteCode', { n: this.#code.length }),
    message: (view, secondsLeft) => this.errorMessage(view, secondsLeft),
    fallbackWaitSeconds: () => this.resendSeconds,
    onEdit: () => this.#onEdit(),
    onComplete: (code) => (this.#login ? this.#completeLogin(code) : this.#authorize({ code })),
  });
  readonly #resend = new Countdown(this, () => {
    if (this.#error?.status === 429) this.#error = undefined;
  });
  /** A 429 on a passkey answer (a code's 429 is waited out by the code field). */
  readonly #rateLimit = new Countdown(this, () => {
    if (this.#error?.status === 429) this.#error = undefined;
  });

  protected override get states(): string[] {
    const states: string[] = [this.#phase];
    if (this.#login && (this.#phase === 'ready' || this.#phase === 'submitting')) states.push('login');
    else if (this.#factor && (this.#phase === 'ready' || this.#phase === 'submitting'))
      states.push(this.#factor === 'SMS_OTP' ? 'sms' : 'passkey');
    if (this.#error || this.#code.hasError) states.push('error');
    if (this.#resend.running) states.push('cooldown');
    return states;
  }

  get #challenge(): ScaChallenge | undefined {
    return this.quote?.status === 'PENDING_AUTHORIZATION' ? this.quote.scaChallenge : undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#retry = undefined; // the code it held is dropped; the next render removes "Try again"
    this.requestUpdate();
  }

  /** Typing starts a new attempt: the error box about the last one goes (a running 429 wait stays). */
  #onEdit(): void {
    if (!this.#error || this.#error.status === 429) return;
    this.#error = this.#retry = undefined;
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const challenge = this.#challenge;
    if (
      changed.has('quote') &&
      this.#phase !== 'complete' &&
      this.#phase !== 'locked' &&
      challenge?.id !== this.#challengeId
    ) {
      // A new challenge: start over with its own factor.
      this.#challengeId = challenge?.id;
      this.#phase = challenge ? 'ready' : 'empty';
      this.#factor = usableFactors(challenge, passkeysSupported())[0];
      this.#error = this.#retry = this.#status = this.#login = undefined;
      this.#code.reset();
      this.#rateLimit.stop();
      if (this.#factor === 'SMS_OTP') this.#resend.start(this.resendSeconds);
    }
    this.#code.visible =
      (this.#factor === 'SMS_OTP' || this.#login !== undefined) &&
      (this.#phase === 'ready' || this.#phase === 'submitting');
    this.#code.busy = this.#phase === 'submitting';
  }

  protected override render(): unknown {
    const quote = this.quote;
    const phase = this.#phase;
    if (phase === 'empty' || !quote) {
      return html`<div part="base" class="base">
        <p class="text">${this.t('sca.noQuote')}</p>
        ${this.live.render()}
      </div>`;
    }
    return html`<div part="base" class="base">
      <p part="title" class="title">${this.t('sca.title')}</p>
      ${this.#renderSummary(quote)} ${this.#renderBody()} ${this.live.render()}
    </div>`;
  }

  #renderSummary(quote: Quote): unknown {
    const payee = payeeLabel(quote.destination) ?? this.t('sca.unknownPayee');
    const amount = formatAmount(quote.totalSendingAmount, quote.sendingCurrency, this.resolvedLocale);
    return html`<dl part="summary" class="summary">
      <div class="summary__row">
        <dt>${this.t('sca.amount')}</dt>
        <dd part="amount" class="amount">${amount}</dd>
      </div>
      <div class="summary__row">
        <dt>${this.t('sca.payee')}</dt>
        <dd part="payee" class="payee">${payee}</dd>
      </div>
    </dl>`;
  }

  #renderBody(): unknown {
    switch (this.#phase) {
      case 'complete':
        return this.renderSuccess(this.t('sca.complete'));
      case 'locked':
        return html`<p part="locked" class="alert locked">${lockIcon}<span>${this.t('sca.locked')}</span></p>`;
      default:
        break;
    }
    const factors = usableFactors(this.#challenge, passkeysSupported());
    if (!this.#factor) return html`<p class="text">${this.t('sca.noFactor')}</p>`;
    const submitting = this.#phase === 'submitting';
    const login = this.#login !== undefined;
    const byCode = login || this.#factor === 'SMS_OTP';
    return html`
      ${factors.length > 1 && !login ? this.#renderFactorSwitch(factors) : nothing}
      ${byCode ? html`<slot name="code-input"></slot>` : nothing}
      ${this.#status ? html`<p part="status" class="text status"><span class="spinner" aria-hidden="true"></span>${this.#status}</p>` : nothing}
      ${this.renderErrorBox(this.#error, { secondsLeft: Math.max(this.#rateLimit.remaining, this.#resend.remaining), retry: this.#retry && this.#onRetry })}
      <div class="actions">
        <button
          part="button confirm-button"
          class="button button--primary confirm"
          type="button"
          ?disabled=${this.#code.rateLimited || this.#rateLimit.running}
          aria-busy=${submitting ? 'true' : 'false'}
          @click=${this.#onConfirm}
        >
          ${submitting ? html`<span class="spinner" aria-hidden="true"></span>` : byCode ? nothing : keyIcon}
          <span
            >${submitting ? this.t('sca.confirming') : byCode ? this.t('sca.confirm') : this.t('sca.confirmPasskey')}</span
          >
        </button>
        ${
          this.#factor === 'SMS_OTP' && !login
            ? html`<button
                part="button resend-button"
                class="button button--link"
                type="button"
                ?disabled=${this.#resend.running || submitting}
                @click=${this.#onResend}
              >
                ${this.#resend.running ? this.t('sca.resendIn', { n: this.#resend.remaining }) : this.t('sca.resend')}
              </button>`
            : nothing
        }
      </div>
    `;
  }

  #renderFactorSwitch(factors: ScaFactor[]): unknown {
    return html`<fieldset part="factors" class="factors">
      <legend class="factors__legend">${this.t('sca.factor.legend')}</legend>
      ${factors.map(
        (factor) =>
          html`<label class="factor">
            <input
              type="radio"
              name="factor"
              .value=${factor}
              .checked=${this.#factor === factor}
              ?disabled=${this.#phase === 'submitting'}
              @change=${this.#onFactor}
            />
            <span>${this.t(`sca.factor.${factor}` as const)}</span>
          </label>`,
      )}
    </fieldset>`;
  }

  readonly #onFactor = (event: Event): void => {
    this.#factor = (event.target as HTMLInputElement).value as ScaFactor;
    this.#error = this.#retry = undefined;
    this.requestUpdate();
  };

  /** The passkey branch calls the client inside this click handler, before any await. */
  readonly #onConfirm = (): void => {
    if (this.#factor === 'PASSKEY' && !this.#login) this.#authorize({ passkey: true });
    else this.#code.submit();
  };

  readonly #onRetry = (): void => {
    const retry = this.#retry;
    this.#retry = this.#error = undefined;
    this.requestUpdate();
    retry?.();
  };

  readonly #onResend = async (): Promise<void> => {
    const quote = this.quote;
    if (!quote || this.#resend.running) return;
    this.#error = this.#retry = undefined;
    this.#resend.start(this.resendSeconds);
    try {
      await resendScaCode(this.requireClient(), quote.id);
      this.live.announce(this.t('sca.resent'));
      this.#code.focus();
    } catch (error) {
      const view = this.reportError(error);
      this.#error = view;
      if (view.status === 429) this.#resend.start(view.retryAfterSeconds ?? this.resendSeconds);
      else this.#resend.stop();
    }
    this.requestUpdate();
  };

  /** Starts one authorization; the client is called synchronously (the passkey gesture rule). */
  #authorize(proof: Proof, renewed = false): void {
    const quote = this.quote;
    const challenge = this.#challenge;
    if (!quote || !challenge || (this.#phase !== 'ready' && !renewed)) return;
    let request: Promise<Quote>;
    try {
      const client = this.requireClient();
      request =
        'code' in proof
          ? authorizeQuote(client, { quoteId: quote.id, code: proof.code })
          : authorizeQuote(client, {
              quoteId: quote.id,
              passkey: true,
              ...(challenge.passkeyAssertionOptions
                ? { passkeyAssertionOptions: challenge.passkeyAssertionOptions }
                : {}),
            });
    } catch (error) {
      request = Promise.reject(error);
    }
    this.#phase = 'submitting';
    this.#error = this.#retry = undefined;
    if (!renewed) this.#status = undefined;
    this.requestUpdate();
    void this.#settle(request, proof, renewed);
  }

  async #settle(request: Promise<Quote>, proof: Proof, renewed: boolean): Promise<void> {
    try {
      const next = await request;
      this.#status = undefined;
      if (next?.status === 'PENDING_AUTHORIZATION' && next.scaChallenge) {
        this.#phase = 'ready';
        this.#challengeId = undefined; // the new quote is treated as a new challenge, even with the same id
        this.quote = next;
        this.live.announce(this.t('sca.another'));
        await this.updateComplete;
        this.#code.focus();
        return;
      }
      this.#phase = 'complete';
      this.#resend.stop();
      this.quote = next;
      this.dispatchEvent(new PayScaCompleteEvent(next));
      this.live.announce(this.t('sca.complete'));
    } catch (error) {
      if (errorCode(error) === 'SCA_SESSION_REQUIRED' && !renewed && this.customerId) {
        await this.#startLogin(proof);
        return;
      }
      this.#fail(error, proof);
    }
  }

  /** 409 SCA_SESSION_REQUIRED: start an SCA login (a text message), then wait for its code. */
  async #startLogin(proof: Proof): Promise<void> {
    try {
      const start = await startScaLogin(this.requireClient(), { customerId: this.customerId ?? '', factor: 'SMS_OTP' });
      this.#login = { start, proof };
    } catch (error) {
      this.#fail(error, proof);
      return;
    }
    this.#phase = 'ready';
    this.#status = undefined;
    this.#code.reset();
    this.live.announce(this.t('sca.loginHint'));
    this.requestUpdate();
    await this.updateComplete;
    this.#code.focus();
  }

  /** The SCA login code: complete the login, then send the held proof once more. */
  #completeLogin(code: string): void {
    const login = this.#login;
    if (!login || this.#phase !== 'ready') return;
    this.#phase = 'submitting';
    this.#error = this.#retry = undefined;
    this.requestUpdate();
    void (async () => {
      try {
        await completeScaLogin(this.requireClient(), { customerId: this.customerId ?? '', start: login.start, code });
      } catch (error) {
        this.#fail(error, { code });
        if (this.#retry) this.#retry = () => this.#completeLogin(code);
        return;
      }
      this.#login = undefined;
      this.#code.reset();
      this.#status = this.t('sca.renewing');
      this.live.announce(this.#status);
      this.#authorize(login.proof, true);
    })();
  }

  #fail(error: unknown, proof: Proof): void {
    this.#phase = 'ready';
    this.#status = undefined;
    const sms = 'code' in proof;
    const view = this.reportError(error, sms ? { INVALID_INPUT: 'error.wrongCode' } : {});
    if (view.status === 423 || view.code === 'ACCOUNT_LOCKED') {
      this.#phase = 'locked';
      this.#resend.stop();
      this.#rateLimit.stop();
    } else if (view.status === 429 && !sms) {
      this.#error = view;
      this.#rateLimit.start(view.retryAfterSeconds ?? this.resendSeconds);
    } else if (view.retryable) {
      this.#error = view;
      this.#retry = () => this.#authorize(proof);
    } else if (sms && (view.status === 400 || view.status === 429)) {
      // an invalid proof whatever its code, or a 429 (the field waits out its Retry-After)
      this.#code.showError(view.status === 429 ? view : { ...view, key: 'error.wrongCode' });
    } else {
      this.#error = view;
    }
    this.requestUpdate();
    void this.updateComplete.then(() => {
      if (this.#phase === 'ready' && sms && !this.#code.rateLimited) this.#code.focus();
    });
  }
}
