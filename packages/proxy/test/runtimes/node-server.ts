/**
 * The conformance backend in Node: `node:http` through `@paykit/proxy/node`. Reads its configuration
 * from `PAYKIT_CONFORMANCE` (JSON), listens on a loopback port the kernel picks and prints
 * `LISTENING <port>`. Bundled with the app by esbuild, so Node runs plain JavaScript.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../src/node.js';
import { createConformanceApp } from './conformance-app.js';

const app = toNodeListener(createConformanceApp(JSON.parse(process.env['PAYKIT_CONFORMANCE']!)));
const server = createServer(app).listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => process.exit(0));
