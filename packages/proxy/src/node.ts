/**
 * Mounts a Web-standard handler (such as the platform proxy) in a plain `node:http` server: turns each
 * IncomingMessage into a `Request` (a body over 64 KiB or of no declared length is streamed, not buffered,
 * so the handler's size limit holds) and writes the `Response` back. A client that disconnects aborts the request's signal; `TRACE`, `TRACK`
 * and `CONNECT` (which a `Request` cannot carry) are answered 501. The requests it builds reach the service
 * over Node's own HTTP client (node-upstream.ts) rather than the global `fetch`, unless the platform passed
 * a `fetch` of its own. Node only, which is why it lives in its own subpath, `@paykit/proxy/node`.
 *
 * @example
 *   import { createServer } from 'node:http';
 *   import { toNodeListener } from '@paykit/proxy/node';
 *   createServer(toNodeListener(proxy)).listen(3000);
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ADDRESS, plainAddress, rememberClientAddress } from './client-address.js';
import { type DirectHandler, directHandlerOf } from './direct-handler.js';
import { errorResponse } from './errors.js';
import { KNOWN_BODY, knownBody, withKnownBody } from './known-body.js';
import { nodeExchange } from './node-upstream.js';
import { PREFERRED_EXCHANGE, preferExchange, type RelayedAnswer, type ServiceExchange } from './upstream.js';

export type WebHandler = (request: Request) => Response | Promise<Response>;
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Methods a `Request` cannot carry (fetch forbids them): answered 501 here rather than failing as a 500. */
const UNSUPPORTED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Bodies up to this size, with a Content-Length, are read before the handler runs; larger ones (and chunked
 * ones) are streamed, so the handler's own limit (the proxy's `maxBodyBytes`, 64 KiB by default) stops them.
 */
const BUFFERED_BODY_BYTES = 64 * 1024;

/** A host header is used for `request.url` only when it is a plain host[:port]; otherwise `localhost`. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function toNodeListener(handler: WebHandler): NodeListener {
  // the platform proxy itself (not wrapped): called directly, see direct-handler.ts
  const direct = directHandlerOf(handler);
  return (req, res) => {
    void serve(direct ?? handler, direct !== undefined, req, res);
  };
}

async function serve(
  handler: WebHandler | DirectHandler,
  direct: boolean,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let response: Response | RelayedAnswer;
  let request: Request | undefined;
  try {
    request = UNSUPPORTED_METHODS.has(req.method ?? '') ? undefined : await toRequest(req, res, direct);
    response = request
      ? await handler(request)
      : UNSUPPORTED_METHODS.has(req.method ?? '')
        ? errorResponse(501, 'NOT_IMPLEMENTED', 'This method is not supported.')
        : errorResponse(400, 'INVALID_INPUT', 'Malformed request target.');
  } catch {
    response = errorResponse(500, 'INTERNAL_ERROR', 'The request could not be handled.');
  }
  if (request instanceof AdaptedRequest) request.answered();
  if (response instanceof Response) await writeResponse(response, res);
  else writeRelayed(response, res);
}

/**
 * With `direct` (the proxy called directly), a body read here is not put in the `Request` but only
 * noted beside it (known-body.ts): the proxy takes it from there, and nothing else the proxy hands the
 * request to reads a body (`resolveEndUser` must not; on other runtimes the proxy has read it by then).
 * That spares a Web stream and a copy per request. The request is then an `AdaptedRequest` (below).
 */
