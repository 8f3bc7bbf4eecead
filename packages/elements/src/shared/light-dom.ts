/**
 * Renders part of an element into its own light DOM: a `<div slot="…">` child the element creates
 * and fills with a Lit template. Inputs that browsers must autofill (one-time codes, passkey usernames)
 * live there, because autofill does not look inside shadow roots. Their styles are adopted once per
 * document or shadow root, with low specificity (`:where`) so the page can restyle them.
 *
 * Server-rendered pages: the container is created only when there is something to put in it, and not
 * while the host has a `defer-hydration` attribute (Lit SSR's convention: a framework hydrating the
 * host's light DOM sets it on the server and removes it once it has hydrated; the React wrappers do).
 * So the HTML a server sends and the element upgraded before hydration have the same children.
 *
 * @example
 *   #field = new LightDomSlot(this, 'name-input', () => html`<input class="pay-field__input">`, inputStyles);
 *   render() { return html`<slot name="name-input"></slot>`; }
 */
import { css, nothing, render, type CSSResult, type ReactiveController, type ReactiveControllerHost } from 'lit';

/** While the host has this attribute, a framework is hydrating its light DOM: add nothing to it yet. */
export const DEFER_HYDRATION = 'defer-hydration';

/** Styles every light-DOM field has (its label, hints and error line), in the element's private tokens (inherited from the host). */
export const fieldStyles: CSSResult = css`
  :where(.pay-field) {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    font-family: var(--_font);
    color: var(--_text);
  }
  :where(.pay-field[hidden]) {
    display: none;
  }
  :where(.pay-field__label) {
    font-size: 0.875em;
    font-weight: 600;
  }
  :where(.pay-field__hint, .pay-field__error) {
    margin: 0;
    font-size: 0.875em;
    line-height: 1.4;
  }
  :where(.pay-field__hint) {
    color: var(--_text-muted);
  }
  :where(.pay-field__error) {
    color: var(--_danger);
  }
`;

/**
 * A text input's box (`.pay-field__input`: email, phone, passkey name): what a slot with one adopts besides
 * `fieldStyles`. Built in a pure call (bundlers drop an unused tagged template only then), so an element
 * whose only light-DOM field is the code field does not ship it.
 */
export const inputStyles: CSSResult = /* @__PURE__ */ (() => css`
  :where(.pay-field__input) {
    box-sizing: border-box;
    width: 100%;
    min-height: var(--_control-height);
    margin: 0;
    padding: 0 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
    font-size: max(16px, 1em);
    transition:
      border-color var(--_transition),
      box-shadow var(--_transition);
  }
  :where(.pay-field__input:focus-visible) {
    outline: 2px solid transparent;
    border-color: var(--_focus);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_focus) 35%, transparent);
  }
  :where(.pay-field__input[aria-invalid='true']) {
    border-color: var(--_danger);
  }
  :where(.pay-field__input:disabled, .pay-field__input:read-only) {
    background-color: var(--_surface-muted);
  }
  :where(.pay-field__input:disabled) {
    cursor: not-allowed;
  }
`)();

/** Styles of the light-DOM fields with text inputs (`fieldStyles` and `inputStyles`), for a page's own fields. */
export const lightDomStyles: CSSResult = /* @__PURE__ */ (() => css`
  ${fieldStyles}
  ${inputStyles}
`)();

/** Where each sheet is in use: the roots that adopted it, or the containers holding it as a <style>. */
const adopted = new WeakMap<CSSResult, WeakSet<Node>>();

/** Adds `sheets` to the document or shadow root `host` lives in (once per root and sheet). */
function adoptStyles(host: HTMLElement, container: HTMLElement, sheets: CSSResult[]): void {
  const root = host.getRootNode() as Document | ShadowRoot;
  for (const result of sheets) {
    const done = adopted.get(result) ?? new WeakSet<Node>();
    adopted.set(result, done);
    if (done.has(root) || done.has(container)) continue;
    try {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, result.styleSheet!];
      done.add(root);
    } catch {
      // No constructable sheets, or a sheet from another document (an iframe): a <style> inside the
      // container itself (the container moves with the host).
      const style = document.createElement('style');
      style.textContent = result.cssText;
      container.prepend(style);
      done.add(container);
    }
  }
}

export class LightDomSlot implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #slot: string;
  readonly #template: () => unknown;
  readonly #sheets: CSSResult[];
  #container: HTMLElement | undefined;

  /**
   * `styles`: what the slot's content needs besides `fieldStyles` (adopted the same way): `inputStyles`
   * for text inputs, code-field.styles.ts for the code field (so an element with a code field only does not ship
   * the text input's rules).
   */
  constructor(host: ReactiveControllerHost & HTMLElement, slot: string, template: () => unknown, styles: CSSResult) {
    this.#host = host;
    this.#sheets = [fieldStyles, styles];
    this.#slot = slot;
    this.#template = template;
    host.addController(this);
  }

  /** The light-DOM container (exists once the host has connected). */
  get container(): HTMLElement | undefined {
    return this.#container;
  }

  hostConnected(): void {
    if (this.#container) this.#attach(this.#container);
  }

  hostUpdated(): void {
    if (this.#host.hasAttribute(DEFER_HYDRATION)) return;
    const content = this.#template();
    if (!this.#container) {
      if (content === nothing) return; // nothing to show yet: the host keeps the children it was given
      this.#container = document.createElement('div');
      this.#container.slot = this.#slot;
      this.#container.className = 'pay-field';
      this.#attach(this.#container);
    }
    render(content, this.#container, { host: this.#host });
  }

  #attach(container: HTMLElement): void {
    if (container.parentNode !== this.#host) this.#host.append(container);
    adoptStyles(this.#host, container, this.#sheets);
  }
}
