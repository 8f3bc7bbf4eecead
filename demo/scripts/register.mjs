/**
 * Lets plain `node` run the demo's TypeScript in one process: registers tsx, then a resolve hook that
 * sends every `@paykit/*` import to the package's TypeScript source (its `source` export condition, or,
 * for a package without one such as `@paykit/proxy`, the `src/*.ts` file its `dist/*.js` is built from),
 * as `node --conditions=source --import tsx` does inside this monorepo, without needing a build.
 *
 * @example
 *   await import('./register.mjs');
 *   const { startDemo } = await import('../server/index.ts');
 */
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
// registered last, so it runs first (hooks chain last-in, first-out)
register(new URL('./source-hook.mjs', import.meta.url));
