/**
 * The changes an account element makes (`<pay-auth-methods>`, `<pay-sessions>`, `<pay-wallet-settings>`,
 * `<pay-card>`), one at a time: `run` marks it busy (the element disables its buttons), clears the
 * last error and success, calls the change with the client, and shows a failure in the error box
 * (reported: `pay-error` and the announcement). A run while another is busy does nothing. The error
 * box is the element's one: its load failures go to `error` too.
 *
 * @example
 *   readonly #action = new Action(this, {
 *     client: () => this.requireClient(),
 *     report: (error) => this.reportError(error),
 *     announce: (text) => this.live.announce(text),
 *   });
 *   #save = () => this.#action.run(async (client) => { await save(client); this.#action.done(this.t('saved')); });
 */
import type { ReactiveControllerHost } from 'lit';
import type { WalletClient } from '@paykit/crypto-core';
import type { ErrorView } from './errors.js';

/** What an action needs of its element (a PayElement's `requireClient`, `reportError`, `live.announce`). */
export interface ActionOptions {
  /** The client a change uses (what it throws is shown like any failure). */
  client(): WalletClient;
  /** Reports a failure and answers what the error box shows. */
  report(error: unknown): ErrorView;
  /** Says a success out loud. */
  announce(text: string): void;
}

/** `K`: what `busy` says is running (`true`, or the element's names for its changes). */
export class Action<K = true> {
  /** The change running, undefined when none is. */
  busy: K | undefined;
  /** What the error box shows. */
  error: ErrorView | undefined;
  /** The last change, confirmed. */
  success: string | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #options: ActionOptions;

  constructor(host: ReactiveControllerHost, options: ActionOptions) {
    this.#host = host;
    this.#options = options;
  }

  /**
   * Runs `change` unless one is busy; answers what it answers (undefined when it failed or did not run).
   * `report` describes its failure when the element's default does not.
   */
  async run<R>(
    change: (client: WalletClient) => Promise<R>,
    busy = true as K,
    report = this.#options.report,
  ): Promise<R | undefined> {
    if (this.busy) return;
    this.busy = busy;
    this.error = this.success = undefined;
    this.#host.requestUpdate();
    try {
      return await change(this.#options.client());
    } catch (error) {
      this.error = report(error);
    } finally {
      this.busy = undefined;
      this.#host.requestUpdate();
    }
  }

  /** Shows `text` as the change's success and announces it. */
  done(text: string): void {
    this.#options.announce((this.success = text));
  }
}
