/**
 * `startSandbox(options)`: the sandbox on real ports. The API, the PAN page and the test identity
 * provider listen on three ports (three origins), `port: 0` picks free ones so suites can run in parallel. Resolves with the base URL,
 * the PAN origin, the platform credentials and `close()`.
 *
 * @example
 *   const server = await startSandbox({ port: 0 });
 *   await fetch(`${server.baseUrl}/sandbox/enclave-keys`, { headers: { Authorization: server.credentials.authorization } });
 *   await server.close();
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandbox, type CreateSandboxOptions, type Sandbox } from './app.js';
import { API_VERSION, type SandboxConfig } from './config.js';
import { DroppedAnswer } from './http/faults.js';
import { createIdentityProvider } from './wallet/identity-provider.js';
import { allowedHostNames, guardRequests } from './http/request-guard.js';

export interface StartSandboxOptions extends CreateSandboxOptions {
  /** API port; 0 (default) picks a free one. */
  port?: number;
  /** PAN page port; 0 (default) picks a free one. */
  panPort?: number;
  /** Hosted KYC page port; 0 (default) picks a free one. */
  kycPort?: number;
  /** Test identity provider port (its own origin); 0 (default) picks a free one. */
  idpPort?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Host name used in the URLs handed out. Default: `host` (`localhost` for a wildcard host). */
  publicHost?: string;
}

export interface SandboxCredentials {
  tokenId: string;
  tokenSecret: string;
  /** `Basic …` header value of the TRANSACT + VIEW token. */
  authorization: string;
  viewTokenId: string;
  viewTokenSecret: string;
  /** `Basic …` header value of the VIEW-only token. */
  viewAuthorization: string;
}

export interface RunningSandbox {
  /** `http://host:port`. */
  url: string;
  /** `{base_url}`: `http://host:port/2025-10-13`. */
  baseUrl: string;
  /** Origin of the PAN page (`panEmbedUrl`s point there). */
  panOrigin: string;
  /** Origin of the hosted KYC page and the end-user terms (`kycUrl`s point there). */
  kycOrigin: string;
  /** Origin of the test identity provider (`${idpOrigin}/authorize`, identity-provider.ts). */
  idpOrigin: string;
  credentials: SandboxCredentials;
  sandbox: Sandbox;
  close(): Promise<void>;
}

const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${id}:${secret}`, 'utf8').toString('base64')}`;

/** The first two configured tokens as `startSandbox` hands them out (TRANSACT + VIEW, then VIEW only). */
export function sandboxCredentials(config: Pick<SandboxConfig, 'tokens'>): SandboxCredentials {
  const [full, view] = config.tokens;
  return {
    tokenId: full?.id ?? '',
    tokenSecret: full?.secret ?? '',
    authorization: full ? basic(full.id, full.secret) : '',
    viewTokenId: view?.id ?? '',
    viewTokenSecret: view?.secret ?? '',
    viewAuthorization: view ? basic(view.id, view.secret) : '',
  };
}

/**
 * A `drop-after` fault's lost answer (faults.ts): the socket is destroyed before a byte of the answer is
 * written, so the client sees the connection reset (fetch: a network error; a proxy: its upstream failed).
 */
function cutConnection(error: unknown, env: { outgoing?: { socket?: { destroy(): void } | null } }): Response {
  if (!(error instanceof DroppedAnswer)) throw error;
  env.outgoing?.socket?.destroy();
  return new Response(null, { status: 500 }); // written nowhere: the socket is gone
}

function listen(
  fetch: (request: Request) => Promise<Response>,
  port: number,
  host: string,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (request: Request, env: { outgoing?: { socket?: { destroy(): void } | null } }) =>
          fetch(request).catch((error: unknown) => cutConnection(error, env)),
        port,
        hostname: host,
        overrideGlobalObjects: false,
      },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
}

const closeServer = (server: ServerType): Promise<void> =>
  new Promise((resolve) => {
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close(() => resolve());
  });

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const urlHost =
    options.publicHost ?? (host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host);
  let sandbox: Sandbox | undefined;
  const unavailable = async (): Promise<Response> => new Response('starting', { status: 503 });
  const hosts = allowedHostNames({
    host,
    publicHost: urlHost,
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  const pan = await listen(
    guardRequests({ hosts }, (request) => (sandbox ? sandbox.panFetch(request) : unavailable())),
    options.panPort ?? 0,
    host,
  );
  const panOrigin = options.panOrigin ?? `http://${urlHost}:${pan.port}`;
  let kyc: { server: ServerType; port: number };
  try {
    kyc = await listen(
      guardRequests({ hosts }, (request) => (sandbox ? sandbox.kycFetch(request) : unavailable())),
      options.kycPort ?? 0,
      host,
    );
  } catch (error) {
    await closeServer(pan.server);
    throw error;
  }
  const kycOrigin = options.kycOrigin ?? `http://${urlHost}:${kyc.port}`;
  let api: { server: ServerType; port: number };
  try {
    sandbox = createSandbox({ ...options, panOrigin, kycOrigin });
    api = await listen(
      guardRequests({ hosts, isAllowedOrigin: sandbox.config.isAllowedOrigin }, (request) => sandbox!.fetch(request)),
      options.port ?? 0,
      host,
    );
  } catch (error) {
    await Promise.all([closeServer(pan.server), closeServer(kyc.server)]);
    throw error;
  }
  let idp: { server: ServerType; port: number };
  try {
    const provider = createIdentityProvider({
      isAllowedRedirect: sandbox.config.isAllowedOrigin,
      now: sandbox.config.now,
      signer: sandbox.idpSigner,
    });
    idp = await listen(guardRequests({ hosts }, provider.fetch), options.idpPort ?? 0, host);
  } catch (error) {
    await Promise.all([closeServer(pan.server), closeServer(kyc.server), closeServer(api.server)]);
    throw error;
  }
  const url = `http://${urlHost}:${api.port}`;
  const credentials = sandboxCredentials(sandbox.config);
  return {
    url,
    baseUrl: `${url}/${API_VERSION}`,
    panOrigin,
    kycOrigin,
    idpOrigin: `http://${urlHost}:${idp.port}`,
    credentials,
    sandbox,
    close: async () => {
      await Promise.all([
        closeServer(api.server),
        closeServer(pan.server),
        closeServer(kyc.server),
        closeServer(idp.server),
      ]);
    },
  };
}
