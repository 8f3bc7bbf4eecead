import { css } from 'lit';

export const paymentStyles = css`
  .countdown {
    color: var(--_text-muted);
    font-variant-numeric: tabular-nums;
  }
  [tabindex='-1']:focus {
    outline: none;
  }
`;
