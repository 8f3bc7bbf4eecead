/**
 * A TCP port that is free on 127.0.0.1 now: the kernel picks it, the probe closes, the caller binds
 * it. Another process may take it in between, so callers that can bind port 0 themselves should.
 *
 * @example
 *   const port = await freePort();
 */
import { createServer } from 'node:net';

/** Resolves to a port the kernel just gave out on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
