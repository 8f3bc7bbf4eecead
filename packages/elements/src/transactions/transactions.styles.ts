import { css } from 'lit';

/** The status filter, the amount column and the status badges of `<pay-transactions>`. */
export const transactionsStyles = css`
  .filter {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-block-end: var(--_space);
  }
  .filter select {
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0 8px;
    flex: 1 1 10em;
    min-width: 0;
    min-height: var(--_control-height);
  }
  .amount {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
    white-space: nowrap;
  }
  .status {
    display: inline-block;
    font-size: 0.85em;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_surface-muted);
  }
  .status--FAILED,
  .status--REJECTED,
  .status--EXPIRED {
    color: var(--_danger);
  }
  .status--COMPLETED {
    color: var(--_success);
  }
  .end {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 4px;
  }
  .confirm {
    flex-basis: 100%;
  }
`;
