/**
 * Registers a Paykit element's tag in a browser, once. Wrappers call it when they are created, which
 * for the package's exports is when `@paykit/react` is imported: the tag is defined before React first
 * renders it, so the element upgrades the moment React creates it. Without `window` (server rendering,
 * Node tooling) it does nothing; Lit's Node shim installs a `customElements` there, and registering
 * into it would change nothing React renders.
 *
 * @example
 *   defineElement('pay-otp-login', PayOtpLogin);
 */
export function defineElement(tagName: string, elementClass: CustomElementConstructor): void {
  if (typeof window === 'undefined' || typeof customElements === 'undefined') return;
  if (!customElements.get(tagName)) customElements.define(tagName, elementClass);
}
