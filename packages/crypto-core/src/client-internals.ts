/**
 * Internal (no subpath export, not in the root): what the flow modules (`account`, `wallet`, `customer`,
 * `payments`, `cards`) need of a `WalletClient` beyond its public surface. The client registers its
 * private plumbing here when it is constructed (the signed-retry engine with the client's tuning, clock
 * and sleep, forgetting a session, the session key, its options and signer pins); a flow looks it up
 * with `internals(client)`. `requireSession(client)` is shared by the client and the flows. A WeakMap, so nothing shows on the client object itself
 * and this module never imports the client class (an element's bundle does not carry the client).
 *
 * @example
 *   const { requireSession, forget } = internals(client);
 *   const current = requireSession();
 */
import { fail } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { TrustedSigners, WalletClient, WalletClientOptions } from './client.js';
import type { SessionKey } from './keys.js';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from './passkey.js';
import type { CurrentSession } from './session.js';
import type { SignedRequestOptions, SignedResult } from './signed-retry.js';

export interface ClientInternals {
  /** The signed-retry engine over the client's transport, with its `signedRetry` tuning, clock and sleep. */
  signed<T>(options: SignedRequestOptions): Promise<SignedResult<T>>;
  /** Deletes the session's key and clears the session record (other tabs hear of it). */
  forget(session: CurrentSession): Promise<void>;
  /** The stored key of `session`; `KEY_NOT_FOUND` when it is gone. */
  key(session: CurrentSession): Promise<SessionKey>;
  /**
   * `getPasskeyAssertionJSON`: the WebAuthn get() with service-made options (SCA). Reached through the
   * client, which has the ceremony for its passkey sign-in anyway, so a flow does not bundle it twice.
   */
  passkey(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>;
  readonly options: WalletClientOptions;
  readonly signers: TrustedSigners;
}

/** Each client's internals; the `WalletClient` constructor adds its own. */
export const registry = new WeakMap<object, ClientInternals>();

/**
 * The internals of `client`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when `client` is no `WalletClient`.
 */
export function internals(client: WalletClient): ClientInternals {
  return registry.get(client as object) ?? fail('Invalid client');
}

/**
 * The current live session of `client`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when `client` is no `WalletClient`; `NO_SESSION` without a live session.
 */
export function requireSession(client: WalletClient): CurrentSession {
  const current = internals(client) && client.session;
  if (!current) throw new PayError(LocalErrorCode.NO_SESSION, 'Sign in first: there is no live session');
  return current;
}

/**
 * `client.request(method, path, extra)` for a flow that needs only the public surface, after checking that
 * `client` is a `WalletClient`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when `client` is no `WalletClient` (rather than a raw `TypeError`);
 *   as `WalletClient.request`.
 */
export function request<T>(client: WalletClient, ...args: Parameters<WalletClient['request']>): Promise<T> {
  internals(client);
  return client.request<T>(...args);
}
