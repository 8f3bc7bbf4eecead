/**
 * Turns the path a request arrived on into the service path segments the proxy checks and forwards.
 * The proxy forwards the very segments it checked, rebuilt from their decoded values, and each segment
 * must be a plain identifier: so `..`, encoded slashes (`%2f`), backslashes, empty segments (`//`) and
 * percent tricks cannot make the service see a different path from the one the allowlist approved.
 *
 * @example
 *   parseServicePath('/api/wallet/cards/Card:1/reveal', '/api/wallet'); // ['cards', 'Card:1', 'reveal']
 *   parseServicePath('/api/wallet/auth/sessions/..%2fcustomers', '/api/wallet'); // undefined
 */

/**
 * An identifier or a literal path word: RFC 3986 unreserved characters, `:`, and `$` and `@` (a UMA
 * address, `$user@host`; both are plain pchars, never separators), never starting with a dot.
 */
const SEGMENT = /^[A-Za-z0-9_~:$@-][A-Za-z0-9._~:$@-]{0,199}$/;

/** A mount prefix: '' or `/word(/word)*`, words of unreserved characters. */
const PREFIX = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

export function isValidPathPrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

/** Decoded segments below `prefix`, or `undefined` when the path is outside it or not plain. */
export function parseServicePath(pathname: string, prefix: string): string[] | undefined {
  if (!pathname.startsWith(`${prefix}/`)) return undefined;
  const segments: string[] = [];
  for (const raw of pathname.slice(prefix.length + 1).split('/')) {
    let segment = raw;
    if (raw.includes('%'))
      try {
        segment = decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    if (!SEGMENT.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}
