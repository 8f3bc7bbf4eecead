import { css } from 'lit';

export const scaChallengeStyles = css`
  .locked {
    display: flex;
    gap: var(--_space);
    align-items: flex-start;
  }
  .actions .confirm {
    flex: 1 1 12rem;
  }
`;
