/**
 * The README's "Mounting it in your server" blocks, run as written (read from the markdown by their
 * `<!-- mounting: <runner> <file> -->` markers), each on the runtime it names, in front of the sandbox:
 * `node` blocks (node:http, Express, Fastify, Hono) as Node servers, `bun`, `deno` and `workerd` blocks
 * in those runtimes (from their npm packages), and the `next` route handler's exports called with a
 * `Request`, as Next.js calls them. `wallet.mjs` is the README's too; `sessions.mjs`, which the README
 * leaves to the platform, is the test's: the cookie `session=alice` is alice. Each block is bundled by
 * esbuild (`@paykit/proxy` from its sources, the frameworks left to `node_modules`), so no runtime
 * compiles TypeScript. Each must answer a stranger 401, alice her customer, and take her terms
 * acceptance, which reaches the service only with the body intact and the client's address stamped.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { build } from 'esbuild';
import { startSandbox, type RunningSandbox } from '@paykit/sandbox';
import { after, before, describe, it, itWhen } from '@paykit/test-harness/suite';
import { freePort } from '@paykit/test-harness/free-port';
import {
  quietEnv,
  runtimeBinary,
  type RuntimeName,
  startServer,
  workerdConfig,
  type ServerProcess,
} from './runtimes/runtimes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const README = path.join(here, '../README.md');
const RUNNERS = ['module', 'node', 'next', 'workerd', 'deno', 'bun'] as const;
type Runner = (typeof RUNNERS)[number];
interface Block {
  runner: Runner;
  file: string;
  code: string;
  line: number;
}

/** Every block after a `<!-- mounting: runner file -->` marker; a malformed marker is an error. */
function readBlocks(): Block[] {
  const lines = readFileSync(README, 'utf8').split('\n');
  const blocks: Block[] = [];
  lines.forEach((text, i) => {
    const marker = /^<!-- mounting: (\S+) (\S+) -->$/.exec(text);
    if (!marker) return;
    if (!RUNNERS.includes(marker[1] as Runner)) throw new Error(`README.md:${i + 1}: unknown runner ${marker[1]}`);
    let open = i + 1;
    while (lines[open] === '') open++;
    const end = lines.indexOf('```', open + 1);
    if (lines[open] !== '```js' || end < 0) throw new Error(`README.md:${i + 1}: no js block after the marker`);
    blocks.push({
      runner: marker[1] as Runner,
      file: marker[2]!,
      code: lines.slice(open + 1, end).join('\n'),
      line: i + 1,
    });
  });
  return blocks;
}

const blocks = readBlocks();
const wallet = blocks.find((b) => b.runner === 'module' && b.file === 'wallet.mjs');
const servers = blocks.filter((b) => b.runner !== 'module');
const TOKEN_ID = 'sandbox-token';
const CLIENT_SECRET = 'sandbox-secret';
const TERMS = { termsVersion: '2025-10-01', acceptanceMethod: 'CHECKBOX' };
const skipOf = (runner: Runner) => {
  if (runner !== 'bun' && runner !== 'deno' && runner !== 'workerd') return undefined;
  const binary = runtimeBinary(runner);
  return 'skip' in binary ? binary.skip : undefined;
};

