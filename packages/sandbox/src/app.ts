/**
 * `createSandbox(options)`: the whole emulator as two Web-standard handlers. `fetch` serves the API
 * under `/2025-10-13` (CORS for the allowed origins, Basic auth, the error envelope on every failure,
 * `Cache-Control: no-store`); `panFetch` serves the PAN reveal page for the separate PAN origin. State
 * is in memory unless a store is passed. Runs wherever `Request`/`Response` and WebCrypto exist.
 *
 * @example
 *   const sandbox = createSandbox({ now: clock.now });
 *   const res = await sandbox.fetch(new Request('http://sandbox/2025-10-13/sandbox/enclave-keys', { headers }));
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { platformAuth } from './http/auth.js';
import { API_VERSION, resolveConfig, type SandboxConfig, type SandboxOptions } from './config.js';
import type { SandboxContext, SandboxEnv } from './context.js';
import { createEnclave } from './wallet/enclave.js';
import { createIdpSigner, type IdpSigner } from './wallet/idp-signer.js';
import { ApiError, toErrorResponse } from './http/errors.js';
import { allowedMethods } from './http/allowed-methods.js';
import { DroppedAnswer, FAULT_APPLIED_HEADER, FAULT_HEADER, faultMiddleware } from './http/faults.js';
import { advance } from './store/lifecycle.js';
import { createKycApp } from './onboarding/kyc-page.js';
import { createPanApp } from './money/pan-page.js';
import { accountRoutes } from './routes/accounts.js';
import { cardRoutes } from './routes/cards.js';
import { cardSimulationRoutes } from './routes/card-simulation.js';
import { credentialRoutes } from './routes/credentials.js';
import { customerRoutes } from './routes/customers.js';
import { delegatedKeyRoutes } from './routes/delegated-keys.js';
import { externalAccountRoutes } from './routes/external-accounts.js';
import { beneficiaryTrustRoutes } from './routes/beneficiary-trust.js';
import { beneficialOwnerRoutes } from './routes/beneficial-owners.js';
import { kycRoutes } from './routes/kyc.js';
import { onboardingRoutes } from './routes/onboarding.js';
import { refuseUnknownFields } from './http/request-fields.js';
import { exchangeRateRoutes } from './routes/exchange-rates.js';
import { invitationRoutes } from './routes/invitations.js';
import { quoteRoutes } from './routes/quotes.js';
import { receiverRoutes } from './routes/receivers.js';
import { discoveryRoutes } from './routes/discoveries.js';
import { directoryRoutes } from './routes/directories.js';
import { withdrawalFeeRoutes } from './routes/withdrawal-fees.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { sandboxSendRoutes } from './routes/sandbox-send.js';
import { scaRoutes } from './routes/sca.js';
import { scaFactorRoutes } from './routes/sca-factors.js';
import { scaResetRoutes } from './routes/sca-reset.js';
import { sessionRoutes } from './routes/sessions.js';
import { transactionRoutes } from './routes/transactions.js';
import { IDEMPOTENCY_HEADER } from './http/idempotency.js';
import { REQUEST_ID_HEADER, SIGNATURE_HEADER } from './wallet/signed-retry.js';
import { createMemoryState, type SandboxState } from './store/state.js';
import type { Jwk } from '@paykit/crypto-core/web-types';

export interface CreateSandboxOptions extends SandboxOptions {
  /** The store; default a fresh in-memory one. */
  state?: SandboxState;
  /** The enclave's private P-256 JWK, to keep the same signer pin across restarts. Default: fresh. */
  enclaveKey?: Jwk;
}

