import { css } from 'lit';

/** The trusted badge, the row's action column and the confirmation step under a row of `<pay-beneficiaries>`. */
export const beneficiariesStyles = css`
  .badge--trusted {
    color: var(--_success);
  }
  .confirm,
  .row .success {
    flex-basis: 100%;
  }
  .confirm {
    display: grid;
    gap: var(--_space);
  }
`;
