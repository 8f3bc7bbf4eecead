/**
 * `@paykit/crypto-core/webview`: the native message bridge for pages in iOS and Android webviews (a
 * `Transport` plus session events) and its protocol types. docs/webview.md is the guide.
 *
 * @example
 *   import { createNativeBridge } from '@paykit/crypto-core/webview';
 *   const bridge = createNativeBridge();
 */
export {
  createNativeBridge,
  findNativeHost,
  sessionSummary,
  type NativeBridge,
  type NativeBridgeOptions,
  type SessionSource,
} from './bridge.js';
export {
  BRIDGE_PROTOCOL_VERSION,
  type BridgeCancelMessage,
  type BridgeErrorMessage,
  type BridgeRequestMessage,
  type BridgeResponseMessage,
  type BridgeSessionEventMessage,
  type BridgeSessionSummary,
  type NativeToPageMessage,
  type PageToNativeMessage,
} from './protocol.js';
