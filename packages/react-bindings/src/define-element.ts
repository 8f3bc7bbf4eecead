/**
 * Registers a Paykit element's tag in a browser, once. Wrappers call it when they are created, which
 * for the package's exports is when `@paykit/react` is imported: the tag is defined before React first
 * renders it, so the element upgrades the moment React creates it. Without `window` (server rendering,
 * Node tooling) it does not register; Lit's Node shim installs a `customElements` there, and registering
 * into it would change nothing React renders. Everywhere it finalizes the class (reading
 * `observedAttributes`, as `customElements.define` does): the elements declare their reactive properties
 * in `static properties`, whose accessors exist only once the class is finalized, and `@lit/react` tells
 * a property prop from an attribute by looking at the prototype, so on the server too a prop such as
 * `revealTimeout` stays a property (set after hydration), never an attribute in the HTML.
 *
 * @example
 *   defineElement('pay-otp-login', PayOtpLoginElement);
 */
export function defineElement(tagName: string, elementClass: CustomElementConstructor): void {
  void (elementClass as { observedAttributes?: unknown }).observedAttributes;
  if (typeof window === 'undefined' || typeof customElements === 'undefined') return;
  if (!customElements.get(tagName)) customElements.define(tagName, elementClass);
}
