/**
 * `WalletClient`: every embedded-wallet flow over a `Transport`, with the session key kept in the key
 * store and the current session kept fresh. Money-moving and account-changing calls are stamped by the
 * current session key through the one signed-retry engine. Errors are `PayError`s.
 *
 * @example
 *   const client = new WalletClient({ transport: fetchTransport({ baseUrl: '/api/wallet' }), trustedSigners });
 *   await client.restore();
 *   const challenge = await client.requestOtp({ accountId });
 *   const session = await client.loginWithOtp({ challenge, code: '000000' });
 *   const mnemonic = await client.exportWallet();
 */
import { encryptOtpCode } from './otp.js';
import { createExportKey, decryptExportBundle } from './export.js';
import { PRODUCTION_EXPORT_SIGNER, PRODUCTION_OTP_SIGNER } from './enclave-bundle.js';
import { fn, invalidArgument, text } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import { abortableSleep, toServiceError } from './http.js';
import { createSessionKey, deleteSessionKey, requireSessionKey, type SessionKey } from './keys.js';
import type { KeyStore } from './key-store.js';
import { sharedKeyStore } from './shared-key-store.js';
import { oidcNonce } from './oidc.js';
import {
  createPasskeyAttestation,
  getPasskeyAssertion,
  getPasskeyAssertionJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from './passkey.js';
import type {
  AuthMethod,
  AuthSession,
  CardReveal,
  Customer,
  DelegatedKey,
  InternalAccount,
  ListResponse,
  OtpChallenge,
  PasskeyAuthChallenge,
  Quote,
  ReceiverUmaLookup,
  ScaLoginComplete,
  ScaLoginStart,
} from './resources.js';
import { SessionState, toCurrentSession, type CurrentSession } from './session.js';
import { signedRequest, type SignedRequestOptions } from './signed-retry.js';
import { fetchTransport, type HttpMethod, type Transport, type TransportRequest } from './transport.js';

export type { CurrentSession };

export interface TrustedSigners {
  /** Keys allowed to sign OTP target bundles. */
  otp: readonly string[];
  /** Keys allowed to sign export bundles. */
  export: readonly string[];
}

export interface WalletClientOptions {
  /** How requests reach the platform backend. Or give `baseUrl` for the default fetch transport. */
  transport?: Transport;
  baseUrl?: string;
  /** Where session keys and the session record live; default IndexedDB with a memory fallback. */
  keyStore?: KeyStore;
  /** Enclave signer pins; default the production pins. A plain list pins both kinds. */
  trustedSigners?: TrustedSigners | readonly string[];
  /** Accept unsigned export bundles (the sandbox's default form). Never set against production. */
  allowUnsignedExports?: boolean;
  /** Relying party id for passkeys; default the page's host. */
  rpId?: string | undefined;
  /** Refresh this long before `expiresAt` (ms). Default 60 000. */
  refreshLeadMs?: number;
  /** Keep the session refreshed on a timer. Default true where `window` exists. */
  autoRefresh?: boolean;
  /** Separates sessions of several clients on one origin. Default 'default'. */
  namespace?: string;
  /** Tuning for the signed-retry engine. */
  signedRetry?: Pick<
    SignedRequestOptions,
    'maxRetryAfterSeconds' | 'networkRetries' | 'pollIntervalMs' | 'pollTimeoutMs'
  >;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface OAuthPreparation {
  /** Pass to the identity provider as the `nonce`. */
  nonce: string;
  /** The session key the token will be bound to. */
  sessionKey: SessionKey;
}

/** A path segment from an id, which must be a non-empty string. */
const enc = (id: string): string => encodeURIComponent(text(id, 'id'));

export class WalletClient {
  readonly transport: Transport;
  readonly keyStore: KeyStore;
  readonly #signers: TrustedSigners;
  readonly #options: WalletClientOptions;
  readonly #state: SessionState;
  readonly #now: () => number;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  #refreshing: Promise<CurrentSession> | undefined;

  /**
   * A client over `transport` (or a fetch transport to `baseUrl`). Touches no global until used.
   *
   * @throws {PayError} `INVALID_ARGUMENT` without a transport or a baseUrl.
   */
  constructor(options: WalletClientOptions) {
    if (!options || (!options.transport && !options.baseUrl)) throw invalidArgument('Give a transport or a baseUrl');
    this.#options = options;
    this.transport = fn(options.transport ?? fetchTransport({ baseUrl: options.baseUrl! }), 'transport');
    this.keyStore = options.keyStore ?? sharedKeyStore();
    const signers = options.trustedSigners;
    this.#signers = !signers
      ? { otp: [PRODUCTION_OTP_SIGNER], export: [PRODUCTION_EXPORT_SIGNER] }
      : Array.isArray(signers)
        ? { otp: signers, export: signers }
        : (signers as TrustedSigners);
    this.#now = options.now ?? Date.now;
    this.#state = new SessionState({ store: this.keyStore, namespace: options.namespace ?? 'default', now: this.#now });
    this.#state.subscribe((session) => this.#scheduleRefresh(session));
  }

  // ---- session state ----------------------------------------------------------------------------

  /** The current live session, if any. */
  get session(): CurrentSession | undefined {
    return this.#state.current;
  }

  /**
   * Restores the session saved by an earlier page load (when its key is still stored and it is live).
   *
   * @throws {PayError} the key store's `KEY_STORE_UNAVAILABLE`.
   */
  async restore(): Promise<CurrentSession | undefined> {
    const session = await this.#state.restore();
    if (session && !(await this.#hasKey(session.keyId))) {
      await this.#state.clear();
      return undefined;
    }
    return session;
  }

  /**
   * Whether the current session renews itself: true while a refresh is scheduled (`refreshLeadMs`
   * before `expiresAt`) or running for it. False with no live session, with the `autoRefresh` option
   * off (the default where there is no `window`, as in Node), after `close()`, and after an automatic
   * refresh the service refused (anything but a network error or a 5xx, which are tried again): that
   * session then ends at `expiresAt` unless `refreshSession()` succeeds. Read it again when `subscribe`
   * reports a new session.
   *
   * @example
   *   status.textContent = client.autoRefresh ? 'Renews automatically' : `Expires at ${client.session?.expiresAt}`;
   */
  get autoRefresh(): boolean {
    return this.#refreshTimer !== undefined && this.session !== undefined;
  }

  /** Calls `listener` whenever the current session changes (login, refresh, logout, another tab). */
  subscribe(listener: (session: CurrentSession | undefined) => void): () => void {
    return this.#state.subscribe(listener);
  }

  /** Stops timers and the cross-tab channel. */
  close(): void {
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = undefined;
    this.#state.close();
  }

  // ---- email / SMS OTP --------------------------------------------------------------------------

  /**
   * `GET /auth/credentials`: the account's credentials (the signed-in account's by default).
   *
   * @throws {PayError} `NO_SESSION` when no account id is given and no one is signed in; the service's error (its
   *   `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async listCredentials(accountId = this.#requireSession().accountId): Promise<AuthMethod[]> {
    const body = await this.request<ListResponse<AuthMethod>>('GET', '/auth/credentials', { query: { accountId } });
    return body.data ?? [];
  }

  /**
   * Sends a one-time code (`POST /auth/credentials/{id}/challenge`). Give the credential id, or the
   * account id and type to look the credential up first (one more request).
   *
   * @throws {PayError} `INVALID_ARGUMENT` (neither id, or no credential of that type); `UNEXPECTED_RESPONSE` (no
   *   target bundle); the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or
   *   `ABORTED`.
   */
  async requestOtp(params: {
    credentialId?: string;
    accountId?: string;
    type?: 'EMAIL_OTP' | 'SMS_OTP';
    signal?: AbortSignal | undefined;
  }): Promise<OtpChallenge> {
    let credentialId = params?.credentialId;
    if (!credentialId) {
      if (!params?.accountId) throw invalidArgument('Give a credentialId or an accountId');
      const type = params.type ?? 'EMAIL_OTP';
      const found = (await this.listCredentials(params.accountId)).find((c) => c.type === type);
      if (!found) throw new PayError(LocalErrorCode.INVALID_ARGUMENT, `The account has no ${type} credential`);
      credentialId = found.id;
    }
    const challenge = await this.request<OtpChallenge>('POST', `/auth/credentials/${enc(credentialId)}/challenge`, {
      body: {},
      signal: params.signal,
    });
    if (typeof challenge?.otpEncryptionTargetBundle !== 'string') throw unexpected('otpEncryptionTargetBundle');
    return challenge;
  }

  /**
   * Verifies a code: seals it with a new session key, answers the 202 with that key, and makes the
   * resulting session current. A wrong code is `UNAUTHORIZED` with `reason`; the challenge stays usable.
   *
   * @throws {PayError} `UNAUTHORIZED` (wrong code, with `reason`); `BUNDLE_SIGNATURE_INVALID` (the target bundle
   *   fails verification); `INVALID_ARGUMENT`; `CHALLENGE_EXPIRED`; the service's error (its `code` and `status`);
   *   the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async loginWithOtp(params: { challenge: OtpChallenge; code: string; signal?: AbortSignal }): Promise<AuthSession> {
    const { challenge } = params || ({} as typeof params);
    if (!challenge?.id) throw invalidArgument('Invalid challenge');
    const key = await createSessionKey({ store: this.keyStore });
    try {
      const encryptedOtpBundle = await encryptOtpCode({
        otpEncryptionTargetBundle: challenge.otpEncryptionTargetBundle,
        otpCode: params.code,
        publicKey: key.publicKeyUncompressed,
        trustedSigners: this.#signers.otp,
      });
      const result = await this.#signed<AuthSession>({
        method: 'POST',
        path: `/auth/credentials/${enc(challenge.id)}/verify`,
        body: { type: challenge.type, encryptedOtpBundle },
        stamper: key,
        maxFreshAttempts: 0,
        signal: params.signal,
      });
      return await this.#adopt(result.body, key, challenge.id);
    } catch (error) {
      await deleteSessionKey(key.id, this.keyStore);
      throw error;
    }
  }

  // ---- OAuth ------------------------------------------------------------------------------------

  /**
   * Makes the session key first, so its nonce can go into the identity provider's request.
   *
   * @throws {PayError} the key store's `KEY_STORE_UNAVAILABLE`.
   */
  async prepareOAuth(): Promise<OAuthPreparation> {
    const sessionKey = await createSessionKey({ store: this.keyStore });
    return { sessionKey, nonce: await oidcNonce(sessionKey.publicKey) };
  }

  /**
   * `POST /auth/credentials/{id}/verify` with the identity token; one request, no challenge.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `UNEXPECTED_RESPONSE` (no session in the answer); the service's error
   *   (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async loginWithOAuth(params: {
    credentialId: string;
    oidcToken: string;
    prepared: OAuthPreparation;
    signal?: AbortSignal | undefined;
  }): Promise<AuthSession> {
    const { prepared } = params || ({} as typeof params);
    if (!prepared?.sessionKey || !params.credentialId || typeof params.oidcToken !== 'string')
      throw invalidArgument('Give credentialId, oidcToken and prepared');
    try {
      const session = await this.request<AuthSession>('POST', `/auth/credentials/${enc(params.credentialId)}/verify`, {
        body: { type: 'OAUTH', oidcToken: params.oidcToken, clientPublicKey: prepared.sessionKey.publicKey },
        signal: params.signal,
      });
      return await this.#adopt(session, prepared.sessionKey, params.credentialId);
    } catch (error) {
      await deleteSessionKey(prepared.sessionKey.id, this.keyStore);
      throw error;
    }
  }

  // ---- passkeys ---------------------------------------------------------------------------------

  /**
   * Creates a passkey and adds it to the signed-in account (signed retry). Call from a click handler.
   *
   * @throws {PayError} `NO_SESSION`; `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; `INVALID_ARGUMENT`; as
   *   `addCredential`.
   */
  async registerPasskey(params: {
    userName: string;
    nickname?: string;
    userDisplayName?: string | undefined;
    excludeCredentialIds?: string[] | undefined;
  }): Promise<AuthMethod> {
    const current = this.#requireSession();
    params ||= {} as typeof params;
    const { challenge, attestation } = await createPasskeyAttestation({
      userName: params.userName,
      userDisplayName: params.userDisplayName,
      ...(this.#options.rpId ? { rpId: this.#options.rpId } : {}),
      excludeCredentialIds: params.excludeCredentialIds,
    });
    return this.addCredential({
      type: 'PASSKEY',
      accountId: current.accountId,
      nickname: params.nickname ?? 'Passkey',
      challenge,
      attestation,
    });
  }

  /**
   * Signs in with a passkey: new session key, `challenge` binding it, `navigator.credentials.get` over the
   * UTF-8 of the hex challenge, then `verify` with the challenge's Request-Id. Two requests.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; `UNEXPECTED_RESPONSE`; the
   *   service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async loginWithPasskey(params: {
    credentialId: string;
    conditional?: boolean;
    signal?: AbortSignal | undefined;
  }): Promise<AuthSession> {
    if (!params?.credentialId) throw invalidArgument('Invalid credentialId');
    const key = await createSessionKey({ store: this.keyStore });
    try {
      const opts = { signal: params.signal };
      const challenge = await this.request<PasskeyAuthChallenge>(
        'POST',
        `/auth/credentials/${enc(params.credentialId)}/challenge`,
        {
          body: { clientPublicKey: key.publicKey },
          ...opts,
        },
      );
      if (typeof challenge?.challenge !== 'string' || typeof challenge.requestId !== 'string')
        throw unexpected('challenge or requestId');
      const assertion = await getPasskeyAssertion({
        challenge: challenge.challenge,
        credentialId: challenge.credentialId,
        rpId: this.#options.rpId,
        conditional: params.conditional === true,
      });
      const session = await this.request<AuthSession>('POST', `/auth/credentials/${enc(params.credentialId)}/verify`, {
        body: { type: 'PASSKEY', assertion },
        headers: { 'Request-Id': challenge.requestId },
        ...opts,
      });
      return await this.#adopt(session, key, params.credentialId);
    } catch (error) {
      await deleteSessionKey(key.id, this.keyStore);
      throw error;
    }
  }

  // ---- credentials ------------------------------------------------------------------------------

  /**
   * `POST /auth/credentials` (signed retry, 201 AuthMethod). OTP credentials then need verification.
   *
   * @throws {PayError} `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`;
   *   the service's error (its `code` and `status`) (for example `PASSKEY_CREDENTIAL_ALREADY_EXISTS`); the
   *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async addCredential(body: { type: string; accountId?: string; [field: string]: unknown }): Promise<AuthMethod> {
    const current = this.#requireSession();
    return this.#signedWithSession<AuthMethod>(current, {
      method: 'POST',
      path: '/auth/credentials',
      body: { ...body, accountId: body?.accountId ?? current.accountId },
    });
  }

  /**
   * `DELETE /auth/credentials/{id}`; the service requires a session made by another credential.
   *
   * @throws {PayError} `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`;
   *   the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async removeCredential(credentialId: string): Promise<void> {
    await this.#signedWithSession(this.#requireSession(), {
      method: 'DELETE',
      path: `/auth/credentials/${enc(credentialId)}`,
    });
  }

  // ---- sessions ---------------------------------------------------------------------------------

  /**
   * `GET /auth/sessions`: the account's sessions (the signed-in account's by default).
   *
   * @throws {PayError} `NO_SESSION` when no account id is given and no one is signed in; the service's error (its
   *   `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async listSessions(accountId = this.#requireSession().accountId): Promise<AuthSession[]> {
    const body = await this.request<ListResponse<AuthSession>>('GET', '/auth/sessions', { query: { accountId } });
    return body.data ?? [];
  }

  /**
   * Replaces the current session with a fresh one under a new key (2 requests, signed by the current
   * key). Only one tab refreshes at a time; a tab that finds the work done adopts the result.
   *
   * @throws {PayError} `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`;
   *   the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`. The
   *   current session stays as it was.
   */
  refreshSession(): Promise<CurrentSession> {
    return (this.#refreshing ??= this.#refreshExclusive().finally(() => (this.#refreshing = undefined)));
  }

  async #refreshExclusive(): Promise<CurrentSession> {
    const before = this.#requireSession();
    return this.#state.exclusive(async () => {
      const stored = await this.#state.stored();
      if (stored && stored.id !== before.id && this.#state.isLive(stored) && (await this.#hasKey(stored.keyId))) {
        await this.#state.restore();
        return stored;
      }
      const next = await createSessionKey({ store: this.keyStore });
      try {
        const body = await this.#signedWithSession<AuthSession>(before, {
          method: 'POST',
          path: `/auth/sessions/${enc(before.id)}/refresh`,
          body: { clientPublicKey: next.publicKey },
        });
        const session = toCurrentSession(body, next.id, before.credentialId);
        await this.#state.save(session);
        await deleteSessionKey(before.keyId, this.keyStore);
        return session;
      } catch (error) {
        await deleteSessionKey(next.id, this.keyStore);
        throw error;
      }
    });
  }

  /**
   * `DELETE /auth/sessions/{id}` (signed retry). Revoking the current session also signs out locally.
   *
   * @throws {PayError} `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`;
   *   the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async revokeSession(sessionId: string): Promise<void> {
    const current = this.#requireSession();
    await this.#signedWithSession(current, { method: 'DELETE', path: `/auth/sessions/${enc(sessionId)}` });
    if (sessionId === current.id) await this.#forget(current);
  }

  /**
   * Revokes the current session on the service, then deletes its key and tells other tabs. When the
   * service cannot be reached the local state is still cleared and the error is rethrown.
   *
   * @throws {PayError} the service's error (its `code` and `status`) other than 404, or the transport's
   *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`, after the local state is cleared.
   */
  async logout(): Promise<void> {
    const current = this.#state.current ?? (await this.#state.stored());
    if (!current) return;
    try {
      if (this.#state.isLive(current))
        await this.#signedWithSession(current, { method: 'DELETE', path: `/auth/sessions/${enc(current.id)}` });
    } catch (error) {
      if (!(error instanceof PayError && error.status === 404)) {
        await this.#forget(current);
        throw error;
      }
    }
    await this.#forget(current);
  }

  // ---- wallet -----------------------------------------------------------------------------------

  /**
   * Exports the wallet's mnemonic: a fresh export key, the signed request, resends while the service
   * answers PROCESSING, then verifies and opens the bundle. The key is discarded afterwards.
   * The answer must be bound to this wallet, or it is refused with `EXPORT_UNBOUND` before anything is
   * opened: it answers the signed leg of a challenge the session key stamped (a 200 to an unsigned first
   * leg is refused), that challenge names the export key and an organization, the answer names the
   * account, and the enclave-signed bundle names the same organization.
   *
   * @throws {PayError} `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE`;
   *   `EXPORT_UNBOUND`; `EXPORT_TIMEOUT`; `BUNDLE_SIGNATURE_INVALID`; `DECRYPTION_FAILED`; the service's error (its
   *   `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async exportWallet(
    params: { accountId?: string; onProcessing?: () => void; signal?: AbortSignal } = {},
  ): Promise<string> {
    const current = this.#requireSession();
    const accountId = params?.accountId ?? current.accountId;
    const key = await requireSessionKey(current.keyId, this.keyStore);
    const exportKey = await createExportKey();
    let stamped: string | undefined;
    // The engine shows pollWhile every 2xx answer to a signed leg, and only those: the last one it saw,
    // with the payload stamped for it, is what a bound answer must be.
    let answered: unknown;
    let bound: string | undefined;
    const result = await this.#signed<{ id?: unknown; encryptedWalletCredentials?: string }>({
      method: 'POST',
      path: `/internal-accounts/${enc(accountId)}/export`,
      body: { clientPublicKey: exportKey.publicKey },
      stamper: { stamp: (payload) => key.stamp((stamped = payload)) },
      pollWhile: (res) => {
        answered = res.body;
        bound = stamped;
        const processing = (res.body as { status?: string } | undefined)?.status === 'PROCESSING';
        if (processing) params?.onProcessing?.();
        return processing;
      },
      signal: params?.signal,
    });
    const organizationId =
      bound && answered === result.body ? exportOrganization(bound, exportKey.publicKey) : undefined;
    if (organizationId === undefined || result.body?.id !== accountId) {
      throw new PayError(LocalErrorCode.EXPORT_UNBOUND, 'The export is not bound to this wallet');
    }
    const bundle = result.body.encryptedWalletCredentials;
    if (typeof bundle !== 'string') throw unexpected('encryptedWalletCredentials');
    return decryptExportBundle({
      encryptedWalletCredentials: bundle,
      exportKey,
      trustedSigners: this.#signers.export,
      allowUnsigned: this.#options.allowUnsignedExports === true,
      organizationId,
    });
  }

  /**
   * `PATCH /internal-accounts/{id}` `{privateEnabled}` (signed retry).
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
   *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
   *   `TIMEOUT` or `ABORTED`.
   */
  async setWalletPrivacy(privateEnabled: boolean, accountId?: string): Promise<InternalAccount> {
    if (typeof privateEnabled !== 'boolean') throw invalidArgument('Invalid privateEnabled');
    const current = this.#requireSession();
    return this.#signedWithSession<InternalAccount>(current, {
      method: 'PATCH',
      path: `/internal-accounts/${enc(accountId ?? current.accountId)}`,
      body: { privateEnabled },
    });
  }

  /**
   * `POST /auth/delegated-keys`: three legs (202, 202, 201), same body throughout.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
   *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
   *   `TIMEOUT` or `ABORTED`.
   */
  async createDelegatedKey(params: {
    cardId: string;
    nickname?: string;
    internalAccountId?: string;
  }): Promise<DelegatedKey> {
    if (!params?.cardId) throw invalidArgument('Invalid cardId');
    const current = this.#requireSession();
    return this.#signedWithSession<DelegatedKey>(current, {
      method: 'POST',
      path: '/auth/delegated-keys',
      body: {
        cardId: params.cardId,
        internalAccountId: params.internalAccountId ?? current.accountId,
        nickname: params.nickname ?? 'Card spending key',
      },
    });
  }

  /**
   * `PATCH /customers/{id}` with one of `email` or `phoneNumber`; signed when the service asks for it. The
   * body carries `customerType` (the service's discriminator, required): `INDIVIDUAL` unless given.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `NO_SESSION` (no live session), `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`,
   *   `UNEXPECTED_RESPONSE`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`,
   *   `TIMEOUT` or `ABORTED`.
   */
  async updateCustomerContact(params: {
    customerId: string;
    customerType?: 'INDIVIDUAL' | 'BUSINESS';
    email?: string;
    phoneNumber?: string;
  }): Promise<Customer> {
    const { customerId, customerType = 'INDIVIDUAL', email, phoneNumber } = params ?? {};
    if (!customerId || (email === undefined) === (phoneNumber === undefined))
      throw invalidArgument('Give a customerId and one of email or phoneNumber');
    if (customerType !== 'INDIVIDUAL' && customerType !== 'BUSINESS') throw invalidArgument('Invalid customerType');
    const current = this.#requireSession();
    return this.#signedWithSession<Customer>(current, {
      method: 'PATCH',
      path: `/customers/${enc(customerId)}`,
      body: { customerType, email, phoneNumber }, // JSON drops the one left undefined
    });
  }

  // ---- quotes, SCA, cards -----------------------------------------------------------------------

  /**
   * `GET /quotes/{id}`.
   *
   * @throws {PayError} `INVALID_ARGUMENT` (empty id); the service's error (its `code` and `status`); the
   *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async getQuote(quoteId: string): Promise<Quote> {
    return this.request<Quote>('GET', `/quotes/${enc(quoteId)}`);
  }

  /**
   * `GET /receiver/uma/{address}` through the platform backend, for the sending customer: the
   * receiver's currencies and the `lookupId` that `createQuote` must carry for a UMA destination.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; the service's error (its `code` and `status`) (for example 404
   *   `UMA_NOT_FOUND`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async lookupUma(params: { receiverUmaAddress: string; customerId: string }): Promise<ReceiverUmaLookup> {
    return this.request<ReceiverUmaLookup>('GET', `/receiver/uma/${enc(params.receiverUmaAddress)}`, {
      query: { customerId: params.customerId },
    });
  }

  /**
   * `POST /quotes` through the platform backend (which decides whether end users may create quotes).
   *
   * @throws {PayError} the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or
   *   `ABORTED`.
   */
  async createQuote(body: Record<string, unknown>, idempotencyKey?: string): Promise<Quote> {
    return this.request<Quote>('POST', '/quotes', {
      body,
      ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    });
  }

  /**
   * Executes a quote from the embedded wallet: stamps the EMBEDDED_WALLET `payloadToSign` of its
   * payment instructions with the session key and sends it in one request. Resolves with the quote:
   * PROCESSING (or later) when the transfer started, or, for a customer in an SCA region, 200
   * PENDING_AUTHORIZATION with an `scaChallenge`: nothing moved yet, and `authorizeQuote` releases it
   * (the service answers 409 to a second execute). `scaFactor` picks that challenge's factor.
   *
   * @throws PayError SCA_REQUIRED (local) when the quote is already PENDING_AUTHORIZATION: authorize it,
   *   do not execute it; INVALID_ARGUMENT; the service's codes (401 WALLET_SIGNATURE_*, 409 CONFLICT…).
   */
  async executeQuote(params: {
    quote: Quote;
    idempotencyKey?: string;
    scaFactor?: 'SMS_OTP' | 'PASSKEY';
  }): Promise<Quote> {
    const { quote } = params ?? {};
    if (!quote?.id) throw invalidArgument('Invalid quote');
    if (quote.status === 'PENDING_AUTHORIZATION')
      throw new PayError(LocalErrorCode.SCA_REQUIRED, 'Authorize the quote (SCA), do not execute it');
    if (params.scaFactor !== undefined && params.scaFactor !== 'SMS_OTP' && params.scaFactor !== 'PASSKEY')
      throw invalidArgument('Invalid scaFactor');
    const payload = walletPayload(quote);
    if (payload === undefined) throw unexpected('embedded-wallet payloadToSign');
    const current = this.#requireSession();
    const key = await requireSessionKey(current.keyId, this.keyStore);
    return this.request<Quote>('POST', `/quotes/${enc(quote.id)}/execute`, {
      body: params.scaFactor ? { scaFactor: params.scaFactor } : {},
      headers: {
        'Service-Wallet-Signature': await key.stamp(payload),
        ...(params.idempotencyKey ? { 'Idempotency-Key': params.idempotencyKey } : {}),
      },
    });
  }

  /**
   * Answers a quote's SCA challenge with an SMS code or a passkey (`POST /quotes/{id}/authorize`).
   * Returns the quote. What it says next (see `nextQuoteStep`): still PENDING_AUTHORIZATION, with the
   * next challenge; PENDING, a quote challenged at creation that may now be executed; or PROCESSING and
   * later, a wallet send this authorization released. `endUserIpAddress` is the customer's address when
   * the caller knows it (a platform backend usually adds it).
   *
   * @throws {PayError} `INVALID_ARGUMENT` (no quote id, a code that is not 4 to 10 digits, no passkey options);
   *   `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; the service's error (its `code` and `status`); the transport's
   *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async authorizeQuote(params: {
    quoteId: string;
    code?: string;
    passkey?: boolean;
    passkeyAssertionOptions?: Record<string, unknown>;
    origin?: string;
    endUserIpAddress?: string;
  }): Promise<Quote> {
    if (!params?.quoteId) throw invalidArgument('Invalid quoteId');
    const body = await this.#scaProof(params, params.passkeyAssertionOptions);
    if (params.endUserIpAddress !== undefined) body['endUserIpAddress'] = params.endUserIpAddress;
    return this.request<Quote>('POST', `/quotes/${enc(params.quoteId)}/authorize`, { body });
  }

  /**
   * `POST /quotes/{id}/authorize/resend`: sends the SCA code again.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; the service's error (its `code` and `status`); the transport's
   *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async resendScaCode(quoteId: string): Promise<void> {
    await this.request('POST', `/quotes/${enc(quoteId)}/authorize/resend`, { body: {} });
  }

  /**
   * `POST /sca/login/start`: begins the SCA login a 409 SCA_SESSION_REQUIRED asks for. SMS_OTP (default)
   * sends a code and returns its `challengeId`; PASSKEY returns the WebAuthn `passkeyOptions`.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; the service's error (its `code` and `status`); the transport's
   *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async startScaLogin(params: { customerId: string; factor?: 'SMS_OTP' | 'PASSKEY' }): Promise<ScaLoginStart> {
    if (!params?.customerId) throw invalidArgument('Invalid customerId');
    const factor = params.factor ?? 'SMS_OTP';
    if (factor !== 'SMS_OTP' && factor !== 'PASSKEY') throw invalidArgument('Invalid factor');
    return this.request<ScaLoginStart>('POST', '/sca/login/start', {
      query: { customerId: params.customerId },
      body: { factor },
    });
  }

  /**
   * `POST /sca/login/complete`: answers the started login (the `start` answer, plus the SMS code or a
   * passkey) and opens the 180-day SCA login session. The service needs the end user's IP address: pass
   * `endUserIpAddress` when the page knows it; otherwise the platform backend must add it (the demo's does).
   *
   * @throws {PayError} `INVALID_ARGUMENT` (a start of another factor, a bad code); `WEBAUTHN_UNSUPPORTED`,
   *   `WEBAUTHN_CANCELLED`; the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT`
   *   or `ABORTED`.
   */
  async completeScaLogin(params: {
    customerId: string;
    start: ScaLoginStart;
    code?: string;
    passkey?: boolean;
    origin?: string;
    endUserIpAddress?: string;
  }): Promise<ScaLoginComplete> {
    if (!params?.customerId) throw invalidArgument('Invalid customerId');
    const start = params.start;
    if (start?.factor !== 'SMS_OTP' && start?.factor !== 'PASSKEY') throw invalidArgument('Invalid start');
    const passkey = start.factor === 'PASSKEY';
    if (passkey !== !!params.passkey) throw invalidArgument(`The login was started for ${start.factor}`);
    const body = await this.#scaProof(params, start.passkeyOptions ?? undefined);
    body['factor'] = start.factor;
    if (!passkey) {
      if (typeof start.challengeId !== 'string') throw invalidArgument('Invalid start.challengeId');
      body['challengeId'] = start.challengeId;
    }
    if (params.endUserIpAddress !== undefined) body['endUserIpAddress'] = params.endUserIpAddress;
    return this.request<ScaLoginComplete>('POST', '/sca/login/complete', {
      query: { customerId: params.customerId },
      body,
    });
  }

  /** The proof fields of an SCA answer: `{ code }`, or `{ passkeyAssertion, origin }` from a WebAuthn get(). */
  async #scaProof(
    params: { code?: string; passkey?: boolean; origin?: string },
    passkeyOptions: Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown>> {
    if (params.passkey) {
      if (!passkeyOptions) throw invalidArgument('No passkey options to answer with');
      const assertion = await getPasskeyAssertionJSON(
        passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON,
      );
      return {
        passkeyAssertion: assertion,
        origin: params.origin ?? (typeof location !== 'undefined' ? location.origin : ''),
      };
    }
    if (typeof params.code !== 'string' || !/^\d{4,10}$/.test(params.code))
      throw invalidArgument('Invalid code: 4 to 10 digits');
    return { code: params.code };
  }

  /**
   * `POST /cards/{id}/reveal`. The URL is a bearer secret: render it in an iframe at once, never keep it.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `UNEXPECTED_RESPONSE` (no URL or expiry); the service's error (its
   *   `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async revealCard(cardId: string): Promise<CardReveal> {
    const reveal = await this.request<CardReveal>('POST', `/cards/${enc(cardId)}/reveal`, { body: {} });
    if (typeof reveal?.panEmbedUrl !== 'string' || typeof reveal.expiresAt !== 'string')
      throw unexpected('panEmbedUrl or expiresAt');
    return reveal;
  }

  // ---- internals --------------------------------------------------------------------------------

  #requireSession(): CurrentSession {
    const current = this.#state.current;
    if (!current) throw new PayError(LocalErrorCode.NO_SESSION, 'Sign in first: there is no live session');
    return current;
  }

  async #hasKey(keyId: string): Promise<boolean> {
    try {
      await requireSessionKey(keyId, this.keyStore);
      return true;
    } catch {
      return false;
    }
  }

  async #adopt(session: AuthSession, key: SessionKey, credentialId: string): Promise<AuthSession> {
    if (typeof session?.id !== 'string' || typeof session.expiresAt !== 'string') throw unexpected('session');
    const previous = this.#state.current;
    await this.#state.save(toCurrentSession(session, key.id, credentialId));
    if (previous && previous.keyId !== key.id) await deleteSessionKey(previous.keyId, this.keyStore);
    return session;
  }

  async #forget(session: CurrentSession): Promise<void> {
    await deleteSessionKey(session.keyId, this.keyStore);
    await this.#state.clear();
  }

  #scheduleRefresh(session: CurrentSession | undefined, retryMs?: number): void {
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = undefined;
    const auto = this.#options.autoRefresh ?? typeof window !== 'undefined';
    if (!session || !auto) return;
    const lead = this.#options.refreshLeadMs ?? 60_000;
    const delay = retryMs ?? Math.max(0, Date.parse(session.expiresAt) - lead - this.#now());
    this.#refreshTimer = setTimeout(
      () =>
        void this.refreshSession().catch((error: unknown) => {
          // A dropped connection or a 5xx must not let the session lapse: try again while it is live.
          const live = this.#state.current;
          if (live?.id !== session.id) return; // a newer session (or none) has its own schedule
          if (error instanceof PayError && error.retryable) {
            this.#scheduleRefresh(live, Math.min(5_000, Math.max(250, (Date.parse(live.expiresAt) - this.#now()) / 4)));
          } else this.#refreshTimer = undefined; // refused: this session is not renewed again on its own
        }),
      Math.min(delay, 2 ** 31 - 1),
    );
    // a background refresh never keeps a Node process alive on its own
    (this.#refreshTimer as { unref?: () => void }).unref?.();
  }

  /** A signed action stamped by `session`'s key; resolves with the answer's body. */
  async #signedWithSession<T>(session: CurrentSession, options: Omit<SignedRequestOptions, 'stamper'>): Promise<T> {
    const stamper = await requireSessionKey(session.keyId, this.keyStore);
    return (await this.#signed<T>({ ...options, stamper })).body;
  }

  #signed<T>(options: SignedRequestOptions) {
    return signedRequest<T>(this.transport, {
      ...this.#options.signedRetry,
      ...(this.#options.now ? { now: this.#options.now } : {}),
      sleep: this.#options.sleep ?? abortableSleep,
      ...options,
    });
  }

  /**
   * One call the client has no named method for, through its transport: `GET /auth/sessions`,
   * `POST /customers/{id}/kyc-link`, … Resolves with the answer's body on 2xx. With `signed: true` it is
   * a signed action stamped by the current session key through the signed-retry engine (the 202
   * challenge answered, the same body bytes resent), for signed endpoints the client has no method for.
   *
   * @throws {PayError} the service's error (its `code`, `status`, `details`) on any other status; a
   *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`; signed: `NO_SESSION` without a live session,
   *   `KEY_NOT_FOUND`, `CHALLENGE_EXPIRED`, `UNEXPECTED_RESPONSE` (a 202 that is no challenge).
   * @example
   *   const { data } = await client.request<{ data: AuthSession[] }>('GET', '/auth/sessions', { query: { accountId } });
   *   await client.request('PATCH', `/internal-accounts/${id}`, { body: { privateEnabled: true }, signed: true });
   */
  async request<T>(method: HttpMethod, path: string, extra: RequestOptions = {}): Promise<T> {
    if (extra.signed) {
      return this.#signedWithSession<T>(this.#requireSession(), {
        method,
        path,
        query: extra.query,
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
        signal: extra.signal,
        ...(extra.headers ? { headers: extra.headers } : {}),
      });
    }
    const request: TransportRequest = { method, path };
    if (extra.query) request.query = extra.query;
    if (extra.body !== undefined) request.body = JSON.stringify(extra.body);
    if (extra.headers) request.headers = extra.headers;
    if (extra.signal) request.signal = extra.signal;
    const response = await this.transport(request);
    if (response.status >= 200 && response.status < 300) return response.body as T;
    throw toServiceError(response, this.#now());
  }
}

