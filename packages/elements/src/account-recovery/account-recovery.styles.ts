import { css } from 'lit';

/** The status line of `<pay-account-recovery>` (its choice is `choiceStyles`). */
export const accountRecoveryStyles = css`
  .status {
    display: flex;
    gap: var(--_space);
    align-items: center;
    font-weight: 600;
  }
  a.button {
    text-decoration: none;
  }
  [tabindex='-1']:focus {
    outline: none;
  }
`;
