import { css } from 'lit';

export const termsConsentStyles = css`
  .consent {
    color: var(--_text);
  }
  .link:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .link {
    color: var(--_link);
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  .field-error {
    margin: calc(var(--_space) * -1) 0 0;
    padding-inline-start: calc(1.25rem + var(--_space) * 1.5);
    color: var(--_danger);
    font-size: 0.875em;
  }
  .consent input[aria-invalid='true']:not(:focus-visible) {
    outline: 2px solid var(--_danger);
    outline-offset: 2px;
  }
  .base > .button {
    justify-self: start;
  }
`;
