import { css } from 'lit';

export const paymentStyles = css`
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
  .countdown {
    color: var(--_text-muted);
    font-variant-numeric: tabular-nums;
  }
  .status {
    display: flex;
    gap: var(--_space);
    align-items: center;
  }
  [tabindex='-1']:focus {
    outline: none;
  }
`;
