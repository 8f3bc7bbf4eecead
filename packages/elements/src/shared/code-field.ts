/**
 * The one-time-code input of every code-taking element (through code-entry.ts, or directly in
 * `<pay-auth-methods>`): one real `<input>` in the element's light DOM (slot `code-input`) with
 * `autocomplete="one-time-code"`, a label, a hint, a warning never to share the code and an error line tied to it by `aria-describedby`. It keeps digits only, accepts a pasted code with
 * spaces or dashes, and hands the code over as soon as all digits are there. The code is read from
 * the input and the input cleared in the same step; it is never put in an attribute. Errors about an
 * attempt show under the input (the line exists only while there is one); a 429 also disables it until
 * its Retry-After has passed, and a spent code until a new one is sent. It looks like six cells
 * (`aria-hidden` spans that mirror the digits, under the transparent input that covers them: code-field.styles.ts)
 * but stays one input, so paste, autofill, WebOTP and screen readers see one field. The caret is kept at
 * the end, so the cell after the last digit is the active one (outlined while the input has focus).
 *
 * Its host is the element that owns it: the field speaks with the host's `t` (the never-share warning,
 * the too-few-digits complaint, the error line), so an element passes only what differs.
 *
 * @example
 *   #code = new CodeField(this, {
 *     label: () => this.t('otp.label'), hint: () => this.t('otp.hint'), onComplete: (code) => this.#verify(code),
 *   });
 *   this.#code.showError(describeError(error));
 */
import { html, nothing } from 'lit';
import type { PayElement } from './base-element.js';
import { Countdown } from './countdown.js';
import type { ErrorView } from './errors.js';
import { LightDomSlot } from './light-dom.js';
import { codeFieldStyles } from './code-field.styles.js';
import { codeFieldMessages } from './code-field.messages.js';
import { registerMessages } from './i18n.js';

registerMessages('en', codeFieldMessages);

export interface CodeFieldOptions {
  /** Number of digits; default 6. */
  length?: number;
  label: () => string;
  hint: () => string;
  /** The warning under the hint; default `otp.neverShare` ('Never share this code…', which a platform may override). */
  warning?: () => string;
  /** Shown when the user submits fewer digits than `length`; default `error.incompleteCode`. */
  incomplete?: () => string;
  /** The text of an error under the input (`secondsLeft` counts down a 429); default the host's `errorMessage`. */
  message?: (view: ErrorView, secondsLeft: number) => string;
  /** Seconds to wait after a 429 without Retry-After. */
  fallbackWaitSeconds?: () => number;
  /** Called on every edit (to clear errors about the previous attempt). */
  onEdit?: () => void;
  /** Called with the digits when the field holds a whole code (typed, pasted, autofilled or Enter). */
  onComplete: (code: string) => void;
}

let nextId = 0;

export class CodeField {
  /** Render the field at all. */
  visible = false;
  /** Editable but not accepting (a check is running): focus stays in the field. */
  busy = false;
  /** The code can't be used any more (expired, used up, locked): the input is disabled until `reset()`. */
  spent = false;
  /** The error about the last attempt, until the next edit (a 429's stays until its wait is over). */
  #error: ErrorView | undefined;
  /** The field's own complaint (too few digits), until the next keystroke. */
  #incomplete: string | undefined;
  readonly #wait: Countdown;

  readonly length: number;
  readonly #host: PayElement;
  readonly #options: Required<Pick<CodeFieldOptions, 'warning' | 'incomplete' | 'message'>> & CodeFieldOptions;
  readonly #id = `pay-code-${++nextId}`;
  readonly #slot: LightDomSlot;

