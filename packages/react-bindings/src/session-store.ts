/**
 * The signed-in state of a `WalletClient` as an external store for React's `useSyncExternalStore`:
 * `loading` until the stored session has been restored (once per client), then `signed-in` or
 * `signed-out`, following `client.subscribe` (sign-in, refresh, logout, other tabs) and the session's
 * own expiry. Snapshots hold ids and the expiry only: never the session key's id, nothing secret. It has
 * no React in it, so it is tested on its own.
 *
 * @example
 *   const store = sessionStore(client);
 *   const { status, session } = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
 *   await store.restore();
 */
import type { CurrentSession, WalletClient } from '@paykit/crypto-core';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** What React state may hold of a session: ids and the expiry (no key id). */
export interface SessionInfo {
  readonly id: string;
  readonly accountId: string;
  readonly type: string;
  /** The `AuthMethod` id (`AuthMethod:…`) the session was signed in with, when known. */
  readonly authMethodId?: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}

/** `session` is there exactly when `status` is `signed-in`. */
export type SessionSnapshot =
  | { readonly status: 'signed-in'; readonly session: SessionInfo }
  | { readonly status: 'signed-out'; readonly session: undefined }
  | { readonly status: 'loading'; readonly session: undefined };

/** What the store reads from a client: a `WalletClient` has all of it. */
export type SessionSource = Pick<WalletClient, 'session' | 'subscribe' | 'restore'>;

export interface SessionStore {
  /** For `useSyncExternalStore`: calls `onChange` when the snapshot may have changed. */
  readonly subscribe: (onChange: () => void) => () => void;
  /** The same object until the status or the session changes. */
  readonly getSnapshot: () => SessionSnapshot;
  /** Always `loading`: a server cannot know the browser's session, and hydration must match it. */
  readonly getServerSnapshot: () => SessionSnapshot;
  /**
   * Restores the stored session with `client.restore()`, once per client however often it is called
   * (React StrictMode runs effects twice; several providers may share a client). Rejects with the
   * client's error; the status is `signed-out` either way.
   */
  readonly restore: () => Promise<void>;
}

const LOADING: SessionSnapshot = Object.freeze({ status: 'loading', session: undefined });
const SIGNED_OUT: SessionSnapshot = Object.freeze({ status: 'signed-out', session: undefined });
// setTimeout's longest delay
const MAX_DELAY_MS = 2 ** 31 - 1;
// fire just after the expiry, so the client (which compares with `>`) already sees it expired
const EXPIRY_MARGIN_MS = 25;

const stores = new WeakMap<SessionSource, SessionStore>();

/** The store of `client` (one per client, made on first use). */
export function sessionStore(client: SessionSource): SessionStore {
  let store = stores.get(client);
  if (!store) stores.set(client, (store = createSessionStore(client)));
  return store;
}

/** A session without its key id, frozen. */
export function toSessionInfo(session: CurrentSession): SessionInfo {
  const { id, accountId, type, authMethodId, expiresAt } = session;
  return Object.freeze({ id, accountId, type, ...(authMethodId ? { authMethodId } : {}), expiresAt });
}

function sameSession(a: SessionInfo | undefined, b: CurrentSession | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.id === b.id &&
    a.accountId === b.accountId &&
    a.type === b.type &&
    a.authMethodId === b.authMethodId &&
    a.expiresAt === b.expiresAt
  );
}

function createSessionStore(client: SessionSource): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot = LOADING;
  // whether the signed-in state is known: restore() finished, or a session has been seen
  let known = false;
  let restoring: Promise<void> | undefined;
  let stopClient: (() => void) | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let timedSession: string | undefined;

  const notify = (): void => {
    watchExpiry();
    for (const listener of [...listeners]) listener();
  };

  // The client does not announce an expiry; a timer per session does, while anyone listens.
  const watchExpiry = (): void => {
    const session = listeners.size ? client.session : undefined;
    const key = session && `${session.id} ${session.expiresAt}`;
    if (key === timedSession) return;
    clearTimeout(expiryTimer);
    expiryTimer = undefined;
    timedSession = key;
    if (!session) return;
    const delay = Date.parse(session.expiresAt) - Date.now() + EXPIRY_MARGIN_MS;
    // One timer per session (if the client's clock disagrees, its next announcement re-arms it);
    // an expiry beyond setTimeout's range is timed again in steps.
    const capped = delay > MAX_DELAY_MS;
    expiryTimer = setTimeout(
      () => {
        if (capped) timedSession = undefined;
        notify();
      },
      Math.min(Math.max(delay, 0), MAX_DELAY_MS),
    );
  };

  const getSnapshot = (): SessionSnapshot => {
    const current = client.session;
    if (current) known = true;
    const status: SessionStatus = current ? 'signed-in' : known ? 'signed-out' : 'loading';
    if (status !== snapshot.status || !sameSession(snapshot.session, current)) {
      snapshot = current
        ? Object.freeze({ status: 'signed-in', session: toSessionInfo(current) })
        : known
          ? SIGNED_OUT
          : LOADING;
    }
    return snapshot;
  };

  const subscribe = (onChange: () => void): (() => void) => {
    listeners.add(onChange);
    stopClient ??= client.subscribe(notify);
    watchExpiry();
    return () => {
      listeners.delete(onChange);
      if (listeners.size) return;
      stopClient?.();
      stopClient = undefined;
      watchExpiry();
    };
  };

  const restore = (): Promise<void> =>
    (restoring ??= (async () => {
      try {
        await client.restore();
      } finally {
        known = true;
        notify();
      }
    })());

  return Object.freeze({ subscribe, getSnapshot, getServerSnapshot: () => LOADING, restore });
}
