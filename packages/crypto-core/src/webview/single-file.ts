/**
 * Entry of the single-file builds (`dist/single-file/paykit-core.js`, ESM, and
 * `paykit-core.global.js`, a classic script defining `PaykitCore`): the whole core and the webview
 * bridge, dependencies included, for pages without a bundler such as app assets in a mobile webview.
 *
 * @example
 *   <script src="paykit-core.global.js"></script>
 *   <script>const bridge = PaykitCore.createNativeBridge();</script>
 */
export * from '../index.js';
export * from './index.js';
