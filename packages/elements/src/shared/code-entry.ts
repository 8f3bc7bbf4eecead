/**
 * The code step every code-taking element shares (`<pay-otp-login>`, `<pay-contact-verification>`,
 * `<pay-sca-challenge>`): the code field (code-field.ts), the resend countdown and its button, the
 * error box, and how a failed attempt is told apart and shown. A failed attempt is one of:
 * - wrong: "That code isn’t right." with the tries left when the service says (`details.attemptsRemaining`);
 * - spent: expired or used up (`details.reason` says so, or no tries are left): the input closes and
 *   "Send a new code" is offered at once, whatever the resend countdown said;
 * - locked (423 `ACCOUNT_LOCKED`, or `details.lockedUntil`): how long, when the service says;
 * - a 429: the field waits out Retry-After;
 * - a network error, timeout or 5xx: the error box, and the primary button becomes "Try again" (one
 *   action: no second button next to an enabled "Verify").
 * The service's `details.reason` is read, never shown: it is English for developers.
 *
 * @example
 *   #code = new CodeEntry(this, { label: …, hint: …, onComplete: (code) => this.#verify(code) });
 *   catch (error) { this.#code.fail(this.report(this.#code.describe(error)), () => this.#verify(code)); }
 *   html`${this.#code.renderActions(verifying, this.#onSend)}`;
 */
import { html, nothing } from 'lit';
import type { PayElement } from './base-element.js';
import { CodeField, type CodeFieldOptions } from './code-field.js';
import { Countdown } from './countdown.js';
import { describeError, type ErrorView } from './errors.js';
import type { MessageKey } from './i18n.js';

/** What a failed attempt was (see the module comment). */
export type CodeProblem = 'wrong' | 'spent' | 'locked' | 'limited' | 'retry' | 'other';

export interface CodeErrorView extends ErrorView {
  problem: CodeProblem;
}

/**
 * The element a code step belongs to: its `t` and locale (from `PayElement`: the words, and how long a
 * lock lasts) and `resendSeconds`, the seconds before "Resend code" is allowed after a send (a 429's
 * Retry-After wins).
 */
export interface CodeHost extends PayElement {
  resendSeconds: number;
}

export interface CodeEntryOptions extends Omit<CodeFieldOptions, 'message' | 'incomplete' | 'onEdit' | 'warning'> {
  /** The message of a wrong code; default `error.wrongCode`. */
  wrong?: MessageKey;
}

/** "in 25 minutes" (localized) until `iso`, or undefined when it is not a future date. */
function until(iso: unknown, locale: string): string | undefined {
  const minutes = Math.ceil((Date.parse(String(iso)) - Date.now()) / 60_000);
  if (!(minutes > 0)) return undefined;
  const [value, unit] = minutes > 90 ? [Math.ceil(minutes / 60), 'hour' as const] : [minutes, 'minute' as const];
  try {
    return new Intl.RelativeTimeFormat(locale).format(value, unit);
  } catch {
    return new Intl.RelativeTimeFormat('en').format(value, unit); // a malformed lang tag
  }
}

export class CodeEntry extends CodeField {
  readonly resend: Countdown;
  /** The error box: network and unexpected errors (errors about the code show under the input). */
  error: ErrorView | undefined;
  /** After a network error, the attempt to repeat: the primary button runs it. */
  retry: (() => void) | undefined;

  /** The element this step belongs to. */
  protected readonly host: CodeHost;
  readonly #options: CodeEntryOptions;

  constructor(host: CodeHost, options: CodeEntryOptions) {
    super(host, { ...options, fallbackWaitSeconds: () => host.resendSeconds });
    this.host = host;
    this.#options = options;
    this.resend = new Countdown(host, () => {
      if (this.error?.status === 429) this.error = undefined;
    });
  }

  /** The host's (protected) translation: the code step is part of the element. */
  readonly #t: PayElement['t'] = (key, params) => this.host['t'](key, params);

  /** Typing starts a new attempt: the box about the last one goes (a running 429 wait stays). */
  protected override onEdit(): void {
    if (this.error?.status === 429) return;
    this.error = this.retry = undefined;
    this.host.requestUpdate();
  }

