/**
 * The one checkbox a person ticks to agree before going on (`<pay-terms-consent>`'s consent,
 * `<pay-wallet-export>`'s confirmation): the label row (`.check`), the box aligned with the first line of
 * its text, and its focus ring.
 */
import { css } from 'lit';

export const checkboxStyles = css`
  .check {
    display: flex;
    gap: calc(var(--_space) * 1.5);
    align-items: flex-start;
    cursor: pointer;
  }
  .check input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125em 0 0;
    accent-color: var(--_primary);
    cursor: pointer;
  }
  .check input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;
