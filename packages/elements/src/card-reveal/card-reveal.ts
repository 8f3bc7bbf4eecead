import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { PayError, revealCard } from '@paykit/crypto-core';
import { PayElement } from '../shared/base-element.js';
import type { PayStates } from '../shared/base-element.js';
import { ElementErrorCode, type ErrorView } from '../shared/errors.js';
import { PayCardHiddenEvent, PayCardRevealedEvent, type PayCardHiddenReason } from './card-reveal-events.js';
import { PageHiddenController } from '../shared/page-hidden.js';
import { cardRevealStyles } from './card-reveal.styles.js';
import './card-reveal.messages.js'; // kept in the .d.ts: its keys join PayMessages wherever this module is typed
import { cardRevealMessages } from './card-reveal.messages.js';
import { registerMessages } from '../shared/i18n.js';

registerMessages('en', cardRevealMessages);

type Phase = 'idle' | 'loading' | 'revealed';

/** The origins in a space-separated list, normalized; entries that are not absolute URLs are dropped. */
export function parseAllowedOrigins(list: string | undefined): Set<string> {
  const origins = new Set<string>();
  for (const entry of (list ?? '').split(/\s+/)) {
    if (!entry) continue;
    try {
      const origin = new URL(entry).origin;
      if (origin !== 'null') origins.add(origin);
    } catch {
      /* not a URL: ignored */
    }
  }
  return origins;
}

/**
 * True when `url` is an absolute URL whose origin is in `allowed` and is not the page's own: a
 * same-origin frame with `allow-scripts allow-same-origin` could remove its own sandbox.
 */
export function isAllowedUrl(url: string, allowed: Set<string>): boolean {
  try {
    const { origin } = new URL(url);
    return allowed.has(origin) && origin !== globalThis.location?.origin;
  } catch {
    return false;
  }
}

/**
 * Shows a card's number, expiry and security code. "Show card details" calls `revealCard(client, …)`; the
 * answer's `panEmbedUrl` (a bearer secret) is loaded into a sandboxed `<iframe>` only if its origin is
 * in `allowed-origins`, and the frame is removed at `expiresAt`, when the tab is hidden, or on "Hide
 * card details" (or Escape while focus is in the element). The URL is set on the frame directly and nowhere else: not on the host, not in an
 * event, not in a log line, not in any storage.
 * The frame's page gets the element's language and theme in the URL's fragment (`#lang=es&theme=dark`:
 * never sent to a server, so a signed URL stays valid), and later changes of either in a
 * `{ type: 'pay-card-frame-view', view: 'lang=fr&theme=dark' }` message to the frame's origin; it sizes its frame: a
 * `{ type: 'pay-card-frame-height', height }` message from that frame's window and an allowed origin
 * sets the frame's height (48 to 1000 px; until then `--pay-card-frame-height`).
 *
 * @summary Card PAN reveal in a sandboxed, self-expiring iframe from an allow-listed origin.
 *
 * @event {PayCardRevealedEvent} pay-card-revealed - The frame is showing. `detail: { cardId, expiresAt }`.
 * @event {PayCardHiddenEvent} pay-card-hidden - The frame was removed. `detail: { cardId, reason: 'expired' | 'hidden' | 'closed' }` (`closed` also when the element is removed).
 * @event {PayErrorEvent} pay-error - The reveal failed. `detail: { code }`; `REVEAL_URL_REJECTED` when the URL's origin is not allowed.
 *
 * @csspart base - The surface around everything.
 * @csspart button - Every button.
 * @csspart show-button - "Show card details".
 * @csspart hide-button - "Hide card details".
 * @csspart frame - The iframe with the card details.
 * @csspart placeholder - The box shown while loading.
 * @csspart status - The line saying why the details were hidden.
 * @csspart error - The error box.
 *
 * @cssproperty --pay-card-frame-height - Height of the card details frame until its page reports its own (default 240px).
 *
 * @cssstate idle - No card details on the page.
 * @cssstate loading - Waiting for the service.
 * @cssstate revealed - The card details frame is showing.
 * @cssstate error - An error is shown.
 */
export class PayCardRevealElement extends PayElement {
  static override styles = [...PayElement.styles, cardRevealStyles];

  static override properties: PropertyDeclarations = {
    cardId: { attribute: 'card-id' },
    allowedOrigins: { attribute: 'allowed-origins' },
  };

  /** The card to reveal. */
  declare cardId: string | undefined;

  /** Space-separated origins the card details frame may come from, e.g. `https://pan.example-issuer.com`. */
  declare allowedOrigins: string | undefined;

