/**
 * One error family. Every failure Paykit reports is a `PayError` with a stable `code`: the service's
 * own codes pass through unchanged (`WALLET_SIGNATURE_INVALID`, `RATE_LIMITED`, …) and local ones are
 * listed in `LocalErrorCode`. Messages never carry secrets (codes, keys, URLs, mnemonics).
 *
 * @example
 *   try { await client.loginWithOtp(…) } catch (e) {
 *     if (isPayError(e, 'UNAUTHORIZED')) show(e.reason ?? 'Wrong code');
 *   }
 */
export const LocalErrorCode = {
  /** An enclave bundle failed verification: unknown signer, bad signature or malformed. */
  BUNDLE_SIGNATURE_INVALID: 'BUNDLE_SIGNATURE_INVALID',
  /** The key store (IndexedDB) cannot be used and no fallback was allowed. */
  KEY_STORE_UNAVAILABLE: 'KEY_STORE_UNAVAILABLE',
  /** A signed-retry challenge expired before it could be answered, even after a fresh attempt. */
  CHALLENGE_EXPIRED: 'CHALLENGE_EXPIRED',
  /** The backend could not be reached or the connection dropped. Safe to retry. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** The backend did not answer within the transport's timeout. */
  TIMEOUT: 'TIMEOUT',
  /** The caller aborted the operation. */
  ABORTED: 'ABORTED',
  /** A local argument was missing or malformed. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** A response did not have the shape the protocol promises. */
  UNEXPECTED_RESPONSE: 'UNEXPECTED_RESPONSE',
  /** No session (or no session key) is available for a signed action. */
  NO_SESSION: 'NO_SESSION',
  /** A session key was not found in the store. */
  KEY_NOT_FOUND: 'KEY_NOT_FOUND',
  /** HPKE decryption failed: wrong key or tampered ciphertext. */
  DECRYPTION_FAILED: 'DECRYPTION_FAILED',
  /** The platform does not offer WebAuthn (or this ceremony). */
  WEBAUTHN_UNSUPPORTED: 'WEBAUTHN_UNSUPPORTED',
  /** The user or the browser cancelled a WebAuthn ceremony. */
  WEBAUTHN_CANCELLED: 'WEBAUTHN_CANCELLED',
  /**
   * A wallet export answer is not bound to the wallet asked for: it skipped the signed challenge, the
   * challenge did not name the export key, or the bundle names another account or organization.
   */
  EXPORT_UNBOUND: 'EXPORT_UNBOUND',
  /** A wallet export stayed PROCESSING past the client's limit. */
  EXPORT_TIMEOUT: 'EXPORT_TIMEOUT',
  /** The quote waits for Strong Customer Authentication (`authorizeQuote`), not for execution. */
  SCA_REQUIRED: 'SCA_REQUIRED',
} as const;
export type LocalErrorCode = (typeof LocalErrorCode)[keyof typeof LocalErrorCode];

export interface PayErrorOptions {
  status?: number;
  details?: Record<string, unknown> | undefined;
  retryAfterSeconds?: number | undefined;
  requestId?: string;
  cause?: unknown;
}

export class PayError extends Error {
  override readonly name = 'PayError';
  /** Service code (passed through unchanged) or a `LocalErrorCode`. */
  readonly code: string;
  /** HTTP status for service errors; undefined for local ones. */
  readonly status: number | undefined;
  /** The service's `details` object, when it sent one. */
  readonly details: Record<string, unknown> | undefined;
  /** `Retry-After` in seconds, for 429 answers. */
  readonly retryAfterSeconds: number | undefined;
  /** The service's `Request-Id` the error belongs to, when any. */
  readonly requestId: string | undefined;

  constructor(code: string, message: string, options?: PayErrorOptions) {
    options ??= {};
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.requestId = options.requestId;
  }

  /** `details.reason` from the service (for example "Invalid OTP code"). */
  get reason(): string | undefined {
    const reason = this.details?.['reason'];
    return typeof reason === 'string' ? reason : undefined;
  }

  /** True for failures where repeating the same call may succeed (network, timeout, 429, 5xx). */
  get retryable(): boolean {
    return (
      this.code === LocalErrorCode.NETWORK_ERROR ||
      this.code === LocalErrorCode.TIMEOUT ||
      this.status === 429 ||
      (this.status !== undefined && this.status >= 500)
    );
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, status: this.status, message: this.message, details: this.details };
  }
}

export function isPayError(error: unknown, code?: string): error is PayError {
  return error instanceof PayError && (code === undefined || error.code === code);
}
