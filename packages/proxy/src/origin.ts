/**
 * Whether a request may act for the signed-in end user at all, judged before anything else: cookies ride
 * along with requests a foreign page makes, so the proxy must tell the platform's own pages from others.
 * A browser request is accepted only from an allowed origin: its `Origin` header (sent on every POST,
 * PATCH and DELETE and every CORS read) must be on the allowlist, and `Sec-Fetch-Site` must not say
 * `cross-site`, nor `same-site` (another port or subdomain of the same site) unless the platform says so.
 * A request with neither header is not a browser's (a server, a test) and goes on to the session check.
 *
 * @example
 *   const refusal = checkRequestOrigin(request, { allowedOrigins: ['https://app.example'], allowSameSite: false });
 *   if (refusal) return errorResponse(403, 'FORBIDDEN', refusal);
 */

export interface OriginPolicy {
  /** Exact origins (`scheme://host[:port]`); `undefined` means the origin the request was addressed to. */
  readonly allowedOrigins: ReadonlySet<string> | undefined;
  /** Accept `Sec-Fetch-Site: same-site` (a page on another port or subdomain of the same site). */
  readonly allowSameSite: boolean;
}

/** Why the request is refused (a short sentence for the error envelope), or `undefined` when it may go on. */
export function checkRequestOrigin(request: Request, policy: OriginPolicy): string | undefined {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site === 'cross-site') return 'Cross-site requests are not accepted.';
  if (site === 'same-site' && !policy.allowSameSite)
    return 'Requests from another site of this domain are not accepted.';
  const origin = request.headers.get('Origin');
  if (origin === null) return undefined;
  const allowed = policy.allowedOrigins ?? new Set([new URL(request.url).origin]);
  return allowed.has(origin) ? undefined : 'Requests from this origin are not accepted.';
}

/** Checks and normalises configured origins: each must be a bare `scheme://host[:port]`. */
export function parseAllowedOrigins(origins: readonly string[] | undefined): ReadonlySet<string> | undefined {
  if (origins === undefined) return undefined;
  if (!Array.isArray(origins) || origins.length === 0)
    throw new TypeError('allowedOrigins must be a non-empty array of origins.');
  return new Set(
    origins.map((origin) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || url.origin === 'null' || url.origin !== origin.replace(/\/$/, '')) {
        throw new TypeError('allowedOrigins must list origins such as "https://app.example" (no path, no wildcard).');
      }
      return url.origin;
    }),
  );
}
