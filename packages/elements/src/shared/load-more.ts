/**
 * "Load more" under a paged list (part `more-button`): disabled while any change runs, `aria-busy` while
 * the next page loads. `<pay-transactions>` and `<pay-card>`'s transactions page with it.
 *
 * @example
 *   ${this.#cursor ? loadMore(this.t('transactions.more'), !!this.#action.busy, this.#action.busy === 'more', this.#more) : nothing}
 */
import { html } from 'lit';

export const loadMore = (label: string, disabled: boolean, busy: boolean, onClick: () => unknown): unknown =>
  html`<div class="actions">
    <button
      part="button more-button"
      class="button button--secondary"
      type="button"
      ?disabled=${disabled}
      aria-busy=${busy ? 'true' : 'false'}
      @click=${onClick}
    >
      ${label}
    </button>
  </div>`;
