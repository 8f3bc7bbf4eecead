import { html, nothing, type PropertyDeclarations } from 'lit';
import { exportWallet } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { Countdown } from '../shared/countdown.js';
import type { ErrorView } from '../shared/errors.js';
import { PayExportClosedEvent, PayExportCompleteEvent, type PayExportClosedReason } from './wallet-export-events.js';
import { warningIcon } from '../shared/icons.js';
import { PageHiddenController } from '../shared/page-hidden.js';
import { checkboxStyles } from '../shared/checkbox.styles.js';
import { walletExportStyles } from './wallet-export.styles.js';
import './wallet-export.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { walletExportMessages } from './wallet-export.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', walletExportMessages);

type Phase = 'confirm' | 'exporting' | 'ready' | 'closed';

/**
 * Exports the wallet's recovery phrase (BIP-39 mnemonic) for the signed-in account. The user first
 * confirms they understand what the words give; then `exportWallet(client)` runs, showing progress while
 * the service answers PROCESSING. The words appear masked (`••••` in a numbered grid) until the user
 * presses Reveal (Escape, or Hide, masks them again); Copy puts them on the clipboard. The phrase is wiped, from the page and from the
 * element's memory, on Done, after `reveal-timeout` seconds, when the tab is hidden, and when the
 * element is removed. It never leaves the element: not in events, attributes, or the console.
 *
 * @summary Recovery-phrase export with confirmation, masking, reveal, copy and automatic wipe.
 *
 * @event {PayExportCompleteEvent} pay-export-complete - The phrase arrived and is shown masked. No detail.
 * @event {PayExportClosedEvent} pay-export-closed - The phrase was wiped. `detail: { reason: 'closed' | 'timeout' | 'hidden' }` (`closed` also when the element is removed).
 *
 * @csspart base - The surface around everything.
 * @csspart warning - The warning above the confirmation.
 * @csspart confirm - The confirmation checkbox with its label.
 * @csspart button - Every button.
 * @csspart start-button - "Export recovery phrase".
 * @csspart progress - The progress indicator while exporting.
 * @csspart grid - The numbered word grid.
 * @csspart word - One cell of the grid.
 * @csspart reveal-button - "Reveal" / "Hide".
 * @csspart copy-button - "Copy".
 * @csspart close-button - "Done".
 * @csspart timer - "Hides automatically in N s".
 * @csspart restart-button - "Start again" after the phrase was wiped.
 * @csspart error - The error box.
 *
 *
 * @cssstate confirm - Asking for the confirmation.
 * @cssstate exporting - Waiting for the service.
 * @cssstate ready - The phrase is on the page (masked or revealed).
 * @cssstate revealed - The words are readable.
 * @cssstate closed - The phrase was wiped.
 * @cssstate error - An error is shown.
 */
export class PayWalletExportElement extends PayElement {
  static override styles = [...PayElement.styles, checkboxStyles, walletExportStyles];

  static override properties: PropertyDeclarations = {
    accountId: { attribute: 'account-id' },
    revealTimeout: { type: Number, attribute: 'reveal-timeout' },
  };

  /** The wallet to export; default the signed-in session's account. */
  declare accountId: string | undefined;

  /** Seconds the phrase may stay on the page before it is wiped. */
  declare revealTimeout: number;

  #phase: Phase = 'confirm';
  #confirmed = false;
  /** The recovery phrase, only between arrival and wipe. Never rendered unless `#revealed`. */
  #mnemonic: string | undefined;
  #revealed = false;
  #processing = false;
  #closedReason: PayExportClosedReason = 'closed';
  #notice: string | undefined;
  #error: ErrorView | undefined;
  #abort: AbortController | undefined;
  readonly #timeout = new Countdown(this, () => this.#wipe('timeout'));

