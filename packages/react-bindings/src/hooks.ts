/**
 * Hooks over the provider's `WalletClient`: the client itself, the signed-in state (through
 * `useSyncExternalStore`, so every component sees the same state in the same render and the server
 * renders `loading`), and a typed listener for the elements' `pay-*` events anywhere on the page.
 * Hook state never holds a secret: the session is ids and an expiry.
 *
 * @example
 *   const { status, session, logout } = useSession();
 *   usePayEvent('pay-error', (event) => track(event.detail.code));
 */
import { PayError, type WalletClient } from '@paykit/crypto-core';
import { ElementErrorCode, type PAY_EVENT_NAMES } from '@paykit/elements';
import type { Context, RefObject } from 'react';
import { isomorphicLayoutEffect } from './provider.js';
import type { ReactModule } from './react-module.js';
import { sessionStore, toSessionInfo, type SessionInfo, type SessionSnapshot } from './session-store.js';

export interface SessionActions {
  /** Revokes the session on the service and forgets it here and in other tabs (`client.logout()`). */
  logout: () => Promise<void>;
  /** Replaces the session with a fresh one under a new key (`client.refreshSession()`). */
  refresh: () => Promise<SessionInfo>;
}

/**
 * `status` is `loading` until the stored session is restored (and always on the server); `session` is
 * there exactly when `status` is `signed-in`.
 */
export type UseSessionResult = SessionSnapshot & SessionActions;

export type PayEventName = (typeof PAY_EVENT_NAMES)[number];
/** Each `pay-*` event name and its class (`pay-session` → `PaySessionEvent`). */
export type PayEventMap = { [K in PayEventName]: GlobalEventHandlersEventMap[K] };
/** Where `usePayEvent` listens: an element, a ref to one, or (by default) the document. */
export type PayEventTarget = EventTarget | RefObject<EventTarget | null> | null | undefined;

export interface PaykitHooks {
  /** The provider's client. Throws `NO_CLIENT` outside a `<PaykitProvider>`. */
  useWalletClient(): WalletClient;
  /** The signed-in state of the provider's client, and the actions that change it. */
  useSession(): UseSessionResult;
  /**
   * Calls `handler` for every `type` event reaching `target` (default the document: the events bubble
   * and are composed). The latest `handler` is called without re-subscribing.
   */
  usePayEvent<K extends PayEventName>(type: K, handler: (event: PayEventMap[K]) => void, target?: PayEventTarget): void;
}

function isRef(target: PayEventTarget): target is RefObject<EventTarget | null> {
  return !!target && typeof target === 'object' && 'current' in target && !('addEventListener' in target);
}

export function createPaykitHooks(react: ReactModule, ClientContext: Context<WalletClient | undefined>): PaykitHooks {
  const useLayoutEffect = isomorphicLayoutEffect(react);

  function useWalletClient(): WalletClient {
    const client = react.useContext(ClientContext);
    if (!client)
      throw new PayError(ElementErrorCode.NO_CLIENT, 'Paykit hooks need a <PaykitProvider client={…}> above them');
    return client;
  }

  function useSession(): UseSessionResult {
    const client = useWalletClient();
    const store = sessionStore(client);
    const snapshot = react.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
    const actions = react.useMemo(
      (): SessionActions => ({
        logout: () => client.logout(),
        refresh: async () => toSessionInfo(await client.refreshSession()),
      }),
      [client],
    );
    return react.useMemo(() => ({ ...snapshot, ...actions }), [snapshot, actions]);
  }

  function usePayEvent<K extends PayEventName>(
    type: K,
    handler: (event: PayEventMap[K]) => void,
    target?: PayEventTarget,
  ): void {
    const latest = react.useRef(handler);
    useLayoutEffect(() => {
      latest.current = handler;
    });
    react.useEffect(() => {
      const node = target === undefined ? document : isRef(target) ? target.current : target;
      if (!node) return undefined;
      const listener = (event: Event): void => latest.current(event as PayEventMap[K]);
      node.addEventListener(type, listener);
      return () => node.removeEventListener(type, listener);
    }, [type, target]);
  }

  return { useWalletClient, useSession, usePayEvent };
}
