import { css } from 'lit';

/**
 * Each provider's button as its brand guidelines draw it, light and dark (the host's `color-scheme`
 * follows the theme, so `light-dark()` picks): Google and Microsoft neutral with their colour logo,
 * Apple and X black (white on dark), GitHub its dark grey, Facebook its blue (#0866ff, 4.8:1 with white) with the white mark.
 */
export const oauthButtonStyles = css`
  .oauth {
    gap: calc(var(--_space) * 1.25);
  }
  .oauth .logo {
    width: 1.125em;
    height: 1.125em;
    flex: none;
  }
  :host([provider='google']) .oauth {
    --_b: light-dark(#fff, #131314);
    background: var(--_b);
    color: light-dark(#1f1f1f, #e3e3e3);
    border-color: light-dark(#747775, #8e918f);
  }
  :host([provider='microsoft']) .oauth {
    --_b: light-dark(#fff, #2f2f2f);
    background: var(--_b);
    color: light-dark(#5e5e5e, #fff);
    border-color: light-dark(#8c8c8c, #2f2f2f);
  }
  :host([provider='apple']) .oauth,
  :host([provider='x']) .oauth {
    --_b: light-dark(#000, #fff);
    background: var(--_b);
    color: light-dark(#fff, #000);
    border-color: var(--_b);
  }
  :host([provider='github']) .oauth {
    --_b: light-dark(#24292f, #f6f8fa);
    background: var(--_b);
    color: light-dark(#fff, #24292f);
    border-color: var(--_b);
  }
  :host([provider='facebook']) .oauth {
    --_b: #0866ff;
    background: var(--_b);
    color: #fff;
    border-color: var(--_b);
  }
  :host([provider]) .oauth:hover:not([aria-busy='true']) {
    background: color-mix(in srgb, var(--_b, var(--_surface)) 88%, currentColor);
  }
  .waiting {
    font-size: 0.9375em;
    text-align: center;
  }
`;
