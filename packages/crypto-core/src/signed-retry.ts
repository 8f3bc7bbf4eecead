/**
 * The signed-retry engine: one implementation for every action the service guards with a wallet
 * stamp. Leg 1 goes out unsigned; a 202 `{payloadToSign, requestId, expiresAt}` is stamped and the
 * byte-identical request is resent with `Service-Wallet-Signature` and `Request-Id`; a further 202
 * (delegated keys) is answered the same way. It also: honours `Retry-After` on 429, starts a fresh
 * attempt when a challenge expired, resends the identical signed leg after a dropped connection, and
 * polls while the answer says `PROCESSING` (wallet export). Every failure is a `PayError`.
 *
 * @example
 *   const res = await signedRequest(transport, {
 *     method: 'POST', path: `/auth/sessions/${id}/refresh`, body: { clientPublicKey },
 *     stamper: currentKey, // a SessionKey, or anything with stamp(payloadToSign)
 *   });
 */
import { fn, object } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import { abortableSleep, parseRetryAfter, toServiceError } from './http.js';
import type { Stamper } from './stamp.js';
import type { HttpMethod, Transport, TransportResponse } from './transport.js';

export interface SignedChallenge {
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
  type?: string;
}

export interface SignedRequestOptions {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | undefined> | undefined;
  /** Serialized once; the exact same bytes go out on every leg. A string is sent as is. */
  body?: unknown | undefined;
  /** Extra headers on every leg (for example Idempotency-Key). */
  headers?: Record<string, string> | undefined;
  /** Stamps each challenge's `payloadToSign` (a `SessionKey`, or any `Stamper`). Called once per challenge. */
  stamper: Stamper;
  /** Challenges answered per attempt before giving up (2 covers delegated keys). Default 3. */
  maxChallenges?: number;
  /** Fresh attempts after an expired challenge. Default 1. */
  maxFreshAttempts?: number;
  /** Resends of the same leg after a network failure. Default 2. */
  networkRetries?: number;
  /** Longest Retry-After (seconds) waited automatically; longer ones surface as RATE_LIMITED. Default 10. */
  maxRetryAfterSeconds?: number;
  /** 429s waited out automatically per call. Default 2. */
  maxRateLimitWaits?: number;
  /** Keep resending the signed leg while this holds (export PROCESSING). */
  pollWhile?: (response: TransportResponse) => boolean;
  /** Delay between polls (ms); default 1000. */
  pollIntervalMs?: number;
  /** Give up polling after this long (ms); default 60 000. */
  pollTimeoutMs?: number;
  signal?: AbortSignal | undefined;
  /** Injected for tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface SignedResult<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string>;
  /** Transport calls this call made: every leg, resend after a dropped connection, 429 retry and poll. */
  requests: number;
}

function isSignedChallenge(body: unknown): body is SignedChallenge {
  const b = body as Partial<SignedChallenge> | null;
  return !!b && typeof b === 'object' && typeof b.payloadToSign === 'string' && typeof b.requestId === 'string';
}

/**
 * Runs one signed action to its terminal answer (2xx other than a challenge 202).
 *
 * @throws {PayError} the service's error for a non-2xx terminal answer (its code, `status`,
 *   `retryAfterSeconds`, `requestId`); `CHALLENGE_EXPIRED` (expired again after a fresh attempt);
 *   `UNEXPECTED_RESPONSE` (too many challenges, or a 202 that is no challenge); `EXPORT_TIMEOUT` (still
 *   polling at `pollTimeoutMs`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED` after its
 *   resends; the stamper's own errors; `INVALID_ARGUMENT` for a bad transport, options or stamper.
 */
