/**
 * `startDemo()`: the whole demo in one process on one origin, `http://localhost:<port>/`:
 *
 *   /api/wallet/*  the platform proxy (`@paykit/proxy`) in front of the sandbox; the page's WalletClient talks here
 *   /api/demo/*    the demo platform's own backend (sign-up, profile, CSP reports)
 *   /*             the page, built by Vite at start, served with a strict Content-Security-Policy
 *
 * plus the sandbox (`startSandbox`) on its own ports: its API is reached only from this process, its
 * PAN origin is framed by the page. The sandbox accepts exactly this origin for WebAuthn and framing.
 * Every request is tagged with its source address (for the per-source bounds of limits.ts); only this
 * machine's loopback names may address the demo (DNS rebinding).
 *
 * @example
 *   const demo = await startDemo({ port: 0 });
 *   console.log(`Demo: ${demo.url}`);
 *   await demo.close();
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createSignInGrants } from '@paykit/proxy';
import { toNodeListener } from '@paykit/proxy/node';
import {
  CONTACT_VERIFICATION_CODE,
  SANDBOX_OTP_CODE,
  SCA_CODE,
  startSandbox,
  type RunningSandbox,
} from '@paykit/sandbox';
import { buildPage, DEMO_ROOT } from './build.js';
import { createDemoApi, DEMO_PREFIX } from './demo-api.js';
import { DEFAULT_LIMITS, SOURCE_HEADER, type DemoLimits } from './limits.js';
import { createPlatformClient, ServiceError } from './platform.js';
import { OAUTH_CALLBACK_PATH, securityHeaders, type CspViolation } from './security.js';
import type { OAuthSetup } from '../wire.js';
import { DemoSessions, type DemoSession } from './sessions.js';
import { staticFiles } from './static.js';
import { createWalletProxy, WALLET_PREFIX } from './wallet-proxy.js';
import { createDemoSignInLookup, SIGN_IN_LOOKUP_PATH } from './sign-in-lookup.js';

export interface StartDemoOptions {
  /** Port of the demo origin; default 5173. Taken → any free port. 0 → any free port. */
  port?: number;
  /** Sandbox API and PAN ports; default 0 (free ports). */
  sandboxPort?: number;
  sandboxPanPort?: number;
  /** Where the built page goes; default demo/dist. */
  outDir?: string;
  /** Build the page first (default true); false serves what `outDir` holds. */
  build?: boolean;
  /** Emit source maps with the page (default false: the normal start publishes none). */
  sourcemap?: boolean;
  /** Per-visitor and per-source bounds; defaults in limits.ts. */
  limits?: Partial<DemoLimits>;
  /** Log lines (default: console.error with a `[demo]` prefix). Never given secrets. */
  log?: (line: string) => void;
}

export interface RunningDemo {
  /** `http://localhost:<port>/` */
  url: string;
  origin: string;
  port: number;
  sandbox: RunningSandbox;
  /** CSP violations reported by browsers since the start (directive and blocked origin only). */
  cspReports: CspViolation[];
  /** The visitors' sessions (their count, for the memory tests). */
  sessions: DemoSessions;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 5173;

export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const log = options.log ?? ((line: string) => console.error(`[demo] ${line}`));
  const outDir = path.resolve(options.outDir ?? path.join(DEMO_ROOT, 'dist'));
  const limits: DemoLimits = { ...DEFAULT_LIMITS, ...options.limits };
  if (options.build !== false) await buildPage({ outDir, sourcemap: options.sourcemap === true });

