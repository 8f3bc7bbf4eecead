/**
 * The Node adapter's way to the service: Node's own HTTP client over keep-alive agents, in place of the
 * global `fetch` (undici), for the requests `toNodeListener` builds when the platform passed no `fetch`.
 * Per forwarded request, `fetch` builds a second `Request` (and clones it), two abort signals and a Web
 * stream for each body, then a `Response` whose stream is read back; here the body goes out in one write
 * with its headers and the answer comes back as bytes. The same rules hold: no redirect is followed, no
 * compression is asked for (the answer's bytes travel as the service sent them), the time limit covers
 * the whole answer, and a client that went away (the request's signal) stops the call.
 *
 * @example
 *   preferExchange(request, nodeExchange); // then forward(config, { …, exchange: preferredExchange(request) })
 */
import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type ServiceAnswer, type ServiceCall, ServiceTimeout } from './upstream.js';

// keep-alive: an idle socket is reused for 4 s (undici's default), less when the service's `Keep-Alive:
// timeout` hint is shorter (Node's agent closes it a second before), so a reused socket is not one the
// service is closing. The agents' socket timeout only ends idle sockets; the time limit is the call's own.
const AGENT = { keepAlive: true, timeout: 4_000 } as const;
const httpAgent = new HttpAgent(AGENT);
const httpsAgent = new HttpsAgent(AGENT);

/**
 * With `client` (the adapter's response to the request the call is made for), the call stops when that
 * response closes unfinished, the client gone, and `call.signal` is not read: a listener on the response
 * costs less than the `AbortController` and `EventTarget` listener a signal takes.
 */
export function nodeExchange(call: ServiceCall, client?: ServerResponse): Promise<ServiceAnswer> {
  return new Promise((resolve, reject) => {
    const { url, path } = target(call.url);
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { ...call.headers };
    // as fetch does: a body's length, and 0 for a method that carries one but has none
    if (call.body !== null || (call.method !== 'GET' && call.method !== 'HEAD'))
      headers['Content-Length'] = String(call.body?.byteLength ?? 0);
    const req = (secure ? httpsRequest : httpRequest)({
      protocol: url.protocol,
      hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port,
      path,
      method: call.method,
      headers,
      agent: secure ? httpsAgent : httpAgent,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, call.timeoutMs);
    const abandon = (): void => {
      if (!client?.writableFinished) req.destroy();
    };
    const signal = client ? undefined : call.signal;
    if (client) client.once('close', abandon);
    else signal?.addEventListener('abort', abandon, { once: true });
    const settled = (): void => {
      clearTimeout(timer);
      if (client) client.off('close', abandon);
      else signal?.removeEventListener('abort', abandon);
    };
    const fail = (error: unknown): void => {
      settled();
      reject(timedOut ? new ServiceTimeout('the payments service did not answer in time') : error);
    };
    req.once('error', fail);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
      });
      res.once('error', fail);
      res.once('end', () => {
        settled();
        const body = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          body.set(chunk, offset);
          offset += chunk.byteLength;
        }
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          header: (name) => headerValue(res.headers, name),
          body,
        });
      });
      res.once('close', () => {
        if (!res.complete) fail(new Error('the payments service closed the connection mid-answer'));
      });
    });
    if (client ? client.closed === true : signal?.aborted) req.destroy();
    req.end(call.body ?? undefined);
  });
}

/** The service's origins, parsed once each (every call goes to the one `serviceUrl`). */
const origins = new Map<string, URL>();

/** Where `href` (a URL the proxy built from `serviceUrl`: normalised, no dot segments) goes. */
function target(href: string): { url: URL; path: string } {
  const end = href.indexOf('/', href.indexOf('//') + 2);
  const origin = end < 0 ? href : href.slice(0, end);
  const known = origins.get(origin);
  if (known) return { url: known, path: end < 0 ? '/' : href.slice(end) };
  const url = new URL(href);
  if (url.origin === origin && origins.size < 16) origins.set(origin, url);
  return { url, path: url.pathname + url.search };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}
