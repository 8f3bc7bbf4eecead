/**
 * The store behind `useSession`, over a fake client whose session, announcements and restore the test
 * controls: the status moves loading → signed-out/signed-in, snapshots are stable objects without key
 * ids, restore runs once per client, the client is listened to only while someone listens, and an
 * expiry the client never announces still reaches the listeners.
 */
import { expect } from 'chai';
import type { CurrentSession } from '@paykit/crypto-core';
import { describe, it } from '@paykit/test-harness/suite';
import { sessionStore, type SessionSource } from '../src/session-store.js';

interface FakeClient extends SessionSource {
  /** Sets the live session and announces it, as a sign-in, refresh or logout would. */
  set(session: CurrentSession | undefined): void;
  /** What the key store holds, for `restore()`. */
  stored: CurrentSession | undefined;
  restoreCalls: number;
  listenerCount(): number;
  /** Holds `restore()` until `finishRestore()`; rejects it with `error` when given. */
  finishRestore(error?: unknown): void;
}

function fakeClient(): FakeClient {
  let current: CurrentSession | undefined;
  const listeners = new Set<(session: CurrentSession | undefined) => void>();
  let finish: ((error?: unknown) => void) | undefined;
  const gate = new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve())));
  const client: FakeClient = {
    stored: undefined,
    restoreCalls: 0,
    get session() {
      return current && Date.parse(current.expiresAt) > Date.now() ? current : undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async restore() {
      client.restoreCalls++;
      await gate;
      client.set(client.stored);
      return client.session;
    },
    set(session) {
      const before = current;
      current = session;
      // like SessionState: announced only when the session changes
      if (before?.id !== session?.id || before?.expiresAt !== session?.expiresAt)
        for (const listener of listeners) listener(client.session);
    },
    listenerCount: () => listeners.size,
    finishRestore: (error) => finish!(error),
  };
  return client;
}

function session(id: string, expiresInMs = 15 * 60_000): CurrentSession {
  return {
    id,
    accountId: 'InternalAccount:1',
    type: 'EMAIL_OTP',
    authMethodId: 'AuthMethod:1',
    keyId: `key-of-${id}`,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

function waitFor(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(check, 5);
    };
    check();
  });
}

describe('session store (useSession)', () => {
  it('is loading until the stored session is restored, then signed-out without one', async () => {
    const client = fakeClient();
    const store = sessionStore(client);
    expect(store.getSnapshot()).to.deep.equal({ status: 'loading', session: undefined });
    const restoring = store.restore();
    expect(store.getSnapshot().status).to.equal('loading');
    client.finishRestore();
    await restoring;
    expect(store.getSnapshot()).to.deep.equal({ status: 'signed-out', session: undefined });
  });

  it('is signed-in with the restored session, which keeps no key id and is frozen', async () => {
    const client = fakeClient();
    client.stored = session('Session:1');
    const store = sessionStore(client);
    client.finishRestore();
    await store.restore();
    const { status, session: info } = store.getSnapshot();
    expect(status).to.equal('signed-in');
    expect(info).to.deep.equal({
      id: 'Session:1',
      accountId: 'InternalAccount:1',
      type: 'EMAIL_OTP',
      authMethodId: 'AuthMethod:1',
      expiresAt: client.stored.expiresAt,
    });
    expect(JSON.stringify(store.getSnapshot())).not.to.contain('key-of');
    expect(Object.isFrozen(info)).to.equal(true);
    expect(Object.isFrozen(store.getSnapshot())).to.equal(true);
  });

  it('is signed-in as soon as a session appears, even before restore has finished', () => {
    const client = fakeClient();
    const store = sessionStore(client);
    void store.restore();
    client.set(session('Session:1'));
    expect(store.getSnapshot().status).to.equal('signed-in');
  });

  it('returns the same snapshot until the status or the session changes', () => {
    const client = fakeClient();
    const store = sessionStore(client);
    const first = session('Session:1');
    client.set(first);
    const snapshot = store.getSnapshot();
    expect(store.getSnapshot()).to.equal(snapshot);
    client.set({ ...first }); // a copy with the same fields is the same session
    expect(store.getSnapshot()).to.equal(snapshot);
    client.set({ ...first, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }); // refreshed
    const refreshed = store.getSnapshot();
    expect(refreshed).not.to.equal(snapshot);
    expect(refreshed.session?.expiresAt).not.to.equal(snapshot.session?.expiresAt);
  });

  it('restores once per client, however many times and stores ask', async () => {
    const client = fakeClient();
    expect(sessionStore(client)).to.equal(sessionStore(client));
    const calls = [sessionStore(client).restore(), sessionStore(client).restore()];
    client.finishRestore();
    await Promise.all(calls);
    await sessionStore(client).restore();
    expect(client.restoreCalls).to.equal(1);
    const other = fakeClient();
    void sessionStore(other).restore();
    expect(other.restoreCalls, 'a second client restores on its own').to.equal(1);
  });

  it('is signed-out when restoring fails, and rejects with the error for the caller to report', async () => {
    const client = fakeClient();
    const store = sessionStore(client);
    const failure = Object.assign(new Error('no IndexedDB'), { code: 'KEY_STORE_UNAVAILABLE' });
    const restoring = store.restore();
    client.finishRestore(failure);
    const error = await restoring.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.equal(failure);
    expect(store.getSnapshot().status).to.equal('signed-out');
  });

  it('tells listeners about restore, sign-in, refresh and logout, and leaves the client alone when nobody listens', async () => {
    const client = fakeClient();
    const store = sessionStore(client);
    const seen: string[] = [];
    expect(client.listenerCount()).to.equal(0);
    const stopA = store.subscribe(() => seen.push(`a:${store.getSnapshot().status}`));
    const stopB = store.subscribe(() => undefined);
    expect(client.listenerCount(), 'one client subscription for all listeners').to.equal(1);
    const restoring = store.restore();
    client.finishRestore();
    await restoring;
    client.set(session('Session:1'));
    client.set(session('Session:2'));
    client.set(undefined);
    expect(seen).to.deep.equal(['a:signed-out', 'a:signed-in', 'a:signed-in', 'a:signed-out']);
    stopA();
    expect(client.listenerCount()).to.equal(1);
    stopB();
    expect(client.listenerCount()).to.equal(0);
    client.set(session('Session:3'));
    expect(seen).to.have.length(4);
  });

  it('tells listeners when the session expires, though the client announces nothing', async () => {
    const client = fakeClient();
    const store = sessionStore(client);
    client.set(session('Session:1', 120));
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    try {
      expect(store.getSnapshot().status).to.equal('signed-in');
      await waitFor(() => calls > 0, 'the expiry notification');
      expect(store.getSnapshot()).to.deep.equal({ status: 'signed-out', session: undefined });
    } finally {
      stop();
    }
  });

  it('gives the server snapshot as loading whatever the client holds', () => {
    const client = fakeClient();
    client.set(session('Session:1'));
    const store = sessionStore(client);
    expect(store.getSnapshot().status).to.equal('signed-in');
    expect(store.getServerSnapshot()).to.deep.equal({ status: 'loading', session: undefined });
    expect(store.getServerSnapshot()).to.equal(store.getServerSnapshot());
  });
});
