import { css } from 'lit';

export const contactVerificationStyles = css`
  .channels {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* on a phone the status moves under the address rather than squeezing it into a broken line */
  .channel {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    column-gap: var(--_space);
  }
  .channel__what {
    display: grid;
    flex: 1 1 12rem;
    min-width: 0;
  }
  .channel__value {
    color: var(--_text-muted);
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }
  .channel__step {
    color: var(--_text-muted);
    font-size: 0.875em;
    margin-block-end: calc(var(--_space) / -2);
  }
  .channel__status {
    color: var(--_text-muted);
    white-space: nowrap;
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
