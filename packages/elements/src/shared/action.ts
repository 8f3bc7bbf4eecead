/**
 * The changes an account element makes (`<pay-auth-methods>`, `<pay-sessions>`, `<pay-wallet-settings>`,
 * `<pay-card>`), one at a time: `run` marks it busy (the element disables its buttons), clears the
 * last error and success, calls the change with the element's client (`requireClient()`), and shows a
 * failure in the error box (`reportError`: `pay-error` and the announcement). A run while another is
 * busy does nothing. The error box is the element's one: its load failures go to `error` too.
 *
 * @example
 *   readonly #action = new Action(this);
 *   #save = () => this.#action.run(async (client) => { await save(client); this.#action.done(this.t('saved')); });
 */
import type { WalletClient } from '@paykit/crypto-core';
import type { PayElement } from './base-element.js';
import type { ErrorView } from './errors.js';

/** `K`: what `busy` says is running (`true`, or the element's names for its changes). */
export class Action<K = true> {
  /** The change running, undefined when none is. */
  busy: K | undefined;
  /** What the error box shows. */
  error: ErrorView | undefined;
  /** The last change, confirmed. */
  success: string | undefined;
  readonly #host: PayElement;

  constructor(host: PayElement) {
    this.#host = host;
  }

  /**
   * Runs `change` unless one is busy; answers what it answers (undefined when it failed or did not run).
   * `report` reports its failure and answers what the error box shows (nothing, when the element shows the
   * failure another way), when the element's `reportError` does not say it as the element wants.
   */
  async run<R>(
    change: (client: WalletClient) => Promise<R>,
    busy = true as K,
    report = (error: unknown): ErrorView | undefined => this.#host['reportError'](error),
  ): Promise<R | undefined> {
    if (this.busy) return;
    const host = this.#host;
    this.busy = busy;
    this.error = this.success = undefined;
    host.requestUpdate();
    try {
      return await change(host['requireClient']());
    } catch (error) {
      this.error = report(error);
    } finally {
      this.busy = undefined;
      host.requestUpdate();
    }
  }

  /** Shows `text` as the change's success and announces it. */
  done(text: string): void {
    this.#host['live'].announce((this.success = text));
  }
}
