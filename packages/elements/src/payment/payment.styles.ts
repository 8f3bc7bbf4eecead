import { css } from 'lit';

export const paymentStyles = css`
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
