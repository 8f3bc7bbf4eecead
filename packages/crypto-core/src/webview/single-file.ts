/**
 * Entry of the single-file builds (`dist/single-file/paykit-core.js`, ESM, and
 * `paykit-core.global.js`, a classic script defining `PaykitCore`): the whole core, the webview bridge
 * and the sandbox helpers, dependencies included, for pages without a bundler such as app assets in a
 * mobile webview. It re-exports three entries whose every export is named (the package root,
 * `/webview`, `/sandbox`), so its surface is exactly theirs.
 *
 * @example
 *   <script src="paykit-core.global.js"></script>
 *   <script>const bridge = PaykitCore.createNativeBridge();</script>
 */
export * from '../index.js';
export * from './index.js';
export * from '../sandbox.js';
