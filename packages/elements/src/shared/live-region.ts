/**
 * One polite live region per element: status changes ("Code sent", "You're signed in", an error) are
 * announced through it, and only through it, so a screen reader hears each once. Repeating the same
 * text still re-announces, because the rendered text changes (a trailing no-break space toggles).
 *
 * @example
 *   #live = new LiveRegion(this);
 *   render() { return html`…${this.#live.render()}`; }
 *   this.#live.announce(this.t('otp.signedIn'));
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';

export class LiveRegion {
  readonly #host: ReactiveControllerHost;
  #text = '';
  #toggle = false;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** The last announcement, without the toggling space. */
  get text(): string {
    return this.#text.trim();
  }

  announce(text: string): void {
    this.#toggle = !this.#toggle;
    this.#text = this.#toggle ? `${text}\u00a0` : text;
    this.#host.requestUpdate();
  }

  clear(): void {
    this.#text = '';
    this.#host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" part="live-region" role="status" aria-live="polite" aria-atomic="true">
      ${this.#text}
    </div>`;
  }
}
