import { css } from 'lit';

/** The credential list's own parts (its rows are `itemListStyles`), the confirmation and the add forms. */
export const authMethodsStyles = css`
  .panel {
    display: grid;
    gap: var(--_space);
    margin-top: calc(var(--_space) * 2);
  }
  h3 {
    margin: 0;
    font-size: 1em;
  }
`;
