/**
 * The code step of an element that sends its own code (`<pay-otp-login>`, `<pay-contact-verification>`):
 * the `CodeEntry` (field, resend countdown, error box, failed attempts told apart) with the "Send code"
 * button, the send, and one attempt at a code, written once. `<pay-sca-challenge>` uses `CodeEntry`
 * alone: the service sends its code when the challenge starts (and this module stays off the payment path).
 *
 * The element keeps its phases; the steps it passes move them.
 *
 * @example
 *   #code = new CodeSender(this, { label: …, hint: …, onComplete: (code) => void this.#verify(code) });
 *   #send = () => this.#code.send(request, () => { this.#phase = 'code-sent'; return this.t('otp.sentAnon'); }, failed);
 *   #verify = (code) => this.#code.attempt(check, failed, () => void this.#verify(code), () => this.#phase === 'code-sent');
 */
import { html } from 'lit';
import { CodeEntry } from './code-entry.js';

/** Not sent, or not accepted: the element steps back; `true` when it dealt with the error itself (nothing is shown). */
export type CodeFailure = (error: unknown) => boolean | void;

export class CodeSender extends CodeEntry {
  /**
   * Sends a code with `request` (it throws when the code was not sent). Sent: `sent` moves the element to its
   * code step and answers what to announce; the field opens, empty, with "Resend code" held back, and takes
   * the focus. Answers whether it was sent.
   */
  async send(request: () => Promise<unknown>, sent: () => string, failed: CodeFailure): Promise<boolean> {
    const host = this.host;
    this.error = this.retry = undefined;
    host.requestUpdate();
    try {
      await request();
    } catch (error) {
      if (!failed(error)) this.sendFailed(host['reportError'](error));
      return false;
    }
    this.sent();
    host['live'].announce(sent());
    await host.updateComplete;
    this.focus();
    return true;
  }

  /**
   * One attempt at a code: busy while `check` runs (it throws when the code was not accepted); a failure is
   * shown where it belongs, and `retry` repeats it ("Try again" after a network error). Afterwards, while
   * `open` (still on the code step), the field takes the focus back when it can take a code.
   */
  async attempt(
    check: () => Promise<void>,
    failed: CodeFailure,
    retry: () => void,
    open: () => boolean,
  ): Promise<void> {
    const host = this.host;
    this.busy = true;
    this.error = this.retry = undefined;
    host.requestUpdate();
    try {
      await check();
    } catch (error) {
      if (!failed(error)) this.fail(host['report'](this.describe(error)), retry);
    } finally {
      this.busy = false;
      host.requestUpdate();
    }
    await host.updateComplete;
    if (open() && !this.rateLimited && !this.spent) this.focus();
  }

  /** "Send code" (a spinner and "Sending…" while `sending`). */
  renderSend(sending: boolean, onSend: () => void): unknown {
    const t = (key: 'otp.sending' | 'otp.send'): string => this.host['t'](key);
    return html`<button
      part="button send-button"
      class="button button--primary button--block"
      type="button"
      ?disabled=${sending || this.resend.running}
      aria-busy=${sending ? 'true' : 'false'}
      @click=${onSend}
    >
      ${sending ? html`<span class="spinner" aria-hidden="true"></span>${t('otp.sending')}` : t('otp.send')}
    </button>`;
  }
}
