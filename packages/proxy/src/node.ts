/**
 * Mounts a Web-standard handler (such as the platform proxy) in a plain `node:http` server: turns each
 * IncomingMessage into a `Request` (body streamed, not buffered, so the handler's size limit holds) and
 * writes the `Response` back. A client that disconnects aborts the request's signal; `TRACE`, `TRACK`
 * and `CONNECT` (which a `Request` cannot carry) are answered 501. Node only, which is
 * why it lives in its own subpath, `@paykit/proxy/node`.
 *
 * @example
 *   import { createServer } from 'node:http';
 *   import { toNodeListener } from '@paykit/proxy/node';
 *   createServer(toNodeListener(proxy)).listen(3000);
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rememberClientAddress } from './client-address.js';
import { errorResponse } from './errors.js';

export type WebHandler = (request: Request) => Response | Promise<Response>;
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Methods a `Request` cannot carry (fetch forbids them): answered 501 here rather than failing as a 500. */
const UNSUPPORTED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A host header is used for `request.url` only when it is a plain host[:port]; otherwise `localhost`. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function toNodeListener(handler: WebHandler): NodeListener {
  return (req, res) => {
    void serve(handler, req, res);
  };
}

async function serve(handler: WebHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let response: Response;
  try {
    const request = UNSUPPORTED_METHODS.has(req.method ?? '') ? undefined : toRequest(req, controller.signal);
    response = request
      ? await handler(request)
      : UNSUPPORTED_METHODS.has(req.method ?? '')
        ? errorResponse(501, 'NOT_IMPLEMENTED', 'This method is not supported.')
        : errorResponse(400, 'INVALID_INPUT', 'Malformed request target.');
  } catch {
    response = errorResponse(500, 'INTERNAL_ERROR', 'The request could not be handled.');
  }
  await writeResponse(response, res);
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request | undefined {
  const target = req.url ?? '';
  if (!target.startsWith('/')) return undefined;
  const host = req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (hasBody) {
    // undici takes an async iterable body (with duplex: 'half'): cheaper than Readable.toWeb's stream
    init.body = req as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  const request = new Request(`${scheme}://${host}${target}`, init);
  rememberClientAddress(request, req.socket.remoteAddress);
  return request;
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
  // chunk by chunk from the Web stream, waiting for 'drain' (cheaper than Readable.fromWeb + pipe)
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) throw new Error('the client went away');
      if (!res.write(value))
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
    }
    res.end();
  } catch {
    void reader.cancel().catch(() => undefined);
    res.destroy();
  }
}
