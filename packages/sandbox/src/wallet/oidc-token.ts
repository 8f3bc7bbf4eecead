/**
 * Sandbox OIDC tokens: JWT-shaped (`header.payload.signature`), every claim checked: `iss` (an accepted
 * issuer), `aud` (non-empty string or one-element array), `sub`, `iat` (at most 60 s old, 5 s skew),
 * `exp` (in the future) and, at login, `nonce` = crypto-core's `oidcNonce(clientPublicKey)`. A token of
 * the test identity provider's issuer must be signed RS256 by its key (idp-signer.ts); any other
 * issuer's token may carry a dummy signature, as wallet-protocol.md §7 has sandbox tokens, but never
 * `alg: none`. A token that is not shaped right is 400 INVALID_INPUT; a well-formed token whose
 * signature or claims fail is 401 UNAUTHORIZED with `details.reason`, as the OpenAPI's verify 401 says.
 *
 * @example
 *   const claims = await checkOidcToken(ctx, token, { clientPublicKey, expect: credential.oauth });
 */
import { base64UrlDecode, utf8Decode } from '@paykit/crypto-core/encoding';
import type { SandboxContext } from '../context.js';
import { invalidField, unauthorized } from '../http/errors.js';
import { sha256Hex } from './passkeys.js';
import { isObject } from '../http/validation.js';

export interface OidcIdentity {
  iss: string;
  aud: string;
  sub: string;
}

const MAX_AGE_S = 60;
const SKEW_S = 5;

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(utf8Decode(base64UrlDecode(segment)));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Checks shape and claims; resolves with the token's identity. */
export async function checkOidcToken(
  ctx: SandboxContext,
  token: string,
  options: { clientPublicKey?: string; expect?: OidcIdentity } = {},
): Promise<OidcIdentity> {
  const malformed = (why: string) => invalidField('oidcToken', why, { format: 'jwt' });
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p)))
    throw malformed('must be a JWT: three base64url segments');
  const header = decodeSegment(parts[0]!);
  const claims = decodeSegment(parts[1]!);
  if (!header || !claims) throw malformed('has a header or payload that is not base64url JSON');
  const { iss, sub, iat, exp, nonce } = claims;
  const aud = Array.isArray(claims['aud']) && claims['aud'].length === 1 ? claims['aud'][0] : claims['aud'];
  if (typeof iss !== 'string' || !iss) throw malformed('has no iss claim');
  if (typeof aud !== 'string' || !aud) throw malformed('needs an aud claim: a non-empty string or a one-element array');
  if (typeof sub !== 'string' || !sub) throw malformed('has no sub claim');
  if (typeof iat !== 'number' || typeof exp !== 'number') throw malformed('needs numeric iat and exp claims');

  const now = ctx.config.now() / 1000;
  if (typeof header['alg'] !== 'string' || header['alg'].toLowerCase() === 'none')
    throw unauthorized('Token is unsigned: alg none is never accepted');
  if (iss === ctx.idpSigner.issuer) {
    const problem = await ctx.idpSigner.verify(token);
    if (problem) throw unauthorized(problem);
  }
  if (!ctx.config.isAcceptedIssuer(iss)) throw unauthorized('Unsupported token issuer');
  if (iat > now + SKEW_S) throw unauthorized('Token iat is in the future');
  if (iat < now - MAX_AGE_S - SKEW_S) throw unauthorized('Token is stale: iat is more than 60 seconds old');
  if (exp <= now) throw unauthorized('Token expired');
  if (options.expect && (options.expect.iss !== iss || options.expect.aud !== aud || options.expect.sub !== sub)) {
    throw unauthorized('Token iss, aud or sub does not match the credential');
  }
  // wallet-protocol: lower-case hex SHA-256 of the key's hex text as sent (crypto-core's oidcNonce takes
  // lower-case keys only; the service accepts both cases).
  if (options.clientPublicKey !== undefined && nonce !== (await sha256Hex(options.clientPublicKey))) {
    throw unauthorized('Token nonce does not match clientPublicKey');
  }
  return { iss, aud, sub };
}
