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
    gap: var(--_space);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    padding: var(--_space) 0;
    border-bottom: 1px solid var(--_border-subtle);
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
    color: var(--_text-muted);
    font-size: 0.875em;
  }
  .badge {
    display: inline-block;
    margin-inline-start: var(--_space);
    padding: 0 6px;
    border-radius: var(--_radius);
    background: var(--_surface-muted);
    color: var(--_text);
    font-size: 0.8125em;
    font-weight: 500;
  }
`;
