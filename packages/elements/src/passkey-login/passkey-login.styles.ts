import { css } from 'lit';

export const passkeyLoginStyles = css`
  .waiting {
    font-size: 0.9375em;
    text-align: center;
  }
`;
