/**
 * The platform proxy's handler as the Node adapter calls it when it is given the proxy itself: the same
 * checks, but the service's answer comes back as a `RelayedAnswer` (status, headers, bytes), which
 * `toNodeListener` writes to the socket without building a `Response` and reading it back. Any other
 * handler (or the proxy's wrapped in the platform's own function) is called as a Fetch handler.
 *
 * @example
 *   const handler = withDirectHandler(fetchHandler, direct);
 *   directHandlerOf(handler)?.(request); // Response | RelayedAnswer
 */
import type { RelayedAnswer } from './upstream.js';

export type DirectHandler = (request: Request) => Promise<Response | RelayedAnswer>;

const handlers = new WeakMap<object, DirectHandler>();

/** Notes `direct` as the way to call `handler` from the Node adapter; returns `handler`. */
export function withDirectHandler<T extends object>(handler: T, direct: DirectHandler): T {
  handlers.set(handler, direct);
  return handler;
}

export function directHandlerOf(handler: object): DirectHandler | undefined {
  return handlers.get(handler);
}
