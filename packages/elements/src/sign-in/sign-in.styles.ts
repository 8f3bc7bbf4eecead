import { css } from 'lit';

export const signInStyles = css`
  dialog {
    width: min(100% - 2rem, 26rem);
    max-height: calc(100% - 2rem);
    padding: 0;
    border: 0;
    border-radius: var(--_radius);
    background: transparent;
    color: inherit;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
  }
  .who {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space);
    margin: 0;
    overflow-wrap: anywhere;
  }
  .who strong {
    flex: 1 1 auto;
  }
  .methods {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* a bottom sheet on narrow screens */
  @media (max-width: 480px) {
    dialog {
      width: 100%;
      max-width: none;
      margin: auto 0 0;
      border-radius: var(--_radius) var(--_radius) 0 0;
    }
  }
`;
