import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import {
  authorizeQuote,
  completeScaLogin,
  getQuote,
  passkeysSupported,
  resendScaCode,
  startScaLogin,
  type Quote,
  type ScaChallenge,
  type ScaLoginStart,
} from '@paykit/crypto-core';
import { choiceStyles } from '../shared/choice.styles.js';
import { summaryStyles } from '../shared/summary.styles.js';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { registerMessages } from '../shared/i18n.js';
import { CodeEntry } from '../shared/code-entry.js';
import { Countdown } from '../shared/countdown.js';
import { describeError, errorCode } from '../shared/errors.js';
import { PayScaCompleteEvent } from './sca-challenge-events.js';
import { Reconcile } from '../shared/reconcile.js';
import { keyIcon, lockIcon } from '../shared/icons.js';
import { formatAmount, payeeLabel } from './quote-format.js';
import { usableFactors, type ScaFactor } from './sca-rules.js';
import { scaChallengeStyles } from './sca-challenge.styles.js';
import './sca-challenge.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { scaChallengeMessages } from './sca-challenge.messages.js';

export type { ScaFactor };

registerMessages('en', scaChallengeMessages);

type Phase = 'ready' | 'submitting' | 'complete' | 'locked' | 'expired' | 'empty';
type Proof = { code: string } | { passkey: true };

/**
 * Strong Customer Authentication for a quote in `PENDING_AUTHORIZATION`: shows what is being authorized
 * (amount and payee, `payee-name` first), then takes a text-message code (a light-DOM `one-time-code`
 * input, focused when it appears, its hint naming the masked `destination`) or a passkey, whichever
 * the challenge allows, with a switch when both are (without `destination`, the hint names the customer's
 * number, all but its last 4 digits hidden, read with `GET /customers/{id}`). A currency conversion and
 * its payout (the challenge `purpose`s CURRENCY_CONVERSION, then PAYOUT) show as "Step 1 of 2" and
 * "Step 2 of 2". A
 * wrong code says how many tries are left; a lock says how long it lasts (`details.lockedUntil`); an
 * expired challenge says to start again (shared/code-entry.ts). It works in both orders the service
 * uses: a wallet send challenged by its execute (the last authorize releases it: PROCESSING) and a
 * quote challenged at creation (the last authorize leaves it PENDING, to be executed). It resends codes
 * (`resendScaCode(client, …)`), stops on 423 `ACCOUNT_LOCKED`, waits out 429s, and keeps going while the
 * service answers with another challenge. On 409 `SCA_SESSION_REQUIRED` it opens the service's SCA login
 * once, as "Step 2 of 2" of the same confirmation ("one more code", never a "session" the user did not
 * know of: `startScaLogin(client, …)` sends a text message; the user enters that code;
 * `completeScaLogin(client, …)`), then sends the held proof again; a wrong held code is then said under
 * the payment's code field, with the tries left. When the quote leaves
 * `PENDING_AUTHORIZATION` it emits `pay-sca-complete` with the quote (`nextQuoteStep` says what follows).
 *
 * @summary Strong Customer Authentication of a quote by SMS code or passkey.
 *
 * @event {PayScaCompleteEvent} pay-sca-complete - The quote left PENDING_AUTHORIZATION (PROCESSING for a released wallet send, PENDING for a quote to execute). `detail: { quote }`.
 *
 * @slot code-input - Reserved: the element renders its code field here (label, input, hint, error) in light DOM. Style its six cells through the `.pay-field__cell` class (the one input over them is transparent).
 *
 * @csspart base - The surface around everything.
 * @csspart title - "Confirm this payment".
 * @csspart step - "Step 1 of 2" where the service asks for a second confirmation (a conversion's payout, or its SCA login).
 * @csspart summary - The amount and payee.
 * @csspart amount - The formatted amount.
 * @csspart payee - The payee.
 * @csspart factors - The factor switch (only when two factors are possible).
 * @csspart button - Every button.
 * @csspart confirm-button - "Confirm payment" (code) or "Confirm with passkey"; "Try again" after a network error.
 * @csspart resend-button - "Resend code" with its countdown ("Send a new code" once the code is used up).
 * @csspart status - Progress lines such as "Renewing your secure session…".
 * @csspart locked - The locked-account message (how long, when the service says), or that the challenge expired.
 * @csspart error - The error box.
 * @csspart success - The payment-confirmed message.
 *
 *
 * @cssstate ready - Waiting for a proof.
 * @cssstate submitting - A proof is being checked.
 * @cssstate complete - The quote left PENDING_AUTHORIZATION.
 * @cssstate locked - ACCOUNT_LOCKED; no more input.
 * @cssstate expired - The challenge expired; the payment has to be started again.
 * @cssstate empty - No quote waiting for authorization.
 * @cssstate sms - Answering with a text-message code.
 * @cssstate login - The service's SCA login ("Step 2 of 2"), by a second text-message code, before the proof is sent again.
 * @cssstate passkey - Answering with a passkey.
 * @cssstate error - An error is shown.
 * @cssstate cooldown - "Resend code" is not allowed yet.
 */
