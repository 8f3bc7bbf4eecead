/**
 * `<PaykitProvider client={…}>`: makes one `WalletClient` the client of a React tree. It puts the client
 * in context for the hooks, sets it as the elements' default client (`setDefaultClient`) so every
 * wrapped element below finds it without a `client` prop, and restores the stored session once. All of
 * that happens in effects, so server rendering never touches the page-wide default.
 *
 * Written with `createElement` rather than JSX: the factory takes React as a parameter (React 18 or 19,
 * any copy), and the browser test runner loads `.ts` files only.
 *
 * @example
 *   const client = new WalletClient({ baseUrl: '/api/wallet' });
 *   <PaykitProvider client={client}><App /></PaykitProvider>
 */
import { LocalErrorCode, PayError, type WalletClient } from '@paykit/crypto-core';
import { getDefaultClient, setDefaultClient } from '@paykit/elements';
import type { Context, ReactElement, ReactNode } from 'react';
import type { ReactModule } from './react-module.js';
import { sessionStore } from './session-store.js';

export interface PaykitProviderProps {
  /** The client of this tree. Owned by the caller: the provider never closes it. */
  client: WalletClient;
  children?: ReactNode;
  /**
   * Called when restoring the stored session failed (for example `KEY_STORE_UNAVAILABLE`); the status
   * is then `signed-out`.
   */
  onRestoreError?: (error: unknown) => void;
}

export interface PaykitProviderBinding {
  PaykitProvider: (props: PaykitProviderProps) => ReactElement;
  /** The context the hooks read; `undefined` outside a provider. */
  ClientContext: Context<WalletClient | undefined>;
}

/** Layout effects in a browser (before the elements first render), plain effects elsewhere (no SSR warning in React 18). */
export function isomorphicLayoutEffect(react: ReactModule): ReactModule['useLayoutEffect'] {
  return typeof window === 'undefined' ? react.useEffect : react.useLayoutEffect;
}

export function createPaykitProvider(react: ReactModule): PaykitProviderBinding {
  const ClientContext = react.createContext<WalletClient | undefined>(undefined);
  ClientContext.displayName = 'PaykitClient';
  const useLayoutEffect = isomorphicLayoutEffect(react);

  function PaykitProvider({ client, children, onRestoreError }: PaykitProviderProps): ReactElement {
    if (!client || typeof client.subscribe !== 'function' || typeof client.restore !== 'function') {
      throw new PayError(LocalErrorCode.INVALID_ARGUMENT, '<PaykitProvider> needs a WalletClient in its client prop');
    }
    const onError = react.useRef(onRestoreError);
    useLayoutEffect(() => {
      onError.current = onRestoreError;
    });

    useLayoutEffect(() => {
      setDefaultClient(client);
      return () => {
        // another provider may have set its own client since; leave that one
        if (getDefaultClient() === client) setDefaultClient(undefined);
      };
    }, [client]);

    react.useEffect(() => {
      let mounted = true;
      sessionStore(client)
        .restore()
        .catch((error: unknown) => {
          if (mounted) onError.current?.(error);
        });
      return () => {
        mounted = false;
      };
    }, [client]);

    return react.createElement(ClientContext.Provider, { value: client }, children);
  }

  return { PaykitProvider, ClientContext };
}
