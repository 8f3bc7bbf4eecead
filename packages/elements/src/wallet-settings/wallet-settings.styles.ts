import { css } from 'lit';

/**
 * The privacy switch (a 48×28 px track and a thumb, in a 48×44 px target: the transparent top and bottom
 * borders are the rest of the target; its border and focus ring are inset shadows) and the delegated-key rows.
 */
export const walletSettingsStyles = css`
  .setting {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--_space) * 2);
  }
  .subtitle {
    margin: calc(var(--_space) * 2) 0 0;
    font-size: 1em;
    font-weight: 600;
  }
  .switch {
    flex: none;
    position: relative;
    width: 48px;
    height: 44px;
    padding: 0;
    border: solid transparent;
    border-width: 8px 0;
    border-radius: 14px/22px;
    background: var(--_surface-muted) padding-box;
    box-shadow: inset 0 0 0 1px var(--_border);
    cursor: pointer;
  }
  .switch::after {
    content: '';
    position: absolute;
    top: 4px;
    left: 4px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: var(--_text-muted);
    transition: transform 0.15s;
  }
  .switch[aria-checked='true'] {
    background-color: var(--_primary);
    box-shadow: none;
  }
  .switch[aria-checked='true']::after {
    transform: translateX(20px);
    background: var(--_on-primary);
  }
  .switch:focus-visible {
    outline: 2px solid transparent;
    box-shadow:
      inset 0 0 0 2px var(--_focus),
      inset 0 0 0 4px var(--_surface);
  }
  .switch:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  @media (prefers-reduced-motion: reduce) {
    .switch::after {
      transition: none;
    }
  }
`;
