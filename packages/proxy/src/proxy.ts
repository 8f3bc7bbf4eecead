/**
 * `createPlatformProxy`: the handler a platform mounts on its backend so that its pages can run the
 * embedded-wallet flows against the payments service without ever holding the platform credential. Each
 * request must come from a signed-in end user, be on the allowlist, and name only resources that user
 * owns; then it is forwarded with the credential added and the body bytes untouched.
 *
 * Order of checks: browser request from a foreign page, by `Origin` or `Sec-Fetch-Site` (403), no end
 * user (401; with `signIn`, a sign-in grant stands in for one on its credentials' challenge and verify,
 * see sign-in-grants.ts; a `public` route, the sandbox's enclave keys, needs none), not allowlisted (404), a body that is not `application/json` (415; `multipart/form-data`
 * with an `Origin` on the document uploads), body too large (413),
 * a query name the route does not take as spelled, malformed or ambiguous parameters (400), resource not owned or field not allowed (403).
 *
 * @example
 *   const handler = createPlatformProxy({
 *     serviceUrl: 'http://localhost:4010/2025-10-13',
 *     tokenId: process.env.PAY_TOKEN_ID!,
 *     clientSecret: process.env.PAY_CLIENT_SECRET!,
 *     pathPrefix: '/api/wallet',
 *     resolveEndUser: async (request) => {
 *       const user = await mySessions.lookup(request);
 *       return user && endUserFromIds({ customerIds: [user.customerId], accountIds: user.accountIds });
 *     },
 *   });
 *   // Web-standard servers: export default { fetch: handler }; Node: see '@paykit/proxy/node'.
 */
import { matchRoute, MULTIPART_MAX_BODY_BYTES } from './allowlist.js';
import { stampBackendFacts } from './backend-facts.js';
import { readBodyLimited } from './body.js';
import { judgeCardChange, type JudgedCardChange } from './card-controls.js';
import { type PlatformProxyOptions, type ProxyConfig, resolveConfig } from './config.js';
import type { EndUser } from './end-user.js';
import { errorResponse } from './errors.js';
import { isJsonContentType } from './json.js';
import { checkRequestOrigin } from './origin.js';
import { checkOwnership } from './ownership.js';
import { parseServicePath } from './path.js';
import { queryString, readQuery } from './query.js';
import { grantedEndUser, type SignInGrant } from './sign-in-grants.js';
import { withDirectHandler } from './direct-handler.js';
import { forward, forwardRelayed, preferredExchange, type RelayedAnswer, relayedResponse } from './upstream.js';

export type PlatformProxyHandler = (request: Request) => Promise<Response>;

export function createPlatformProxy(options: PlatformProxyOptions): PlatformProxyHandler {
  const config = resolveConfig(options);
  const direct = async (request: Request): Promise<Response | RelayedAnswer> => {
    try {
      return await handle(config, request);
    } catch (error) {
      config.onError(error, 'internal');
      return internalError();
    }
  };
  return withDirectHandler(async (request: Request) => {
    const answer = await direct(request);
    return answer instanceof Response ? answer : relayedResponse(answer);
  }, direct);
}

