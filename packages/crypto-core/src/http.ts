/**
 * Internal (no subpath export): the HTTP details the signed-retry engine, the client and its flow
 * modules share: an id as a path segment, `Retry-After`, the service's error answer as a `PayError`, the
 * error for an answer that lacks a field, and a sleep that an abort cuts short. Kept apart so the public
 * modules export only what adopters use.
 *
 * @example
 *   const path = `/customers/${enc(customerId)}`;
 *   throw toServiceError(response, Date.now());
 */
import { object, signal as asSignal, text } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { TransportResponse } from './transport.js';

/** A path segment from an id, which must be a non-empty string. */
export const enc = (id: string): string => encodeURIComponent(text(id, 'id'));

/** The service's answer lacks `what` (or it is malformed). */
export function unexpected(what: string): PayError {
  return new PayError(LocalErrorCode.UNEXPECTED_RESPONSE, `No valid ${what} in the answer`);
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date); undefined when absent or bad. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value || typeof value !== 'string') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) || typeof now !== 'number' ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The PayError for a non-2xx answer carrying the service's envelope `{status, code, message, details}`:
 * its code passes through unchanged (`HTTP_<status>` when the body has none), `Retry-After` becomes
 * `retryAfterSeconds`.
 */
export function toServiceError(response: TransportResponse, now: number, requestId?: string): PayError {
  let status = object(response, 'response').status;
  if (typeof status !== 'number') status = 0;
  const body = response.body;
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = typeof envelope['code'] === 'string' ? envelope['code'] : `HTTP_${status}`;
  const message = typeof envelope['message'] === 'string' ? envelope['message'] : `The service answered ${status}`;
  const details =
    envelope['details'] && typeof envelope['details'] === 'object'
      ? (envelope['details'] as Record<string, unknown>)
      : undefined;
  return new PayError(code, message, {
    status,
    details,
    retryAfterSeconds: parseRetryAfter(response.headers?.['retry-after'], now),
    ...(requestId ? { requestId } : {}),
  });
}

/** Waits `ms`; rejects with ABORTED as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  asSignal(signal);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new PayError(LocalErrorCode.ABORTED, 'The request was aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new PayError(LocalErrorCode.ABORTED, 'The request was aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
