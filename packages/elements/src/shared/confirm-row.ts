/**
 * The two buttons that end a confirm step or an edit form: the action and Cancel, both disabled while
 * `busy`. Without `onYes` the action is its form's submit button. The caller wraps them (`.actions`).
 *
 * @example
 *   html`<div class="actions">${confirmRow(busy, t('remove'), 'confirm-button', remove, t('cancel'), close)}</div>`
 */
import { html, nothing } from 'lit';

export const confirmRow = (
  busy: unknown,
  yes: string,
  yesPart: string,
  onYes: (() => unknown) | undefined,
  no: string,
  onNo: () => unknown,
  /** The Cancel button's part after `button`, with its leading space (` cancel-button`). */
  noPart = '',
  /** The action's class after `button--`. */
  yesClass = 'primary',
  /** The action's `aria-busy`, where the element says which change runs. */
  yesBusy?: boolean,
): unknown =>
  html`<button
      part="button ${yesPart}"
      class="button button--${yesClass}"
      type=${onYes ? 'button' : 'submit'}
      ?disabled=${busy}
      aria-busy=${yesBusy ?? nothing}
      @click=${onYes}
    >
      ${yes}</button
    ><button part="button${noPart}" class="button button--secondary" type="button" ?disabled=${busy} @click=${onNo}>
      ${no}
    </button>`;
