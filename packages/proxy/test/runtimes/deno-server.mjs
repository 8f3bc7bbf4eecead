// The conformance backend in Deno: `Deno.serve` with the bundled app (see conformance-app.ts).
import { createConformanceApp } from './conformance-app.mjs';

const app = createConformanceApp(JSON.parse(Deno.env.get('PAYKIT_CONFORMANCE')));
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`LISTENING ${port}`) }, (request) =>
  app(request),
);
