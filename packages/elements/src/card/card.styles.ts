import { css } from 'lit';

export const cardStyles = css`
  .art {
    position: relative;
    display: grid;
    align-content: space-between;
    aspect-ratio: 1.586;
    max-width: 340px;
    padding: calc(var(--_space) * 2);
    border-radius: calc(var(--_radius) * 1.5);
    background: var(--pay-card-art-background, linear-gradient(135deg, #1f3b73, #3a6fd8));
    color: var(--pay-card-art-color, #fff);
    box-sizing: border-box;
  }
  :host([data-state~='frozen']) .art {
    filter: grayscale(0.8);
  }
  .art-brand {
    justify-self: end;
    font-weight: 700;
    letter-spacing: 0.06em;
  }
  .art-number {
    font-family: var(--_font-mono);
    font-size: 1.15em;
    letter-spacing: 0.12em;
  }
  .art-state {
    justify-self: start;
    padding: 0 8px;
    border-radius: var(--_radius);
    background: rgb(0 0 0 / 0.35);
    font-size: 0.8125em;
  }
  .box {
    display: grid;
    gap: var(--_space);
    padding-top: calc(var(--_space) * 2);
    border-top: 1px solid var(--_border-subtle);
  }
  .subtitle {
    margin: 0;
    font-size: 1em;
  }
  .limits {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 2px calc(var(--_space) * 2);
    margin: 0;
  }
  .limits dd {
    margin: 0;
  }
  .field {
    display: grid;
    gap: 2px;
  }
  .field input {
    font: inherit;
    min-height: var(--_control-height);
    padding: 0 var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  .field input:focus-visible,
  .row:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .field-error {
    color: var(--_danger);
    font-size: 0.875em;
  }
  .amount {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
    white-space: nowrap;
  }
  .amount--credit {
    color: var(--_success);
  }
  .row--declined .amount {
    text-decoration: line-through;
    color: var(--_text-muted);
  }
  .filter {
    display: flex;
    gap: var(--_space);
    align-items: center;
    min-height: var(--_control-height);
  }
`;