export class PayScaChallengeElement extends PayElement {
  static override styles = [...PayElement.styles, summaryStyles, choiceStyles, scaChallengeStyles];

  static override properties: PropertyDeclarations = {
    quote: { attribute: false },
    customerId: { attribute: 'customer-id' },
    resendSeconds: { type: Number, attribute: 'resend-seconds' },
    destination: {},
    payeeName: { attribute: 'payee-name' },
  };

  /** The quote to authorize (status PENDING_AUTHORIZATION with an `scaChallenge`). Not an attribute. */
  declare quote: Quote | undefined;
  /** The customer whose SCA login is renewed on 409 SCA_SESSION_REQUIRED. */
  declare customerId: string | undefined;
  /** Seconds before "Resend code" is allowed after a code was sent (a 429's Retry-After wins). */
  declare resendSeconds: number;
  /** Where the code goes, masked by the platform (`+49 ••• •••78`), for the hint. Display only. */
  declare destination: string | undefined;
  /** The payee's display name as the platform knows it; wins over what the quote's destination says. */
  declare payeeName: string | undefined;

  constructor() {
    super();
    this.resendSeconds = 30;
  }

  #phase: Phase = 'empty';
  #factor: ScaFactor | undefined;
  #challengeId: string | undefined;
  #status: string | undefined;
  /** After a proof whose answer was lost: the quote as it is now ("Checking whether your payment went through…"). */
  readonly #check = new Reconcile(this, 'sca.checking');
  /** The SCA login being completed (started on 409 SCA_SESSION_REQUIRED), and the proof to send again after it. */
  #login: { start: ScaLoginStart; proof: Proof } | undefined;
  /** A currency conversion was authorized here: its payout is step 2 of 2. */
  #converted = false;
  /** A code field appeared: focus it once rendered. */
  #focusCode = false;
  /** The customer's phone, masked (`•••• 5678`), read once when `destination` is not given. */
  #phone: string | undefined;
  #phoneFor: string | undefined;

