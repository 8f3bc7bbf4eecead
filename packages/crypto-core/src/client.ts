/**
 * `WalletClient`: the session lifecycle and sign-in over a `Transport` (email or SMS code, OAuth,
 * passkeys, refresh, logout), with the session key kept in the key store and the current session kept
 * fresh. Every other flow is a function that takes the client first, in its own module (`account`,
 * `wallet`, `customer`, `payments`, `cards`), so a page ships only the flows it calls; `request()` makes
 * any other call. Signed calls go through the one signed-retry engine, stamped by the current session
 * key. Errors are `PayError`s.
 *
 * @example
 *   const client = new WalletClient({ transport: fetchTransport({ baseUrl: '/api/wallet' }), trustedSigners });
 *   await client.restore();
 *   const challenge = await client.requestOtp({ accountId });
 *   const session = await client.loginWithOtp({ challenge, code: '000000' });
 *   const mnemonic = await exportWallet(client); // from './wallet.js'
 */
import { encryptOtpCode } from './otp.js';
import { PRODUCTION_EXPORT_SIGNER, PRODUCTION_OTP_SIGNER } from './enclave-bundle.js';
import { fn, invalidArgument } from './args.js';
import { attachInternals, requireSession } from './client-internals.js';
import { addCredentialOnce, credentialsOf, type Send } from './credentials.js';
import { isPayError, LocalErrorCode, PayError } from './errors.js';
import { abortableSleep, enc, toServiceError, unexpected } from './http.js';
import { createSessionKey, deleteSessionKey, requireSessionKey, type SessionKey } from './keys.js';
import type { KeyStore } from './key-store.js';
import { sharedKeyStore } from './shared-key-store.js';
import { oidcNonce } from './oidc.js';
import { createPasskeyAttestation, getPasskeyAssertion, getPasskeyAssertionJSON } from './passkey.js';
import type { AuthMethod, AuthSession, OtpChallenge, PasskeyAuthChallenge } from './resources.js';
import { SessionState, toCurrentSession, type CurrentSession } from './session.js';
import { signedRequest, type SignedRequestOptions } from './signed-retry.js';
import { fetchTransport, type HttpMethod, type Transport, type TransportRequest } from './transport.js';

import type { RequestOptions, TrustedSigners, WalletClientOptions } from './client-options.js';

export type { CurrentSession, RequestOptions, TrustedSigners, WalletClientOptions };

export interface OAuthPreparation {
  /** Pass to the identity provider as the `nonce`. */
  nonce: string;
  /** The session key the token will be bound to. */
  sessionKey: SessionKey;
}

