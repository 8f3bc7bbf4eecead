/**
 * How requests reach the platform's backend (usually its `@paykit/proxy` mount). A `Transport` is one
 * async function, so a mobile webview can bridge to native code and tests can script answers.
 * `fetchTransport` is the default: JSON over fetch, a timeout, abort, and typed network errors.
 *
 * @example
 *   const transport = fetchTransport({ baseUrl: '/api/wallet', timeoutMs: 15_000 });
 *   const res = await transport({ method: 'GET', path: '/auth/sessions', query: { accountId } });
 */
import { fail, invalidArgument, object, signal, text } from './args.js';
import { LocalErrorCode, PayError } from './errors.js';
import type { FetchCredentials } from './web-types.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  /** Service path, e.g. `/auth/credentials/AuthMethod:…/verify`. */
  path: string;
  query?: Record<string, string | undefined> | undefined;
  /** Exact body text; signed retries depend on these bytes being resent unchanged. */
  body?: string | undefined;
  /**
   * A `multipart/form-data` body instead (document uploads), never signed: the transport sends it as
   * the form with its own boundary. A transport that cannot carry a form rejects the request.
   */
  form?: FormData | undefined;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  status: number;
  /** Header names lowercased. */
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when empty. */
  body: unknown;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** `path?query`, leaving out undefined values. */
function buildPath(path: string, query?: Record<string, string | undefined>): string {
  text(path, 'path');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined) params.set(k, typeof v === 'string' ? v : fail('Invalid query'));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface FetchTransportOptions {
  /** Where the platform mounted the proxy (or the service URL in server-side use). */
  baseUrl: string;
  /** Extra headers on every request (for example a CSRF token). Never put secrets meant for the service here. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  /** Passed to fetch; default 'same-origin'. */
  credentials?: FetchCredentials;
}

/**
 * JSON over fetch to `baseUrl`: a timeout, abort, and typed failures. Any HTTP status resolves (the
 * caller reads it); only the exchange itself fails.
 *
 * @throws {PayError} `INVALID_ARGUMENT` without a `baseUrl`. The transport it returns rejects with `NETWORK_ERROR`,
 *   `TIMEOUT` or `ABORTED` (and `INVALID_ARGUMENT` for a malformed request).
 */
export function fetchTransport(options: FetchTransportOptions): Transport {
  if (typeof options?.baseUrl !== 'string') throw invalidArgument('fetchTransport needs a baseUrl');
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (request) => {
    signal(object(request, 'request').signal);
    const url = base + buildPath(request.path, request.query);
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(request.signal?.reason);
    if (request.signal?.aborted) throw new PayError(LocalErrorCode.ABORTED, 'The request was aborted');
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    // Settles on abort or timeout even when an injected fetch ignores its signal.
    let stop!: (reason: unknown) => void;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    controller.signal.addEventListener('abort', () => stop(controller.signal.reason), { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...request.headers };
      // a form sets its own multipart Content-Type (with the boundary)
      if (request.body !== undefined && !request.form) headers['Content-Type'] = 'application/json';
      const exchange = async (): Promise<[Response, string]> => {
        const response = await doFetch(url, {
          method: request.method,
          headers,
          body: request.form ?? request.body ?? null,
          signal: controller.signal,
          credentials: options.credentials ?? 'same-origin',
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
        });
        return [response, await response.text()];
      };
      const [response, text] = await Promise.race([exchange(), stopped]);
      let body: unknown;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      const outHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => (outHeaders[name.toLowerCase()] = value));
      return { status: response.status, headers: outHeaders, body };
    } catch (cause) {
      if (request.signal?.aborted) throw new PayError(LocalErrorCode.ABORTED, 'The request was aborted', { cause });
      if (timedOut)
        throw new PayError(LocalErrorCode.TIMEOUT, `The backend did not answer within ${timeoutMs} ms`, { cause });
      throw new PayError(LocalErrorCode.NETWORK_ERROR, 'The backend could not be reached', { cause });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  };
}
