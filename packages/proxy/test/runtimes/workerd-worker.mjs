// The conformance backend in workerd: a module worker with the bundled app; its configuration is the
// `CONFIG` JSON binding and its outbound fetches go through a loopback-only network service (runtimes.ts).
import { createConformanceApp } from './conformance-app.mjs';

let app;
export default {
  fetch(request, env) {
    app ??= createConformanceApp(env.CONFIG);
    return app(request);
  },
};
