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

/**
 * The colours, each `--_<name>: var(--pay-color-<name>, <default>)`, with their light and dark defaults
 * (all reach WCAG AA against the surface they sit on). `primary-hover` and `link` fall back to the brand
 * colour; where the engine has relative colour syntax, `--_auto-*` (below) derive them, and on-primary.
 */
const NAMES =
  'primary on-primary surface surface-muted text text-muted border border-subtle danger danger-surface success focus primary-hover link';
const light =
  '#4338ca var(--_auto-on-primary,#fff) #fff #f3f4f6 #111827 #4b5563 #6b7280 #e5e7eb #b91c1c #fef2f2 #15803d #2563eb';
const dark =
  '#a5b4fc var(--_auto-on-primary,#111827) #111827 #1f2937 #f9fafb #d1d5db #9ca3af #374151 #fca5a5 #3b1219 #86efac #93c5fd';

function colorTokens(values: string) {
  const isDark = values === dark;
  const defaults = `${values} var(--_auto-hover,var(--_primary)) var(--_auto-link,var(--_primary))`.split(' ');
  return unsafeCSS(
    NAMES.split(' ')
      .map((name, i) => `--_${name}:var(--pay-color-${name},${defaults[i]});`)
      .join('') + `--_dark:${+isDark};color-scheme:${isDark ? 'dark' : 'light'};`,
  );
}

/**
 * The colours that sit on or beside the brand colour, derived from it so each pair stays ≥ 4.5:1 (WCAG
 * AA) whatever `--pay-color-primary` is. Relative colour syntax in `xyz-d65`, whose `y` is the WCAG
 * relative luminance and where scaling towards black or white stays in gamut:
 * - on-primary: white where white contrasts more with the brand colour (y < 0.1791), else black (≥ 4.58:1);
 * - hover: under white text 20% darker (pure black stays black); under black text 15% darker, never
 *   below y 0.185 (≥ 4.7:1);
 * - link: on the light surface the brand colour darkened to y ≤ 0.175 (≥ 4.67:1 on white); on the dark
 *   one (`--_dark: 1`) lightened to y ≥ 0.23 (≥ 4.7:1 on #111827).
 * `--pay-color-on-primary`, `--pay-color-primary-hover` and `--pay-color-link` still win. Engines without
 * relative colour syntax keep the fixed defaults (`--_auto-*` stay unset), and no hover colour.
 */
const W = 'clamp(0,(.1791 - y)*1e5,1)';
const DARK = 'var(--_dark)';
const derive = (name: string, channel: (c: string, white: number) => string): string =>
  `--_auto-${name}:color(from var(--_primary) xyz ${channel('x', 0.9505)} ${channel('y', 1)} ${channel('z', 1.089)});`;
const derivedTokens = unsafeCSS(
  derive('on-primary', (_, w) => `calc(${w}*${W})`) +
    derive('hover', (c) => `calc(${c}*min(1,max(.85 - .05*${W},(1 - ${W})*.185/(y + 1e-6))))`) +
    derive(
      'link',
      (c, w) => `calc(${DARK}*(${c} + max(0,(.23 - y)/(1 - y))*(${w} - ${c})) + (1 - ${DARK})*${c}*min(1,.175/y))`,
    ),
);

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
  @supports (color: color(from red xyz x y z)) {
    :host {
      ${derivedTokens}
    }
  }
  @media (prefers-reduced-motion: reduce) {
    :host {
      --_transition: 0s;
    }
  }
`;
