/**
 * Starts the conformance backend (conformance-app.ts) in Node, Bun, Deno and workerd, each from the
 * binary its npm package installed (`bun`, `deno`, `workerd`: pinned devDependencies of this package,
 * whose platform packages carry the binaries; their postinstall scripts are not needed). The app is
 * bundled once by esbuild into `conformance-app.mjs` in a temporary folder beside each runtime's tiny
 * server, and every runtime listens on 127.0.0.1 only.
 *
 * @example
 *   const dir = await buildConformance();
 *   const bun = await startRuntime('bun', dir, config); // { name, version, baseUrl, stop } or a skip reason
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { freePort } from '@paykit/test-harness/free-port';
import type { ConformanceConfig } from './conformance-app.js';

export const RUNTIMES = ['node', 'bun', 'deno', 'workerd'] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

export interface RunningRuntime {
  name: RuntimeName;
  version: string;
  baseUrl: string;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** workerd's newest compatibility date is its release date; this one is older than the pinned release. */
const WORKERD_COMPATIBILITY_DATE = '2026-11-01';

/** Bundles the app and the Node server into a new temporary folder, with the other runtimes' servers. */
export async function buildConformance(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paykit-runtimes-'));
  await build({
    entryPoints: {
      'conformance-app': path.join(here, 'conformance-app.ts'),
      'node-server': path.join(here, 'node-server.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['node:*'],
    logLevel: 'error',
  });
  for (const file of ['bun-server.mjs', 'deno-server.mjs', 'workerd-worker.mjs'])
    copyFileSync(path.join(here, file), path.join(dir, file));
  return dir;
}

/** Each npm package's binary for this platform, inside its platform package. */
const BINARIES: Record<Exclude<RuntimeName, 'node'>, Record<string, [pkg: string, file: string]>> = {
  bun: { 'linux-x64': ['@oven/bun-linux-x64', 'bin/bun'], 'linux-arm64': ['@oven/bun-linux-aarch64', 'bin/bun'] },
  deno: { 'linux-x64': ['@deno/linux-x64-glibc', 'deno'], 'linux-arm64': ['@deno/linux-arm64-glibc', 'deno'] },
  workerd: {
    'linux-x64': ['@cloudflare/workerd-linux-64', 'bin/workerd'],
    'linux-arm64': ['@cloudflare/workerd-linux-arm64', 'bin/workerd'],
  },
};

/** The runtime's binary, or why there is none (an error in CI, where `npm ci` installs them). */
export function runtimeBinary(name: RuntimeName): { path: string } | { skip: string } {
  if (name === 'node') return { path: process.execPath };
  const platform = `${process.platform}-${process.arch}`;
  const where = BINARIES[name][platform];
  let found: string | undefined;
  if (where) {
    try {
      found = path.join(path.dirname(require.resolve(`${where[0]}/package.json`)), where[1]);
    } catch {
      found = undefined;
    }
  }
  if (found && existsSync(found)) return { path: found };
  // bun's postinstall (run when npm runs install scripts) moves the platform package's binary into its own bin/
  if (name === 'bun') {
    try {
      const moved = path.join(path.dirname(require.resolve('bun/package.json')), 'bin', 'bun.exe');
      if (existsSync(moved)) return { path: moved };
    } catch {
      // no bun package either: the reason below
    }
  }
  const reason = where
    ? `${name}'s binary is not installed (${where[0]}: run npm ci)`
    : `no ${name} binary from npm is mapped for ${platform}`;
  if (process.env['CI'] === 'true') throw new Error(reason);
  return { skip: reason };
}

/** Environment variables that keep a runtime's caches in `dir` and its update checks off. */
export function quietEnv(name: RuntimeName, dir: string): Record<string, string> {
  const base = { PATH: process.env['PATH'] ?? '', HOME: dir };
  if (name === 'bun') return { ...base, BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0', DO_NOT_TRACK: '1' };
  if (name === 'deno') return { ...base, DENO_DIR: path.join(dir, '.deno'), DENO_NO_UPDATE_CHECK: '1' };
  return base;
}

/** Starts one runtime serving the conformance app; resolves once it answers. */
export async function startRuntime(
  name: RuntimeName,
  dir: string,
  binary: string,
  config: ConformanceConfig,
): Promise<RunningRuntime> {
  const json = JSON.stringify(config);
  const env = { ...quietEnv(name, dir), PAYKIT_CONFORMANCE: json };
  let args: string[];
  let port: number | undefined;
  switch (name) {
    case 'node':
      args = ['node-server.mjs'];
      break;
    case 'bun':
      args = ['bun-server.mjs'];
      break;
    case 'deno':
      args = ['run', '--quiet', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env=PAYKIT_CONFORMANCE'];
      args.push('deno-server.mjs');
      break;
    case 'workerd':
      port = (await freePort()) as number;
      writeFileSync(
        path.join(dir, 'workerd.capnp'),
        workerdConfig(port, { 'worker.mjs': 'workerd-worker.mjs', 'conformance-app.mjs': 'conformance-app.mjs' }, [
          ['CONFIG', 'json', json],
        ]),
      );
      args = ['serve', 'workerd.capnp'];
      break;
  }
  const server = await startServer(name, binary, args, { cwd: dir, env, port });
  return { name, version: versionOf(name), baseUrl: `http://127.0.0.1:${server.port}`, stop: server.stop };
}

export interface ServerProcess {
  port: number;
  stop(): Promise<void>;
}

/**
 * Spawns a server and resolves with its port: the one it prints as `LISTENING <port>`, or, when `port`
 * is given, once something answers there (within 20 s). Stopped with SIGTERM.
 */
export async function startServer(
  what: string,
  binary: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; port?: number | undefined },
): Promise<ServerProcess> {
  const child = spawn(binary, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} did not start within 20 s:\n${output}`)), 20_000);
      const done = (port: number) => (clearTimeout(timer), resolve(port));
      const read = (chunk: Buffer) => {
        output += chunk;
        const match = /LISTENING (\d+)/.exec(output);
        if (match && options.port === undefined) done(Number(match[1]));
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${what} exited (${code}):\n${output}`))));
      child.once('error', (error) => (clearTimeout(timer), reject(error)));
      if (options.port !== undefined) void untilAnswering(options.port, child).then(done, reject);
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function untilAnswering(port: number, child: { exitCode: number | null }): Promise<number> {
  for (let tries = 0; tries < 400 && child.exitCode === null; tries++) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
      return port;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nothing answers on port ${port}`);
}

/**
 * A workerd configuration: one worker (`modules`: module name → file, the first is the main module) on
 * a loopback socket, its bindings (`[name, 'json' | 'text', value]`), fetching through a network
 * service that reaches loopback addresses only.
 */
export function workerdConfig(
  port: number,
  modules: Record<string, string>,
  bindings: Array<[name: string, kind: 'json' | 'text', value: string]>,
): string {
  const list = (items: string[]) => items.map((item) => `    ${item},`).join('\n');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
${list(Object.entries(modules).map(([name, file]) => `(name = ${JSON.stringify(name)}, esModule = embed ${JSON.stringify(file)})`))}
  ],
  compatibilityDate = "${WORKERD_COMPATIBILITY_DATE}",
  bindings = [
${list(bindings.map(([name, kind, value]) => `(name = ${JSON.stringify(name)}, ${kind} = ${JSON.stringify(value)})`))}
  ],
  globalOutbound = "loopback",
);
`;
}

/** The version of the npm package the binary came from (asking the binary would start it once more). */
function versionOf(name: RuntimeName): string {
  if (name === 'node') return `node ${process.version}`;
  return `${name} ${(require(`${name}/package.json`) as { version: string }).version}`;
}