async function toRequest(req: IncomingMessage, res: ServerResponse, direct: boolean): Promise<Request | undefined> {
  const target = req.url ?? '';
  if (!target.startsWith('/')) return undefined;
  const host = req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';

  // name/value pairs, filled into the Request's own headers once (a Headers object here would be copied)
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.push([name, item]);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  let read: Uint8Array<ArrayBuffer> | undefined;
  if (hasBody && declared <= BUFFERED_BODY_BYTES) {
    // a small body of declared length (node:http reads no more than it declares) is read here, whole: a
    // Request made from bytes costs undici far less than one that pipes a stream (the proxy's CPU per
    // request: about a fifth less)
    read = await readDeclared(req, declared);
    if (!direct) init.body = read;
  } else if (hasBody) {
    // undici takes an async iterable body (with duplex: 'half'): cheaper than Readable.toWeb's stream
    init.body = req as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  const url = `${scheme}://${host}${target}`;
  if (direct) return new AdaptedRequest(url, init, res, read, plainAddress(req.socket.remoteAddress));
  init.signal = disconnectSignal(res);
  const request = new Request(url, init);
  if (read) withKnownBody(request, read);
  rememberClientAddress(request, req.socket.remoteAddress);
  preferExchange(request, nodeExchange);
  return request;
}

/** A signal aborted when `res` closes unfinished (the client went away), or at once if it has (or `gone`). */
function disconnectSignal(res: ServerResponse, gone = false): AbortSignal {
  const controller = new AbortController();
  if (gone || (res.closed === true && !res.writableFinished)) controller.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  return controller.signal;
}

/**
 * The `Request` the proxy called directly gets. Its `signal` is the adapter's own (aborted when the client
 * disconnects), made only when someone reads it: undici makes a `Request` given a `signal` follow it with a
 * signal of its own, a weak reference and a finalizer, which cost more than the rest of the `Request` (in a
 * loop of Node 20, about 35 µs against 20), and even an unread `AbortController` with its `close` listener
 * cost a few µs a request. The proxy itself does not read it: its call to the service listens to the
 * response (`nodeExchange(call, res)`). The body bytes, the client's address and that exchange are fields
 * (under the symbols known-body.ts, client-address.ts and upstream.ts read), not WeakMap entries. Only the
 * proxy and its callbacks see it; a copy made from it (`clone()`, `new Request(request)`) does not follow
 * the client.
 */
class AdaptedRequest extends Request {
  readonly #res: ServerResponse;
  #signal: AbortSignal | undefined;
  /** The client had gone when the answer was ready (`res` says so no longer once the answer is written to it). */
  #leftFirst = false;
  readonly [KNOWN_BODY]: Uint8Array<ArrayBuffer> | undefined;
  readonly [CLIENT_ADDRESS]: string | undefined;
  readonly [PREFERRED_EXCHANGE]: ServiceExchange;
  constructor(
    url: string,
    init: RequestInit,
    res: ServerResponse,
    body: Uint8Array<ArrayBuffer> | undefined,
    address: string | undefined,
  ) {
    super(url, init);
    this.#res = res;
    this[KNOWN_BODY] = body;
    this[CLIENT_ADDRESS] = address;
    this[PREFERRED_EXCHANGE] = (call) => nodeExchange(call, res);
  }
  override get signal(): AbortSignal {
    return (this.#signal ??= disconnectSignal(this.#res, this.#leftFirst));
  }
  /** Called with the answer ready, before it is written. */
  answered(): void {
    this.#leftFirst = this.#res.closed === true && !this.#res.writableFinished;
  }
}

/** The bytes of a body whose Content-Length node:http holds it to. */
function readDeclared(req: IncomingMessage, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(length);
  let offset = 0;
  // 'data' events, not `for await`: an async iterator over the request costs a promise turn per chunk
  return new Promise((resolve, reject) => {
    req.on('data', (chunk: Buffer) => {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    });
    req.once('end', () => resolve(bytes));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('the client went away'));
    });
  });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (response.body === null) {
    res.end();
    return;
  }
  const known = knownBody(response);
  if (known) {
    if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', known.byteLength);
    res.end(known);
    return;
  }
  // chunk by chunk from the Web stream, waiting for 'drain' (cheaper than Readable.fromWeb + pipe)
  const reader = response.body.getReader();
  try {
    // a body of one chunk (every answer the proxy relays: it reads the service's answer whole) goes out
    // with a Content-Length in one write, not chunked in two: a second socket write per request was the
    // largest single item of the proxy's CPU profile (writev)
    const first = await reader.read();
    if (first.done) {
      res.end();
      return;
    }
    const second = await reader.read();
    if (second.done) {
      if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', first.value.byteLength);
      res.end(first.value);
      return;
    }
    for (const chunk of [first.value, second.value]) if (!res.write(chunk)) await drained(res);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) throw new Error('the client went away');
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    void reader.cancel().catch(() => undefined);
    res.destroy();
  }
}

/** A relayed answer of the service (the proxy called directly): status, headers and bytes, in one write. */
function writeRelayed(answer: RelayedAnswer, res: ServerResponse): void {
  res.statusCode = answer.status;
  if (answer.statusText) res.statusMessage = answer.statusText;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (answer.body === null) {
    res.end();
    return;
  }
  res.setHeader('Content-Length', answer.body.byteLength);
  res.end(answer.body);
}

/** Settles once `res` may be written again (or has closed). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
