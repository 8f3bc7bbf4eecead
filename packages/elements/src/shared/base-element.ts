/**
 * What every Paykit element shares: the `client`, `locale`, `theme` and `appearance` properties, the translation
 * helper, the live region, error descriptions and custom states. States go to `ElementInternals`
 * (`:state(name)`) where the engine has CustomStateSet, and are always mirrored in the `data-state`
 * attribute (space-separated) so page CSS works everywhere: `pay-otp-login[data-state~='error']`.
 * A `pay-*` event reaches `document` even when the element has already left the page when it is
 * dispatched: the common case is a sign-in, where the client tells its subscribers first and one of
 * them (`useSession()`, `client.subscribe`) removes the login element before it dispatches `pay-session`.
 * Language follows the page live: a change of any `lang` attribute in the document (`<html lang>`, an
 * ancestor's, the element's own) re-renders every connected element, through one MutationObserver for
 * the whole page; the `locale` property still wins.
 * Server rendering: while the host has a `defer-hydration` attribute the element adds nothing to its
 * light DOM, so a framework hydrates the server's HTML first (see light-dom.ts).
 *
 * @example
 *   class PayThing extends PayElement {
 *     protected override get states() { return [this.#phase]; }
 *     render() { return html`<button>${this.t('common.retry')}</button>${this.live.render()}`; }
 *   }
 */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { PayError, type WalletClient } from '@paykit/crypto-core';
import { baseStyles } from './base.styles.js';
import { getDefaultClient, notifyElements, onDefaultClientChange } from './client-context.js';
import { describeError, ElementErrorCode, type ErrorView } from './errors.js';
import { PayErrorEvent } from './events.js';
import { checkIcon } from './icons.js';
import { translate, type MessageKey, type MessageParams } from './i18n.js';
import { DEFER_HYDRATION } from './light-dom.js';
import { LiveRegion } from './live-region.js';
import { themeStyles } from './theme.js';

/** One observer of `lang` attributes for the page, made when the first element connects (SSR has no DOM). */
let langObserver: MutationObserver | undefined;

/**
 * An element's custom states, in order: each name, or `false` / `undefined` / `''` for one that does not apply now
 * (`[this.#phase, !!this.#error && 'error']`).
 */
export type PayStates = ReadonlyArray<string | false | undefined>;

/**
 * The base of every Paykit element (not registered itself). Each element's `@cssstate`s are set with
 * `ElementInternals.states` (`pay-otp-login:state(code-sent)`) where the engine has CustomStateSet, and
 * are always mirrored, space-separated, in the `data-state` attribute
 * (`pay-otp-login[data-state~='code-sent']`).
 *
 * @event {PayErrorEvent} pay-error - An operation failed. `detail: { code }`: the PayError code only, never a message.
 *
 * @csspart live-region - The visually hidden polite status region.
 *
 * @cssproperty --pay-color-primary - Main buttons, links, selected options.
 * @cssproperty --pay-color-on-primary - Text on main buttons.
 * @cssproperty --pay-color-surface - Background.
 * @cssproperty --pay-color-surface-muted - Read-only fields, word cells, the SCA summary, placeholders.
 * @cssproperty --pay-color-text - Text.
 * @cssproperty --pay-color-text-muted - Secondary text.
 * @cssproperty --pay-color-border - Field, checkbox and secondary button borders.
 * @cssproperty --pay-color-border-subtle - The surface's border.
 * @cssproperty --pay-color-danger - Error and warning text.
 * @cssproperty --pay-color-danger-surface - Error and warning background.
 * @cssproperty --pay-color-success - Success text.
 * @cssproperty --pay-color-focus - Focus rings.
 * @cssproperty --pay-radius - Corner radius (default 8px).
 * @cssproperty --pay-spacing - Spacing unit (default 8px).
 * @cssproperty --pay-font-family - Font stack (default the system UI font).
 * @cssproperty --pay-font-family-mono - Font of codes and recovery words.
 * @cssproperty --pay-font-size - Base font size (default 1rem).
 * @cssproperty --pay-control-height - Height of buttons and fields (default 44px).
 */
