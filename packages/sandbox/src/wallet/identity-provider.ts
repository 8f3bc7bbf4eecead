/**
 * The sandbox's test identity provider: an OpenID Connect authorization endpoint on its own origin (its
 * own port, started with the sandbox) so the browser OAuth flow (popup or redirect) runs offline. It
 * speaks the implicit `response_type=id_token` flow the wallet protocol needs (the token itself goes to
 * `POST /auth/credentials/{id}/verify`, no code exchange): `GET /authorize` shows a tiny consent page
 * (or approves at once with `auto=1`, for tests), then redirects to `redirect_uri` with
 * `#id_token=…&state=…` in the fragment (never the query, so no server log sees it), or
 * `#error=access_denied&state=…` when the user cancels. Tokens are signed RS256 with the sandbox's
 * provider key (idp-signer.ts; public half at `/.well-known/jwks.json`, named by the discovery
 * document's `jwks_uri`) and carry the request's `nonce`, so the sandbox's own `checkOidcToken` judges
 * their signature and claims. A `redirect_uri` outside the sandbox's allowed browser origins is refused with a page, never
 * redirected to.
 *
 * Test knobs (sandbox only): `login_hint` picks `sub` (default `sandbox-user`); `test_nonce` replaces the
 * nonce in the token (to prove the sandbox rejects a token bound to another key).
 *
 * @example
 *   const idp = createIdentityProvider({ isAllowedRedirect: config.isAllowedOrigin, signer: sandbox.idpSigner });
 *   listen(idp.fetch, idpPort, host);
 *   // browser: http://127.0.0.1:<idpPort>/authorize?response_type=id_token&client_id=…&redirect_uri=…&state=…&nonce=…
 */
import { IDP_ALGORITHM, type IdpSigner } from './idp-signer.js';

export { SANDBOX_IDP_ISSUER } from './idp-signer.js';
/** Token lifetime in seconds. */
const TOKEN_TTL_S = 600;

export interface IdentityProviderOptions {
  /** Whether a `redirect_uri`'s origin may receive tokens (the sandbox's allowed browser origins). */
  isAllowedRedirect: (origin: string) => boolean;
  /** Clock in ms. Default `Date.now`. */
  now?: () => number;
  /** Signs the tokens (and names their `iss`); the sandbox's `idpSigner`, which verifies them. */
  signer: IdpSigner;
}

export interface IdentityProvider {
  issuer: string;
  fetch(request: Request): Promise<Response>;
}

/** The authorization request's parameters, validated. */
interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  sub: string;
  testNonce: string | undefined;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

function page(status: number, title: string, body: string, formTarget = ''): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      ...HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTarget}`,
    },
  });
}

export function createIdentityProvider(options: IdentityProviderOptions): IdentityProvider {
  const now = options.now ?? Date.now;
  const { signer } = options;
  const issuer = signer.issuer;

  /** Reads and checks the parameters; a string is what is wrong with them. */
  function parse(params: URLSearchParams): AuthorizationRequest | string {
    const get = (name: string): string => params.get(name) ?? '';
    if (get('response_type') !== 'id_token') return 'response_type must be id_token';
    if (!get('client_id')) return 'client_id is missing';
    let redirect: URL;
    try {
      redirect = new URL(get('redirect_uri'));
    } catch {
      return 'redirect_uri must be an absolute URL';
    }
    if (!/^https?:$/.test(redirect.protocol) || redirect.hash || !options.isAllowedRedirect(redirect.origin))
      return 'redirect_uri is not an allowed origin of this sandbox';
    if (!/^[\x21-\x7e]{8,512}$/.test(get('state'))) return 'state is missing';
    if (!/^[\x21-\x7e]{8,512}$/.test(get('nonce'))) return 'nonce is missing';
    return {
      clientId: get('client_id'),
      redirectUri: redirect.href,
      state: get('state'),
      nonce: get('nonce'),
      sub: get('login_hint') || 'sandbox-user',
      testNonce: params.get('test_nonce') ?? undefined,
    };
  }

  function issue(request: AuthorizationRequest): Promise<string> {
    const iat = Math.floor(now() / 1000);
    const claims = {
      iss: issuer,
      aud: request.clientId,
      sub: request.sub,
      iat,
      exp: iat + TOKEN_TTL_S,
      nonce: request.testNonce ?? request.nonce,
    };
    return signer.sign(claims);
  }

  /** 303 to the redirect URI with the result in the fragment. */
  async function answer(request: AuthorizationRequest, approved: boolean): Promise<Response> {
    const fragment = new URLSearchParams(
      approved
        ? { id_token: await issue(request), state: request.state }
        : { error: 'access_denied', state: request.state },
    );
    return new Response(null, { status: 303, headers: { ...HEADERS, location: `${request.redirectUri}#${fragment}` } });
  }

  function consent(request: AuthorizationRequest, params: URLSearchParams): Response {
    const hidden = [...params]
      .filter(([name]) => name !== 'decision' && name !== 'auto')
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const app = escapeHtml(new URL(request.redirectUri).origin);
    return page(
      200,
      'Sandbox sign-in',
      `<p>${app} wants to sign you in as <strong>${escapeHtml(request.sub)}</strong>.</p><form method="post" action="/authorize">${hidden}<button name="decision" value="approve">Continue</button><button name="decision" value="deny">Cancel</button></form>`,
      ` ${app}`,
    );
  }

  async function fetch(incoming: Request): Promise<Response> {
    const url = new URL(incoming.url);
    if (url.pathname === '/.well-known/openid-configuration' && incoming.method === 'GET') {
      return Response.json(
        {
          issuer,
          authorization_endpoint: `${url.origin}/authorize`,
          jwks_uri: `${url.origin}/.well-known/jwks.json`,
          response_types_supported: ['id_token'],
          response_modes_supported: ['fragment'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: [IDP_ALGORITHM],
        },
        { headers: HEADERS },
      );
    }
    if (url.pathname === '/.well-known/jwks.json' && incoming.method === 'GET') {
      return Response.json(await signer.jwks(), { headers: HEADERS });
    }
    if (url.pathname !== '/authorize')
      return page(404, 'Not found', '<p>This identity provider has /authorize only.</p>');
    let params: URLSearchParams;
    if (incoming.method === 'GET') params = url.searchParams;
    else if (incoming.method === 'POST') params = new URLSearchParams(await incoming.text());
    else return page(405, 'Method not allowed', '<p>GET or POST /authorize.</p>');
    const request = parse(params);
    if (typeof request === 'string') return page(400, 'Invalid sign-in request', `<p>${escapeHtml(request)}.</p>`);
    if (incoming.method === 'POST') {
      const decision = params.get('decision');
      if (decision !== 'approve' && decision !== 'deny')
        return page(400, 'Invalid sign-in request', '<p>No decision.</p>');
      return answer(request, decision === 'approve');
    }
    return params.get('auto') === '1' ? answer(request, true) : consent(request, params);
  }

  return { issuer, fetch };
}
