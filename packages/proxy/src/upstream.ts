/**
 * Sends an approved request to the service and brings its answer back. Only a short list of request
 * headers travels (never the caller's Authorization or cookies); the platform credential is set last, so
 * nothing a caller sends can replace it. The answer is read in full within the time limit (which holds
 * even against a `fetch` that ignores its abort signal), then returned with its status and body
 * unchanged and only `Content-Type` and `Retry-After` of its headers.
 *
 * @example
 *   return forward(config, { url, method: 'POST', headers: request.headers, body: bytes, signal: request.signal });
 */
import type { ProxyConfig } from './config.js';
import { errorResponse, NO_STORE } from './errors.js';
import { withKnownBody } from './known-body.js';

/** Request headers the wallet flows need; everything else the caller sent stays behind. */
export const FORWARDED_REQUEST_HEADERS = [
  'Content-Type',
  'Service-Wallet-Signature',
  'Request-Id',
  'Idempotency-Key',
  'Accept',
] as const;

/** Response headers the pages need (Retry-After on 429); the service's other headers stay behind. */
export const RETURNED_RESPONSE_HEADERS = ['Content-Type', 'Retry-After'] as const;

/** Statuses whose responses cannot carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export interface OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer>;
  readonly signal: AbortSignal | undefined;
}

export async function forward(config: ProxyConfig, outgoing: OutgoingRequest): Promise<Response> {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = outgoing.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('Authorization', config.authorization);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const abandon = (): void => controller.abort();
  outgoing.signal?.addEventListener('abort', abandon, { once: true });
  // settles when the signal fires even if the fetch (an injected one) ignores it
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    const exchange = (async () => {
      const upstream = await config.send(outgoing.url, {
        method: outgoing.method,
        headers,
        body: outgoing.body.byteLength > 0 ? outgoing.body : null,
        signal: controller.signal,
        redirect: 'manual',
      });
      return relay(upstream, await upstream.arrayBuffer());
    })();
    exchange.catch(() => undefined); // a late failure after the time limit has nobody left to tell
    stopped.catch(() => undefined);
    return await Promise.race([exchange, stopped]);
  } catch (error) {
    if (timedOut) return errorResponse(504, 'UPSTREAM_TIMEOUT', 'The payments service did not answer in time.');
    config.onError(error, 'upstream');
    return errorResponse(502, 'UPSTREAM_UNAVAILABLE', 'The payments service could not be reached.');
  } finally {
    clearTimeout(timer);
    outgoing.signal?.removeEventListener('abort', abandon);
  }
}

function relay(upstream: Response, body: ArrayBuffer): Response {
  if (upstream.status < 200 || upstream.status > 599) {
    throw new RangeError(`unexpected upstream status ${upstream.status}`);
  }
  const headers = new Headers(NO_STORE);
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const init = { status: upstream.status, statusText: upstream.statusText, headers };
  if (NULL_BODY_STATUSES.has(upstream.status)) return new Response(null, init);
  const bytes = new Uint8Array(body);
  return withKnownBody(new Response(bytes, init), bytes);
}
