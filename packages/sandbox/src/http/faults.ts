/**
 * Faults on purpose: the sandbox loses, fails, delays, rate-limits or duplicates a request when asked, so a
 * page can be tested against the network and service faults that do happen. Asked per request with the
 * `Sandbox-Fault` header (`drop-after`, `error-before=503`, `error-after`, `delay=2000`, `rate-limit=2`,
 * `duplicate`), or for every matching request with rules (`--fault 'POST /cards=drop-after;times=1'`
 * on the command line, `faults` in the options). Before-faults answer without acting; after-faults act first
 * and let a signed-retry challenge (202 with `payloadToSign`) through untouched, so they land on the leg
 * that acts. A dropped answer rejects the Web handler with `DroppedAnswer`; `startSandbox` turns that into a
 * connection destroyed without a byte of answer.
 *
 * @example
 *   createSandbox({ faults: ['POST /cards=drop-after;times=1'] }); // the first card's answer is lost
 *   await fetch(`${baseUrl}/cards`, { method: 'POST', headers: { 'Sandbox-Fault': 'error-after=502', … } });
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError, invalidField } from './errors.js';

export const FAULT_HEADER = 'Sandbox-Fault';
/** Set on an answer the fault mode made or changed: names the fault (`error-after`, `duplicate`, …). */
export const FAULT_APPLIED_HEADER = 'Sandbox-Fault-Applied';

export type Fault =
  /** Acts, then the answer is lost: the connection is cut before a byte of it. */
  | { kind: 'drop-after' }
  /** Answers `status` (5xx) without acting. */
  | { kind: 'error-before'; status: number }
  /** Acts, then answers `status` (5xx) instead of the real answer. */
  | { kind: 'error-after'; status: number }
  /** Acts, then holds the real answer for `ms`. */
  | { kind: 'delay'; ms: number }
  /** Answers 429 with `Retry-After: seconds` without acting. */
  | { kind: 'rate-limit'; seconds: number }
  /** Acts on the request twice, as if the network delivered it twice; answers the first. */
  | { kind: 'duplicate' };

export type FaultKind = Fault['kind'];

export interface FaultRule {
  /** The rule as written. */
  readonly source: string;
  /** Upper-case method, or undefined for any. */
  readonly method: string | undefined;
  /** Matches the path under `{base_url}` (`*` is one path segment). */
  readonly path: RegExp;
  readonly fault: Fault;
  /** Matching requests the rule still faults; `Infinity` for every one. Counts down as it fires. */
  times: number;
  /** Share of matching requests faulted, 0 < rate ≤ 1. */
  readonly rate: number;
}

/** Thrown (rejected) by the faulted handler in place of an answer that is lost. */
export class DroppedAnswer extends Error {
  constructor() {
    super('Sandbox fault drop-after: the request was carried out and its answer dropped');
    this.name = 'DroppedAnswer';
  }
}

const KINDS: readonly FaultKind[] = ['drop-after', 'error-before', 'error-after', 'delay', 'rate-limit', 'duplicate'];
const MAX_DELAY_MS = 10 * 60_000;

/**
 * `drop-after`, `error-before[=5xx]` (default 503), `error-after[=5xx]` (default 500), `delay=<ms>`,
 * `rate-limit[=<seconds>]` (default 1), `duplicate`.
 *
 * @throws {TypeError} for anything else, naming the grammar.
 */
export function parseFault(text: string): Fault {
  const [name = '', arg, extra] = text.trim().split('=');
  const kind = name.trim().toLowerCase() as FaultKind;
  const value = arg?.trim();
  const bad = (why: string): never => {
    throw new TypeError(
      `Not a sandbox fault: "${text}" (${why}). One of drop-after, error-before[=5xx], error-after[=5xx], ` +
        'delay=<ms>, rate-limit[=<seconds>], duplicate',
    );
  };
  if (extra !== undefined || !KINDS.includes(kind)) bad('unknown fault');
  const integer = (min: number, max: number, fallback?: number): number => {
    if (value === undefined || value === '') return fallback ?? bad(`${kind} needs a value`);
    const n = Number(value);
    return Number.isInteger(n) && n >= min && n <= max ? n : bad(`${kind} takes a whole number from ${min} to ${max}`);
  };
  switch (kind) {
    case 'error-before':
      return { kind, status: integer(500, 599, 503) };
    case 'error-after':
      return { kind, status: integer(500, 599, 500) };
    case 'delay':
      return { kind, ms: integer(0, MAX_DELAY_MS) };
    case 'rate-limit':
      return { kind, seconds: integer(0, 3600, 1) };
    default:
      if (value !== undefined) bad(`${kind} takes no value`);
      return { kind } as Fault;
  }
}

/**
 * `[METHOD ]PATH=FAULT[;times=N][;rate=P]`, the path under `{base_url}` with `*` for one segment:
 * `POST /cards=drop-after;times=1`, `PATCH /cards/*=delay=3000;rate=0.5`.
 *
 * @throws {TypeError} naming the grammar.
 */
