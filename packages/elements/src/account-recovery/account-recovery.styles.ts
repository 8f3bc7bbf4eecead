import { css } from 'lit';

/** The factor choice and the status line of `<pay-account-recovery>`. */
export const accountRecoveryStyles = css`
  .choices {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    border: 0;
  }
  .choices legend {
    margin-bottom: var(--_space);
    padding: 0;
    font-weight: 600;
  }
  .choice {
    display: flex;
    gap: var(--_space);
    align-items: center;
    min-height: var(--_control-height);
    padding: 0 calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  .choice:has(input:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }
  .choice input {
    margin: 0;
    accent-color: var(--_primary);
  }
  .choice input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
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
