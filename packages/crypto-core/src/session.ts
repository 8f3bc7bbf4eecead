/**
 * The signed-in state of one page: which session is current, which stored key signs for it, and when
 * it must be refreshed. The record (ids and expiry, nothing secret) sits in the key store beside the
 * key, so a reload restores it; tabs coordinate through Web Locks (one refresh at a time) and a
 * BroadcastChannel (a refresh or logout in one tab reaches the others). Internal (no subpath export):
 * adopters see it through `WalletClient` (`session`, `subscribe`, `restore`); `CurrentSession` is public.
 *
 * @example
 *   const state = new SessionState({ store, namespace: 'default' });
 *   state.subscribe((current) => render(current));
 *   await state.restore();
 */
import { fn, keyStore, object } from './args.js';
import type { KeyStore } from './key-store.js';
import { deleteSessionKey } from './keys.js';
import type { AuthSession } from './resources.js';

export interface CurrentSession {
  id: string;
  accountId: string;
  type: string;
  /**
   * The `AuthMethod` id (`AuthMethod:…`) this session was signed in with, when the client knows it (it
   * was `credentialId`; the service's `credentialId` is a passkey's WebAuthn credential id).
   */
  authMethodId?: string;
  expiresAt: string;
  /** Key store id of the session key that signs for this session. */
  keyId: string;
}

type Listener = (session: CurrentSession | undefined) => void;
/** A logout names its session, so tabs with a different one (separate memory stores) keep theirs. */
type TabMessage = { type: 'changed' } | { type: 'logout'; sessionId: string };

export function toCurrentSession(session: AuthSession, keyId: string, authMethodId?: string): CurrentSession {
  // only the caller knows the AuthMethod id: a passkey session's own `credentialId` is the WebAuthn id
  object(session, 'session');
  return {
    id: session.id,
    accountId: session.accountId,
    type: session.type,
    expiresAt: session.expiresAt,
    keyId,
    ...(authMethodId ? { authMethodId } : {}),
  };
}

export class SessionState {
  readonly #store: KeyStore;
  readonly #recordKey: string;
  readonly #lockName: string;
  readonly #listeners = new Set<Listener>();
  readonly #now: () => number;
  #current: CurrentSession | undefined;
  #channel: BroadcastChannel | undefined;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: { store: KeyStore; namespace?: string; now?: () => number }) {
    const ns = object(options, 'options').namespace ?? 'default';
    this.#store = keyStore(options.store);
    this.#recordKey = `session:${ns}`;
    this.#lockName = `paykit:session:${ns}`;
    this.#now = options.now ?? Date.now;
    if (typeof BroadcastChannel !== 'undefined') {
      this.#channel = new BroadcastChannel(`paykit:${ns}`);
      this.#channel.onmessage = (event: MessageEvent<TabMessage>) => void this.#onTabMessage(event.data);
      // Node's channel is a handle that keeps the process alive; a script must end when its work does
      (this.#channel as { unref?: () => void }).unref?.();
    }
  }

  get current(): CurrentSession | undefined {
    return this.#current && this.isLive(this.#current) ? this.#current : undefined;
  }

  isLive(session: CurrentSession): boolean {
    return Date.parse(session?.expiresAt) > this.#now();
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(fn(listener, 'listener'));
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reads the stored record. An expired one leaves the store with its session key, which can sign for
   * nothing any more.
   */
  async restore(): Promise<CurrentSession | undefined> {
    const stored = await this.#store.get<CurrentSession>(this.#recordKey);
    const live = stored && this.isLive(stored) ? stored : undefined;
    if (stored && !live) {
      await deleteSessionKey(stored.keyId, this.#store);
      await this.#store.delete(this.#recordKey);
    }
    this.#set(live);
    return this.#current;
  }

  async save(session: CurrentSession): Promise<void> {
    await this.#store.set(this.#recordKey, session);
    this.#set(session);
    this.#channel?.postMessage({ type: 'changed' } satisfies TabMessage);
  }

  async clear(): Promise<void> {
    const ended = this.#current;
    await this.#store.delete(this.#recordKey);
    this.#set(undefined);
    if (ended) this.#channel?.postMessage({ type: 'logout', sessionId: ended.id } satisfies TabMessage);
  }

  /** Runs `fn` while holding the cross-tab lock for this namespace (plain call where Web Locks are missing). */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    fn(work, 'fn');
    const locks =
      typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    return locks ? (locks.request(this.#lockName, work) as Promise<T>) : work();
  }

  /** Reads the stored record without changing the current one (another tab may have written it). */
  stored(): Promise<CurrentSession | undefined> {
    return this.#store.get<CurrentSession>(this.#recordKey);
  }

  close(): void {
    clearTimeout(this.#expiryTimer);
    this.#channel?.close();
    this.#listeners.clear();
  }

  async #onTabMessage(message: TabMessage): Promise<void> {
    if (message?.type === 'logout' && this.#current?.id === message.sessionId) this.#set(undefined);
    else if (message?.type === 'changed') await this.restore();
  }

  #set(session: CurrentSession | undefined): void {
    const before = this.#current;
    this.#current = session;
    if (before?.id !== session?.id || before?.expiresAt !== session?.expiresAt) {
      this.#watchExpiry(session);
      for (const l of this.#listeners) l(session);
    }
  }

  /** A session that reaches expiresAt without a refresh ends: listeners hear `undefined` then. */
  #watchExpiry(session: CurrentSession | undefined): void {
    clearTimeout(this.#expiryTimer);
    this.#expiryTimer = undefined;
    if (!session) return;
    const remaining = Date.parse(session.expiresAt) - this.#now();
    this.#expiryTimer = setTimeout(
      () => {
        const current = this.#current;
        if (current?.id !== session.id || current.expiresAt !== session.expiresAt) return;
        if (this.isLive(current))
          this.#watchExpiry(current); // the timer ran early (an injected clock)
        else this.#set(undefined);
      },
      Math.min(Math.max(remaining, 0) + 1, 2 ** 31 - 1),
    );
    // never keeps a Node process alive on its own
    (this.#expiryTimer as { unref?: () => void }).unref?.();
  }
}
