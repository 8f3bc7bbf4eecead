/**
 * The front door of the sandbox on real ports (`startSandbox`, `npm run sandbox`). The sandbox ships
 * well-known credentials, so any page that can reach it could use them: a page on a rebinding domain
 * (DNS rebinding: `evil.example` resolving to 127.0.0.1, then `fetch('/2025-10-13/…')` is same-origin
 * to that page), or a page of another origin posting with `Authorization` in hand. So every request must
 * name one of the configured host names in `Host` (421 otherwise), and a request that carries `Origin`
 * (a browser's) must come from a configured origin (403 otherwise). Requests without `Origin` (servers,
 * suites, the platform proxy) go on: the credentials judge them.
 *
 * @example
 *   const hosts = allowedHostNames({ host: '127.0.0.1', publicHost: 'localhost' });
 *   listen(guardRequests({ hosts, isAllowedOrigin: config.isAllowedOrigin }, sandbox.fetch), port, host);
 */

export interface RequestGuardPolicy {
  /** Host names (no port) the server answers to, lower case; IPv6 in brackets. */
  readonly hosts: ReadonlySet<string>;
  /** Browser origins that may call; `undefined` lets any `Origin` through (the PAN page, framed by its CSP instead). */
  readonly isAllowedOrigin?: (origin: string) => boolean;
}

/** The loopback names every local sandbox answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Host names to accept: `allowedHosts` when configured, else the loopback names plus the listen address
 * and the public host name (unless the listen address is a wildcard, which names no host).
 */
export function allowedHostNames(options: {
  host?: string;
  publicHost?: string;
  allowedHosts?: readonly string[];
}): ReadonlySet<string> {
  if (options.allowedHosts !== undefined) {
    const names = options.allowedHosts.map(normaliseHostName);
    if (names.length === 0 || names.some((name) => name === undefined)) {
      throw new TypeError(
        'allowedHosts must list host names such as "localhost" or "sandbox.test" (no port, no scheme)',
      );
    }
    return new Set(names as string[]);
  }
  const names = new Set(LOOPBACK_HOSTS);
  for (const name of [options.host, options.publicHost]) {
    const normalised = name === undefined || name === '0.0.0.0' || name === '::' ? undefined : normaliseHostName(name);
    if (normalised) names.add(normalised);
  }
  return names;
}

/** Wraps a handler: refuses a foreign `Host` (421) or `Origin` (403) in the service's error envelope. */
export function guardRequests(
  policy: RequestGuardPolicy,
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const refusal = checkRequest(request, policy);
    return refusal ?? handler(request);
  };
}

/** The refusal for one request, or `undefined` when it may go on. */
export function checkRequest(request: Request, policy: RequestGuardPolicy): Response | undefined {
  const host = hostNameOf(request.headers.get('host') ?? new URL(request.url).host);
  if (host === undefined || !policy.hosts.has(host)) {
    return refusal(421, 'MISDIRECTED_REQUEST', 'This sandbox does not answer to that host name');
  }
  const origin = request.headers.get('origin');
  if (origin !== null && policy.isAllowedOrigin && !policy.isAllowedOrigin(origin)) {
    return refusal(403, 'FORBIDDEN', 'Requests from this origin are not accepted');
  }
  return undefined;
}

/** `Host` header → lower-case host name without the port, or `undefined` when it is not a plain host. */
function hostNameOf(header: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(header.trim());
  return match ? match[1]!.toLowerCase() : undefined;
}

function normaliseHostName(name: string): string | undefined {
  const trimmed = name.trim().toLowerCase();
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed;
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(bracketed) ? bracketed : undefined;
}

function refusal(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ status, code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}
