/**
 * The one error envelope the proxy answers with, the service's own flat shape
 * `{"status","code","message"}`, so a page handles a refusal by the proxy exactly like one by the service.
 * Messages name at most a parameter or field: never an identifier's value, a credential or a stack trace.
 *
 * @example
 *   return errorResponse(403, 'FORBIDDEN', 'accountId names a resource you do not own.');
 */

/** Codes the proxy itself produces; every other code in a response came from the service unchanged. */
export type ProxyErrorCode =
  | 'INVALID_INPUT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'IDENTITY_LOCKED'
  | 'CARD_CONTROLLED_BY_PLATFORM'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_TIMEOUT';

/** Headers on every response the proxy sends: wallet answers (sessions, PAN reveal URLs) must never be cached. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function errorResponse(status: number, code: ProxyErrorCode, message: string): Response {
  return new Response(JSON.stringify({ status, code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE },
  });
}
