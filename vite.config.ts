/**
 * Vite configuration of the one thing Vite builds here: the demo page (`demo/index.html` → `demo/dist`).
 * `npm run demo` builds with this same configuration through `demo/server/build.ts` and serves the
 * result behind the platform proxy with a strict CSP; this file lets `npx vite build` at the root produce
 * the identical page (to inspect its output, or to serve it from another backend).
 */
import path from 'node:path';
import { defineConfig } from 'vite';
import { DEMO_ROOT, viteConfig } from './demo/server/build.ts';

export default defineConfig(viteConfig(path.join(DEMO_ROOT, 'dist')));
