/**
 * The label / value list that sums up a payment (`<dl class="summary">` of `.summary__row`s): what
 * `<pay-sca-challenge>` asks the user to authorize and what `<pay-payment>` asks them to pay. Values
 * (`dd`) are the element's own (amounts align, long payees wrap).
 *
 * @example
 *   static override styles = [...PayElement.styles, summaryStyles, myStyles];
 */
import { css } from 'lit';

export const summaryStyles = css`
  .summary {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
  }
  .summary__row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    align-items: baseline;
    justify-content: space-between;
  }
  .summary dt {
    color: var(--_text-muted);
    font-size: 0.875em;
  }
`;
