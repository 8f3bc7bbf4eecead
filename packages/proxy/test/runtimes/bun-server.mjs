// The conformance backend in Bun: `Bun.serve` with the bundled app (see conformance-app.ts).
import { createConformanceApp } from './conformance-app.mjs';

const app = createConformanceApp(JSON.parse(process.env.PAYKIT_CONFORMANCE));
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => app(request) });
console.log(`LISTENING ${server.port}`);