export abstract class PayElement extends LitElement {
  static override styles = [themeStyles, baseStyles];

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang', DEFER_HYDRATION];
  }

  // Reactive properties without decorators: a decorated class has its `#private` members compiled to
  // WeakMaps (no engine runs decorators natively yet), which costs every element bytes and speed.
  static override properties: PropertyDeclarations = {
    client: { attribute: false },
    locale: {},
    theme: { reflect: true },
    appearance: { reflect: true },
  };

  /**
   * The `WalletClient` this element uses. When unset, the page default from `setDefaultClient()`.
   * Not an attribute.
   */
  declare client: WalletClient | undefined;

  /** BCP 47 tag of the language to use (`en`, `fr`, `pt-PT`…). Default: the nearest `lang` attribute, followed live, else English. */
  declare locale: string | undefined;

  /** Force the `light` or `dark` palette; default follows `prefers-color-scheme`. */
  declare theme: 'light' | 'dark' | undefined;

  /**
   * `flat` drops the element's own surface (border, padding, background) for a page that already draws a
   * card around it; default: the element draws its surface.
   */
  declare appearance: 'flat' | undefined;

  /** Polite announcements of status changes. */
  protected readonly live = new LiveRegion(this);

  readonly #internals: ElementInternals | undefined;
  #appliedStates: string[] = [];
  #unsubscribe: (() => void) | undefined;
  /** The parent the element last connected under: where a `pay-*` event goes once the element is gone. */
  #lastParent: Node | undefined;

  constructor() {
    super();
    try {
      this.#internals = this.attachInternals?.();
    } catch {
      this.#internals = undefined;
    }
  }

  /** The custom states of the current render (`:state(x)` and `data-state`); `false`, `undefined` and `''` are left out. */
  protected abstract get states(): PayStates;

  /** The locale in use: `locale`, else the nearest `lang` attribute, else the document's (followed live); `pt` is `pt-PT`. */
  protected get resolvedLocale(): string {
    const tag = this.locale || this.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
    // Intl formats a bare `pt` the Brazilian way; the `pt` table is European Portuguese. A regional tag keeps
    // its region for numbers and dates (pt-BR, es-MX, de-CH) and takes the words of its language's table.
    return tag == 'pt' ? 'pt-PT' : tag;
  }

  /** Translates `key` in the element's locale. */
  protected t(key: MessageKey, params?: MessageParams): string {
    return translate(this.resolvedLocale, key, params);
  }

  /** The client to use, or a NO_CLIENT PayError. */
  protected requireClient(): WalletClient {
    const client = this.client ?? getDefaultClient();
    if (!client) throw new PayError(ElementErrorCode.NO_CLIENT, 'Set the client property or call setDefaultClient()');
    return client;
  }

  protected get hasClient(): boolean {
    return !!(this.client ?? getDefaultClient());
  }

  /** Describes the error, emits `pay-error` with its code, and announces the message. */
  protected reportError(error: unknown, overrides?: Parameters<typeof describeError>[1]): ErrorView {
    return this.report(describeError(error, overrides));
  }

  /** Emits `pay-error` with the view's code and announces its message. */
  protected report<V extends ErrorView>(view: V): V {
    this.dispatchEvent(new PayErrorEvent(view.code));
    this.live.announce(this.errorMessage(view));
    return view;
  }

  /** The localized message of an error view (with the current seconds for rate limits). */
  protected errorMessage(view: ErrorView, secondsLeft?: number): string {
    return this.t(view.key, { n: secondsLeft ?? view.retryAfterSeconds ?? 0, ...view.params });
  }

  /** The error box (part `error`): the message, and "Try again" when given. */
  protected renderErrorBox(
    view: ErrorView | undefined,
    options: { secondsLeft?: number; retry?: (() => void) | undefined } = {},
  ): unknown {
    if (!view) return nothing;
    return html`<div part="error" class="alert">
      <span>${this.errorMessage(view, options.secondsLeft)}</span>
      ${
        options.retry
          ? html`<div class="actions">
              <button part="button retry-button" class="button button--secondary" type="button" @click=${options.retry}>
                ${this.t('common.retry')}
              </button>
            </div>`
          : nothing
      }
    </div>`;
  }

  /** The success line (part `success`) with its tick; focus goes there when the control that had it is gone. */
  protected renderSuccess(text: string): TemplateResult {
    return html`<p part="success" class="success" tabindex="-1">${checkIcon}<span>${text}</span></p>`;
  }

  /**
   * Dispatches `event` as usual; a bubbling `pay-*` event dispatched after the element left the page
   * (it only reached the element and its detached ancestors) is dispatched once more, as an event of
   * the same class and detail, from a node that is still on the page: the element's last parent if it
   * is still there, else the document. Each listener hears it once; `document` listeners (and
   * `usePayEvent`) hear it with that node as `target`.
   * @internal
   */
  override dispatchEvent(event: Event): boolean {
    const result = super.dispatchEvent(event);
    const parent = this.#lastParent;
    if (
      this.isConnected ||
      !parent ||
      !event.bubbles ||
      !event.type.startsWith('pay-') ||
      !(event instanceof CustomEvent)
    )
      return result;
    const anchor = parent.isConnected ? parent : this.ownerDocument;
    const init: CustomEventInit = {
      detail: event.detail,
      bubbles: true,
      composed: event.composed,
      cancelable: event.cancelable,
    };
    // CustomEvent's constructor with the event's own class as new.target: a PaySessionEvent stays one
    anchor.dispatchEvent(Reflect.construct(CustomEvent, [event.type, init], event.constructor) as Event);
    return result;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#lastParent = this.parentNode ?? undefined;
    this.#unsubscribe = onDefaultClientChange(() => this.requestUpdate());
    // `attributeFilter` alone implies `attributes: true`; `subtree` covers <html> and every ancestor
    (langObserver ??= new MutationObserver(notifyElements)).observe(document, {
      attributeFilter: ['lang'],
      subtree: true,
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    // removing defer-hydration lets the light DOM render (see light-dom.ts)
    if (name === 'lang' || name === DEFER_HYDRATION) this.requestUpdate();
  }

  /** A render removed or disabled the focused control: focus moves to the next usable one (never left on the page body). */
  #refocus = false;
  /** The control focused when the update began: in the shadow root, or a light-DOM field (a code input). */
  #focused: HTMLButtonElement | undefined;

  protected override update(changed: PropertyValues): void {
    const active = document.activeElement;
    this.#focused = (this.shadowRoot?.activeElement ?? (this.contains(active) ? active : null) ?? undefined) as
      HTMLButtonElement | undefined;
    super.update(changed);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.#applyStates(this.states.filter((name): name is string => !!name));
    // checked after the light-DOM fields rendered too (their controllers update before this)
    const focused = this.#focused;
    this.#refocus ||= !!focused && (!focused.isConnected || focused.disabled);
    if (!this.#refocus) return;
    const active = (this.shadowRoot?.activeElement ?? document.activeElement) as HTMLButtonElement | null;
    const next = this.renderRoot.querySelector<HTMLElement>('button:enabled, input:enabled, .success');
    // only while focus is nowhere (or stuck on a disabled control); once the user has put it elsewhere, leave it
    if (active && active !== document.body && !active.disabled) this.#refocus = false;
    else if (next) {
      this.#refocus = false;
      next.focus();
    }
  }

  #applyStates(next: string[]): void {
    if (next.join(' ') === this.#appliedStates.join(' ')) return;
    const set = this.#internals?.states;
    if (set) {
      for (const name of this.#appliedStates) if (!next.includes(name)) deleteState(set, name);
      for (const name of next) addState(set, name);
    }
    this.#appliedStates = next;
    this.setAttribute('data-state', next.join(' '));
  }
}

// Chromium before 125 only accepted `--name`; try the standard form first.
function addState(set: CustomStateSet, name: string): void {
  try {
    set.add(name);
  } catch {
    try {
      set.add(`--${name}`);
    } catch {
      /* no CustomStateSet: data-state still applies */
    }
  }
}

function deleteState(set: CustomStateSet, name: string): void {
  for (const form of [name, `--${name}`]) {
    try {
      set.delete(form);
    } catch {
      /* that form was never valid here */
    }
  }
}