export async function signedRequest<T = unknown>(
  transport: Transport,
  options: SignedRequestOptions,
): Promise<SignedResult<T>> {
  fn(transport, 'transport');
  fn(object(object(options, 'options').stamper, 'stamper').stamp, 'stamper.stamp');
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const bodyText =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const maxChallenges = options.maxChallenges ?? 3;
  const maxFresh = options.maxFreshAttempts ?? 1;
  const networkRetries = options.networkRetries ?? 2;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 10;
  let rateLimitWaits = options.maxRateLimitWaits ?? 2;
  let requests = 0;
  let lastSendWasResent = false;

  /** Sends one leg; resends the identical leg after a network failure; waits out short 429s. */
  const send = async (headers: Record<string, string>): Promise<TransportResponse> => {
    lastSendWasResent = false;
    for (let networkTry = 0; ;) {
      let response: TransportResponse;
      try {
        requests++;
        response = await transport({
          method: options.method,
          path: options.path,
          query: options.query,
          body: bodyText,
          headers: { ...options.headers, ...headers },
          signal: options.signal,
        });
      } catch (error) {
        const retryable =
          error instanceof PayError &&
          (error.code === LocalErrorCode.NETWORK_ERROR || error.code === LocalErrorCode.TIMEOUT);
        if (!retryable || networkTry++ >= networkRetries) throw error;
        await sleep(250 * 2 ** (networkTry - 1), options.signal);
        lastSendWasResent = true;
        continue;
      }
      if (response.status === 429) {
        const seconds = parseRetryAfter(response.headers['retry-after'], now()) ?? 1;
        if (rateLimitWaits-- > 0 && seconds <= maxRetryAfter) {
          await sleep(seconds * 1000, options.signal);
          continue;
        }
      }
      return response;
    }
  };

  for (let attempt = 0; ; attempt++) {
    let response = await send({});
    let challenge: SignedChallenge | undefined;
    let challenges = 0;
    let restart = false;
    while (response.status === 202 && isSignedChallenge(response.body)) {
      challenge = response.body;
      if (++challenges > maxChallenges) {
        throw new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, 'Too many signing challenges', {
          requestId: challenge.requestId,
        });
      }
      // expiresAt is the service's clock: judge it by the answer's Date header when there is one, so a
      // device clock minutes off neither signs every challenge as expired nor misses a real expiry.
      const expiresAt = Date.parse(challenge.expiresAt) - (Date.parse(response.headers['date'] ?? '') - now() || 0);
      if (!Number.isNaN(expiresAt) && expiresAt <= now()) {
        restart = true;
        break;
      }
      const stamp = await options.stamper.stamp(challenge.payloadToSign);
      const signedHeaders = { 'Service-Wallet-Signature': stamp, 'Request-Id': challenge.requestId };
      response = await send(signedHeaders);
      if (options.pollWhile && response.status >= 200 && response.status < 300) {
        const deadline = now() + (options.pollTimeoutMs ?? 60_000);
        while (options.pollWhile(response)) {
          if (now() >= deadline)
            throw new PayError(LocalErrorCode.EXPORT_TIMEOUT, 'The service is still processing', {
              requestId: challenge.requestId,
            });
          await sleep(options.pollIntervalMs ?? 1000, options.signal);
          response = await send(signedHeaders);
        }
      }
      // A rejected challenge is worth a fresh attempt when it had expired, or when a dropped connection
      // hid the answer to our first signed leg (the resend then finds the requestId already used).
      if (response.status === 401 && codeOf(response.body) === 'WALLET_SIGNATURE_INVALID') {
        const expired = !Number.isNaN(expiresAt) && expiresAt <= now();
        if (expired || lastSendWasResent) restart = true;
        break;
      }
    }
    if (restart) {
      if (attempt < maxFresh) continue;
      throw new PayError(LocalErrorCode.CHALLENGE_EXPIRED, 'The signing challenge expired', {
        ...(challenge ? { requestId: challenge.requestId } : {}),
      });
    }
    if (response.status === 202) {
      // Terminal answers are 200, 201 or 204: a 202 that is not a well-formed challenge is not success.
      throw new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, 'A 202 without payloadToSign and requestId');
    }
    if (response.status >= 200 && response.status < 300) {
      return { status: response.status, body: response.body as T, headers: response.headers, requests };
    }
    throw toServiceError(response, now(), challenge?.requestId);
  }
}

function codeOf(body: unknown): string {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
