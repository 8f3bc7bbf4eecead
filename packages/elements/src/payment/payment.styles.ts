import { css } from 'lit';

export const paymentStyles = css`
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
