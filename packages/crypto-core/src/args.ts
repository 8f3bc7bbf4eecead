/**
 * Argument guards for the public entry points: a wrong argument fails with `PayError`
 * `INVALID_ARGUMENT` ("Invalid params", or `invalidArgument(what)`) at the entry, never as a raw
 * `TypeError` from deeper down.
 * Internal (no subpath export), and small: every module uses them and the core has a size budget.
 *
 * @example
 *   const { otpCode } = object(params, 'params');
 */
import { LocalErrorCode, PayError } from './errors.js';
import type { KeyStore } from './key-store.js';
import type { WebCryptoKey } from './web-types.js';

/** The `INVALID_ARGUMENT` PayError for a bad argument, saying what was wrong. */
export function invalidArgument(what: string): PayError {
  return new PayError(LocalErrorCode.INVALID_ARGUMENT, what);
}

export const fail = (message: string): never => {
  throw invalidArgument(message);
};

const check = <T>(ok: boolean, value: unknown, what: string): T => (ok ? (value as T) : fail(`Invalid ${what}`));

/** `value` when it is a non-null object. */
export const object = <T>(value: T, what: string): NonNullable<T> =>
  check(!!value && typeof value === 'object', value, what);
/** A Uint8Array, from this realm or another (a frame's, a vm context's: `instanceof` alone would refuse it). */
export const bytes = (value: unknown, what = 'bytes'): Uint8Array =>
  check(value instanceof Uint8Array || Object.prototype.toString.call(value) === '[object Uint8Array]', value, what);
/** A non-empty string. */
export const text = (value: unknown, what: string): string => check(typeof value === 'string' && !!value, value, what);
export const fn = <T>(value: T, what: string): T => check(typeof value === 'function', value, what);
export const cryptoKey = (value: unknown, what: string): WebCryptoKey => check(value instanceof CryptoKey, value, what);
export const signal = (value: unknown): AbortSignal | undefined =>
  check(value === undefined || value instanceof AbortSignal, value, 'signal');
export const keyStore = (store: unknown): KeyStore =>
  check(
    ['get', 'set', 'delete'].every((m) => typeof (store as Record<string, unknown> | null)?.[m] === 'function'),
    store,
    'store',
  );
