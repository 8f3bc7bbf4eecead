/**
 * The one-of-several choice drawn as option cards (a radio in each, the chosen card outlined): the SCA
 * factor switch of `<pay-sca-challenge>` and the lost factor of `<pay-account-recovery>`
 * (`<fieldset class="choices">`, `<legend class="choices__legend">`, `<label class="choice">` around each
 * radio).
 *
 * @example
 *   static override styles = [...PayElement.styles, choiceStyles, myStyles];
 */
import { css } from 'lit';

export const choiceStyles = css`
  .choices {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    border: 0;
  }
  .choices__legend {
    width: 100%;
    margin-bottom: calc(var(--_space) * 0.75);
    padding: 0;
    font-size: 0.875em;
    font-weight: 600;
  }
  .choice {
    display: inline-flex;
    flex: 1 1 8rem;
    gap: var(--_space);
    align-items: center;
    min-height: var(--_control-height);
    padding: 0 calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    cursor: pointer;
    transition:
      border-color var(--_transition),
      box-shadow var(--_transition);
  }
  .choice:has(input:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .choice input {
    margin: 0;
    accent-color: var(--_primary);
  }
  .choice input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;
