/**
 * Styles every Paykit element shares: the surface (`appearance="flat"` on the host drops its border, padding and
 * background, for a page that already draws a card), buttons, messages, the spinner and the visually-hidden
 * utility (no `!important`: page styles cannot reach into the shadow root). Motion is off under
 * `prefers-reduced-motion`.
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.5;
    color: var(--_text);
    -webkit-font-smoothing: antialiased;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  .base {
    display: grid;
    gap: calc(var(--_space) * 2);
    padding: calc(var(--_space) * 3);
    border: 1px solid var(--_border-subtle);
    border-radius: calc(var(--_radius) * 1.5);
    background: var(--_surface);
  }
  @media (max-width: 30rem) {
    .base {
      padding: calc(var(--_space) * 2);
    }
  }
  :host([appearance='flat']) .base {
    padding: 0;
    border: 0;
    background: none;
  }

  .title {
    margin: 0;
    font-size: 1.125em;
    font-weight: 650;
    line-height: 1.3;
  }
  .text {
    margin: 0;
    color: var(--_text-muted);
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    align-items: center;
  }

  .button {
    appearance: none;
    display: inline-flex;
    flex: 0 1 auto;
    align-items: center;
    justify-content: center;
    gap: var(--_space);
    min-height: var(--_control-height);
    margin: 0;
    padding: 0 calc(var(--_space) * 2);
    border: 1px solid transparent;
    border-radius: var(--_radius);
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    line-height: 1.2;
    text-align: center;
    cursor: pointer;
    transition:
      background-color var(--_transition),
      border-color var(--_transition),
      box-shadow var(--_transition);
  }
  .button:focus-visible {
    outline: 2px solid transparent;
    box-shadow: var(--_focus-ring);
  }
  .button:disabled,
  .button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .button--primary {
    background: var(--_primary);
    color: var(--_on-primary);
  }
  .button--primary:hover:not(:disabled) {
    background: var(--_primary-hover);
  }
  .button--secondary {
    border-color: var(--_border);
    background: var(--_surface);
    color: var(--_text);
  }
  .button--secondary:hover:not(:disabled) {
    background: var(--_surface-muted);
  }
  .button--link {
    min-height: 44px;
    padding: 0 6px;
    color: var(--_link);
    text-decoration: underline;
    text-underline-offset: 3px;
    font-weight: 500;
    font-variant-numeric: tabular-nums;
  }
  .button--link:disabled {
    color: var(--_text-muted);
    text-decoration: none;
    opacity: 1;
  }
  .button--block {
    width: 100%;
  }

  .alert {
    display: grid;
    gap: calc(var(--_space) * 0.5);
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border-radius: var(--_radius);
    border: 1px solid color-mix(in srgb, var(--_danger) 35%, transparent);
    background: var(--_danger-surface);
    color: var(--_danger);
    font-size: 0.9375em;
  }
  .success {
    display: flex;
    gap: var(--_space);
    align-items: center;
    margin: 0;
    color: var(--_success);
    font-weight: 600;
  }
  .icon {
    flex: none;
    width: 1.25em;
    height: 1.25em;
  }

  .spinner {
    display: inline-block;
    flex: none;
    width: 1em;
    height: 1em;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: pay-spin 0.75s linear infinite;
  }
  @keyframes pay-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.5s;
    }
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    border: 0;
    white-space: nowrap;
  }
`;
