/**
 * The bytes a `Request` or `Response` body was made from, kept beside it (in a WeakMap), so the proxy's
 * own steps take them without reading the body's stream: `toNodeListener` notes the request body it read,
 * the proxy notes the service's answer it relays, and `readBodyLimited` and `toNodeListener` take them.
 * A Web stream read costs Node's fetch a reader and several promise turns per body (in a CPU profile of
 * the proxy, the request body's read fell from 1.0 % to 0.4 %). The body itself is still there, unread,
 * for anyone else.
 *
 * @example
 *   const request = withKnownBody(new Request(url, { method: 'POST', body: bytes }), bytes);
 *   knownBody(request); // bytes, while request.body has not been read
 */

const bodies = new WeakMap<Request | Response, Uint8Array<ArrayBuffer>>();

/**
 * Where a `Request` subclass of an adapter (node.ts) keeps the bytes as a field of its own, instead of in
 * the WeakMap: a WeakMap entry per request is an ephemeron the collector must trace.
 */
export const KNOWN_BODY: unique symbol = Symbol('known body');

/** Notes that `message`'s body is exactly `bytes` (which nobody may change afterwards), and returns it. */
export function withKnownBody<T extends Request | Response>(message: T, bytes: Uint8Array<ArrayBuffer>): T {
  bodies.set(message, bytes);
  return message;
}

/** The bytes `message`'s body was made from, if noted and its stream is not read yet. */
export function knownBody(message: Request | Response): Uint8Array<ArrayBuffer> | undefined {
  if (message.bodyUsed) return undefined;
  return (message as { [KNOWN_BODY]?: Uint8Array<ArrayBuffer> | undefined })[KNOWN_BODY] ?? bodies.get(message);
}
