import { css } from 'lit';

/** The payee choice, the fields and the estimate lines of `<pay-send>`. */
export const sendStyles = css`
  .base {
    display: grid;
    gap: calc(var(--_space) * 2);
  }
  .base > * {
    margin: 0;
  }
  .modes {
    display: flex;
    flex-wrap: wrap;
    gap: 0 calc(var(--_space) * 2);
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  .modes .label {
    flex-basis: 100%;
    padding: 0;
  }
  .mode {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    min-height: var(--_control-height);
  }
  .mode input {
    margin: 0;
    accent-color: var(--_primary);
  }
  .field {
    display: grid;
    gap: calc(var(--_space) / 2);
    justify-items: start;
  }
  .label {
    color: var(--_text);
    font-weight: 600;
  }
  .input {
    inline-size: 100%;
  }
  .mode input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .field-error,
  .hint,
  .line {
    margin: 0;
  }
  .field-error {
    color: var(--_danger);
  }
  .hint {
    color: var(--_text-muted);
    min-height: 1.5em;
  }
  .actions {
    margin: 0;
  }
  .field .button--link {
    padding-inline: 0;
  }
`;
