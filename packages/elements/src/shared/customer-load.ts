/**
 * The load an element makes for its `customer-id` (`<pay-kyc>`, `<pay-contact-verification>`,
 * `<pay-terms-consent>`, `<pay-beneficial-owners>`): once the element is on the page with a client, again
 * whenever `customer-id` changes, again when it comes back after leaving the page (before, the elements
 * waited for some other update there, and one moved while loading stayed "loading"), and on `load()` (the
 * element's public `reload()`). Each load starts a new generation; an answer that arrives after a newer
 * load began, or after the element left the page, is dropped, so a stale answer for a previous customer
 * never shows. The element's other calls check `current()` the same way. A failed read goes to `fail`,
 * where the element reports it (`reportError`: `pay-error` and the announcement) as before.
 * Not used where the load follows more than the customer id: `<pay-card>` (its client and card id) and
 * `<pay-wallet-settings>`, `<pay-sessions>`, `<pay-auth-methods>` (the client's session).
 *
 * @example
 *   readonly #load = new CustomerLoad(this, {
 *     start: () => void (this.#phase = 'loading'),
 *     read: () => this.requireClient().request<Customer>('GET', `/customers/${id}`),
 *     apply: (customer) => this.#apply(customer),
 *     fail: (error) => {
 *       this.#phase = 'failed';
 *       this.#error = this.reportError(error);
 *     },
 *   });
 *   reload(): Promise<void> { return this.#load.load(); }
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WalletClient } from '@paykit/crypto-core';
import { getDefaultClient } from './client-context.js';

/** An element with a `customer-id` and a `client` (a PayElement). */
export interface CustomerLoadHost extends ReactiveControllerHost, HTMLElement {
  customerId: string | undefined;
  client: WalletClient | undefined;
}

export interface CustomerLoadOptions<T> {
  /** Before the read: the loading state (the host re-renders). */
  start(): void;
  /** The read; what it throws goes to `fail`. */
  read(): Promise<T>;
  /** The answer, when it is still current. */
  apply(value: T): void;
  /** The error, when it is still current (the host re-renders). */
  fail(error: unknown): void;
  /** Load only once `customer-id` is set; by default an empty id is loaded too (and fails as the element says). */
  needsId?: boolean;
}

export class CustomerLoad<T> implements ReactiveController {
  readonly #host: CustomerLoadHost;
  readonly #options: CustomerLoadOptions<T>;
  #generation = 0;
  /** The customer id of the last automatic load; undefined until the first and after leaving the page. */
  #loadedFor: string | undefined;

  constructor(host: CustomerLoadHost, options: CustomerLoadOptions<T>) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** A check that stays true until the next load starts or the host leaves the page (then an answer is stale). */
  current(): () => boolean {
    const generation = this.#generation;
    return () => generation === this.#generation;
  }

  /** Reads again (what the element's `reload()` does). */
  async load(): Promise<void> {
    this.#generation++;
    const current = this.current();
    const options = this.#options;
    options.start();
    this.#host.requestUpdate();
    try {
      const value = await options.read();
      if (current()) options.apply(value);
    } catch (error) {
      if (!current()) return;
      options.fail(error);
      this.#host.requestUpdate();
    }
  }

  hostUpdate(): void {
    const host = this.#host;
    const key = host.customerId ?? '';
    if (
      host.isConnected &&
      (host.client ?? getDefaultClient()) &&
      (key || !this.#options.needsId) &&
      this.#loadedFor !== key
    ) {
      this.#loadedFor = key;
      void this.load();
    }
  }

  /** Back on the page after leaving it: an update, so the read dropped on leaving is made again. */
  hostConnected(): void {
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#generation++;
    this.#loadedFor = undefined;
  }
}
