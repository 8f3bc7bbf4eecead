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
  /** Fires when the caller went away: stop, and reject. Read it only when needed: it may be made on first read. */
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

/** Where a `Request` subclass of an adapter (node.ts) keeps its exchange as a field, instead of in the WeakMap. */
export const PREFERRED_EXCHANGE: unique symbol = Symbol('preferred exchange');

/**
 * Notes a cheaper way to the service for the calls `request` makes, used unless the platform passed its own
 * `fetch`: the Node adapter notes Node's own HTTP client for the requests it builds (see node-upstream.ts).
 */
export function preferExchange(request: Request, exchange: ServiceExchange): void {
  preferred.set(request, exchange);
}

/** The exchange noted for `request`, if any. */
export function preferredExchange(request: Request): ServiceExchange | undefined {
  return (request as { [PREFERRED_EXCHANGE]?: ServiceExchange })[PREFERRED_EXCHANGE] ?? preferred.get(request);
}

/**
 * The service's answer as the proxy relays it: its status and body, `Cache-Control: no-store` and the
 * returned headers. A plain object until someone needs a `Response` (`relayedResponse`): the Node adapter
 * writes it to the socket as it is.
 */
export interface RelayedAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [string, string])[];
  /** `null` for a status that carries no body. */
  readonly body: Uint8Array<ArrayBuffer> | null;
}

export async function forward(config: ProxyConfig, outgoing: OutgoingRequest): Promise<Response> {
  const answer = await forwardRelayed(config, outgoing);
  return answer instanceof Response ? answer : relayedResponse(answer);
}

/** `forward`, with the service's answer left as a `RelayedAnswer`; the proxy's own refusals (502, 504) are Responses. */
export async function forwardRelayed(
  config: ProxyConfig,
  outgoing: OutgoingRequest,
): Promise<RelayedAnswer | Response> {
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
    get signal() {
      return outgoing.signal; // made on demand (the Node adapter's exchange does not read it)
    },
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

/** The `Response` of a relayed answer (its body bytes noted beside it, see known-body.ts). */
export function relayedResponse(answer: RelayedAnswer): Response {
  const init = { status: answer.status, statusText: answer.statusText, headers: answer.headers as [string, string][] };
  return answer.body === null ? new Response(null, init) : withKnownBody(new Response(answer.body, init), answer.body);
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

function relay(answer: ServiceAnswer): RelayedAnswer {
  if (answer.status < 200 || answer.status > 599) {
    throw new RangeError(`unexpected upstream status ${answer.status}`);
  }
  const headers: [string, string][] = [['Cache-Control', NO_STORE['Cache-Control']]];
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = answer.header(name);
    if (value !== null) headers.push([name, value]);
  }
  return {
    status: answer.status,
    statusText: answer.statusText,
    headers,
    body: NULL_BODY_STATUSES.has(answer.status) ? null : answer.body,
  };
}