  let handler: (request: Request) => Promise<Response> = async () =>
    new Response('Starting…', { status: 503, headers: { 'Retry-After': '1' } });
  const toHandler = toNodeListener((request) => handler(request));
  const listener: Listener = (req, res) => {
    req.headers[SOURCE_HEADER] = req.socket.remoteAddress ?? 'unknown'; // replaces any copy the client sent; rate limits and the SCA calls' endUserIpAddress read it
    toHandler(req, res);
  };
  const { servers, port } = await listenLoopback(listener, options.port ?? DEFAULT_PORT, log);
  const origin = `http://localhost:${port}`;

  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      port: options.sandboxPort ?? 0,
      panPort: options.sandboxPanPort ?? 0,
      host: '127.0.0.1',
      publicHost: 'localhost',
      allowedOrigins: [origin],
      frameAncestors: [origin],
      rpId: 'localhost',
      // the demo is the platform: its live-card allowance covers every visitor's quota, so no visitor can spend everybody's
      maxLiveCards: limits.maxSessions * limits.cardsPerVisitor,
    });
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }

  // the proxy and the backend reach the sandbox on the loopback address it listens on
  const serviceUrl = sandbox.baseUrl.replace(/^http:\/\/localhost:/, 'http://127.0.0.1:');
  const platform = createPlatformClient({ serviceUrl, authorization: sandbox.credentials.authorization });
  // a session that ends (evicted, expired, reset) closes its cards, so they stop counting against the allowance
  // (a card still PROCESSING cannot be closed yet: tried again a little later, a few times)
  const closeCard = (id: string, attemptsLeft: number): void => {
    platform.call('PATCH', `/cards/${encodeURIComponent(id)}`, { state: 'CLOSED' }).catch((error: unknown) => {
      if (
        attemptsLeft > 1 &&
        error instanceof ServiceError &&
        error.status === 409 &&
        error.code !== 'CARD_ALREADY_CLOSED'
      ) {
        setTimeout(() => closeCard(id, attemptsLeft - 1), 1_500).unref();
      }
    });
  };
  const closeCards = (session: DemoSession): void => {
    for (const id of session.cardIds) closeCard(id, 4);
  };
  const sessions = new DemoSessions({ limits, onEnd: closeCards });
  const cspReports: CspViolation[] = [];
  // one key per start: a restart forgets every visitor anyway
  const grants = createSignInGrants({ secret: randomBytes(32), cookiePath: WALLET_PREFIX });
  const wallet = createWalletProxy({
    origin,
    grants,
    serviceUrl,
    tokenId: sandbox.credentials.tokenId,
    clientSecret: sandbox.credentials.tokenSecret,
    sessions,
    platform,
    onError: (error, stage) =>
      log(`wallet proxy ${stage} error: ${error instanceof Error ? error.message : String(error)}`),
  });
  // the sandbox's test identity provider is the demo's OAuth provider: its issuer from its discovery document
  const discovery = (await (await fetch(`${sandbox.idpOrigin}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
  };
  const oauth: OAuthSetup = {
    issuer: discovery.issuer,
    authorizationEndpoint: `${sandbox.idpOrigin}/authorize`,
    clientId: 'paykit-demo',
    redirectUri: `${origin}${OAUTH_CALLBACK_PATH}`,
  };
  const api = createDemoApi({
    platform,
    sessions,
    origin,
    panOrigin: sandbox.panOrigin,
    signers: sandbox.sandbox.enclaveSigners,
    rpId: 'localhost',
    otpCode: SANDBOX_OTP_CODE,
    scaCode: SCA_CODE,
    contactCode: CONTACT_VERIFICATION_CODE,
    cspReports,
    oauth,
    log,
    limits,
  });
  const files = staticFiles(outDir);
  const signInLookup = createDemoSignInLookup({
    sessions,
    grants,
    platform,
    oauthIssuer: oauth.issuer,
    onError: (error) => log(`sign-in lookup error: ${error instanceof Error ? error.message : String(error)}`),
  });

  // DNS-rebinding guard: only this machine's loopback names may address the demo
  const hosts = new Set([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  handler = async (request) => {
    if (!hosts.has(request.headers.get('host') ?? ''))
      return new Response('Misdirected Request', {
        status: 421,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    const { pathname } = new URL(request.url);
    const isWallet = pathname === WALLET_PREFIX || pathname.startsWith(`${WALLET_PREFIX}/`);
    const isApi = isWallet || pathname.startsWith(`${DEMO_PREFIX}/`);
    const response = isWallet
      ? await wallet(request)
      : pathname === SIGN_IN_LOOKUP_PATH
        ? await signInLookup(request)
        : isApi
          ? await api(request)
          : await files(request);
    const headers = new Headers(response.headers);
    const page = (headers.get('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(
      securityHeaders({
        panOrigin: sandbox.panOrigin,
        kycOrigin: sandbox.kycOrigin,
        page,
        oauthCallback: pathname === OAUTH_CALLBACK_PATH,
      }),
    ))
      headers.set(name, value);
    if (isApi) headers.set('Cache-Control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  return {
    url: `${origin}/`,
    origin,
    port,
    sandbox,
    cspReports,
    sessions,
    async close() {
      await Promise.all(servers.map(closeServer));
      await sandbox.close();
    },
  };
}

type Listener = ReturnType<typeof toNodeListener>;

/**
 * Listens on 127.0.0.1 and, where the machine has it, [::1] with the same port (browsers may try either
 * for `localhost`). A taken port falls back to a free one.
 */
async function listenLoopback(
  listener: Listener,
  wanted: number,
  log: (line: string) => void,
): Promise<{ servers: Server[]; port: number }> {
  let port = wanted;
  for (let attempt = 0; attempt < 10; attempt++) {
    const v4 = createServer(listener);
    try {
      await listen(v4, port, '127.0.0.1');
    } catch (error) {
      if (!isCode(error, 'EADDRINUSE')) throw error;
      if (port !== 0) log(`port ${port} is taken; using a free port instead`);
      port = 0;
      continue;
    }
    const bound = (v4.address() as { port: number }).port;
    const v6 = createServer(listener);
    try {
      await listen(v6, bound, '::1');
      return { servers: [v4, v6], port: bound };
    } catch (error) {
      if (isCode(error, 'EADDRNOTAVAIL') || isCode(error, 'EAFNOSUPPORT')) return { servers: [v4], port: bound };
      await closeServer(v4);
      if (!isCode(error, 'EADDRINUSE')) throw error;
      if (port !== 0) log(`port ${port} is taken on [::1]; using a free port instead`);
      port = 0;
    }
  }
  throw new Error('No free port found for the demo');
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

function isCode(error: unknown, code: string): boolean {
  return (error as { code?: string } | null)?.code === code;
}
