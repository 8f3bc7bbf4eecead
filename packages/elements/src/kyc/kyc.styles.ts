import { css } from 'lit';

export const kycStyles = css`
  .form,
  .section,
  .owner {
    display: grid;
    gap: calc(var(--_space) * 1.5);
  }
  .section {
    min-inline-size: 0;
    margin: 0;
    padding: calc(var(--_space) * 1.5);
    border: 1px solid var(--_border-subtle);
    border-radius: var(--_radius);
  }
  .legend {
    padding: 0 calc(var(--_space) / 2);
    font-weight: 600;
    color: var(--_text);
  }
  .field {
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  .label {
    color: var(--_text);
  }
  .file:focus-within,
  .frame:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .field-error {
    margin: 0;
    color: var(--_danger);
  }
  .guidance,
  .owners {
    margin: 0;
    padding-inline-start: 1.25rem;
    color: var(--_text);
  }
  .files {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  .file {
    position: relative;
  }
  .badge {
    color: var(--_text-muted);
  }
  .frame {
    width: 100%;
    min-height: 32rem;
    border: 1px solid var(--_border-subtle);
    border-radius: var(--_radius);
  }
`;
