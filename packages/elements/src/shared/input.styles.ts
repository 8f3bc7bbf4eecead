/**
 * A text field inside a shadow root (`<input class="input">`, `<select class="input">`): the control's
 * height, padding, border and surface from the theme, red when `aria-invalid`, the focus outline. The
 * fields autofill must see live in light DOM instead (`light-dom.ts`).
 *
 * @example
 *   static override styles = [...PayElement.styles, shadowInputStyles, myStyles];
 */
import { css } from 'lit';

export const shadowInputStyles = css`
  .input {
    min-width: 0;
    min-height: var(--_control-height);
    padding: 0 var(--_space);
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .input[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;
