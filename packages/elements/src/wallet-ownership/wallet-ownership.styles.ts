import { css } from 'lit';

export const walletOwnershipStyles = css`
  .link {
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;
