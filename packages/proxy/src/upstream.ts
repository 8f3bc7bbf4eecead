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
  /** How to reach the service when the platform gave no `fetch` of its own (see `preferExchange`). */
  readonly exchange?: ServiceExchange | undefined;
}

/** One request to the service, as `forward` hands it to an exchange. */
export interface ServiceCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array<ArrayBuffer> | null;
  /** Fires when the caller went away: stop, and reject. */
  readonly signal: AbortSignal | undefined;
  /** Give up after this long, and reject with a `ServiceTimeout`. */
  readonly timeoutMs: number;
}

/** The service's answer, read whole. */
export interface ServiceAnswer {
  readonly status: number;
  readonly statusText: string;
  header(name: string): string | null;
  readonly body: Uint8Array<ArrayBuffer>;
}

/** Sends one call to the service and reads its answer whole; settles within the call's time limit. */
export type ServiceExchange = (call: ServiceCall) => Promise<ServiceAnswer>;

/** What an exchange rejects with when the service did not answer within the time limit (504). */
export class ServiceTimeout extends Error {}

const preferred = new WeakMap<Request, ServiceExchange>();

/**
 * Notes a cheaper way to the service for the calls `request` makes, used unless the platform passed its own
 * `fetch`: the Node adapter notes Node's own HTTP client for the requests it builds (see node-upstream.ts).
 */
export function preferExchange(request: Request, exchange: ServiceExchange): void {
  preferred.set(request, exchange);
}

/** The exchange noted for `request`, if any. */
export function preferredExchange(request: Request): ServiceExchange | undefined {
  return preferred.get(request);
}

export async function forward(config: ProxyConfig, outgoing: OutgoingRequest): Promise<Response> {
  // a plain record: the exchange copies it into its own request (a Headers object here would be copied again)
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = outgoing.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['Authorization'] = config.authorization;
  const call: ServiceCall = {
    url: outgoing.url,
    method: outgoing.method,
    headers,
    body: outgoing.body.byteLength > 0 ? outgoing.body : null,
    signal: outgoing.signal,
    timeoutMs: config.timeoutMs,
  };
  try {
    const exchange = config.globalFetch ? outgoing.exchange : undefined;
    return relay(await (exchange ? exchange(call) : exchangeByFetch(config.send, call)));
  } catch (error) {
    if (error instanceof ServiceTimeout)
      return errorResponse(504, 'UPSTREAM_TIMEOUT', 'The payments service did not answer in time.');
    config.onError(error, 'upstream');
    return errorResponse(502, 'UPSTREAM_UNAVAILABLE', 'The payments service could not be reached.');
  }
}

/**
 * The exchange on `fetch` (every runtime): the answer is read in full within the time limit, which holds
 * even against a `fetch` that ignores its abort signal.
 */
async function exchangeByFetch(send: ProxyConfig['send'], call: ServiceCall): Promise<ServiceAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const abandon = (): void => controller.abort();
  call.signal?.addEventListener('abort', abandon, { once: true });
  // settles when the signal fires even if the fetch (an injected one) ignores it
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    const exchange = (async (): Promise<ServiceAnswer> => {
      const upstream = await send(call.url, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      const body = new Uint8Array(await upstream.arrayBuffer());
      return {
        status: upstream.status,
        statusText: upstream.statusText,
        header: (name) => upstream.headers.get(name),
        body,
      };
    })();
    exchange.catch(() => undefined); // a late failure after the time limit has nobody left to tell
    stopped.catch(() => undefined);
    return await Promise.race([exchange, stopped]);
  } catch (error) {
    throw timedOut ? new ServiceTimeout('the payments service did not answer in time') : error;
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', abandon);
  }
}

function relay(answer: ServiceAnswer): Response {
  if (answer.status < 200 || answer.status > 599) {
    throw new RangeError(`unexpected upstream status ${answer.status}`);
  }
  const headers: [string, string][] = [['Cache-Control', NO_STORE['Cache-Control']]];
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = answer.header(name);
    if (value !== null) headers.push([name, value]);
  }
  const init = { status: answer.status, statusText: answer.statusText, headers };
  if (NULL_BODY_STATUSES.has(answer.status)) return new Response(null, init);
  return withKnownBody(new Response(answer.body, init), answer.body);
}