  constructor(host: PayElement, options: CodeFieldOptions) {
    // The host's protected `t` and `errorMessage`, read here because the field is part of the element.
    const t = host['t'].bind(host);
    this.#host = host;
    this.length = options.length ?? 6;
    this.#options = {
      warning: () => t('otp.neverShare'),
      incomplete: () => t('error.incompleteCode', { n: this.length }),
      message: (view, secondsLeft) => host['errorMessage'](view, secondsLeft),
      ...options,
    };
    this.#slot = new LightDomSlot(host, 'code-input', () => this.#render(), codeFieldStyles);
    this.#wait = new Countdown(host, () => {
      this.#error = undefined;
      void host.updateComplete.then(() => this.focus());
    });
  }

  /** True while an error about the last attempt is shown. */
  get hasError(): boolean {
    return this.#error !== undefined;
  }

  /** True while a 429's wait runs: the input is disabled and the submit button should be too. */
  get rateLimited(): boolean {
    return this.#wait.running;
  }

  /** Shows `view` under the input; a 429 disables the input for its Retry-After. */
  showError(view: ErrorView): void {
    this.#error = view;
    if (view.status === 429) this.#wait.start(view.retryAfterSeconds ?? this.#options.fallbackWaitSeconds?.() ?? 30);
    this.#host.requestUpdate();
  }

  /** Forgets any error and wait (a new challenge). */
  reset(): void {
    this.#error = this.#incomplete = undefined;
    this.spent = false;
    this.#wait.stop();
    this.clear();
  }

  /** The light-DOM input, when rendered. */
  get input(): HTMLInputElement | undefined {
    return this.#slot.container?.querySelector('input') ?? undefined;
  }

  /** Takes the digits out of the input, leaving it empty. */
  take(): string {
    const input = this.input;
    const digits = (input?.value ?? '').replace(/\D/g, '');
    this.clear();
    return digits;
  }

  /** Empties the input (and so the cells). */
  clear(): void {
    if (this.input) this.input.value = '';
    this.#host.requestUpdate();
  }

  focus(): void {
    this.input?.focus();
  }

  /** Called on every edit (a subclass adds to it). */
  protected onEdit(): void {
    this.#options.onEdit?.();
  }

  /** Submits what the field holds (Enter, or the element's submit button). */
  submit(): void {
    const input = this.input;
    if (input) this.#check(input, true);
  }

  #render(): unknown {
    if (!this.visible) return nothing;
    const id = this.#id;
    const view = this.#error;
    const error = view ? this.#options.message(view, this.#wait.remaining) : this.#incomplete;
    const value = this.input?.value ?? '';
    const active = Math.min(value.length, this.length - 1);
    const cells = Array.from(
      { length: this.length },
      (_, i) => html`<span class="pay-field__cell" aria-hidden="true" ?data-active=${i === active}>${value[i]}</span>`,
    );
    return html`
      <label class="pay-field__label" for=${id}>${this.#options.label()}</label>
      <div class="pay-field__code">
        <input
          id=${id}
          class="pay-field__input--code"
          type="text"
          autocomplete="one-time-code"
          inputmode="numeric"
          pattern="[0-9]*"
          spellcheck="false"
          autocapitalize="off"
          aria-describedby="${id}-hint ${id}-warning${error ? ` ${id}-error` : ''}"
          aria-invalid=${error ? 'true' : 'false'}
          ?readonly=${this.busy}
          ?disabled=${this.rateLimited || this.spent}
          @paste=${this.#onPaste}
          @input=${this.#onInput}
          @keydown=${this.#onKeydown}
          @click=${this.#toEnd}
          @focus=${this.#toEnd}
        />${cells}
      </div>
      <p class="pay-field__hint" id="${id}-hint">${this.#options.hint()}</p>
      <p class="pay-field__hint" id="${id}-warning">${this.#options.warning()}</p>
      ${error ? html`<p class="pay-field__error" id="${id}-error">${error}</p>` : nothing}
    `;
  }

  /** Focus and clicks put the caret after the last digit, where the active cell is drawn. */
  readonly #toEnd = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    input.selectionStart = input.value.length;
  };

  readonly #onPaste = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text');
    if (!text) return; // let the browser paste; #onInput keeps the digits (no maxlength cuts them first)
    event.preventDefault();
    this.#accept(event.target as HTMLInputElement, text);
  };

  readonly #onInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    this.#accept(input, input.value);
  };

  /** Keeps the digits of `text` in the input, clears errors about the last attempt, submits a whole code. */
  #accept(input: HTMLInputElement, text: string): void {
    const digits = text.replace(/\D/g, '').slice(0, this.length);
    if (digits !== input.value) input.value = digits;
    if (!this.rateLimited) this.#error = undefined;
    this.#incomplete = undefined;
    this.#host.requestUpdate(); // the cells show the digits
    this.onEdit();
    this.#check(input);
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    this.#check(event.target as HTMLInputElement, true);
  };

  #check(input: HTMLInputElement, submit = false): void {
    if (this.busy || this.rateLimited || this.spent) return;
    if (input.value.length === this.length) {
      this.#incomplete = undefined;
      this.#options.onComplete(this.take());
    } else if (submit) {
      this.#incomplete = this.#options.incomplete();
      this.#host.requestUpdate();
      input.focus();
    }
  }
}
