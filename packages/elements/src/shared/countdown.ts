/**
 * A seconds countdown that re-renders its host once a second and calls `onDone` at zero. Used for the
 * resend wait, the 429 wait and the recovery phrase's reveal timeout. It pauses while the host is
 * disconnected and resumes against the same deadline when it comes back.
 *
 * @example
 *   #resend = new Countdown(this);
 *   this.#resend.start(30);
 *   html`<button ?disabled=${this.#resend.running}>Resend in ${this.#resend.remaining} s</button>`;
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class Countdown implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #onDone: (() => void) | undefined;
  #deadline = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #remaining = 0;

  constructor(host: ReactiveControllerHost, onDone?: () => void) {
    this.#host = host;
    this.#onDone = onDone;
    host.addController(this);
  }

  /** Whole seconds left (0 when stopped). */
  get remaining(): number {
    return this.#remaining;
  }

  get running(): boolean {
    return this.#remaining > 0;
  }

  start(seconds: number): void {
    this.#deadline = Date.now() + Math.max(0, seconds) * 1000;
    this.#tick();
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#deadline = 0;
    if (this.#remaining !== 0) {
      this.#remaining = 0;
      this.#host.requestUpdate();
    }
  }

  hostConnected(): void {
    if (this.#deadline) this.#tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  #tick(): void {
    clearTimeout(this.#timer);
    const left = this.#deadline - Date.now();
    const remaining = Math.max(0, Math.ceil(left / 1000));
    if (remaining !== this.#remaining) {
      this.#remaining = remaining;
      this.#host.requestUpdate();
    }
    if (remaining === 0) {
      this.#deadline = 0;
      this.#onDone?.();
      return;
    }
    // Wake just after the next whole-second boundary so the number never lags.
    this.#timer = setTimeout(() => this.#tick(), (left % 1000 || 1000) + 5);
  }
}
