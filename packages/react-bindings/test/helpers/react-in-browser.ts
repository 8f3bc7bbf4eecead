/**
 * React in a browser test page. React 18 and 19 ship CommonJS only, and the browser runner serves
 * files as native modules without converting CommonJS, so this loads React's own development builds
 * from `/node_modules` and evaluates them with a minimal `require`. The code under test takes React
 * as a parameter (`createPaykitReact(React)`), so it runs unchanged on whichever copy is loaded here:
 * React 19 (`react`, `react-dom`) or React 18 (the `react18`, `react-dom18` aliases).
 *
 * @example
 *   const { React, ReactDOM, ReactDOMClient } = await loadReact(18);
 *   const root = ReactDOMClient.createRoot(container);
 *   ReactDOM.flushSync(() => root.render(React.createElement(App)));
 */
import type * as ReactDOMModule from 'react-dom';
import type * as ReactDOMClientModule from 'react-dom/client';
import type { ReactModule } from '../../src/react-module.js';

export interface ReactCopy {
  React: ReactModule;
  ReactDOM: typeof ReactDOMModule;
  ReactDOMClient: typeof ReactDOMClientModule;
}

type Version = 18 | 19;

/** Where each bare name a React module requires lives, per version. */
const COPIES: Record<Version, Record<string, string>> = {
  19: {
    react: '/node_modules/react/index.js',
    'react-dom': '/node_modules/react-dom/index.js',
    'react-dom/client': '/node_modules/react-dom/client.js',
    scheduler: '/node_modules/scheduler/index.js',
  },
  18: {
    react: '/node_modules/react18/index.js',
    'react-dom': '/node_modules/react-dom18/index.js',
    'react-dom/client': '/node_modules/react-dom18/client.js',
    scheduler: '/node_modules/react-dom18/node_modules/scheduler/index.js',
  },
};

const PROCESS = Object.freeze({ env: Object.freeze({ NODE_ENV: 'development' }) });
const REQUIRE = /\brequire\(\s*(['"])([^'"]+)\1\s*\)/g;
const sources = new Map<string, string>();
const loaded = new Map<Version, ReactCopy>();

export async function loadReact(version: Version): Promise<ReactCopy> {
  const cached = loaded.get(version);
  if (cached) return cached;
  const names = COPIES[version];
  const resolve = (specifier: string, from: string): string => {
    if (specifier.startsWith('.')) return new URL(specifier, new URL(from, location.origin)).pathname;
    const url = names[specifier];
    if (!url) throw new Error(`React ${version} requires ${specifier}, which this loader does not know`);
    return url;
  };

  const fetchTree = async (url: string): Promise<void> => {
    if (sources.has(url)) return;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: ${response.status}`);
    const source = await response.text();
    sources.set(url, source);
    // the development builds are all that NODE_ENV=development requires
    const required = [...source.matchAll(REQUIRE)].map((m) => m[2]!).filter((s) => !/production|profiling/.test(s));
    await Promise.all(required.map((specifier) => fetchTree(resolve(specifier, url))));
  };

  const modules = new Map<string, { exports: Record<string, unknown> }>();
  const requireUrl = (url: string): unknown => {
    const existing = modules.get(url);
    if (existing) return existing.exports;
    const module = { exports: {} as Record<string, unknown> };
    modules.set(url, module);
    const source = sources.get(url);
    if (source === undefined) throw new Error(`${url} was not fetched`);
    const evaluate = new Function('module', 'exports', 'require', 'process', `${source}\n//# sourceURL=${url}`) as (
      ...args: unknown[]
    ) => void;
    evaluate(module, module.exports, (specifier: string) => requireUrl(resolve(specifier, url)), PROCESS);
    return module.exports;
  };

  await Promise.all(Object.values(names).map(fetchTree));
  const copy: ReactCopy = {
    React: requireUrl(names['react']!) as ReactModule,
    ReactDOM: requireUrl(names['react-dom']!) as typeof ReactDOMModule,
    ReactDOMClient: requireUrl(names['react-dom/client']!) as typeof ReactDOMClientModule,
  };
  if (!copy.React.version.startsWith(`${version}.`))
    throw new Error(`loaded React ${copy.React.version}, wanted ${version}`);
  loaded.set(version, copy);
  return copy;
}