  constructor() {
    super();
    this.revealTimeout = 120;
    // Escape masks the words again (focus is in the element: its buttons)
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.#revealed) this.#onToggleReveal();
    });
    new PageHiddenController(this, () => this.#wipe('hidden'));
  }

  protected override get states(): PayStates {
    return [this.#phase, !!this.#revealed && 'revealed', !!this.#error && 'error'];
  }

  /** Wipes the phrase now, as Done does. */
  close(): void {
    this.#wipe('closed');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#wipe('closed', { announce: false }); // nobody hears a detached live region; the event still reaches document
  }

  protected override render(): unknown {
    return html`<div part="base" class="base">
      ${this.#renderPhase()} ${this.renderErrorBox(this.#error)} ${this.live.render()}
    </div>`;
  }

  #renderPhase(): unknown {
    switch (this.#phase) {
      case 'confirm':
        return html`
          <p part="warning" class="warning">${warningIcon}<span>${this.t('export.warning')}</span></p>
          <label part="confirm" class="confirm check">
            <input type="checkbox" .checked=${this.#confirmed} @change=${this.#onConfirm} />
            <span>${this.t('export.confirm')}</span>
          </label>
          <button
            part="button start-button"
            class="button button--primary button--block"
            type="button"
            ?disabled=${!this.#confirmed}
            @click=${this.#onStart}
          >
            ${this.t('export.start')}
          </button>
        `;
      case 'exporting':
        return html`
          <div
            part="progress"
            class="progress"
            role="progressbar"
            aria-label=${this.t('export.progressLabel')}
            aria-valuetext=${this.#progressText()}
          >
            <span class="progress__bar"></span>
          </div>
          <p class="text">${this.#progressText()}</p>
        `;
      case 'ready':
        return this.#renderWords();
      case 'closed':
        return html`
          <p class="text">${this.t(`export.closed.${this.#closedReason}` as const)}</p>
          <button part="button restart-button" class="button button--secondary" type="button" @click=${this.#onRestart}>
            ${this.t('export.again')}
          </button>
        `;
    }
  }

  #progressText(): string {
    return this.t(this.#processing ? 'export.processing' : 'export.exporting');
  }

  #renderWords(): unknown {
    const words = this.#mnemonic?.split(/\s+/).filter(Boolean) ?? [];
    const revealed = this.#revealed;
    return html`
      <p class="text">${this.t('export.ready')}</p>
      <ol
        part="grid"
        class="grid ${revealed ? 'grid--revealed' : ''}"
        role="list"
        translate="no"
        autocomplete="off"
        spellcheck="false"
        aria-label=${this.t('export.gridLabel', { n: words.length })}
      >
        ${words.map(
          (word, i) =>
            html`<li part="word" class="word">
              <span class="word__index">${i + 1}</span>
              ${
                revealed
                  ? html`<span class="word__value">${word}</span>`
                  : html`<span class="word__value word__value--masked" aria-hidden="true">••••</span
                      ><span class="visually-hidden">${this.t('export.hiddenWord')}</span>`
              }
            </li>`,
        )}
      </ol>
      <div class="actions">
        <button
          part="button reveal-button"
          class="button button--secondary"
          type="button"
          @click=${this.#onToggleReveal}
        >
          ${revealed ? this.t('export.hide') : this.t('export.reveal')}
        </button>
        <button part="button copy-button" class="button button--secondary" type="button" @click=${this.#onCopy}>
          ${this.t('export.copy')}
        </button>
        <button part="button close-button" class="button button--primary done" type="button" @click=${this.#onClose}>
          ${this.t('export.close')}
        </button>
      </div>
      <p class="text small" part="timer">${this.t('export.hidesIn', { n: this.#timeout.remaining })}</p>
      ${this.#notice ? html`<p class="text small notice">${this.#notice}</p>` : nothing}
    `;
  }

  readonly #onConfirm = (event: Event): void => {
    this.#confirmed = (event.target as HTMLInputElement).checked;
    this.requestUpdate();
  };

  /**
   * Exporting is the user's decision: only a real press of the button starts it. A script's `.click()`
   * or dispatched click is not trusted, even inside a user's gesture elsewhere; where the engine reports
   * user activation (`navigator.userActivation`), it must be active too.
   */
  readonly #onStart = (event: Event): void => {
    if (!event.isTrusted || (navigator as Partial<Navigator>).userActivation?.isActive === false) return;
    void this.#export();
  };

  readonly #onToggleReveal = (): void => {
    this.#revealed = !this.#revealed;
    this.live.announce(this.t(this.#revealed ? 'export.revealed' : 'export.concealed'));
    this.requestUpdate();
  };

  readonly #onCopy = async (): Promise<void> => {
    const mnemonic = this.#mnemonic;
    if (mnemonic === undefined) return;
    try {
      await navigator.clipboard.writeText(mnemonic);
      this.#notice = this.t('export.copied');
    } catch {
      this.#notice = this.t('export.copyFailed');
    }
    this.live.announce(this.#notice);
    this.requestUpdate();
  };

  readonly #onClose = (): void => this.#wipe('closed');

  readonly #onRestart = (): void => {
    this.#phase = 'confirm';
    this.#confirmed = false;
    this.requestUpdate();
  };

  async #export(): Promise<void> {
    if (!this.#confirmed || this.#phase !== 'confirm') return;
    const abort = new AbortController();
    this.#abort = abort;
    this.#phase = 'exporting';
    this.#processing = false;
    this.#error = undefined;
    this.live.announce(this.t('export.exporting'));
    try {
      const mnemonic = await exportWallet(this.requireClient(), {
        ...(this.accountId ? { accountId: this.accountId } : {}),
        onProcessing: () => {
          if (!this.#processing) {
            this.#processing = true;
            this.requestUpdate();
          }
        },
        signal: abort.signal,
      });
      if (abort.signal.aborted || this.#abort !== abort) return; // wiped while it was on its way
      this.#abort = undefined;
      this.#mnemonic = mnemonic;
      this.#revealed = false;
      this.#notice = undefined;
      this.#phase = 'ready';
      this.#timeout.start(this.revealTimeout);
      this.dispatchEvent(new PayExportCompleteEvent());
      this.live.announce(this.t('export.ready'));
    } catch (error) {
      if (abort.signal.aborted || this.#abort !== abort) return;
      this.#abort = undefined;
      this.#phase = 'confirm';
      this.#error = this.reportError(error);
    } finally {
      this.requestUpdate();
    }
  }

  /** Drops the phrase from memory and the page (the next render removes the grid). */
  #wipe(reason: PayExportClosedReason, options: { announce?: boolean } = {}): void {
    const active = this.#mnemonic !== undefined || this.#phase === 'exporting';
    this.#abort?.abort();
    this.#abort = undefined;
    this.#mnemonic = undefined;
    this.#revealed = false;
    this.#notice = undefined;
    this.#timeout.stop();
    if (!active) return;
    this.#phase = 'closed';
    this.#confirmed = false;
    this.#closedReason = reason;
    this.requestUpdate();
    this.dispatchEvent(new PayExportClosedEvent(reason));
    if (options.announce !== false) this.live.announce(this.t(`export.closed.${reason}` as const));
  }
}
