/**
 * Calls back when the page stops being visible (tab switched, window minimized, page put in the
 * back-forward cache): the moment to wipe what must not stay on screen. Listens only while the host
 * is connected.
 *
 * @example
 *   new PageHiddenController(this, () => this.#wipe('hidden'));
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class PageHiddenController implements ReactiveController {
  readonly #onHidden: () => void;
  readonly #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.#onHidden();
  };
  readonly #onPageHide = (): void => this.#onHidden();

  constructor(host: ReactiveControllerHost, onHidden: () => void) {
    this.#onHidden = onHidden;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.#onVisibility);
    window.addEventListener('pagehide', this.#onPageHide);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.#onVisibility);
    window.removeEventListener('pagehide', this.#onPageHide);
  }
}
