import { css } from 'lit';

export const oauthButtonStyles = css`
  .oauth {
    gap: calc(var(--pay-spacing, 8px) * 1.25);
  }
  .oauth .logo {
    width: 1.125em;
    height: 1.125em;
    flex: none;
  }
  :host([provider='apple']) .oauth {
    background: #000;
    color: #fff;
    border-color: #000;
  }
  .waiting {
    font-size: 0.9375em;
    text-align: center;
  }
`;
