/**
 * The read an element shows, following a key: `KeyedLoad` reads once the element is on the page and
 * its `key()` says what to read, again whenever the key changes (compared item by item), again when the
 * element comes back after leaving the page, and on `load()` (the element's `reload()`, its actions).
 * Each read starts a new generation; an answer that arrives after a newer read began, or after the
 * element left the page, is dropped, so a stale answer (a previous customer's, account's, card's) never
 * shows. The element's other calls check `current()` the same way. A failed read goes to `fail`, where
 * the element reports it (`reportError`: `pay-error` and the announcement).
 *
 * Two forms: `CustomerLoad` follows `customer-id` (`<pay-kyc>`, `<pay-contact-verification>`,
 * `<pay-terms-consent>`, `<pay-beneficial-owners>`); `SessionLoad` follows the client's session through
 * `client.subscribe` (`<pay-auth-methods>`, `<pay-sessions>`, `<pay-wallet-settings>`). `<pay-card>`
 * gives its own key (client, card id, customer id).
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
import type { CurrentSession, WalletClient } from '@paykit/crypto-core';
import { getDefaultClient } from './client-context.js';

/** An element with a `client` (a PayElement). */
export interface LoadHost extends ReactiveControllerHost, HTMLElement {
  client: WalletClient | undefined;
}

export interface KeyedLoadOptions<T> {
  /** What the read follows; undefined (or false) while there is nothing to read. */
  key(): readonly unknown[] | undefined | false;
  /** The read; what it throws goes to `fail`. */
  read(): T | Promise<T>;
  /** The answer, when it is still current (the host re-renders). */
  apply(value: T): void;
  /** The error, when it is still current (the host re-renders). */
  fail(error: unknown): void;
  /** Before the read: the loading state, for an element that shows one (the host re-renders). */
  start?(): void;
  /**
   * Leaving the page keeps the answer on its way and the key, so coming back reads nothing
   * (`<pay-card>`: a moved card keeps the transactions it has shown). Default: dropped, read again on return.
   */
  keep?: boolean;
}

export class KeyedLoad<T> implements ReactiveController {
  readonly #host: LoadHost;
  readonly #options: KeyedLoadOptions<T>;
  #generation = 0;
  /** The key of the last automatic read; undefined until the first, after leaving the page and after `forget()`. */
  #loadedFor: readonly unknown[] | undefined;

  constructor(host: LoadHost, options: KeyedLoadOptions<T>) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** A check that stays true until the next read starts or the host leaves the page (then an answer is stale). */
  current(): () => boolean {
    const generation = this.#generation;
    return () => generation === this.#generation;
  }

  /** Reads again now. */
  async load(): Promise<void> {
    this.#generation++;
    const current = this.current();
    const options = this.#options;
    options.start?.();
    this.#host.requestUpdate();
    try {
      const value = await options.read();
      if (!current()) return;
      options.apply(value);
    } catch (error) {
      if (!current()) return;
      options.fail(error);
    }
    this.#host.requestUpdate();
  }

  /** The next update reads again, even for the same key. */
  forget(): void {
    this.#loadedFor = undefined;
  }

  /** Reads when the key is not the one last read. */
  hostUpdate(): void {
    const key = this.#host.isConnected && this.#options.key();
    const last = this.#loadedFor;
    if (key && !(last?.length === key.length && key.every((value, i) => value === last[i]))) {
      this.#loadedFor = key;
      void this.load();
    }
  }

  /** Back on the page after leaving it: an update, so the read dropped on leaving is made again. */
  hostConnected(): void {
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    if (this.#options.keep) return;
    this.#generation++;
    this.forget();
  }
}

/** An element with a `customer-id` and a `client`. */
export interface CustomerLoadHost extends LoadHost {
  customerId: string | undefined;
}

export interface CustomerLoadOptions<T> extends Omit<KeyedLoadOptions<T>, 'key' | 'keep'> {
  start(): void;
  /** Load only once `customer-id` is set; by default an empty id is loaded too (and fails as the element says). */
  needsId?: boolean;
}

/** The read of an element's customer: again whenever `customer-id` changes (once there is a client). */
export class CustomerLoad<T> extends KeyedLoad<T> {
  constructor(host: CustomerLoadHost, options: CustomerLoadOptions<T>) {
    super(host, {
      ...options,
      key: () => {
        const id = host.customerId ?? '';
        return !!(host.client ?? getDefaultClient()) && (!!id || !options.needsId) && [id];
      },
    });
  }
}

export interface SessionLoadOptions<T> extends Omit<KeyedLoadOptions<T | undefined>, 'key' | 'read' | 'keep'> {
  /** What of the session (and of the element) the read follows, beside the client: `(s) => [s?.accountId]`. */
  key(session: CurrentSession | undefined): readonly unknown[];
  /** The read, when there is a session (without one, the answer is undefined). */
  read(client: WalletClient, session: CurrentSession): Promise<T>;
  /** The client told of a new session (or none), before any read it starts. */
  changed?(session: CurrentSession | undefined, before: CurrentSession | undefined): void;
}

/**
 * The read of what the signed-in account has: the element's client (or the page default) is followed
 * through `client.subscribe` while the element is on the page; a new client, or a session whose key
 * differs, reads again.
 */
export class SessionLoad<T> extends KeyedLoad<T | undefined> {
  /** The client followed (the last one, after it was unset). */
  client: WalletClient | undefined;
  /** Its session, as it last told. */
  session: CurrentSession | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(host: LoadHost, options: SessionLoadOptions<T>) {
    super(host, {
      ...options,
      key: () => {
        const client = host.client ?? getDefaultClient();
        if (client && (client !== this.client || !this.#unsubscribe)) {
          this.#unsubscribe?.();
          this.client = client;
          this.session = client.session;
          this.#unsubscribe = client.subscribe((session) => {
            const before = this.session;
            this.session = session;
            options.changed?.(session, before);
            this.hostUpdate();
            host.requestUpdate();
          });
        }
        return !!client && [client, ...options.key(this.session)];
      },
      read: () => {
        const session = this.client?.session;
        return session && options.read(this.client!, session);
      },
    });
  }

  override hostDisconnected(): void {
    super.hostDisconnected();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