export function parseFaultRule(text: string): FaultRule {
  const bad = (why: string): never => {
    throw new TypeError(`Not a sandbox fault rule: "${text}" (${why}). Write [METHOD ]PATH=FAULT[;times=N][;rate=P]`);
  };
  const [target = '', ...options] = text.split(';');
  const at = target.indexOf('=');
  if (at < 0) bad('no "="');
  const where = target.slice(0, at).trim().split(/\s+/);
  const [method, path] = where.length === 2 ? where : [undefined, where[0]];
  if (where.length > 2 || !path?.startsWith('/')) bad('the path must start with /');
  if (method !== undefined && !/^[A-Za-z]+$/.test(method)) bad('not a method');
  let times = Number.POSITIVE_INFINITY;
  let rate = 1;
  for (const option of options) {
    const [name, value = ''] = option.split('=').map((s) => s.trim());
    const n = Number(value);
    if (name === 'times' && Number.isInteger(n) && n > 0) times = n;
    else if (name === 'rate' && value !== '' && n > 0 && n <= 1) rate = n;
    else bad(`"${option}": times takes a whole number above 0, rate a share above 0 up to 1`);
  }
  const segments = path!
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\*]/g, '\\$&')));
  return {
    source: text,
    method: method?.toUpperCase(),
    path: new RegExp(`^${segments.join('/') || ''}/?$`),
    fault: parseFault(target.slice(at + 1)),
    times,
    rate,
  };
}

export interface FaultOptions {
  /** Rules for requests that carry no `Sandbox-Fault` header; the first that matches decides. */
  rules?: readonly FaultRule[];
  /** The API's path prefix (`/2025-10-13`), cut before rules match. */
  prefix: string;
  /** For `rate`; default `Math.random`. */
  random?: () => number;
  /** Serves the copy of a `duplicate` request (the whole app, so it goes through every check again). */
  replay: (request: Request) => Promise<Response>;
}

/** Whether an answer is a signed-retry challenge (nothing acted yet): after-faults let it through. */
async function isChallenge(response: Response): Promise<boolean> {
  if (response.status !== 202) return false;
  try {
    const body = (await response.clone().json()) as { payloadToSign?: unknown };
    return typeof body?.payloadToSign === 'string';
  } catch {
    return false;
  }
}

/**
 * The fault mode as a middleware under the API's CORS layer (so a fault's answer carries the CORS headers
 * a page needs to read it). Errors it makes are `ApiError`s in the one envelope, code `SANDBOX_FAULT`
 * (429: `RATE_LIMITED` with `Retry-After`), and every answer it made or changed carries
 * `Sandbox-Fault-Applied`. A malformed header is 400 INVALID_INPUT; preflights are never faulted.
 */
export function faultMiddleware(options: FaultOptions): MiddlewareHandler {
  const rules = options.rules ?? [];
  const random = options.random ?? Math.random;
  const ruleFor = (method: string, pathname: string): FaultRule | undefined => {
    if (!pathname.startsWith(`${options.prefix}/`)) return undefined;
    const path = pathname.slice(options.prefix.length);
    return rules.find(
      (rule) => rule.times > 0 && (rule.method === undefined || rule.method === method) && rule.path.test(path),
    );
  };
  const copies = new WeakSet<Request>(); // a duplicate's copy is served as it is, never faulted again
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'OPTIONS' || copies.has(c.req.raw)) return next();
    const header = c.req.header(FAULT_HEADER);
    let fault: Fault;
    let rule: FaultRule | undefined;
    if (header !== undefined) {
      try {
        fault = parseFault(header);
      } catch (error) {
        throw invalidField(FAULT_HEADER, (error as Error).message.replace(/^Not a/, 'is not a'));
      }
    } else {
      rule = ruleFor(method, c.req.path);
      if (!rule || (rule.rate < 1 && random() >= rule.rate)) return next();
      fault = rule.fault;
    }
    const fire = (): void => {
      if (rule) rule.times--;
    };
    const applied = { [FAULT_APPLIED_HEADER]: fault.kind };
    const message = (what: string): string => `Fault on purpose (${FAULT_HEADER}: ${fault.kind}): ${what}`;
    if (fault.kind === 'error-before' || fault.kind === 'rate-limit') {
      fire();
      if (fault.kind === 'error-before')
        throw new ApiError(
          fault.status,
          'SANDBOX_FAULT',
          message('the request was not carried out'),
          undefined,
          applied,
        );
      throw new ApiError(429, 'RATE_LIMITED', message('the request was not carried out'), undefined, {
        ...applied,
        'Retry-After': String(fault.seconds),
      });
    }
    let copy: Request | undefined;
    if (fault.kind === 'duplicate') {
      // the same request again, without the header: the body is teed before the API reads it
      const headers = new Headers(c.req.raw.headers);
      headers.delete(FAULT_HEADER);
      copy = new Request(c.req.raw.clone(), { headers });
      copies.add(copy);
    }
    await next();
    if (await isChallenge(c.res)) return; // nothing acted yet: the fault waits for the leg that acts
    fire();
    switch (fault.kind) {
      case 'drop-after':
        throw new DroppedAnswer();
      case 'error-after':
        throw new ApiError(fault.status, 'SANDBOX_FAULT', message('the request was carried out'), undefined, applied);
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        break;
      case 'duplicate':
        await (await options.replay(copy!)).body?.cancel();
        break;
    }
    c.header(FAULT_APPLIED_HEADER, fault.kind);
  };
}
