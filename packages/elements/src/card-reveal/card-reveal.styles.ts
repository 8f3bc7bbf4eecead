import { css } from 'lit';

export const cardRevealStyles = css`
  .frame,
  .placeholder {
    display: block;
    width: 100%;
    height: var(--pay-card-frame-height, 240px);
    border: 1px solid var(--_border-subtle);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
  }
  .placeholder {
    display: flex;
    gap: var(--_space);
    align-items: center;
    justify-content: center;
    color: var(--_text-muted);
  }
  .base > .button {
    justify-self: start;
  }
`;
