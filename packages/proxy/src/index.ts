/**
 * `@paykit/proxy`: a Web-standard `(Request) => Promise<Response>` handler that lets a platform's pages
 * reach the payments service's end-user wallet endpoints while the platform credential stays on the
 * server. See `proxy.ts` for the request path, `allowlist.ts` for the policy, `end-user.ts` for ownership.
 *
 * @example
 *   import { createPlatformProxy, endUserFromIds } from '@paykit/proxy';
 *   const handler = createPlatformProxy({ serviceUrl, tokenId, clientSecret, pathPrefix: '/api/wallet',
 *     resolveEndUser: async (request) => endUserFromIds({ customerIds: ['Customer:1'] }) });
 */
export { createPlatformProxy, type PlatformProxyHandler } from './proxy.js';
export type {
  ErrorStage,
  GrantedSignIn,
  HeaderList,
  PlatformProxyOptions,
  SignInOptions,
  WalletSignOut,
} from './config.js';
export { endUserFromIds, RESOURCE_KINDS, type EndUser, type OwnedIds, type ResourceKind } from './end-user.js';
export {
  createServiceEndUserResolver,
  type ServiceEndUserResolver,
  type ServiceEndUserResolverOptions,
} from './service-end-users.js';
export { ALLOWLIST, type Method, type OwnedParameter, type Route } from './allowlist.js';
export type { ProxyErrorCode } from './errors.js';
export { FORWARDED_REQUEST_HEADERS, RETURNED_RESPONSE_HEADERS } from './upstream.js';
export { readBodyLimited } from './body.js';
export { memoryCardControls, type CardControlRecord, type CardControlStore, type CardLimits } from './card-controls.js';
export type { ProxyStore, RateCounter, RateLimit } from './store.js';
export { memoryStore, type MemoryStoreOptions } from './memory-store.js';
export {
  createSignInLookup,
  maskEmail,
  maskPhone,
  normalizeEmail,
  type SignInAccount,
  type SignInIdentifier,
  type SignInLookupOptions,
  type SignInMethod,
} from './sign-in-lookup.js';
export {
  createSignInGrants,
  type SignInGrant,
  type SignInGrantOptions,
  type SignInGrants,
  type UsedGrantStore,
} from './sign-in-grants.js';
