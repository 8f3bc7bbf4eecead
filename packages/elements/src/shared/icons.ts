/**
 * The few decorative icons the elements draw (all `aria-hidden`: every control has a text name). Each is
 * built in a pure call (bundlers drop an unused tagged template only then), so a page ships only the
 * icons its elements draw.
 */
import { svg } from 'lit';

export const checkIcon = /* @__PURE__ */ (() =>
  svg`<svg class="icon" viewBox="0 0 20 20" fill="none" aria-hidden="true"><circle cx="10" cy="10" r="9" stroke="currentColor" stroke-width="2"/><path d="m6 10.5 2.5 2.5L14 7.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`)();

export const keyIcon = /* @__PURE__ */ (() =>
  svg`<svg class="icon" viewBox="0 0 20 20" fill="none" aria-hidden="true"><circle cx="7" cy="10" r="3.5" stroke="currentColor" stroke-width="2"/><path d="M10.5 10H18m-3 0v3m-2.5-3v2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`)();

export const warningIcon = /* @__PURE__ */ (() =>
  svg`<svg class="icon" viewBox="0 0 20 20" fill="none" aria-hidden="true"><path d="M10 2.5 18.5 17h-17L10 2.5Z" stroke="currentColor" stroke-width="1.75" stroke-linejoin="round"/><path d="M10 8v4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><circle cx="10" cy="14.5" r="1" fill="currentColor"/></svg>`)();

export const lockIcon = /* @__PURE__ */ (() =>
  svg`<svg class="icon" viewBox="0 0 20 20" fill="none" aria-hidden="true"><rect x="4" y="9" width="12" height="8.5" rx="2" stroke="currentColor" stroke-width="2"/><path d="M7 9V6.5a3 3 0 0 1 6 0V9" stroke="currentColor" stroke-width="2"/></svg>`)();
