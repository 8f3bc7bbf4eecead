/**
 * Types of the classic single-file build (`paykit-core.global.js`), which defines one global,
 * `PaykitCore`, holding what `@paykit/crypto-core/single-file` exports. Reference it to type the global.
 *
 * @example
 *   /// <reference types="@paykit/crypto-core/single-file/global" />
 *   const bridge = PaykitCore.createNativeBridge();
 */
import type * as SingleFile from './single-file.js';

declare global {
  // `var`: a classic script's top-level binding is a property of the global object
  var PaykitCore: typeof SingleFile;
}
