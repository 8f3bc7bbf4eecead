/**
 * One error family. Every failure Paykit reports is a `PayError` with a stable `code`: the service's
 * own codes pass through unchanged (`ServiceErrorCode`: `WALLET_SIGNATURE_INVALID`, `RATE_LIMITED`, …)
 * and local ones are listed in `LocalErrorCode`. Messages never carry secrets (codes, keys, URLs,
 * mnemonics).
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

/**
 * The codes the service answers with: the `code` enums of its OpenAPI's `Error4xx`/`Error5xx` schemas
 * (`test/service-error-codes.node.test.ts` keeps this list equal to them).
 */
export type ServiceErrorCode =
  | 'ACCOUNT_LOCKED'
  | 'AMOUNT_OUT_OF_RANGE'
  | 'BENEFICIARY_TRUSTED'
  | 'BULK_UPLOAD_JOB_NOT_FOUND'
  | 'CARDHOLDER_KYC_NOT_APPROVED'
  | 'CARD_ALREADY_CLOSED'
  | 'CARD_NOT_MUTABLE'
  | 'CERT_CHAIN_EXPIRED'
  | 'CERT_CHAIN_INVALID'
  | 'CONFLICT'
  | 'COUNTERPARTY_NOT_ALLOWED'
  | 'COUNTERPARTY_PUBKEY_FETCH_ERROR'
  | 'CUSTOMER_DELETED'
  | 'DAILY_VOLUME_LIMIT_EXCEEDED'
  | 'DATA_MISMATCH'
  | 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS'
  | 'EMAIL_OTP_CREDENTIAL_SET_CHANGED'
  | 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED'
  | 'EMAIL_OTP_EMAIL_ALREADY_EXISTS'
  | 'END_USER_TERMS_NOT_ACCEPTED'
  | 'END_USER_TERMS_VERSION_NOT_FOUND'
  | 'EXPIRED'
  | 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED'
  | 'FORBIDDEN'
  | 'GRID_SWITCH_ERROR'
  | 'INCOMPLETE'
  | 'INTERNAL_ERROR'
  | 'INVALID_AMOUNT'
  | 'INVALID_BANK_ACCOUNT'
  | 'INVALID_CURRENCY'
  | 'INVALID_INPUT'
  | 'INVALID_NONCE'
  | 'INVALID_PAYREQ_RESPONSE'
  | 'INVALID_PUBKEY_FORMAT'
  | 'INVALID_RECEIVER'
  | 'INVALID_REQUEST_FORMAT'
  | 'INVALID_SIGNATURE'
  | 'INVALID_STATE_TRANSITION'
  | 'INVALID_TIMESTAMP'
  | 'INVALID_UMA_ADDRESS'
  | 'INVITATIONS_NOT_CONFIGURED'
  | 'INVITATION_ALREADY_CLAIMED'
  | 'INVITATION_CANCELLED'
  | 'INVITATION_NOT_FOUND'
  | 'LNURLP_REQUEST_FAILED'
  | 'LOOKUP_REQUEST_FAILED'
  | 'LOOKUP_REQUEST_NOT_FOUND'
  | 'LOW_QUALITY'
  | 'METHOD_NOT_ALLOWED'
  | 'MISSING_MANDATORY_USER_INFO'
  | 'MISSING_REQUIRED_UMA_PARAMETERS'
  | 'NOT_IMPLEMENTED'
  | 'NO_COMPATIBLE_UMA_VERSION'
  | 'PARSE_LNURLP_RESPONSE_ERROR'
  | 'PARSE_PAYREQ_RESPONSE_ERROR'
  | 'PASSKEY_ALREADY_ENROLLED'
  | 'PASSKEY_CREDENTIAL_ALREADY_EXISTS'
  | 'PAYREQ_REQUEST_FAILED'
  | 'QUOTE_NOT_FOUND'
  | 'QUOTE_REQUEST_FAILED'
  | 'RATE_LIMITED'
  | 'REFERENCE_NOT_FOUND'
  | 'REQUEST_ID_MISSING'
  | 'SCA_SESSION_REQUIRED'
  | 'SELF_PAYMENT'
  | 'SENDER_NOT_ACCEPTED'
  | 'SERVICE_UNAVAILABLE'
  | 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS'
  | 'STABLECOIN_PROVIDER_ACCOUNT_INVALID'
  | 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND'
  | 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED'
  | 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED'
  | 'SUSPECTED_FRAUD'
  | 'TOKEN_NOT_FOUND'
  | 'TRANSACTION_NOT_CANCELLABLE'
  | 'TRANSACTION_NOT_FOUND'
  | 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL'
  | 'TRANSACTION_SIZE_LIMIT_EXCEEDED'
  | 'UMA_ADDRESS_EXISTS'
  | 'UMA_NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY'
  | 'UNSUITABLE_DOCUMENT'
  | 'UNSUPPORTED_UMA_VERSION'
  | 'USER_NOT_FOUND'
  | 'USER_NOT_READY'
  | 'VELOCITY_LIMIT_EXCEEDED'
  | 'WALLET_SIGNATURE_BODY_MISMATCH'
  | 'WALLET_SIGNATURE_INVALID'
  | 'WALLET_SIGNATURE_MALFORMED'
  | 'WALLET_SIGNATURE_MISSING'
  | 'WEBHOOK_DELIVERY_ERROR'
  | 'WEBHOOK_ENDPOINT_NOT_SET';

