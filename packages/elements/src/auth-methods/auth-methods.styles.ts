import { css } from 'lit';

/** The credential list's own parts (its rows are `itemListStyles`), the confirmation and the add forms. */
export const authMethodsStyles = css`
  .panel {
    display: grid;
    gap: var(--pay-spacing, 8px);
    margin-top: calc(var(--pay-spacing, 8px) * 2);
  }
  h3 {
    margin: 0;
    font-size: 1em;
  }
`;
