/**
 * The platform credential: HTTP Basic with a token id and secret. Unknown or malformed credentials are
 * 401 UNAUTHORIZED; money-moving endpoints also need the token's TRANSACT permission (403 FORBIDDEN).
 *
 * @example
 *   app.use('*', platformAuth(config));
 *   app.post('/quotes', (c) => { requirePermission(c, 'TRANSACT'); … });
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Permission, PlatformToken, SandboxConfig } from '../config.js';
import type { SandboxEnv } from '../context.js';
import { ApiError } from './errors.js';

/** Compares without an early exit on the first differing character. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(match[1]!), (ch) => ch.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function findToken(config: SandboxConfig, header: string | undefined): PlatformToken | undefined {
  const given = parseBasicAuth(header);
  if (!given) return undefined;
  let found: PlatformToken | undefined;
  for (const token of config.tokens)
    if (sameText(token.id, given.id) && sameText(token.secret, given.secret)) found = token;
  return found;
}

/** Authorization header values already matched to a token: a client sends the same one on every request. */
const MAX_KNOWN_HEADERS = 64;

export function platformAuth(config: SandboxConfig): MiddlewareHandler<SandboxEnv> {
  const known = new Map<string, PlatformToken>();
  return async (c, next) => {
    const header = c.req.header('Authorization');
    let token = header === undefined ? undefined : known.get(header);
    if (!token) {
      token = findToken(config, header);
      if (token && header !== undefined) {
        if (known.size >= MAX_KNOWN_HEADERS) known.delete(known.keys().next().value!);
        known.set(header, token);
      }
    }
    if (!token) {
      throw new ApiError(
        401,
        'UNAUTHORIZED',
        'A valid platform credential (HTTP Basic: token id and secret) is required',
        undefined,
        {
          'WWW-Authenticate': 'Basic realm="payments-sandbox"',
        },
      );
    }
    c.set('token', token);
    await next();
  };
}

export function requirePermission(c: Context<SandboxEnv>, permission: Permission): void {
  if (!c.get('token').permissions.includes(permission)) {
    throw new ApiError(403, 'FORBIDDEN', `This API token lacks the ${permission} permission`);
  }
}
