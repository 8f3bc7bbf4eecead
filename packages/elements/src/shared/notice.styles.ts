/**
 * The one notice pattern: news that is not an error ("The terms were updated…"), in a neutral box with
 * part `notice`, where the error box (`.alert`, part `error`) would be. Errors about a field are red text
 * under it (part `field-error`, with `aria-invalid` and `aria-describedby` on the field); errors about a
 * call are the error box. An element that shows notices adds these styles.
 *
 * @example
 *   static override styles = [...PayElement.styles, noticeStyles];
 *   html`<p part="notice" class="notice">${this.t('terms.notice.updated')}</p>`;
 */
import { css } from 'lit';

export const noticeStyles = css`
  .notice {
    margin: 0;
    padding: calc(var(--_space) * 1.5) calc(var(--_space) * 2);
    border: 1px solid var(--_border-subtle);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
    color: var(--_text);
    font-size: 0.9375em;
  }
`;
