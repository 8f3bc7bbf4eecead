/**
 * The webview bridge protocol, version 1: the messages a page running `@paykit/crypto-core` in a mobile
 * webview exchanges with its native app. The page sends JSON text (`postMessage(json)` on the iOS script
 * message handler or the Android JavaScript interface); native answers by calling the global function the
 * bridge installs (default `paykitReceive`) with one message, as an object or as JSON text.
 * docs/webview.md describes both native sides.
 *
 * @example
 *   // page -> native
 *   {"v":1,"type":"request","id":"q4x1-1","request":{"method":"POST","path":"/auth/credentials/…/challenge","body":"{}"}}
 *   // native -> page
 *   paykitReceive({"v":1,"type":"response","id":"q4x1-1","status":200,"headers":{"content-type":"application/json"},"body":"{…}"})
 */
import type { HttpMethod } from '../transport.js';

/** The protocol version both sides put in `v`. A page ignores nothing silently: a reply with another `v` fails its call. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** One backend call the native app makes for the page (its `fetch`). `body` is the exact text to send. */
export interface BridgeRequestMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'request';
  /** Unique per page load; echo it in the reply. */
  id: string;
  request: {
    method: HttpMethod;
    /** Service path, e.g. `/auth/sessions`; native prepends its backend URL. */
    path: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: string;
  };
}

/** The page gave up on a request (aborted or timed out); native may cancel it and must not reply. */
export interface BridgeCancelMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'cancel';
  id: string;
}

/** What native may learn about a session: never its key, never a credential. `null` when signed out. */
export interface BridgeSessionSummary {
  id: string;
  accountId: string;
  type: string;
  expiresAt: string;
}

/** The current session changed (sign-in, refresh, logout, expiry); also sent once when forwarding starts. */
export interface BridgeSessionEventMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'event';
  event: 'session';
  session: BridgeSessionSummary | null;
}

export type PageToNativeMessage = BridgeRequestMessage | BridgeCancelMessage | BridgeSessionEventMessage;

/** The backend answered (any status). `body` is the response text, unchanged; header names any case. */
export interface BridgeResponseMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'response';
  id: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** The backend could not be reached. The page reports a `PayError` with this code (retryable). */
export interface BridgeErrorMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'error';
  id: string;
  code: 'NETWORK_ERROR' | 'TIMEOUT';
}

export type NativeToPageMessage = BridgeResponseMessage | BridgeErrorMessage;