export class WalletClient {
  readonly transport: Transport;
  readonly keyStore: KeyStore;
  readonly #signers: TrustedSigners;
  readonly #options: WalletClientOptions;
  readonly #state: SessionState;
  readonly #now: () => number;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  #refreshing: Promise<CurrentSession> | undefined;
  /** A passkey the device made whose registration has an unknown outcome: the next press finishes it. */
  #unconfirmedPasskey: { accountId: string; body: { type: 'PASSKEY'; [field: string]: unknown } } | undefined;

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
    // the one doorway for the flow modules (account, wallet, …) of this copy or any other that speaks
    // the same client protocol; see client-internals.ts
    attachInternals(this, {
      signed: (o) => this.#signed(o),
      forget: (session) => this.#forget(session),
      key: (session) => requireSessionKey(session.keyId, this.keyStore),
      passkey: getPasskeyAssertionJSON,
      options,
      signers: this.#signers,
    });
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
   * Sends a one-time code (`POST /auth/credentials/{id}/challenge`). Give the `AuthMethod` id, or the
   * account id and type to look the credential up first (one more request).
   *
   * @throws {PayError} `INVALID_ARGUMENT` (neither id, or no credential of that type); `UNEXPECTED_RESPONSE` (no
   *   target bundle); the service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or
   *   `ABORTED`.
   */
  async requestOtp(params: {
    authMethodId?: string;
    accountId?: string;
    type?: 'EMAIL_OTP' | 'SMS_OTP';
    signal?: AbortSignal | undefined;
  }): Promise<OtpChallenge> {
    let authMethodId = params?.authMethodId;
    if (!authMethodId) {
      if (!params?.accountId) throw invalidArgument('Give an authMethodId or an accountId');
      const type = params.type ?? 'EMAIL_OTP';
      const found = (await credentialsOf(this.#send, params.accountId)).find((c) => c.type === type);
      if (!found) throw invalidArgument(`The account has no ${type} credential`);
      authMethodId = found.id;
    }
    const challenge = await this.request<OtpChallenge>('POST', `/auth/credentials/${enc(authMethodId)}/challenge`, {
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
      const noted = this.#noteServiceTime();
      const session = await this.#signed<AuthSession>({
        method: 'POST',
        path: `/auth/credentials/${enc(challenge.id)}/verify`,
        body: { type: challenge.type, encryptedOtpBundle },
        stamper: key,
        maxFreshAttempts: 0,
        signal: params.signal,
        transport: noted.transport,
      }).then(
        (result) => result.body,
        // the answer was lost after the service may have opened the session: that session is this login's
        async (error: unknown) =>
          (await this.#openedSince(error, noted.since(), challenge.accountId, challenge, this.#state.current?.id)) ??
          Promise.reject(error),
      );
      return await this.#adopt(session, key, challenge.id);
    } catch (error) {
      await deleteSessionKey(key.id, this.keyStore);
      throw error;
    }
  }

  // ---- OAuth ------------------------------------------------------------------------------------

  /**
   * Makes the session key first, so its nonce can go into the identity provider's request. With `keyId`
   * (the `sessionKey.id` of an earlier preparation, kept across the redirect to the provider and back),
   * that key again, with its nonce.
   *
   * @throws {PayError} `KEY_NOT_FOUND` (with `keyId`: the key is no longer stored); `INVALID_ARGUMENT` (an
   *   empty `keyId`); the key store's `KEY_STORE_UNAVAILABLE`.
   * @example
   *   const prepared = await client.prepareOAuth(); // before the redirect: keep prepared.sessionKey.id
   *   const again = await client.prepareOAuth({ keyId }); // back from it
   */
  async prepareOAuth(options?: { keyId?: string }): Promise<OAuthPreparation> {
    const sessionKey =
      options?.keyId === undefined
        ? await createSessionKey({ store: this.keyStore })
        : await requireSessionKey(options.keyId, this.keyStore);
    return { sessionKey, nonce: await oidcNonce(sessionKey.publicKey) };
  }

  /**
   * Deletes the session key of a preparation that will not sign in (the person closed the provider's
   * window, the redirect came back without an answer). `loginWithOAuth` deletes it itself when it fails.
   *
   * @throws {PayError} `INVALID_ARGUMENT` (an empty `keyId`); the key store's errors.
   */
  async discardOAuth(keyId: string): Promise<void> {
    await deleteSessionKey(keyId, this.keyStore);
  }

  /**
   * `POST /auth/credentials/{id}/verify` with the identity token; one request, no challenge.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `UNEXPECTED_RESPONSE` (no session in the answer); the service's error
   *   (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async loginWithOAuth(params: {
    authMethodId: string;
    oidcToken: string;
    prepared: OAuthPreparation;
    signal?: AbortSignal | undefined;
  }): Promise<AuthSession> {
    const { prepared } = params || ({} as typeof params);
    if (!prepared?.sessionKey || !params.authMethodId || typeof params.oidcToken !== 'string')
      throw invalidArgument('Give authMethodId, oidcToken and prepared');
    try {
      const session = await this.request<AuthSession>('POST', `/auth/credentials/${enc(params.authMethodId)}/verify`, {
        body: { type: 'OAUTH', oidcToken: params.oidcToken, clientPublicKey: prepared.sessionKey.publicKey },
        signal: params.signal,
      });
      return await this.#adopt(session, prepared.sessionKey, params.authMethodId);
    } catch (error) {
      await deleteSessionKey(prepared.sessionKey.id, this.keyStore);
      throw error;
    }
  }

  // ---- passkeys ---------------------------------------------------------------------------------

  /**
   * Creates a passkey and adds it to the signed-in account (signed retry). Call from a click handler.
   * When the registration's outcome is unknown (a lost answer, a timeout, a 5xx: the device made the key,
   * the service may or may not have it), the next call for the same account sends that same passkey
   * again, with no new ceremony, so a second press never makes a second passkey; a service that already
   * has it answers "already exists" and the call answers the listed credential.
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
    const current = requireSession(this);
    params ||= {} as typeof params;
    let pending = this.#unconfirmedPasskey;
    if (pending?.accountId !== current.accountId) {
      const { challenge, attestation } = await createPasskeyAttestation({
        userName: params.userName,
        userDisplayName: params.userDisplayName,
        ...(this.#options.rpId ? { rpId: this.#options.rpId } : {}),
        excludeCredentialIds: params.excludeCredentialIds,
      });
      const body = { type: 'PASSKEY' as const, nickname: params.nickname ?? 'Passkey', challenge, attestation };
      pending = { accountId: current.accountId, body };
    }
    this.#unconfirmedPasskey = undefined;
    try {
      return await addCredentialOnce(this.#send, { ...pending.body, accountId: current.accountId });
    } catch (error) {
      // the outcome is unknown: keep the intent, so a retry finishes this passkey instead of making another
      if (error instanceof PayError && (error.retryable || error.code === LocalErrorCode.CHALLENGE_EXPIRED))
        this.#unconfirmedPasskey = pending;
      throw error;
    }
  }

  /**
   * Signs in with a passkey: new session key, `challenge` binding it, `navigator.credentials.get` over the
   * UTF-8 of the hex challenge, then `verify` with the challenge's Request-Id. Two requests.
   *
   * @throws {PayError} `INVALID_ARGUMENT`; `WEBAUTHN_UNSUPPORTED`, `WEBAUTHN_CANCELLED`; `UNEXPECTED_RESPONSE`; the
   *   service's error (its `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
   */
  async loginWithPasskey(params: {
    authMethodId: string;
    conditional?: boolean;
    signal?: AbortSignal | undefined;
  }): Promise<AuthSession> {
    if (!params?.authMethodId) throw invalidArgument('Invalid authMethodId');
    const key = await createSessionKey({ store: this.keyStore });
    try {
      const opts = { signal: params.signal };
      const challenge = await this.request<PasskeyAuthChallenge>(
        'POST',
        `/auth/credentials/${enc(params.authMethodId)}/challenge`,
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
      const session = await this.request<AuthSession>('POST', `/auth/credentials/${enc(params.authMethodId)}/verify`, {
        body: { type: 'PASSKEY', assertion },
        headers: { 'Request-Id': challenge.requestId },
        ...opts,
      });
      return await this.#adopt(session, key, params.authMethodId);
    } catch (error) {
      await deleteSessionKey(key.id, this.keyStore);
      throw error;
    }
  }

  // ---- session refresh and sign-out --------------------------------------------------------------

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
    const before = requireSession(this);
    return this.#state.exclusive(async () => {
      const stored = await this.#state.stored();
      if (stored && stored.id !== before.id && this.#state.isLive(stored) && (await this.#hasKey(stored.keyId))) {
        await this.#state.restore();
        return stored;
      }
      const next = await createSessionKey({ store: this.keyStore });
      try {
        // no fresh attempt on its own after a lost answer: it would open a second session; the list says
        // whether the first opened one (then that is the new session), and only when not is it tried again
        const refresh = (noted = this.#noteServiceTime()) =>
          this.#signedWithSession<AuthSession>(before, {
            method: 'POST',
            path: `/auth/sessions/${enc(before.id)}/refresh`,
            body: { clientPublicKey: next.publicKey },
            maxFreshAttempts: 0,
            transport: noted.transport,
          }).catch(
            async (error: unknown) =>
              (await this.#openedSince(error, noted.since(), before.accountId, before, before.id)) ??
              Promise.reject(error),
          );
        const body = await refresh().catch((error: unknown) =>
          isPayError(error, LocalErrorCode.CHALLENGE_EXPIRED) ? refresh() : Promise.reject(error),
        );
        const session = toCurrentSession(body, next.id, before.authMethodId);
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
   * Revokes the current session on the service, then deletes its key and tells other tabs. A revoke that
   * failed with a 5xx or a lost answer is sent once more while the service still lists the session. When
   * the service cannot be reached the local state is still cleared and the error is rethrown.
   *
   * @throws {PayError} the service's error (its `code` and `status`) other than 404, or the transport's
   *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`, after the local state is cleared.
   */
  async logout(): Promise<void> {
    const current = this.#state.current ?? (await this.#state.stored());
    if (!current) return;
    const revoke = () =>
      this.#signedWithSession(current, { method: 'DELETE', path: `/auth/sessions/${enc(current.id)}` });
    try {
      if (this.#state.isLive(current))
        await revoke().catch(async (error: unknown) => {
          // a 5xx or a lost answer may have changed nothing: while the service still lists the session, once more
          if (
            error instanceof PayError &&
            error.retryable &&
            (await this.#sessionsOf(current.accountId)).some((s) => s.id === current.id)
          )
            return revoke();
          throw error;
        });
    } catch (error) {
      if (!(error instanceof PayError && error.status === 404)) {
        await this.#forget(current);
        throw error;
      }
    }
    await this.#forget(current);
  }

  // ---- internals --------------------------------------------------------------------------------

  /** `request` bound to this client, for the credential calls it shares with the flows (credentials.ts). */
  readonly #send: Send = (method, path, extra) => this.request(method, path, extra);

  async #hasKey(keyId: string): Promise<boolean> {
    try {
      await requireSessionKey(keyId, this.keyStore);
      return true;
    } catch {
      return false;
    }
  }

  async #adopt(session: AuthSession, key: SessionKey, authMethodId: string): Promise<AuthSession> {
    if (typeof session?.id !== 'string' || typeof session.expiresAt !== 'string') throw unexpected('session');
    const previous = this.#state.current;
    await this.#state.save(toCurrentSession(session, key.id, authMethodId));
    if (previous && previous.keyId !== key.id) await deleteSessionKey(previous.keyId, this.keyStore);
    return session;
  }

  /** The sessions the service lists for `accountId` (none when the list cannot be read). */
  #sessionsOf(accountId: string): Promise<AuthSession[]> {
    return this.request<{ data?: AuthSession[] }>('GET', '/auth/sessions', { query: { accountId } }).then(
      (body) => body.data ?? [],
      () => [],
    );
  }

  /** A transport that notes the service's time (its `Date` header) of the first answer it carries. */
  #noteServiceTime(): { transport: Transport; since(): number | undefined } {
    let since: number | undefined;
    return {
      transport: async (request) => {
        const response = await this.transport(request);
        since ??= Date.parse(response.headers['date'] ?? '') || undefined;
        return response;
      },
      since: () => since,
    };
  }

  /**
   * After a sign-in or refresh whose outcome is unknown (its answer lost or late, a 5xx, the resent signed
   * leg finding its requestId used), the session it opened: the one session of that method (`type` and
   * `nickname`) the account lists that was opened since the request's first answer (by the service's
   * clock) and is not `except`. None when `error` leaves no doubt, when no `Date` was seen, or when more
   * than one fits (another device signed in with the same method meanwhile: no guessing; it then expires).
   */
  async #openedSince(
    error: unknown,
    since: number | undefined,
    accountId: string | undefined,
    made: { type: string; nickname?: string | undefined },
    except: string | undefined,
  ): Promise<AuthSession | undefined> {
    const unknownOutcome =
      error instanceof PayError && (error.retryable || error.code === LocalErrorCode.CHALLENGE_EXPIRED);
    if (!unknownOutcome || since === undefined || !accountId) return undefined;
    const opened = (await this.#sessionsOf(accountId)).filter(
      (s) =>
        s.id !== except &&
        s.type === made.type &&
        (made.nickname === undefined || s.nickname === made.nickname) &&
        Date.parse(s.createdAt ?? '') >= since,
    );
    return opened.length === 1 ? opened[0] : undefined;
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
  async #signedWithSession<T>(
    session: CurrentSession,
    options: Omit<SignedRequestOptions, 'stamper'> & { transport?: Transport },
  ): Promise<T> {
    const stamper = await requireSessionKey(session.keyId, this.keyStore);
    return (await this.#signed<T>({ ...options, stamper })).body;
  }

  #signed<T>({ transport = this.transport, ...options }: SignedRequestOptions & { transport?: Transport }) {
    return signedRequest<T>(transport, {
      ...this.#options.signedRetry,
      ...(this.#options.now ? { now: this.#options.now } : {}),
      sleep: this.#options.sleep ?? abortableSleep,
      ...options,
    });
  }

  /**
   * One call through the client's transport: what the flow functions (`listSessions(client)`, …) are
   * made of, and any call they do not name: `POST /customers/{id}/kyc-link`, … Resolves with the
   * answer's body on 2xx. With `signed: true` it is a signed action stamped by the current session key
   * through the signed-retry engine (the 202 challenge answered, the same body bytes resent).
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
      if (extra.form) throw invalidArgument('A form is never signed');
      return this.#signedWithSession<T>(requireSession(this), {
        method,
        path,
        query: extra.query,
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
        signal: extra.signal,
        headers: extra.headers,
      });
    }
    const request: TransportRequest = { method, path };
    if (extra.query) request.query = extra.query;
    if (extra.body !== undefined) request.body = JSON.stringify(extra.body);
    if (extra.headers) request.headers = extra.headers;
    if (extra.form) request.form = extra.form;
    if (extra.signal) request.signal = extra.signal;
    const response = await this.transport(request);
    if (response.status >= 200 && response.status < 300) return response.body as T;
    throw toServiceError(response, this.#now());
  }
}
