/**
 * Internal (no subpath export, not in the root): the one doorway between a `WalletClient` and the flow
 * modules (`account`, `wallet`, `customer`, `payments`, `cards`, `kyc`, `documents`, `transactions`).
 * The client carries a versioned internal interface under `Symbol.for('paykit.wallet-client/v1')`, so the
 * flows of any installed copy of `@paykit/crypto-core` that speaks protocol 1 work with a client made by
 * another (an app on one version, `@paykit/elements` resolving another: every monorepo, lockfile drift
 * and CDN page). A copy that speaks another protocol fails with `INVALID_ARGUMENT` naming both versions.
 * Flows reach the client only through `internals(client)` (and `request`/`requireSession`, built on it);
 * this module never imports the client class (an element's bundle does not carry the client).
 *
 * What the symbol exposes, and why that is no more than before: the property is non-enumerable,
 * non-writable and non-configurable (JSON, `Object.keys`, spreads and `console.log` do not show it), its
 * value is a frozen object of functions plus the options the caller passed in. `key(session)` answers
 * the session's `SessionKey`, whose private key stays a non-extractable `CryptoKey`: it can sign, never be
 * read. Whoever holds the client could already sign with it (`client.request(…, { signed: true })`) and
 * load the same key (`requireSessionKey(session.keyId, client.keyStore)`), so the symbol adds no capability.
 *
 * @example
 *   const { forget } = internals(client);
 *   const current = requireSession(client);
 *   const sessions = await request<ListResponse<AuthSession>>(client, 'GET', '/auth/sessions', { query });
 */
import { fail } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { RequestOptions, TrustedSigners, WalletClientOptions } from './client-options.js';
import type { SessionKey } from './keys.js';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from './resources.js';
import type { CurrentSession } from './session.js';
import type { SignedRequestOptions, SignedResult } from './signed-retry.js';
import type { HttpMethod } from './transport.js';

/**
 * The version of `ClientInternals`. Adding an optional member keeps it; removing or changing one makes
 * it 2, under a new key (a client may carry several versions at once to serve older flows).
 */
/**
 * What the doorway reads of a client's public surface: a `WalletClient` of any compatible copy fits.
 * Named here, not imported, so this module never imports client.ts.
 */
interface AnyClient {
  readonly session: CurrentSession | undefined;
  request<T>(method: HttpMethod, path: string, extra?: RequestOptions): Promise<T>;
}

export const CLIENT_PROTOCOL = 1;
const PREFIX = 'paykit.wallet-client/v';
const KEY = Symbol.for(PREFIX + CLIENT_PROTOCOL);

/**
 * What the flows need of a `WalletClient` beyond its public surface (`session`, `request`, `transport`,
 * `keyStore`): protocol 1. Any copy's client that carries it is served.
 */
export interface ClientInternals {
  /** The signed-retry engine over the client's transport, with its `signedRetry` tuning, clock and sleep. */
  signed<T>(options: SignedRequestOptions): Promise<SignedResult<T>>;
  /** Deletes the session's key and clears the session record (other tabs hear of it). */
  forget(session: CurrentSession): Promise<void>;
  /** The stored key of `session` (private part non-extractable); `KEY_NOT_FOUND` when it is gone. */
  key(session: CurrentSession): Promise<SessionKey>;
  /**
   * `getPasskeyAssertionJSON`: the WebAuthn get() with service-made options (SCA). Reached through the
   * client, which has the ceremony for its passkey sign-in anyway, so a flow does not bundle it twice.
   */
  passkey(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>;
  readonly options: WalletClientOptions;
  readonly signers: TrustedSigners;
}

/** Puts `value` on `client` under the protocol's key: hidden from JSON, enumeration and reassignment. */
export function attachInternals(client: object, value: ClientInternals): void {
  Object.defineProperty(client, KEY, { value: Object.freeze(value) });
}

/**
 * The internals of `client`, from whichever copy of the package made it.
 *
 * @throws {PayError} `INVALID_ARGUMENT` when `client` is no `WalletClient`, or is one from a copy of
 *   `@paykit/crypto-core` that speaks another client protocol (the message names both).
 */
export function internals(client: AnyClient): ClientInternals {
  const found = (client as unknown as Record<symbol, ClientInternals | undefined> | null | undefined)?.[KEY];
  if (found && typeof found === 'object') return found;
  // the versions the client speaks, from its keys (`Object(…)`: any value, even none, has a list)
  const spoken = Object.getOwnPropertySymbols(Object(client)).flatMap(
    (key) => Symbol.keyFor(key)?.split(PREFIX)[1] ?? [],
  );
  if (!spoken.length) return fail('Invalid client');
  throw new PayError(
    LocalErrorCode.INVALID_ARGUMENT,
    `WalletClient of client protocol v${spoken.join('/v')}, flows of v${CLIENT_PROTOCOL}: install one @paykit/crypto-core`,
  );
}

/**
 * The current live session of `client`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` as `internals`; `NO_SESSION` without a live session.
 */
export function requireSession(client: AnyClient): CurrentSession {
  const current = internals(client) && client.session;
  if (!current) throw new PayError(LocalErrorCode.NO_SESSION, 'Sign in first: there is no live session');
  return current;
}

/**
 * `client.request(method, path, extra)` through the doorway: the client is checked first, then its public
 * `request` is called (so a wrapped or decorated client's own `request` is the one that runs).
 *
 * @throws {PayError} `INVALID_ARGUMENT` as `internals`; as `WalletClient.request`.
 */
export function request<T>(client: AnyClient, method: HttpMethod, path: string, extra?: RequestOptions): Promise<T> {
  internals(client);
  return client.request<T>(method, path, extra);
}