/**
 * The codes `@paykit/proxy` refuses with beyond the service's own: a change to a verified identity
 * (`IDENTITY_LOCKED`), a platform freeze or limit on a card (`CARD_CONTROLLED_BY_PLATFORM`).
 */
export type ProxyRefusalCode = 'IDENTITY_LOCKED' | 'CARD_CONTROLLED_BY_PLATFORM';

/**
 * Every code Paykit or the service produces: local ones, the service's, the platform proxy's, and
 * `HTTP_<status>` for an error answer that carries no code (a proxy's or gateway's own page).
 * `isPayError` takes only these.
 */
export type KnownErrorCode = LocalErrorCode | ServiceErrorCode | ProxyRefusalCode | `HTTP_${number}`;

/** `PayError.code`: a known code, or one the service added after this release (`string & {}` keeps autocomplete). */
export type PayErrorCode = KnownErrorCode | (string & {});

export interface PayErrorOptions {
  status?: number;
  details?: Record<string, unknown> | undefined;
  retryAfterSeconds?: number | undefined;
  requestId?: string;
  cause?: unknown;
}

const BRAND = Symbol.for('paykit.pay-error');

export class PayError extends Error {
  static {
    Object.defineProperty(this.prototype, BRAND, { value: true });
  }

  /**
   * `error instanceof PayError` (and `isPayError`) is true for a PayError of any copy of the package: a flow
   * of one installed copy may see the errors of another copy's client, and an app those of the elements'.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      super[Symbol.hasInstance](value) ||
      (this === PayError && (value as { [BRAND]?: unknown } | null)?.[BRAND] === true)
    );
  }

  override readonly name = 'PayError';
  /** Service code (passed through unchanged), a `LocalErrorCode`, or a code the service added later. */
  readonly code: PayErrorCode;
  /** HTTP status for service errors; undefined for local ones. */
  readonly status: number | undefined;
  /** The service's `details` object, when it sent one. */
  readonly details: Record<string, unknown> | undefined;
  /** `Retry-After` in seconds, for 429 answers. */
  readonly retryAfterSeconds: number | undefined;
  /** The service's `Request-Id` the error belongs to, when any. */
  readonly requestId: string | undefined;

  constructor(code: PayErrorCode, message: string, options?: PayErrorOptions) {
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

/**
 * True when `error` is a `PayError` (with `code`, when given). The code must be a `KnownErrorCode`, so
 * a misspelt one fails to compile. Never throws.
 */
export function isPayError(error: unknown, code?: KnownErrorCode): error is PayError {
  return error instanceof PayError && (code === undefined || error.code === code);
}