describe('the proxy README’s mounting blocks, as written', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let alice: string;
  /** How each block is reached: a base URL, or (Next.js) its route module's exports. */
  const reach = new Map<Block, Promise<(method: string, pathname: string, init: RequestInit) => Promise<Response>>>();
  const running: Array<Promise<ServerProcess>> = [];

  it('has the handler module and the eight servers', () => {
    expect(wallet, 'the wallet.mjs block').to.not.equal(undefined);
    expect(servers.map((b) => `${b.runner} ${b.file}`)).to.deep.equal([
      'node server.mjs',
      'node express.mjs',
      'node fastify.mjs',
      'node hono.mjs',
      'next app/api/wallet/[...path]/route.js',
      'workerd worker.mjs',
      'deno main.mjs',
      'bun server.mjs',
    ]);
  });

  before(async () => {
    // inside the repository, so that the frameworks the bundles leave out resolve from its node_modules
    dir = mkdtempSync(path.join(here, '.mounting-'));
    sandbox = await startSandbox({ port: 0 });
    const platform = async (pathname: string, body?: unknown) => {
      const res = await fetch(sandbox.baseUrl + pathname, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: sandbox.credentials.authorization, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
      return res.json() as Promise<any>;
    };
    alice = (
      await platform('/customers', {
        customerType: 'INDIVIDUAL',
        platformCustomerId: `alice-${Date.now()}`,
        email: 'alice@example.com',
      })
    ).id;

    writeFileSync(path.join(dir, 'wallet.mjs'), wallet!.code);
    writeFileSync(
      path.join(dir, 'sessions.mjs'),
      `import { endUserFromIds } from '@paykit/proxy';
const alice = endUserFromIds({ customerIds: [${JSON.stringify(alice)}] });
export const endUserOf = (request) => (/(?:^|;\\s*)session=alice(?:;|$)/.test(request.headers.get('Cookie') ?? '') ? alice : null);
`,
    );
    const entryPoints: Record<string, string> = {};
    servers.forEach((block, i) => {
      const file = path.join(dir, 'src', String(i), block.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, block.code);
      entryPoints[`block-${i}`] = file;
    });
    await build({
      entryPoints,
      outdir: path.join(dir, 'out'),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      conditions: ['source'],
      external: ['express', 'fastify', 'hono', '@hono/node-server'],
      logLevel: 'error',
      plugins: [
        {
          // `./wallet.mjs` beside each block, `@/wallet.mjs` in Next.js (its default alias of the app's root)
          name: 'wallet-module',
          setup(b) {
            b.onResolve({ filter: /^(?:\.|@)\/(?:wallet|sessions)\.mjs$/ }, (args) => ({
              path: path.join(dir, path.basename(args.path)),
            }));
          },
        },
      ],
    });

    const serviceEnv = { PAY_SERVICE_URL: sandbox.baseUrl, PAY_TOKEN_ID: TOKEN_ID, PAY_CLIENT_SECRET: CLIENT_SECRET };
    servers.forEach((block, i) => {
      if (skipOf(block.runner)) return;
      const bundle = path.join(dir, 'out', `block-${i}.mjs`);
      const started = (async () => {
        if (block.runner === 'next') {
          Object.assign(process.env, serviceEnv);
          const route = (await import(pathToFileURL(bundle).href)) as Record<string, (r: Request) => Promise<Response>>;
          for (const name of Object.keys(serviceEnv)) delete process.env[name];
          return (method: string, pathname: string, init: RequestInit) =>
            route[method]!(new Request(`http://localhost:3000${pathname}`, { ...init, method }));
        }
        const port = (await freePort()) as number;
        const env = {
          ...quietEnv(block.runner as RuntimeName, dir), // `module` blocks are not servers
          ...serviceEnv,
          PORT: String(port),
        };
        let server: Promise<ServerProcess>;
        if (block.runner === 'node')
          server = startServer(block.file, process.execPath, [bundle], { cwd: dir, env, port });
        else if (block.runner === 'bun')
          server = startServer('bun', (runtimeBinary('bun') as { path: string }).path, [bundle], {
            cwd: dir,
            env,
            port,
          });
        else if (block.runner === 'deno')
          // the README's command line
          server = startServer(
            'deno',
            (runtimeBinary('deno') as { path: string }).path,
            ['run', '--allow-net', '--allow-env', bundle],
            {
              cwd: dir,
              env,
              port,
            },
          );
        else {
          const config = path.join(dir, 'out', `workerd-${i}.capnp`);
          writeFileSync(
            config,
            workerdConfig(
              port,
              { 'worker.mjs': path.basename(bundle) },
              Object.entries(serviceEnv).map(([name, value]) => [name, 'text', value]),
            ),
          );
          server = startServer('workerd', (runtimeBinary('workerd') as { path: string }).path, ['serve', config], {
            cwd: path.join(dir, 'out'),
            env,
            port,
          });
        }
        running.push(server);
        await server;
        return (method: string, pathname: string, init: RequestInit) =>
          fetch(`http://127.0.0.1:${port}${pathname}`, { ...init, method });
      })();
      started.catch(() => {}); // reported by the block's own test
      reach.set(block, started);
    });
  });

  after(async () => {
    await Promise.all(
      running.map((server) =>
        server.then(
          (s) => s.stop(),
          () => {},
        ),
      ),
    );
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const block of servers) {
    const skip = skipOf(block.runner);
    itWhen(!skip, skip ?? '', `${block.runner} ${block.file} (README.md:${block.line})`, async () => {
      const send = await reach.get(block)!;
      const customer = `/api/wallet/customers/${encodeURIComponent(alice)}`;
      const stranger = await send('GET', customer, {});
      expect(stranger.status, await stranger.text()).to.equal(401);
      const own = await send('GET', customer, { headers: { Cookie: 'session=alice' } });
      const ownText = await own.text();
      expect(own.status, ownText).to.equal(200);
      expect(JSON.parse(ownText).id).to.equal(alice);
      // a body the proxy must read, and a client address it must have (else 500): the platform's edge
      // headers are sent too, as Cloudflare and Vercel set them; the Node servers read the socket
      const terms = await send('PATCH', customer, {
        headers: {
          Cookie: 'session=alice',
          'Content-Type': 'application/json',
          'CF-Connecting-IP': '127.0.0.1',
          'X-Real-IP': '127.0.0.1',
        },
        body: JSON.stringify({ customerType: 'INDIVIDUAL', endUserTermsConsent: TERMS }),
      });
      const termsText = await terms.text();
      expect(terms.status, termsText).to.equal(200);
      if (block.runner !== 'next') {
        // what is not the proxy's: the server's own 404, or the proxy's for a signed-in caller
        const outside = await send('GET', '/api/other', { headers: { Cookie: 'session=alice' } });
        expect(outside.status, 'outside /api/wallet').to.equal(404);
      }
    });
  }
});