  #phase: Phase = 'idle';
  #hiddenReason: PayCardHiddenReason | undefined;
  #error: ErrorView | undefined;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Which reveal is current; a reveal answered after a newer one or a hide is dropped. */
  #generation = 0;
  readonly #frame = createRef<HTMLIFrameElement>();
  /** The frame's origin (not the URL, which is a secret) and the view last given to it (`lang=…&theme=…`). */
  #frameOrigin = '';
  #frameView = '';
  /** The frame page's height report, heard only from the frame's own window at an allowed origin. */
  readonly #onMessage = (event: MessageEvent): void => {
    const frame = this.#frame.value;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!frame || event.source !== frame.contentWindow || data?.type !== 'pay-card-frame-height') return;
    if (!parseAllowedOrigins(this.allowedOrigins).has(event.origin) || typeof data.height !== 'number') return;
    if (data.height > 0) frame.style.height = `${Math.round(Math.min(1000, Math.max(48, data.height)))}px`;
  };

  constructor() {
    super();
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.#hide('closed'); // nothing to do unless the details are showing
    });
    new PageHiddenController(this, () => this.#hide('hidden'));
  }

  protected override get states(): PayStates {
    return [this.#phase, !!this.#error && 'error'];
  }

  /** Reveals the card details, as the button does. */
  reveal(): Promise<void> {
    return this.#reveal();
  }

  /** Removes the card details frame, as "Hide card details" does. */
  hide(): void {
    this.#hide('closed');
  }

  /** A language or theme change while the details show goes to the frame's page too (it follows live). */
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const view = this.#view();
    const target = this.#frame.value?.contentWindow;
    if (this.#phase !== 'revealed' || !this.#frameOrigin || view === this.#frameView || !target) return;
    this.#frameView = view;
    target.postMessage({ type: 'pay-card-frame-view', view }, this.#frameOrigin);
  }

  #view(): string {
    return `${new URLSearchParams({ lang: this.resolvedLocale, ...(this.theme ? { theme: this.theme } : {}) })}`;
  }

  override disconnectedCallback(): void {
    // the frame goes too (before Lit's disconnect clears the ref): re-inserted, it would load the URL again with no expiry timer
    this.#hide('closed');
    this.#generation++;
    super.disconnectedCallback();
  }

  protected override render(): unknown {
    const phase = this.#phase;
    return html`<div part="base" class="base">
      ${
        phase === 'revealed'
          ? html`<iframe
              ${ref(this.#frame)}
              part="frame"
              class="frame"
              title=${this.t('card.frameTitle')}
              sandbox="allow-scripts allow-same-origin"
              referrerpolicy="no-referrer"
              allow="clipboard-write"
              loading="eager"
            ></iframe>`
          : nothing
      }
      ${phase === 'loading' ? html`<div part="placeholder" class="placeholder"><span class="spinner" aria-hidden="true"></span>${this.t('card.loading')}</div>` : nothing}
      ${phase === 'idle' && this.#hiddenReason ? html`<p part="status" class="text">${this.t(`card.hidden.${this.#hiddenReason}` as const)}</p>` : nothing}
      ${this.renderErrorBox(this.#error)}
      ${
        phase === 'revealed'
          ? html`<button
              part="button hide-button"
              class="button button--secondary"
              type="button"
              @click=${this.#onHide}
            >
              ${this.t('card.hide')}
            </button>`
          : html`<button
              part="button show-button"
              class="button button--primary"
              type="button"
              ?disabled=${phase === 'loading'}
              aria-busy=${phase === 'loading' ? 'true' : 'false'}
              @click=${this.#onShow}
            >
              ${this.t('card.show')}
            </button>`
      }
      ${this.live.render()}
    </div>`;
  }

  readonly #onShow = (): void => void this.#reveal();
  readonly #onHide = (): void => this.#hide('closed');

  async #reveal(): Promise<void> {
    if (this.#phase !== 'idle') return;
    const generation = ++this.#generation;
    const cardId = this.cardId ?? '';
    this.#phase = 'loading';
    this.#error = this.#hiddenReason = undefined;
    this.requestUpdate();
    try {
      if (!cardId) throw new PayError('INVALID_ARGUMENT', 'card-id is required');
      const { panEmbedUrl, expiresAt } = await revealCard(this.requireClient(), cardId);
      if (generation !== this.#generation) return;
      if (!isAllowedUrl(panEmbedUrl, parseAllowedOrigins(this.allowedOrigins))) {
        throw new PayError(ElementErrorCode.REVEAL_URL_REJECTED, 'The card details URL is not from an allowed origin');
      }
      const lifetime = Date.parse(expiresAt) - Date.now();
      if (!(lifetime > 0) || document.visibilityState === 'hidden') {
        this.#phase = 'idle';
        this.#hiddenReason = lifetime > 0 ? 'hidden' : 'expired';
        this.requestUpdate();
        return;
      }
      this.#phase = 'revealed';
      this.requestUpdate();
      await this.updateComplete;
      const frame = this.#frame.value;
      if (generation !== this.#generation || !frame) return;
      addEventListener('message', this.#onMessage);
      const view = (this.#frameView = this.#view());
      this.#frameOrigin = new URL(panEmbedUrl).origin;
      // a property on the frame; the host never holds the URL. The fragment stays in the browser.
      frame.src = `${panEmbedUrl}${panEmbedUrl.includes('#') ? '&' : '#'}${view}`;
      this.#expiryTimer = setTimeout(() => this.#hide('expired'), Math.min(lifetime, 2 ** 31 - 1)); // setTimeout's ceiling
      this.dispatchEvent(new PayCardRevealedEvent(cardId, expiresAt));
      this.live.announce(this.t('card.shown'));
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#phase = 'idle';
      this.#error = this.reportError(error);
      this.requestUpdate();
    }
  }

  #hide(reason: PayCardHiddenReason): void {
    if (this.#phase === 'loading') this.#generation++; // drop the answer still on its way
    if (this.#phase === 'idle') return;
    const wasRevealed = this.#phase === 'revealed';
    clearTimeout(this.#expiryTimer);
    this.#frameOrigin = '';
    removeEventListener('message', this.#onMessage);
    const frame = this.#frame.value;
    if (frame) frame.src = 'about:blank';
    this.#phase = 'idle';
    this.#hiddenReason = reason;
    this.requestUpdate();
    if (!wasRevealed) return;
    this.dispatchEvent(new PayCardHiddenEvent(this.cardId ?? '', reason));
    this.live.announce(this.t(`card.hidden.${reason}` as const));
  }
}
