/**
 * The servers of the proxy row (bench/load/proxy-load.ts), one per process, chosen by `BENCH_PROXY_MODE`:
 *
 * - `upstream`: the payments service stand-in, a bare `node:http` server that reads the body and answers
 *   every request 200 with a fixed challenge-sized JSON body (no work of its own to measure).
 * - `floor`: a bare pass-through, the least a forwarder does: `node:http`, read the body, send it to
 *   `BENCH_PROXY_UPSTREAM` with the platform's Basic credential, write the answer back. No checks. It
 *   sends with the client the proxy's Node adapter uses (`node:http` over a keep-alive agent, see
 *   packages/proxy/src/node-upstream.ts), so the row measures the proxy's own work, not a choice of
 *   client: with the floor on `fetch` (undici, dearer per request), the proxy would gain from the swap.
 * - `memory` / `redis`: `@paykit/proxy` through `toNodeListener`, sign-in grants in the in-memory store
 *   or in Redis (`redisStore`, Redis on `BENCH_REDIS_PORT`).
 *
 * Prints `READY {"baseUrl", "cookie"?}` (the proxies: a grant for the credential the load asks a
 * challenge for, as the lookup would have set it).
 *
 * @example
 *   BENCH_PROXY_MODE=memory BENCH_PROXY_UPSTREAM=http://127.0.0.1:4000/2025-10-13 node --conditions=source --import tsx bench/load/proxy-process.ts
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createPlatformProxy, createSignInGrants, memoryStore, type ProxyStore } from '@paykit/proxy';
import { toNodeListener } from '@paykit/proxy/node';
import { REDIS_CLIENT_OPTIONS, redisStore } from '@paykit/proxy/redis';
import { BENCH_CREDENTIAL, BENCH_PREFIX } from './proxy-constants.js';

const MODE = process.env['BENCH_PROXY_MODE'];
const UPSTREAM = process.env['BENCH_PROXY_UPSTREAM'] ?? '';
const AUTHORIZATION = `Basic ${btoa('bench-token:bench-secret')}`;
const CHALLENGE = JSON.stringify({
  id: BENCH_CREDENTIAL,
  type: 'EMAIL_OTP',
  otpEncryptionTargetBundle: 'x'.repeat(240),
  expiresAt: '2030-01-01T00:00:00Z',
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, text: string, contentType = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function upstream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  await readBody(req);
  answer(res, req.headers.authorization === AUTHORIZATION ? 200 : 401, CHALLENGE);
}

const floorAgent = new Agent({ keepAlive: true, timeout: 4_000 });

async function floor(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const forwarded = await new Promise<{ status: number; text: string; contentType: string | undefined }>(
    (resolve, reject) => {
      const out = httpRequest(
        UPSTREAM + (req.url ?? '').slice(BENCH_PREFIX.length),
        {
          method: req.method ?? 'GET',
          agent: floorAgent,
          headers: {
            Authorization: AUTHORIZATION,
            'Content-Type': 'application/json',
            'Content-Length': String(body.byteLength),
          },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk: string) => (text += chunk));
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, text, contentType: answer.headers['content-type'] }),
          );
          answer.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    },
  );
  answer(res, forwarded.status, forwarded.text, forwarded.contentType ?? 'application/json');
}

let redis: Redis | undefined;
let cookie: string | undefined;
let listener: (req: IncomingMessage, res: ServerResponse) => void;
if (MODE === 'upstream') listener = (req, res) => void upstream(req, res);
else if (MODE === 'floor') listener = (req, res) => void floor(req, res);
else if (MODE === 'memory' || MODE === 'redis') {
  let store: ProxyStore;
  if (MODE === 'redis') {
    redis = new Redis(Number(process.env['BENCH_REDIS_PORT']), '127.0.0.1', REDIS_CLIENT_OPTIONS);
    store = redisStore(redis, { prefix: `bench-${process.pid}:` });
  } else store = memoryStore();
  const grants = createSignInGrants({
    secret: 'bench-grant-secret-of-at-least-32-bytes',
    cookiePath: BENCH_PREFIX,
    store,
  });
  const setCookie = await grants.issue(
    { accountId: 'InternalAccount:bench', credentialIds: [BENCH_CREDENTIAL] },
    new Request('http://127.0.0.1/'),
  );
  cookie = setCookie.split(';')[0];
  listener = toNodeListener(
    createPlatformProxy({
      serviceUrl: UPSTREAM,
      tokenId: 'bench-token',
      clientSecret: 'bench-secret',
      pathPrefix: BENCH_PREFIX,
      resolveEndUser: () => null, // not signed in to the platform yet: only the grant opens the challenge
      signIn: { grants, onSignIn: () => undefined },
      store,
    }),
  );
} else throw new Error(`BENCH_PROXY_MODE must be upstream, floor, memory or redis (got ${MODE})`);

const server = createServer(listener);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${MODE === 'upstream' ? '/2025-10-13' : ''}`;
  process.stdout.write(`READY ${JSON.stringify({ baseUrl, ...(cookie ? { cookie } : {}) })}\n`);
});
const stop = (): void => {
  server.closeAllConnections();
  server.close(() => void (redis ? redis.quit().finally(() => process.exit(0)) : process.exit(0)));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