async function handle(config: ProxyConfig, request: Request): Promise<Response | RelayedAnswer> {
  const foreign = checkRequestOrigin(request, config.origins);
  if (foreign) return errorResponse(403, 'FORBIDDEN', foreign);

  let endUser: EndUser | null;
  try {
    endUser = await config.resolveEndUser(request);
  } catch (error) {
    config.onError(error, 'resolveEndUser');
    return internalError();
  }
  const url = new URL(request.url);
  const segments = parseServicePath(url.pathname, config.pathPrefix);
  const match = segments && matchRoute(request.method, segments, { sandbox: config.sandbox });

  // A sign-in the lookup granted: that account's credentials' challenge and verify, for whoever holds the grant.
  let grant: SignInGrant | undefined;
  const credentialId = match?.route.signIn ? match.params['id'] : undefined;
  if (config.signIn && credentialId !== undefined) {
    const found = await config.signIn.grants.read(request);
    if (found?.credentialIds.includes(credentialId)) {
      grant = found;
      endUser = grantedEndUser(found, endUser ?? null);
    }
  }
  // public data (the sandbox's enclave keys, pinned before anyone signs in) names nothing anyone owns
  if ((endUser === null || endUser === undefined) && match?.route.public) endUser = NOBODY;
  if (endUser === null || endUser === undefined) {
    return errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue.');
  }
  if (!segments || !match) return errorResponse(404, 'NOT_FOUND', 'Not found.');

  // Every route takes JSON but the document uploads, which take only multipart/form-data: a form or
  // text/plain post elsewhere (the kind a foreign page can send without CORS) is refused. A multipart
  // form can be posted cross-site without CORS too, so an upload must carry an allowed `Origin`.
  const contentType = request.headers.get('Content-Type');
  const multipart = match.route.multipart === true;
  if (multipart) {
    if (!/^multipart\/form-data\s*;/i.test(contentType ?? '')) return unsupportedMediaType('multipart/form-data');
    if (request.headers.get('Origin') === null)
      return errorResponse(403, 'FORBIDDEN', 'A document upload must come from a page (Origin required).');
  } else if (contentType !== null && !isJsonContentType(contentType)) return unsupportedMediaType();
  const limit = multipart ? Math.max(config.maxBodyBytes, MULTIPART_MAX_BODY_BYTES) : config.maxBodyBytes;
  let body = await readBodyLimited(request, limit);
  if (body === 'too-large') return errorResponse(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (body.byteLength > 0 && contentType === null) return unsupportedMediaType();

  const query = readQuery(match.route, url.search);
  if (query instanceof Response) return query;
  const exchange = preferredExchange(request);
  const readService = (servicePath: string) =>
    forward(config, {
      url: `${config.serviceBase}${servicePath}`,
      method: 'GET',
      headers: new Headers(),
      body: new Uint8Array(),
      get signal() {
        return request.signal; // read only by an exchange that listens to it (not the Node adapter's)
      },
      exchange,
    });
  let refusal: Response | undefined;
  let cardChange: JudgedCardChange | undefined;
  try {
    refusal = await checkOwnership(match, query, body, contentType, endUser, readService);
    if (!refusal && match.route.cardControls) {
      const judged = await judgeCardChange(config.cardControls, match.params['id']!, body, readService);
      if (judged instanceof Response) refusal = judged;
      else cardChange = judged;
    }
  } catch (error) {
    config.onError(error, 'ownership');
    return internalError();
  }
  if (refusal) return refusal;
  // where the end user is and when they acted: the backend's word, never the page's
  const clientAddress = config.clientAddress(request);
  const stamped = stampBackendFacts(match.route, body, clientAddress, config.now());
  if (stamped instanceof Response) {
    if (stamped.status === 500 && !clientAddress)
      config.onError(new Error('No client address for a call the service needs it in: pass clientAddress'), 'internal');
    return stamped;
  }
  body = stamped;

  const relayed = await forwardRelayed(config, {
    url: `${config.serviceBase}/${segments.join('/')}${queryString(query)}`,
    method: request.method,
    headers: request.headers,
    body,
    get signal() {
      return request.signal;
    },
    exchange,
  });
  const ok = relayed.status >= 200 && relayed.status < 300;
  if (match.route.changesOwnership && ok) {
    try {
      await endUser.changed?.();
    } catch (error) {
      config.onError(error, 'ownership');
    }
  }
  const signingOut = match.route.signOut && ok && relayed.status !== 202 && config.onSignOut;
  const signingIn = grant && match.route.signIn === 'verify' && relayed.status === 200;
  const recording = cardChange && relayed.status === 200;
  // as it came, unless a step below reads or adds to it
  if (!signingOut && !signingIn && !recording) return relayed;
  const answer = relayed instanceof Response ? relayed : relayedResponse(relayed);
  if (recording) {
    try {
      await cardChange!.record(answer.clone());
    } catch (error) {
      config.onError(error, 'ownership');
    }
  }
  if (signingOut) return signedOut(config, request, match.params['id']!, answer);
  return signingIn ? signedIn(config, request, grant!, credentialId!, answer) : answer;
}

/** Owns nothing: whoever asks for a public route. */
const NOBODY: EndUser = { owns: () => false };

/**
 * A granted verify issued a session: the platform's `onSignIn` starts its own session (its headers join the
 * answer; only its `Set-Cookie`s are taken), the browser gets the device cookie the lookup honours, and the
 * grant is cleared. A session for another account than the granted one is only reported.
 */
async function signedIn(
  config: ProxyConfig,
  request: Request,
  grant: SignInGrant,
  credentialId: string,
  answer: Response,
): Promise<Response> {
  const signIn = config.signIn!;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.append('Set-Cookie', signIn.grants.clear(request));
  let first: boolean; // single use: a copy of the grant, or a verify racing this one, starts no second session
  try {
    first = (await signIn.grants.use?.(grant)) ?? true;
  } catch (error) {
    config.onError(error, 'onSignIn');
    first = false;
  }
  let session: { id?: unknown; accountId?: unknown; expiresAt?: unknown } | undefined;
  try {
    session = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    session = undefined;
  }
  if (
    typeof session?.id !== 'string' ||
    typeof session.expiresAt !== 'string' ||
    session.accountId !== grant.accountId
  ) {
    config.onError(new Error('A granted sign-in answered a session the grant does not name'), 'onSignIn');
  } else if (!first) {
    config.onError(new Error('A sign-in grant was used again after it signed someone in'), 'onSignIn');
  } else {
    const device = await signIn.grants.remember?.(grant.accountId, request);
    if (device) headers.append('Set-Cookie', device);
    try {
      const added = await signIn.onSignIn?.(
        { accountId: grant.accountId, credentialId, session: { id: session.id, expiresAt: session.expiresAt } },
        request,
      );
      for (const cookie of new Headers(added ?? undefined).getSetCookie()) headers.append('Set-Cookie', cookie);
    } catch (error) {
      config.onError(error, 'onSignIn');
    }
  }
  return new Response(bytes, { status: answer.status, statusText: answer.statusText, headers });
}

/** A wallet session ended through the proxy: the platform's `onSignOut` may end its own (its `Set-Cookie`s join the answer). */
async function signedOut(
  config: ProxyConfig,
  request: Request,
  sessionId: string,
  answer: Response,
): Promise<Response> {
  const headers = new Headers(answer.headers);
  try {
    const added = await config.onSignOut!({ sessionId }, request);
    for (const cookie of new Headers(added ?? undefined).getSetCookie()) headers.append('Set-Cookie', cookie);
  } catch (error) {
    config.onError(error, 'onSignOut');
  }
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

function unsupportedMediaType(type = 'application/json'): Response {
  return errorResponse(415, 'UNSUPPORTED_MEDIA_TYPE', `The request body must be sent as ${type}.`);
}

function internalError(): Response {
  return errorResponse(500, 'INTERNAL_ERROR', 'The request could not be handled.');
}
