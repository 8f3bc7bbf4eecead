import { css } from 'lit';

export const walletExportStyles = css`
  .warning {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border-radius: var(--_radius);
    background: var(--_danger-surface);
    color: var(--_danger);
    font-size: 0.9375em;
  }
  .warning .icon {
    margin-top: 0.125em;
  }

  .progress {
    position: relative;
    height: 6px;
    overflow: hidden;
    border-radius: 999px;
    background: var(--_surface-muted);
  }
  .progress__bar {
    position: absolute;
    inset: 0 auto 0 0;
    width: 40%;
    border-radius: inherit;
    background: var(--_primary);
    animation: pay-progress 1.4s ease-in-out infinite;
  }
  @keyframes pay-progress {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(250%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .progress__bar {
      width: 100%;
      animation: none;
      opacity: 0.6;
    }
  }

  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
    font-family: var(--_font-mono);
    -webkit-user-select: none;
    user-select: none;
  }
  .grid--revealed {
    -webkit-user-select: all;
    user-select: all;
  }
  .word {
    display: flex;
    gap: var(--_space);
    align-items: baseline;
    min-height: 2.5rem;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border: 1px solid var(--_border-subtle);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
  }
  .word__index {
    min-width: 1.5em;
    color: var(--_text-muted);
    font-size: 0.8125em;
    text-align: right;
    font-variant-numeric: tabular-nums;
    -webkit-user-select: none;
    user-select: none;
  }
  .word__value {
    color: var(--_text);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .word__value--masked {
    color: var(--_text-muted);
    letter-spacing: 0.15em;
  }

  .done {
    margin-inline-start: auto;
  }
  .small {
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
`;
