/**
 * The service's one error envelope, `{status, code, message, details?}`, on every failure the sandbox
 * answers. Handlers throw an `ApiError`; the app's error handler turns it (or a crypto-core `PayError`
 * from stamp checks) into the response, and anything else into a bare 500 INTERNAL_ERROR: no stack,
 * no details. Messages never carry secrets (codes, keys, PAN URLs, mnemonics).
 *
 * @example
 *   throw invalidInput([fieldError('email', 'must be an email address', { format: 'email' })]);
 *   throw new ApiError(409, 'CARD_ALREADY_CLOSED', 'The card is already CLOSED');
 */
import { PayError } from '@paykit/crypto-core/errors';

/** FieldConstraint of the spec: every member optional and additive. */
export interface FieldConstraint {
  format?: string;
  pattern?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
}

export interface FieldError {
  field: string;
  constraint: FieldConstraint;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function fieldError(field: string, message: string, constraint: FieldConstraint = {}): FieldError {
  return { field, constraint, message };
}

/** 400 INVALID_INPUT listing every invalid field in `details.errors`. */
export function invalidInput(errors: FieldError[], message = 'The request has invalid fields'): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, { errors });
}

/** 400 INVALID_INPUT about one field. */
export function invalidField(field: string, message: string, constraint: FieldConstraint = {}): ApiError {
  return invalidInput([fieldError(field, message, constraint)], `${field} ${message}`);
}

/** 404 for a resource other than a customer or a quote: the service's generic REFERENCE_NOT_FOUND. */
export const notFound = (what: string): ApiError => new ApiError(404, 'REFERENCE_NOT_FOUND', `${what} was not found`);

export const unauthorized = (reason: string, message = 'The request was not authorized'): ApiError =>
  new ApiError(401, 'UNAUTHORIZED', message, { reason });

export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>): ApiError =>
  new ApiError(409, code, message, details);

export const walletSignatureInvalid = (reason: string): ApiError =>
  new ApiError(401, 'WALLET_SIGNATURE_INVALID', 'The wallet signature was rejected', { reason });

export const rateLimited = (retryAfterSeconds: number, details: Record<string, unknown> = {}): ApiError =>
  new ApiError(
    429,
    'RATE_LIMITED',
    'Too many requests; retry later',
    { retryAfterSeconds, ...details },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** Stamp failures from crypto-core (`verifyStamp`, `decodeStamp`) keep their wallet codes. */
const STAMP_CODES = new Set(['WALLET_SIGNATURE_MALFORMED', 'WALLET_SIGNATURE_INVALID']);

/** The envelope and headers for any thrown value. Unknown errors become a detail-free 500. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
} {
  if (error instanceof ApiError) {
    const body: Record<string, unknown> = { status: error.status, code: error.code, message: error.message };
    if (error.details) body['details'] = error.details;
    return { status: error.status, body, headers: error.headers ?? {} };
  }
  if (error instanceof PayError && STAMP_CODES.has(error.code)) {
    return { status: 401, body: { status: 401, code: error.code, message: error.message }, headers: {} };
  }
  return {
    status: 500,
    body: { status: 500, code: 'INTERNAL_ERROR', message: 'The sandbox failed to handle the request' },
    headers: {},
  };
}
