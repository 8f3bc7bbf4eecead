import { css } from 'lit';

export const contactVerificationStyles = css`
  .channels {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .channel {
    display: flex;
    justify-content: space-between;
    gap: var(--_space);
  }
  .channel__status {
    color: var(--_text-muted);
  }
  .channel__status--verified {
    color: var(--_success);
  }
  .actions--code {
    justify-content: space-between;
  }
  .actions--code .verify {
    flex: 1 1 10rem;
  }
`;
