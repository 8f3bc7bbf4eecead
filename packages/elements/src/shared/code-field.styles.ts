/**
 * The code field's cells (code-field.ts), adopted with the light-DOM field styles (light-dom.ts) only by
 * elements that take a one-time code: six `aria-hidden` spans mirroring the digits, under one transparent
 * input that covers them. The cell after the last digit has `data-active` (outlined, with a caret, while the
 * input has focus); an error turns them red, a disabled input dashed, a read-only one (a check running) grey.
 * Low specificity (`:where`), so any page rule wins.
 */
import { css } from 'lit';

export const codeFieldStyles = css`
  /* the code field: one transparent input over its cells (aria-hidden spans mirroring the digits) */
  :where(.pay-field__code) {
    position: relative;
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: minmax(0, 1fr);
    gap: var(--_space, 8px);
    max-width: 24rem;
  }
  :where(.pay-field__input--code) {
    position: absolute;
    inset: 0;
    z-index: 1;
    width: 100%;
    margin: 0;
    padding: 0;
    border: 0;
    outline: 0;
    background: #0000;
    color: #0000;
    -webkit-text-fill-color: #0000;
    caret-color: #0000;
    font-size: 16px;
  }
  :where(.pay-field__input--code)::selection {
    background: #0000;
  }
  :where(.pay-field__input--code:-webkit-autofill) {
    transition: background-color 1e6s;
  }
  :where(.pay-field__cell) {
    display: grid;
    place-items: center;
    border: 1px solid var(--_border, #6b7280);
    border-radius: var(--_radius, 8px);
    background: var(--_surface, #fff);
    font: 600 1.5em var(--_font-mono, monospace);
    height: 2.25em;
  }
  :where(.pay-field__input--code:focus ~ [data-active]:empty)::after {
    content: '';
    width: 2px;
    height: 1em;
    background: currentColor;
    animation: pay-caret 1s steps(2) infinite;
  }
  @keyframes pay-caret {
    50% {
      opacity: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    :where(.pay-field__cell)::after {
      animation: none;
    }
  }
  :where(.pay-field__input--code[aria-invalid='true'] ~ .pay-field__cell) {
    border-color: var(--_danger, #b91c1c);
    box-shadow: inset 0 0 0 1px var(--_danger, #b91c1c);
  }
  :where(.pay-field__input--code:focus ~ [data-active]) {
    border-color: var(--_focus, #2563eb);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_focus, #2563eb) 35%, transparent);
  }
  :where(.pay-field__input--code:read-only ~ .pay-field__cell) {
    background: var(--_surface-muted, #f3f4f6);
  }
  :where(.pay-field__input--code:disabled ~ .pay-field__cell) {
    border-style: dashed;
    color: var(--_text-muted, #4b5563);
  }
  :where(.pay-field__input--code:disabled) {
    cursor: not-allowed;
  }
`;
