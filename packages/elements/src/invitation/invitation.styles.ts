import { css } from 'lit';

/** The inviter (in bold), the amount and the status badge of `<pay-invitation>`. */
export const invitationStyles = css`
  .card {
    display: grid;
    gap: 4px;
  }
  .text strong {
    color: var(--_text);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .uma {
    color: var(--_text-muted);
    overflow-wrap: anywhere;
  }
  .amount {
    font-size: 1.5em;
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
  .status {
    justify-self: start;
    font-size: 0.85em;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_surface-muted);
  }
  .status--CLAIMED {
    color: var(--_success);
  }
  .status--EXPIRED,
  .status--CANCELLED {
    color: var(--_danger);
  }
`;
