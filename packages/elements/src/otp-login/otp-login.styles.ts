import { css } from 'lit';

export const otpLoginStyles = css`
  .intro {
    min-height: 1.5em;
  }
  .actions--code {
    justify-content: space-between;
  }
  .actions--code .verify {
    flex: 1 1 10rem;
  }
`;