/** What `WalletClient.request` sends besides the method and path. */
export interface RequestOptions {
  query?: Record<string, string | undefined> | undefined;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** Stamp the call with the current session key (signed retry). Default false: one unsigned request. */
  signed?: boolean | undefined;
}

/** What a quote waits for next. */
export type QuoteStep = 'authorize' | 'execute' | 'settle' | 'done';

/**
 * The next step of a quote, whichever order the service put SCA in: `authorize` (PENDING_AUTHORIZATION:
 * answer its `scaChallenge`, again while another follows), `execute` (PENDING with an embedded-wallet
 * `payloadToSign`: stamp and execute), `settle` (PROCESSING: poll it) or `done` (COMPLETED, FAILED,
 * EXPIRED, or a quote funded from outside the wallet). A wallet send goes execute → authorize → settle;
 * a quote challenged at creation goes authorize → execute → settle.
 *
 * @example
 *   for (let step = nextQuoteStep(quote); step !== 'done' && step !== 'settle'; step = nextQuoteStep(quote)) {
 *     quote = step === 'execute' ? await client.executeQuote({ quote }) : await askUserToAuthorize(quote);
 *   }
 */
export function nextQuoteStep(quote: Quote): QuoteStep {
  switch (quote?.status) {
    case 'PENDING_AUTHORIZATION':
      return 'authorize';
    case 'PENDING':
      return walletPayload(quote) === undefined ? 'done' : 'execute';
    case 'PROCESSING':
      return 'settle';
    default:
      return 'done';
  }
}

/** The `payloadToSign` of a quote's embedded-wallet payment instruction, if it has one. */
function walletPayload(quote: Quote): string | undefined {
  const payload = quote.paymentInstructions?.find(
    (p) =>
      p.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET' &&
      typeof p.accountOrWalletInfo.payloadToSign === 'string',
  );
  return payload?.accountOrWalletInfo!.payloadToSign as string | undefined;
}

/**
 * The organization an export challenge names, when it is the activity JSON (`{organizationId,
 * parameters, …}`) and its parameters name `exportPublicKey` (the service binds the key into the payload).
 */
function exportOrganization(payloadToSign: string, exportPublicKey: string): string | undefined {
  try {
    const { organizationId, parameters } = JSON.parse(payloadToSign) as {
      organizationId?: unknown;
      parameters?: Record<string, unknown>;
    };
    return typeof organizationId === 'string' &&
      organizationId &&
      Object.values(parameters ?? {}).includes(exportPublicKey)
      ? organizationId
      : undefined;
  } catch {
    return undefined;
  }
}

/** The service's answer lacks `what` (or it is malformed). */
function unexpected(what: string): PayError {
  return new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, `No valid ${what} in the answer`);
}
