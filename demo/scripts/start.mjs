#!/usr/bin/env node
/**
 * `npm run demo`: builds the page and starts the sandbox, the wallet proxy, the demo backend and the
 * page on one origin, in this one Node process, then prints `Demo: http://localhost:<port>/`.
 *
 * Env: PORT (default 5173; a taken port falls back to a free one), SANDBOX_PORT and SANDBOX_PAN_PORT
 * (default: free ports), DEMO_NO_BUILD=1 to serve demo/dist as it is, DEMO_SOURCEMAP=1 to emit source maps
 * (off by default: the normal start publishes none).
 */
await import('./register.mjs');
const { startDemo } = await import('../server/index.ts');

const number = (value, name) => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return n;
};

const demo = await startDemo({
  port: number(process.env.PORT, 'PORT'),
  sandboxPort: number(process.env.SANDBOX_PORT, 'SANDBOX_PORT'),
  sandboxPanPort: number(process.env.SANDBOX_PAN_PORT, 'SANDBOX_PAN_PORT'),
  build: process.env.DEMO_NO_BUILD !== '1',
  sourcemap: process.env.DEMO_SOURCEMAP === '1',
});
console.error(
  `[demo] sandbox API ${demo.sandbox.url} (reached only by this process), PAN origin ${demo.sandbox.panOrigin}`,
);
console.log(`Demo: ${demo.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    demo.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
