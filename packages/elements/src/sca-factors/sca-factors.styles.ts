import { css } from 'lit';

/** The setup key, the recovery codes and the removal's danger word of `<pay-sca-factors>`. */
export const scaFactorsStyles = css`
  .panel {
    display: grid;
    gap: var(--_space);
    padding-block: var(--_space);
  }
  .panel > a {
    justify-self: start;
  }
  .key {
    font-family: var(--_font-mono, monospace);
    font-size: 1.05em;
    letter-spacing: 0.05em;
    overflow-wrap: anywhere;
    user-select: all;
    margin: 0;
    padding: 8px 10px;
    border-radius: var(--_radius);
    background: var(--_surface-muted);
  }
  .codes {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(16ch, 1fr));
    gap: 6px 16px;
    margin: 0;
    padding: 0;
    list-style: none;
    font-family: var(--_font-mono, monospace);
    user-select: all;
  }
  .danger {
    color: var(--_danger);
  }
  .confirm {
    flex-basis: 100%;
  }
  .subtitle {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
  }
`;
