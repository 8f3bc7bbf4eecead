import { css } from 'lit';

/** The privacy switch (a track and a thumb) and the delegated-key rows. */
export const walletSettingsStyles = css`
  .setting {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--pay-spacing, 8px) * 2);
  }
  .subtitle {
    margin: calc(var(--pay-spacing, 8px) * 2) 0 0;
    font-size: 1em;
    font-weight: 600;
  }
  .switch {
    flex: none;
    position: relative;
    width: 48px;
    height: 28px;
    padding: 0;
    border: 1px solid var(--pay-color-border);
    border-radius: 14px;
    background: var(--pay-color-surface-muted);
    cursor: pointer;
  }
  .switch::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: var(--pay-color-text-muted);
    transition: transform 0.15s;
  }
  .switch[aria-checked='true'] {
    background: var(--pay-color-primary);
    border-color: var(--pay-color-primary);
  }
  .switch[aria-checked='true']::after {
    transform: translateX(20px);
    background: var(--pay-color-on-primary);
  }
  .switch:focus-visible {
    outline: 2px solid var(--pay-color-focus);
    outline-offset: 2px;
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
