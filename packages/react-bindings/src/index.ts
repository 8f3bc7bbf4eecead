/**
 * @paykit/react: the Paykit elements as React components (generated from their custom elements
 * manifest, with typed `on…` event props), `<PaykitProvider>` for the `WalletClient`, and hooks for the
 * signed-in state. React 18 and 19; importing it on a server is safe (tags are registered in browsers
 * only, and nothing page-wide is set outside effects).
 *
 * @example
 *   import { PaykitProvider, PayOtpLogin, useSession } from '@paykit/react';
 *   <PaykitProvider client={client}>
 *     <PayOtpLogin accountId={accountId} onPaySession={(e) => navigate('/wallet')} />
 *   </PaykitProvider>
 */
import * as React from 'react';
import { createPaykitHooks } from './hooks.js';
import { createPaykitProvider } from './provider.js';

const binding = createPaykitProvider(React);

export const PaykitProvider = binding.PaykitProvider;
export const { useWalletClient, useSession, usePayEvent } = createPaykitHooks(React, binding.ClientContext);
export * from './components/bound.js';

export * from './components/index.js';
export { createPaykitReact, type PaykitReact } from './create.js';
export {
  createPaykitHooks,
  type PayEventMap,
  type PayEventName,
  type PayEventTarget,
  type PaykitHooks,
  type SessionActions,
  type UseSessionResult,
} from './hooks.js';
export { createPaykitProvider, type PaykitProviderBinding, type PaykitProviderProps } from './provider.js';
export type { ReactModule } from './react-module.js';
export {
  sessionStore,
  toSessionInfo,
  type SessionInfo,
  type SessionSnapshot,
  type SessionSource,
  type SessionStatus,
  type SessionStore,
} from './session-store.js';