export interface Sandbox {
  /** The API: `{base_url}` is `<origin>/2025-10-13`. */
  fetch: (request: Request) => Promise<Response>;
  /**
   * The API as a `fetch` function, `(input, init)` as `globalThis.fetch` takes them, answered in process
   * by `fetch` above (read on every call, so a wrapper put on `sandbox.fetch` sees each request, as it does
   * behind `startSandbox`). Pass it as a client's `fetch` to run the sandbox inside Node tests without a
   * port: `fetchTransport({ baseUrl: 'http://sandbox/2025-10-13', fetch: sandbox.request })`. No `Host`
   * or `Origin` check (that is `startSandbox`'s front door); a `drop-after` fault rejects with a
   * `TypeError`, as `fetch` does when the connection is cut.
   */
  request: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The PAN reveal page, for the separate PAN origin. */
  panFetch: (request: Request) => Promise<Response>;
  /** The hosted KYC page and the end-user terms, for the separate KYC origin. */
  kycFetch: (request: Request) => Promise<Response>;
  /** Uncompressed hex keys that sign OTP and export bundles (also at `GET /sandbox/enclave-keys`). */
  enclaveSigners: string[];
  /**
   * The test identity provider's RS256 key: tokens of its issuer (`SANDBOX_IDP_ISSUER`) must carry its
   * signature. `startSandbox` serves the provider with it; without the provider, `sign` mints tokens.
   */
  idpSigner: IdpSigner;
  state: SandboxState;
  config: SandboxConfig;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** Document uploads (multipart, a file of up to 10 MB): room for the file, its fields and boundaries. */
const MAX_DOCUMENT_BODY_BYTES = 11 * 1024 * 1024;
const DOCUMENT_PATH = /\/documents(\/[^/]+)?$/;

function errorResponse(config: SandboxConfig, error: unknown): Response {
  if (error instanceof DroppedAnswer) throw error; // no answer at all: startSandbox cuts the connection
  const { status, body, headers } = toErrorResponse(error);
  if (status === 500) config.onInternalError(error);
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** Whether a string's UTF-8 encoding is longer than `limit` bytes, found without encoding it. */
function utf8LongerThan(text: string, limit: number): boolean {
  if (text.length > limit) return true; // every UTF-16 unit takes at least one byte
  if (text.length * 3 <= limit) return false; // and at most three (a surrogate pair: four for two)
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3; // a lone surrogate is encoded as U+FFFD
  }
  return bytes > limit;
}

export function createSandbox(options: CreateSandboxOptions = {}): Sandbox {
  const config = resolveConfig(options);
  const ctx: SandboxContext = {
    config,
    state: options.state ?? createMemoryState(),
    enclave: createEnclave(options.enclaveKey),
    idpSigner: createIdpSigner(),
  };

  const api = new Hono<SandboxEnv>();
  api.use('*', async (c, next) => {
    // Declared or actual size over the limit is 413 (the body is read once here; Hono caches it). GET
    // and HEAD carry none, and nothing asks the request for its stream: under @hono/node-server that
    // would build a second, full `Request` for every request.
    // Multipart document uploads are read as bytes (a file is no text) under their own larger limit.
    const declared = Number(c.req.header('Content-Length') ?? 0);
    const method = c.req.method;
    const upload = DOCUMENT_PATH.test(c.req.path) && /^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '');
    const limit = upload ? MAX_DOCUMENT_BODY_BYTES : MAX_BODY_BYTES;
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const tooLarge =
      declared > limit ||
      (hasBody &&
        (upload ? (await c.req.arrayBuffer()).byteLength > limit : utf8LongerThan(await c.req.text(), limit)));
    if (tooLarge) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    await next();
  });
  api.use('*', platformAuth(config));
  api.use('*', refuseUnknownFields(`/${API_VERSION}`));
  api.use('*', async (_c, next) => {
    advance(ctx);
    await next();
  });
  // Literal paths first: /customers/internal-accounts before /customers/{id}.
  for (const routes of [
    accountRoutes,
    externalAccountRoutes, // /customers/external-accounts before /customers/{id}
    beneficiaryTrustRoutes,
    onboardingRoutes,
    customerRoutes,
    kycRoutes,
    beneficialOwnerRoutes,
    credentialRoutes,
    sessionRoutes,
    delegatedKeyRoutes,
    quoteRoutes,
    exchangeRateRoutes,
    receiverRoutes,
    discoveryRoutes,
    directoryRoutes,
    withdrawalFeeRoutes,
    scaRoutes,
    scaFactorRoutes,
    scaResetRoutes,
    cardRoutes,
    sandboxRoutes,
    transactionRoutes,
    invitationRoutes,
    cardSimulationRoutes,
    sandboxSendRoutes,
  ]) {
    api.route('/', routes(ctx));
  }

  const app = new Hono<SandboxEnv>();
  app.use(
    '*',
    cors({
      // No Origin (server-to-server calls, the common case) is answered without parsing an empty URL.
      origin: (origin) => (origin && config.isAllowedOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'Authorization',
        'Content-Type',
        SIGNATURE_HEADER,
        REQUEST_ID_HEADER,
        IDEMPOTENCY_HEADER,
        FAULT_HEADER,
      ],
      exposeHeaders: ['Retry-After', FAULT_APPLIED_HEADER],
      maxAge: 600,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    // the service's clock, as its timestamps (createdAt, expiresAt) are: clients judge those by it
    c.header('Date', new Date(config.now()).toUTCString());
  });
  // Faults on purpose (faults.ts): inside CORS, so a page can read a fault's answer; around the whole API.
  app.use(
    '*',
    faultMiddleware({ rules: config.faults, prefix: `/${API_VERSION}`, replay: async (request) => app.fetch(request) }),
  );
  app.route(`/${API_VERSION}`, api);
  const allowed = allowedMethods(api.routes);
  app.notFound((c) => {
    const path = c.req.path.startsWith(`/${API_VERSION}/`) ? c.req.path.slice(API_VERSION.length + 1) : undefined;
    const allow = path === undefined ? undefined : allowed(path);
    return errorResponse(
      config,
      allow
        ? new ApiError(405, 'METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here; use ${allow}`, undefined, {
            Allow: allow,
          })
        : new ApiError(404, 'REFERENCE_NOT_FOUND', 'No such endpoint'),
    );
  });
  app.onError((error) => errorResponse(config, error));

  const pan = createPanApp(ctx);
  const kyc = createKycApp(ctx);
  const sandbox: Sandbox = {
    fetch: async (request) => app.fetch(request),
    request: async (input, init) => {
      try {
        return await sandbox.fetch(new Request(input, init));
      } catch (error) {
        if (error instanceof DroppedAnswer) throw new TypeError('fetch failed', { cause: error });
        throw error;
      }
    },
    panFetch: async (request) => pan.fetch(request),
    kycFetch: async (request) => kyc.fetch(request),
    enclaveSigners: [ctx.enclave.publicKey],
    idpSigner: ctx.idpSigner,
    state: ctx.state,
    config,
  };
  return sandbox;
}
