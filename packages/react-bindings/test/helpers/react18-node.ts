/**
 * React 18 in Node beside the React 19 the repo installs: the root devDependencies alias it as
 * `react18` and `react-dom18`, but react-dom18's own `require('react')` and `require('react-dom')`
 * would still reach the React 19 copies. This points requires made from inside the two 18 packages at
 * their 18 siblings, and at nothing else.
 *
 * @example
 *   const { React, ReactDOMServer } = loadReact18();
 *   ReactDOMServer.renderToString(React.createElement(App));
 */
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import type * as ReactDOMServerModule from 'react-dom/server';
import type { ReactModule } from '../../src/react-module.js';

type ResolveFilename = (
  request: string,
  parent: { filename?: string | null } | undefined,
  ...rest: unknown[]
) => string;

const require = createRequire(import.meta.url);
const packageDirs = ['react18', 'react-dom18'].map(
  (name) => path.dirname(require.resolve(`${name}/package.json`)) + path.sep,
);
let patched = false;

function redirectRequiresInside18(): void {
  if (patched) return;
  patched = true;
  const internals = Module as unknown as { _resolveFilename: ResolveFilename };
  const original = internals._resolveFilename;
  internals._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const from = parent?.filename;
    const target = /^(react|react-dom)(\/.*)?$/.exec(request);
    if (from && target && packageDirs.some((dir) => from.startsWith(dir))) request = `${target[1]}18${target[2] ?? ''}`;
    return original.call(this, request, parent, ...rest);
  };
}

export function loadReact18(): { React: ReactModule; ReactDOMServer: typeof ReactDOMServerModule } {
  redirectRequiresInside18();
  const React = require('react18') as ReactModule;
  const ReactDOMServer = require('react-dom18/server') as typeof ReactDOMServerModule;
  if (!React.version.startsWith('18.')) throw new Error(`react18 is React ${React.version}`);
  return { React, ReactDOMServer };
}
