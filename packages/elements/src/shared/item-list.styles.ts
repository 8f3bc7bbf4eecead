import { css } from 'lit';

/**
 * A list of items, one row each: its facts (name, meta lines, a badge) on the left and its action on
 * the right (on its own line, still right-aligned, when the row is too narrow). Shared by the account elements (`<pay-sessions>`, `<pay-auth-methods>`,
 * `<pay-wallet-settings>`).
 */
export const itemListStyles = css`
  .list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--pay-spacing, 8px);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--pay-spacing, 8px);
    padding: var(--pay-spacing, 8px) 0;
    border-bottom: 1px solid var(--pay-color-border-subtle);
  }
  .facts {
    display: grid;
    gap: 2px;
  }
  .facts + * {
    margin-left: auto;
  }
  .name {
    font-weight: 600;
  }
  .meta {
    color: var(--pay-color-text-muted);
    font-size: 0.875em;
  }
  .badge {
    display: inline-block;
    margin-inline-start: var(--pay-spacing, 8px);
    padding: 0 6px;
    border-radius: var(--pay-radius, 8px);
    background: var(--pay-color-surface-muted);
    color: var(--pay-color-text);
    font-size: 0.8125em;
    font-weight: 500;
  }
`;
