/**
 * Turns a failure into what an element shows: a localized message chosen by `PayError.code`, and the
 * facts the element acts on (retry-after, retryable). Each cause has one message in every element: the
 * server out of reach (`NETWORK_ERROR`, fetch's own `TypeError` from a platform's transport, or a gateway's
 * bare 502/503) is `error.network`, a timeout (`TIMEOUT`, a bare 504) `error.timeout`, and so on down
 * the table below; an element overrides only codes whose meaning depends on it (a 401 after a code).
 * Errors about a field are shown under the field (code-field.ts, kyc-form.ts), errors about a call in the
 * error box, news that is not an error as a notice (notice.styles.ts). Neither the error's own `message` nor the
 * service's `details.reason` is ever shown: both are English for developers; what a reason tells the
 * user is mapped to translated text (code-entry.ts does so for codes). Codes are compared as strings,
 * so a `PayError` from another copy of crypto-core is understood too.
 *
 * @example
 *   const view = describeError(error, { UNAUTHORIZED: 'error.wrongCode' });
 *   render(translate(locale, view.key, { n: view.retryAfterSeconds ?? 0 }));
 */
import type { KnownErrorCode } from '@paykit/crypto-core';
import type { MessageKey, MessageParams } from './i18n.js';

/** Codes raised by the elements themselves (the rest come from crypto-core or the service). */
export const ElementErrorCode = {
  /** Neither a `client` property nor a default client is set. */
  NO_CLIENT: 'NO_CLIENT',
  /** A card reveal answered with a URL whose origin is not in `allowed-origins`. */
  REVEAL_URL_REJECTED: 'REVEAL_URL_REJECTED',
  /** Something that is not a PayError was thrown. */
  UNKNOWN: 'UNKNOWN',
  /** The user's own external wallet did not sign (refused, or no signer set). */
  WALLET_SIGNING_FAILED: 'WALLET_SIGNING_FAILED',
} as const;

/** Messages by code: crypto-core's and the service's codes, or the elements' own; a misspelt code fails to compile. */
type ErrorMessages = Partial<
  Record<KnownErrorCode | (typeof ElementErrorCode)[keyof typeof ElementErrorCode], MessageKey>
>;

export interface ErrorView {
  code: string;
  status: number | undefined;
  /** Translation key of the message to show. */
  key: MessageKey;
  /** Placeholders of the message besides `{n}` (seconds of a wait): tries left, how long a lock lasts. */
  params?: MessageParams;
  retryAfterSeconds: number | undefined;
  /** Repeating the same call may work (network, timeout, 5xx). */
  retryable: boolean;
}

const messages: ErrorMessages & Partial<Record<'HTTP_502' | 'HTTP_503' | 'HTTP_504', MessageKey>> = {
  NETWORK_ERROR: 'error.network',
  TIMEOUT: 'error.timeout',
  // a gateway's bare answer (no service behind it to give a code): the server out of reach, or too slow
  HTTP_502: 'error.network',
  HTTP_503: 'error.network',
  HTTP_504: 'error.timeout',
  RATE_LIMITED: 'error.rateLimited',
  ACCOUNT_LOCKED: 'error.locked',
  NO_CLIENT: 'error.noClient',
  NO_SESSION: 'error.noSession',
  KEY_NOT_FOUND: 'error.noSession',
  CHALLENGE_EXPIRED: 'error.challengeExpired',
  BUNDLE_SIGNATURE_INVALID: 'error.bundleInvalid',
  DECRYPTION_FAILED: 'error.decryption',
  WEBAUTHN_CANCELLED: 'error.passkeyCancelled',
  WEBAUTHN_UNSUPPORTED: 'error.passkeyUnsupported',
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'error.passkeyExists',
  PASSKEY_ALREADY_ENROLLED: 'error.passkeyExists',
  EXPORT_TIMEOUT: 'error.exportTimeout',
  REVEAL_URL_REJECTED: 'error.revealRejected',
  SCA_SESSION_REQUIRED: 'error.scaSession',
  INVALID_ARGUMENT: 'error.invalidArgument',
};

/** Fetch's own rejection (Chromium, Firefox, WebKit), when a platform's transport lets it through. */
const FETCH_FAILED = /^(Failed to fetch|NetworkError when|Load failed)/;

interface ErrorLike {
  code?: unknown;
  status?: unknown;
  retryAfterSeconds?: unknown;
}

/** The code of any thrown value: a PayError's `code`, else UNKNOWN. */
export function errorCode(error: unknown): string {
  const code = (error as ErrorLike | null)?.code;
  return typeof code === 'string' ? code : ElementErrorCode.UNKNOWN;
}

/**
 * Describes `error`; `overrides` maps codes to messages that fit the element's context (for example a
 * 401 UNAUTHORIZED after a code entry means the code was wrong).
 */
export function describeError(error: unknown, overrides: ErrorMessages = {}): ErrorView {
  const e = (error ?? {}) as ErrorLike;
  // fetch's own rejection is the network's, whatever the transport
  const code = error instanceof TypeError && FETCH_FAILED.test(error.message) ? 'NETWORK_ERROR' : errorCode(error);
  const status = typeof e.status === 'number' ? e.status : undefined;
  const retryAfter =
    typeof e.retryAfterSeconds === 'number' && e.retryAfterSeconds >= 0 ? Math.ceil(e.retryAfterSeconds) : undefined;
  // read by any string: an unknown code simply has no message of its own
  let key = (overrides as Record<string, MessageKey>)[code] ?? (messages as Record<string, MessageKey>)[code];
  if (!key && status === 429) key = 'error.rateLimited';
  if (key === 'error.rateLimited' && retryAfter === undefined) key = 'error.rateLimitedNow';
  return {
    code,
    status,
    key: key ?? 'error.generic',
    retryAfterSeconds: retryAfter,
    retryable: code === 'NETWORK_ERROR' || code === 'TIMEOUT' || (status !== undefined && status >= 500),
  };
}

/**
 * A passkey registration's failure. One that leaves its outcome unknown (network, timeout, 5xx) came after
 * the device made the passkey (the ceremony's own failures are none of these), so it says what happened:
 * the device has it, the account may not, and trying again finishes that same passkey (the client sends it
 * again instead of making another).
 */
export function describeRegistrationError(error: unknown): ErrorView {
  const view = describeError(error);
  return view.retryable ? { ...view, key: 'error.passkeyNotSaved' } : view;
}