  /** The code step; its error box holds every error shown in the box (passkey ones too). */
  readonly #code = new CodeEntry(this, {
    label: () => this.t(this.#login ? 'sca.loginCodeLabel' : 'sca.codeLabel'),
    hint: () => {
      const to = this.destination || this.#phone;
      return to ? this.t('sca.codeHintTo', { destination: to }) : this.t('sca.codeHint');
    },
    onComplete: (code) => (this.#login ? this.#completeLogin(code) : this.#authorize({ code })),
  });
  /** A 429 on a passkey answer (a code's 429 is waited out by the code field). */
  readonly #rateLimit = new Countdown(this, () => {
    if (this.#code.error?.status === 429) this.#code.error = undefined;
  });

  protected override get states(): PayStates {
    const open = this.#phase === 'ready' || this.#phase === 'submitting';
    return [
      this.#phase,
      open && (this.#login ? 'login' : !!this.#factor && (this.#factor === 'SMS_OTP' ? 'sms' : 'passkey')),
      this.#code.failed && 'error',
      this.#code.resend.running && 'cooldown',
    ];
  }

  get #challenge(): ScaChallenge | undefined {
    return this.quote?.status === 'PENDING_AUTHORIZATION' ? this.quote.scaChallenge : undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#code.retry = undefined; // the code it held is dropped; the next render removes "Try again"
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const challenge = this.#challenge;
    const code = this.#code;
    const shown = code.visible;
    if (
      changed.has('quote') &&
      (this.#phase === 'ready' || this.#phase === 'submitting' || this.#phase === 'empty') &&
      challenge?.id !== this.#challengeId
    ) {
      // A new challenge: start over with its own factor.
      this.#challengeId = challenge?.id;
      this.#phase = challenge ? 'ready' : 'empty';
      this.#factor = usableFactors(challenge, passkeysSupported())[0];
      code.error = code.retry = this.#status = this.#login = undefined;
      code.reset();
      this.#rateLimit.stop();
      if (this.#factor === 'SMS_OTP') code.sent();
    }
    if (challenge && !this.destination && this.customerId && this.customerId !== this.#phoneFor) void this.#readPhone();
    const visible = this.#byCode && (this.#phase === 'ready' || this.#phase === 'submitting');
    this.#focusCode ||= visible && !shown;
    code.visible = visible;
    code.busy = this.#phase === 'submitting';
  }

  /** Where the texts go, for the hints: the customer's number, all but its last 4 digits hidden. */
  async #readPhone(): Promise<void> {
    const id = (this.#phoneFor = this.customerId!);
    try {
      const { phoneNumber } = await this.requireClient().request<{ phoneNumber?: string }>('GET', `/customers/${id}`);
      if (id === this.customerId && phoneNumber) this.#phone = `•••• ${phoneNumber.slice(-4)}`;
      this.requestUpdate();
    } catch {
      /* the hint says "your phone" */
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.#focusCode) this.#code.focus();
    this.#focusCode = false;
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
    const purpose = this.#challenge?.purpose;
    // the service's SCA login (on 409 SCA_SESSION_REQUIRED) is the second code of the same confirmation
    const step =
      purpose === 'CURRENCY_CONVERSION' ? 1 : (purpose === 'PAYOUT' && this.#converted) || this.#login ? 2 : 0;
    return html`<div part="base" class="base">
      <p part="title" class="title">${this.t('sca.title')}</p>
      ${step ? html`<p part="step" class="text">${this.t('sca.step', { n: step, total: 2 })}</p>` : nothing}
      ${this.#renderSummary(quote)} ${this.#renderBody()} ${this.live.render()}
    </div>`;
  }

  #renderSummary(quote: Quote): unknown {
    const payee = this.payeeName || payeeLabel(quote.destination) || this.t('sca.unknownPayee');
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
      case 'expired':
        return html`<p part="locked" class="alert locked">
          ${lockIcon}<span>${this.#phase === 'expired' ? this.t('sca.expired') : this.#lock}</span>
        </p>`;
      default:
        break;
    }
    const factors = usableFactors(this.#challenge, passkeysSupported());
    if (!this.#factor) return html`<p class="text">${this.t('sca.noFactor')}</p>`;
    const code = this.#code;
    const submitting = this.#phase === 'submitting';
    const login = this.#login !== undefined;
    const byCode = this.#byCode;
    return html`
      ${factors.length > 1 && !login ? this.#renderFactorSwitch(factors) : nothing}
      ${byCode ? html`<slot name="code-input"></slot>` : nothing}
      ${this.#shownStatus ? html`<p part="status" class="text status">${submitting ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${this.#shownStatus}</p>` : nothing}
      ${this.renderErrorBox(code.error, { secondsLeft: Math.max(this.#rateLimit.remaining, code.resend.remaining) })}
      <div class="actions">
        <button
          part="button confirm-button"
          class="button button--primary confirm"
          type="button"
          ?disabled=${code.rateLimited || this.#rateLimit.running || (byCode && code.spent)}
          aria-busy=${submitting ? 'true' : 'false'}
          @click=${this.#onConfirm}
        >
          ${submitting ? html`<span class="spinner" aria-hidden="true"></span>` : byCode ? nothing : keyIcon}
          <span
            >${this.t(
              submitting
                ? 'sca.confirming'
                : code.retry
                  ? 'common.retry'
                  : byCode
                    ? 'sca.confirm'
                    : 'sca.confirmPasskey',
            )}</span
          >
        </button>
        ${this.#factor === 'SMS_OTP' && !login ? code.renderResend(this.#onResend, submitting) : nothing}
      </div>
    `;
  }

  /** Answered with a code: a text-message challenge, or the SCA login of one (a passkey's login is a passkey). */
  get #byCode(): boolean {
    return (this.#login?.start.factor ?? this.#factor) === 'SMS_OTP';
  }

  /** How long a lock lasts, when the service said. */
  #lock = '';

  #renderFactorSwitch(factors: ScaFactor[]): unknown {
    return html`<fieldset part="factors" class="choices">
      <legend class="choices__legend">${this.t('sca.factor.legend')}</legend>
      ${factors.map(
        (factor) =>
          html`<label class="choice">
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
    this.#code.error = this.#code.retry = undefined;
    this.#focusCode = true;
    this.requestUpdate();
  };

  /** The passkey branch calls the client inside this click handler, before any await. */
  readonly #onConfirm = (): void => {
    const code = this.#code;
    if (code.retry) code.runRetry();
    else if (this.#byCode) code.submit();
    else if (this.#login) this.#completeLogin();
    else this.#authorize({ passkey: true });
  };

  readonly #onResend = async (): Promise<void> => {
    const quote = this.quote;
    const code = this.#code;
    if (!quote || code.resend.running) return;
    code.error = code.retry = undefined;
    code.resend.start(this.resendSeconds); // held back while it is sent
    try {
      await resendScaCode(this.requireClient(), quote.id);
      code.sent(); // a code spent by wrong attempts is replaced: the input opens again
      this.live.announce(this.t('sca.resent'));
      await this.updateComplete;
      code.focus();
    } catch (error) {
      code.resend.stop();
      code.sendFailed(this.reportError(error));
    }
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
    this.#code.error = this.#code.retry = undefined;
    if (!renewed) this.#status = undefined;
    this.requestUpdate();
    void this.#settle(request, proof, renewed);
  }

  /** The progress line: "Checking…" while a lost answer is read, else the flow's own status. */
  get #shownStatus(): string | undefined {
    return this.#check.checking ? this.t('sca.checking') : this.#status;
  }

  async #settle(request: Promise<Quote>, proof: Proof, renewed: boolean): Promise<void> {
    let next: Quote;
    try {
      next = await request;
    } catch (error) {
      if (errorCode(error) === 'SCA_SESSION_REQUIRED' && !renewed && this.customerId) {
        await this.#startLogin(proof);
        return;
      }
      // the proof may have reached the service and its answer got lost: read the quote before offering a retry
      const settled = await this.#check.read(error, () => this.#movedOn());
      if (!settled) {
        this.#fail(error, proof);
        return;
      }
      next = settled;
    }
    await this.#next(next);
  }

  /**
   * The quote as it is now, when it moved on from the challenge on screen (answered already); else
   * `undefined`: still unknown, so the error and its retry (a retry of the proof is safe).
   */
  async #movedOn(): Promise<Quote | undefined> {
    const quote = this.quote;
    if (!quote) return undefined;
    const now = await getQuote(this.requireClient(), quote.id);
    const moved = now.status !== 'PENDING_AUTHORIZATION' || now.scaChallenge?.id !== this.#challenge?.id;
    return moved && now.status !== 'FAILED' && now.status !== 'EXPIRED' ? now : undefined;
  }

  /** What the service answered the proof with: another round, or done. */
  async #next(next: Quote): Promise<void> {
    this.#status = undefined;
    this.#converted = this.#challenge?.purpose === 'CURRENCY_CONVERSION';
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
    this.#code.resend.stop();
    this.quote = next;
    this.dispatchEvent(new PayScaCompleteEvent(next));
    this.live.announce(this.t('sca.complete'));
  }

  /** 409 SCA_SESSION_REQUIRED: start an SCA login (a text message), then wait for its code. */
  async #startLogin(proof: Proof): Promise<void> {
    try {
      // a passkey proof signs in again with the passkey: the customer may have no phone
      const factor = 'code' in proof ? 'SMS_OTP' : 'PASSKEY';
      const start = await startScaLogin(this.requireClient(), { customerId: this.customerId ?? '', factor });
      this.#login = { start, proof };
    } catch (error) {
      this.#fail(error, proof);
      return;
    }
    this.#phase = 'ready';
    this.#status = undefined;
    this.#code.reset();
    if (!this.#byCode) this.#status = this.t('sca.loginPasskey');
    this.live.announce(this.#status ?? this.t('sca.loginCodeLabel'));
    this.requestUpdate();
    await this.updateComplete;
    this.#code.focus();
  }

  /** The SCA login's code (or its passkey): complete the login, then send the held proof once more. */
  #completeLogin(code?: string): void {
    const login = this.#login;
    if (!login || this.#phase !== 'ready') return;
    this.#phase = 'submitting';
    this.#code.error = this.#code.retry = undefined;
    this.requestUpdate();
    void (async () => {
      try {
        await completeScaLogin(this.requireClient(), {
          customerId: this.customerId ?? '',
          start: login.start,
          ...(code ? { code } : { passkey: true }),
        });
      } catch (error) {
        this.#fail(error, code ? { code } : { passkey: true }, () => this.#completeLogin(code));
        return;
      }
      this.#login = undefined;
      this.#code.reset();
      this.#status = this.t('sca.renewing');
      this.live.announce(this.#status);
      this.#authorize(login.proof, true);
    })();
  }

  /** A failed proof: locked or expired end the challenge here; the rest shows as code-entry.ts says. */
  #fail(error: unknown, proof: Proof, retry = () => this.#authorize(proof)): void {
    const code = this.#code;
    const sms = 'code' in proof;
    this.#phase = 'ready';
    this.#status = undefined;
    const described = code.describe(error);
    // the challenge expired (400), or with it the quote (409: FAILED, or EXPIRED)
    const status = (error as { details?: { status?: unknown } } | null)?.details?.status;
    const expired = described.key === 'error.codeExpired' || status === 'FAILED' || status === 'EXPIRED';
    if (expired) described.key = 'sca.expired'; // a resend does not renew it: the payment starts over
    // a passkey answer is not a code: only its lock and expiry are read the code way
    const view = this.report(
      sms || expired || described.problem === 'locked' ? described : { ...described, ...describeError(error) },
    );
    if (view.problem === 'locked') {
      this.#phase = 'locked';
      this.#lock = this.errorMessage(view);
      code.resend.stop();
      this.#rateLimit.stop();
    } else if (expired) {
      this.#phase = 'expired';
    } else if (!sms && view.status === 429) {
      code.error = view;
      this.#rateLimit.start(view.retryAfterSeconds ?? this.resendSeconds);
    } else if (sms) {
      code.fail(view, retry);
    } else {
      code.error = view; // the confirm button is the one action
    }
    this.requestUpdate();
    void this.updateComplete.then(() => {
      if (this.#phase === 'ready' && sms && !code.rateLimited && !code.spent) code.focus();
    });
  }
}
