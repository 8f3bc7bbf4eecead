/**
 * Everything `@paykit/react` offers, built for one given React: provider, hooks and the element
 * wrappers. The package entry exports the same things bound to `react`; this factory serves a tree that
 * renders with another copy or version (React 18 next to 19, a micro-frontend's own React). Use one
 * binding per tree: a provider from one binding is invisible to hooks from another.
 *
 * @example
 *   import * as React from 'react';
 *   const { PaykitProvider, useSession, PayOtpLogin } = createPaykitReact(React);
 */
import { createPaykitComponents, type PaykitComponents } from './components/index.js';
import { createPaykitHooks, type PaykitHooks } from './hooks.js';
import { createPaykitProvider, type PaykitProviderBinding } from './provider.js';
import type { ReactModule } from './react-module.js';

export interface PaykitReact extends PaykitHooks, PaykitComponents {
  PaykitProvider: PaykitProviderBinding['PaykitProvider'];
}

export function createPaykitReact(react: ReactModule): PaykitReact {
  const { PaykitProvider, ClientContext } = createPaykitProvider(react);
  return { PaykitProvider, ...createPaykitHooks(react, ClientContext), ...createPaykitComponents(react) };
}
