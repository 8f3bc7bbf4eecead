/**
 * The code field's cells (code-field.ts), adopted with the light-DOM field styles (light-dom.ts) only by
 * elements that take a one-time code: six `aria-hidden` spans mirroring the digits, under one invisible
 * (`opacity: 0`) input that covers them, so clicks, paste and autofill reach it. The cell after the last digit
 * has `data-active` (outlined with the focus ring while the input has focus); an error turns them red (`--_c`; the active one keeps its focus ring), a
 * disabled input dashed and grey. The input is 16px so iOS does not zoom into it. Low specificity (`:where`), so any page rule wins.
 */
import { css } from 'lit';

export const codeFieldStyles = css`
  :where(.pay-field__code) {
    position: relative;
    display: flex;
    gap: var(--_space);
    max-width: 24rem;
  }
  :where(.pay-field__input--code) {
    position: absolute;
    box-sizing: border-box;
    width: 100%;
    height: 100%;
    opacity: 0;
    font-size: 16px;
  }
  :where(.pay-field__cell) {
    flex: 1;
    height: 2.25em;
    border: 1px solid var(--_c, var(--_border));
    border-radius: var(--_radius);
    background: var(--_surface);
    font: 600 1.5em/2.25 var(--_font-mono);
    text-align: center;
  }
  :where(.pay-field__input--code[aria-invalid='true'] ~ *) {
    --_c: var(--_danger);
    box-shadow: inset 0 0 0 1px var(--_danger);
  }
  :where(.pay-field__input--code:focus ~ [data-active]) {
    border-color: var(--_c, var(--_focus));
    box-shadow: var(--_focus-ring);
  }
  :where(.pay-field__input--code:disabled ~ *) {
    border-style: dashed;
    background: var(--_surface-muted);
    color: var(--_text-muted);
  }
`;
