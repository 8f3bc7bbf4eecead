/**
 * The design tokens every Paykit element reads. Pages theme the elements by setting the public
 * `--pay-*` custom properties on any ancestor (or on the element); each element turns them into private
 * `--_*` values with a light and a dark default. Dark applies with `prefers-color-scheme: dark` unless
 * the element has `theme="light"`, and always with `theme="dark"`.
 *
 * @example
 *   pay-otp-login { --pay-color-primary: #0a7d52; --pay-radius: 12px; }
 *   <pay-otp-login theme="dark"></pay-otp-login>
 */
import { css, unsafeCSS } from 'lit';

/** Light-scheme defaults (all reach WCAG AA against the surface they sit on). */
const light = {
  primary: '#4338ca',
  onPrimary: '#ffffff',
  surface: '#ffffff',
  surfaceMuted: '#f3f4f6',
  text: '#111827',
  textMuted: '#4b5563',
  border: '#6b7280',
  borderSubtle: '#e5e7eb',
  danger: '#b91c1c',
  dangerSurface: '#fef2f2',
  success: '#15803d',
  focus: '#2563eb',
};

const dark: typeof light = {
  primary: '#a5b4fc',
  onPrimary: '#111827',
  surface: '#111827',
  surfaceMuted: '#1f2937',
  text: '#f9fafb',
  textMuted: '#d1d5db',
  border: '#9ca3af',
  borderSubtle: '#374151',
  danger: '#fca5a5',
  dangerSurface: '#3b1219',
  success: '#86efac',
  focus: '#93c5fd',
};

function colorTokens(values: typeof light) {
  return unsafeCSS(`
    --_primary: var(--pay-color-primary, ${values.primary});
    --_on-primary: var(--pay-color-on-primary, ${values.onPrimary});
    --_surface: var(--pay-color-surface, ${values.surface});
    --_surface-muted: var(--pay-color-surface-muted, ${values.surfaceMuted});
    --_text: var(--pay-color-text, ${values.text});
    --_text-muted: var(--pay-color-text-muted, ${values.textMuted});
    --_border: var(--pay-color-border, ${values.border});
    --_border-subtle: var(--pay-color-border-subtle, ${values.borderSubtle});
    --_danger: var(--pay-color-danger, ${values.danger});
    --_danger-surface: var(--pay-color-danger-surface, ${values.dangerSurface});
    --_success: var(--pay-color-success, ${values.success});
    --_focus: var(--pay-color-focus, ${values.focus});
    color-scheme: ${values === dark ? 'dark' : 'light'};
  `);
}

/** Tokens on `:host`: colours per scheme, then the scheme-independent ones. */
export const themeStyles = css`
  :host {
    ${colorTokens(light)}
    --_radius: var(--pay-radius, 8px);
    --_space: var(--pay-spacing, 8px);
    --_font: var(--pay-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    --_font-mono: var(--pay-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    --_font-size: var(--pay-font-size, 1rem);
    --_control-height: var(--pay-control-height, 44px);
    --_focus-ring: 0 0 0 2px var(--_surface), 0 0 0 4px var(--_focus);
    --_transition: 120ms ease-out;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${colorTokens(dark)}
    }
  }
  :host([theme='dark']) {
    ${colorTokens(dark)}
  }
  @media (prefers-reduced-motion: reduce) {
    :host {
      --_transition: 0s;
    }
  }
`;
