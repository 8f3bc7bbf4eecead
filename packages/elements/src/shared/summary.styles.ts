/**
 * The label / value list that sums up a payment (`<dl class="summary">` of `.summary__row`s): what
 * `<pay-sca-challenge>` asks the user to authorize and what `<pay-payment>` asks them to pay: values
 * bold and end-aligned, digits tabular, long payees wrapped, `.amount` larger. A `.notice` (a price that
 * expired: news, not an error) sits on the same muted surface; the `.status` line under it holds a spinner and
 * what is happening ("Paying…").
 *
 * @example
 *   static override styles = [...PayElement.styles, summaryStyles, myStyles];
 */
import { css } from 'lit';

export const summaryStyles = css`
  .summary,
  .notice {
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
  }
  .summary {
    display: grid;
    gap: calc(var(--_space) * 0.75);
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
  .summary dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    text-align: end;
    overflow-wrap: anywhere;
  }
  .amount {
    font-size: 1.375em;
  }
  .status {
    display: flex;
    gap: var(--_space);
    align-items: center;
  }
`;
