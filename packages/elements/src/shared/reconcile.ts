/**
 * After a change whose outcome is unknown (network error, timeout, 5xx: the service may have acted and
 * only its answer was lost), an element reads what is true now before it offers anything else: the
 * card, the session list, the credential list. While it reads, "Checking…" shows (part `checking`) and
 * is announced; the element keeps its controls disabled (`checking`), so nothing that would repeat an
 * effect can be pressed. Other failures are not ambiguous and are left to the caller.
 *
 * @example
 *   readonly #check = new Reconcile(this); // announces 'common.checking', or the key given
 *   catch (error) {
 *     const card = await this.#check.read(error, () => getCard(client, { cardId }));
 *     if (card?.state === wanted) return done(card);
 *     throw error;
 *   }
 *   render() { return html`…${this.#check.render()}`; }
 */
import { html, nothing } from 'lit';
import type { PayElement } from './base-element.js';
import { describeError } from './errors.js';
import type { MessageKey } from './i18n.js';

export class Reconcile {
  readonly #host: PayElement;
  /** What "Checking…" says (announced in the element's live region). */
  readonly #text: MessageKey;
  #checking = 0;

  constructor(host: PayElement, text: MessageKey = 'common.checking') {
    this.#host = host;
    this.#text = text;
  }

  /** True while a read after an unknown outcome runs. */
  get checking(): boolean {
    return this.#checking > 0;
  }

  /** Whether the service may have acted although `error` came back (network, timeout, 5xx). */
  static unknown(error: unknown): boolean {
    return describeError(error).retryable;
  }

  /**
   * When `error` leaves the outcome unknown, what `read` finds now ("Checking…" meanwhile); else, or when
   * the read fails too, `undefined` (the error stands).
   */
  async read<T>(error: unknown, read: () => Promise<T>): Promise<T | undefined> {
    if (!Reconcile.unknown(error)) return undefined;
    this.#checking++;
    this.#host['live'].announce(this.#host['t'](this.#text));
    this.#host.requestUpdate();
    try {
      return await read();
    } catch {
      return undefined;
    } finally {
      this.#checking--;
      this.#host.requestUpdate();
    }
  }

  /** "Checking…" while a read runs. */
  render(): unknown {
    return this.checking ? html`<p part="checking" class="text">${this.#host['t'](this.#text)}</p>` : nothing;
  }
}
