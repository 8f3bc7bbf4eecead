/**
 * A throwaway Redis for the shared-store tests: Debian's `redis-server` on a free loopback port, nothing
 * saved to disk, stopped by `stop()`. Without `redis-server` on PATH, `startRedis` returns the reason to
 * skip, or throws in CI (`CI=true`), where `.ci/run` installs it. `blackHole()` is a server that accepts
 * connections and never answers: Redis as a network that drops everything.
 *
 * @example
 *   const redis = await startRedis(); // { port, stop } or a skip reason
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { freePort } from '@paykit/test-harness/free-port';

export interface RedisServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** `redis-server`'s path on PATH, or undefined. */
function redisServerPath(): string | undefined {
  // Debian's package puts it in /usr/bin; a PATH trimmed by a runner (the bench once ran without one, and
  // published no Redis row) still finds it in the usual places
  const usual = ['/usr/bin', '/usr/local/bin', '/usr/sbin'];
  for (const dir of [...(process.env['PATH'] ?? '').split(path.delimiter), ...usual]) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A running Redis, or (outside CI only) why there is none. */
export async function startRedis(): Promise<RedisServer | string> {
  const binary = redisServerPath();
  if (!binary) {
    const reason = 'redis-server is not installed (apt-get install redis-server)';
    if (process.env['CI'] === 'true') throw new Error(`${reason}: .ci/run installs it`);
    return reason;
  }
  const port = (await freePort()) as number;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn(binary, [...args, '--daemonize', 'no', '--loglevel', 'warning'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // ready once it accepts a connection (within 5 s)
  for (let tries = 0; ; tries++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (tries > 100 || child.exitCode !== null) {
      child.kill();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A loopback server that takes connections and never answers. */
export async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