  /** An error is shown (box or field). */
  get failed(): boolean {
    return !!this.error || this.hasError;
  }

  /** A code was sent: show the field, empty, and hold "Resend code" back for `resendSeconds`. */
  sent(): void {
    this.visible = true;
    this.reset();
    this.resend.start(this.host.resendSeconds);
  }

  /** Sending failed: the box says why (the send or resend button is the one action); a 429 holds resend back. */
  sendFailed(view: ErrorView): void {
    this.error = view;
    if (view.status === 429) this.resend.start(view.retryAfterSeconds ?? this.host.resendSeconds);
    this.host.requestUpdate();
  }

  /** Reads a failed attempt at a code (see the module comment). */
  describe(error: unknown): CodeErrorView {
    const wrong = this.#options.wrong ?? 'error.wrongCode';
    const view: CodeErrorView = {
      ...describeError(error, { UNAUTHORIZED: wrong, INVALID_INPUT: wrong }),
      problem: 'other',
    };
    const details = ((error as { details?: unknown } | null)?.details ?? {}) as Record<string, unknown>;
    const left = details['attemptsRemaining'];
    const time = until(details['lockedUntil'], this.host['resolvedLocale']);
    if (view.retryable) view.problem = 'retry';
    else if (view.status === 429) view.problem = 'limited';
    else if (view.code === 'ACCOUNT_LOCKED' || time) {
      view.problem = 'locked';
      view.key = time ? 'error.lockedFor' : 'error.locked';
      view.params = { time: time ?? '' };
    } else if (view.key === wrong) {
      view.problem = 'wrong';
      const reason = String(details['reason']);
      if (/expired/i.test(reason)) {
        view.problem = 'spent';
        view.key = 'error.codeExpired';
      } else if (/used/i.test(reason) || left === 0) {
        view.problem = 'spent';
        view.key = left === 0 ? 'error.codeUsedUp' : 'error.codeUsed';
      } else if (typeof left === 'number') {
        view.key = left === 1 ? 'error.wrongCodeLast' : 'error.wrongCodeLeft';
        view.params = { left };
      }
    }
    return view;
  }

  /** Shows a failed attempt where it belongs; `retry` repeats it after a network error. */
  fail(view: CodeErrorView, retry: () => void): void {
    const problem = view.problem;
    if (problem === 'retry' || problem === 'other') {
      this.error = view;
      if (problem === 'retry') this.retry = retry; // the code lives on only in this closure, until the next edit
    } else {
      this.showError(view);
      this.spent = problem === 'spent' || problem === 'locked';
      if (problem === 'spent') this.resend.stop();
    }
    this.host.requestUpdate();
  }

  /** Runs the held retry (the primary button while one is held). */
  runRetry(): void {
    const retry = this.retry;
    this.error = this.retry = undefined;
    this.host.requestUpdate();
    retry?.();
  }

  /** "Resend code", its countdown, or "Send a new code" once the code is spent. */
  renderResend(onSend: () => void, busy: boolean): unknown {
    const t = this.#t;
    const waiting = this.resend.running;
    return html`<button
      part="button resend-button"
      class="button button--link"
      type="button"
      ?disabled=${waiting || busy}
      @click=${onSend}
    >
      ${waiting ? t('otp.resendIn', { n: this.resend.remaining }) : t(this.spent ? 'otp.sendNew' : 'otp.resend')}
    </button>`;
  }

  /** "Verify" ("Try again" after a network error) and the resend button. */
  renderActions(verifying: boolean, onSend: () => void): unknown {
    const t = this.#t;
    return html`<div class="actions actions--code">
      <button
        part="button verify-button"
        class="button button--primary verify"
        type="button"
        ?disabled=${this.rateLimited || this.spent}
        aria-busy=${verifying ? 'true' : 'false'}
        @click=${() => (this.retry ? this.runRetry() : this.submit())}
      >
        ${verifying ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}${t(
          verifying ? 'otp.verifying' : this.retry ? 'common.retry' : 'otp.verify',
        )}
      </button>
      ${this.renderResend(onSend, verifying)}
    </div>`;
  }
}
