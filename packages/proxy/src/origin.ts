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

/**
 * Why the request is refused (a short sentence for the error envelope), or `undefined` when it may go on.
 * The sentence names the origin that arrived and the option that would admit it, since the usual cause is
 * a setup mistake (a dev server that rewrites `Host`, a page on another port) rather than an attack.
 */
export function checkRequestOrigin(request: Request, policy: OriginPolicy): string | undefined {
  const origin = request.headers.get('Origin');
  const from = origin === null ? 'A request' : `A request from origin ${origin}`;
  const site = request.headers.get('Sec-Fetch-Site');
  if (site === 'cross-site')
    return `${from} is cross-site (Sec-Fetch-Site: cross-site); serve the page from the same site.`;
  if (site === 'same-site' && !policy.allowSameSite)
    return `${from} is from another site of this domain (Sec-Fetch-Site: same-site); set allowSameSite: true and list it in allowedOrigins to admit it.`;
  if (origin === null) return undefined;
  if (policy.allowedOrigins === undefined) {
    const own = new URL(request.url).origin;
    return origin === own
      ? undefined
      : `${from} is not accepted: without allowedOrigins only ${own} (the address this request was sent to) is. Add "${origin}" to allowedOrigins, or keep the Host header when proxying (Vite: changeOrigin: false).`;
  }
  return policy.allowedOrigins.has(origin)
    ? undefined
    : `${from} is not accepted: allowedOrigins lists ${[...policy.allowedOrigins].join(', ')}. Add "${origin}" to allowedOrigins to admit it.`;
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
