/**
 * Type tests (checked by `npm run typecheck`, never run): a code passed to `isPayError` must be one
 * Paykit or the service can produce, so a typo fails to compile; `PayError.code` still reads as any
 * string, since the service may add codes.
 */
import { PayError, isPayError, type KnownErrorCode, type PayErrorCode } from '../src/errors.js';

declare const error: unknown;

isPayError(error, 'UNAUTHORIZED');
isPayError(error, 'WALLET_SIGNATURE_INVALID');
isPayError(error, 'NETWORK_ERROR');
isPayError(error, 'HTTP_502');
isPayError(error);
// @ts-expect-error British spelling: the service's code is UNAUTHORIZED
isPayError(error, 'UNAUTHORISED');
// @ts-expect-error not a code anyone produces
isPayError(error, 'WALLET_SIGNATURE_WRONG');

const e = new PayError('SOME_FUTURE_CODE', 'a code the service added later still constructs');
const code: PayErrorCode = e.code;
const unknownCode: string = code;
// @ts-expect-error an open code is not a known one
const known: KnownErrorCode = e.code;
export { unknownCode, known };
