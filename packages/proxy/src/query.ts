/**
 * The query string the proxy forwards: rebuilt from the names an allowlist entry takes, spelled as the
 * allowlist spells them, never the string the page sent. The service reads names case-sensitively and
 * ignores names it does not know, so a check that matched `CUSTOMERID=<mine>` loosely would let the
 * request reach the service with no filter at all, and a list route would answer the whole platform. So
 * every name must be spelled exactly (not in another case, Unicode folding or percent-encoding), given
 * once (no duplicate, no `name[]`) and be one the route takes; anything else is a 400 before anything is
 * forwarded.
 *
 * @example
 *   const query = readQuery(route, '?customerId=Customer%3A1&limit=20');
 *   if (query instanceof Response) return query;
 *   query.get('customerId'); // 'Customer:1'
 *   queryString(query); // '?customerId=Customer%3A1&limit=20'
 */
import type { Route } from './allowlist.js';
import { errorResponse } from './errors.js';
import { foldKey } from './json.js';

/** Query parameters by their allowlisted name, decoded; the only ones forwarded. */
export type Query = Map<string, string>;

const namesOf = new WeakMap<Route, readonly string[]>();

/** The names a route takes in its query: its owned query parameters and its other filters and paging. */
export function queryNames(route: Route): readonly string[] {
  let names = namesOf.get(route);
  if (!names) {
    names = [...route.owned.filter((parameter) => parameter.in === 'query').map((p) => p.name), ...(route.query ?? [])];
    namesOf.set(route, names);
  }
  return names;
}

/** The request's query read against the route, or the 400 for a name it does not take as spelled. */
export function readQuery(route: Route, search: string): Query | Response {
  const query: Query = new Map();
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return query;
  const accepted = queryNames(route);
  for (const pair of raw.split('&')) {
    if (pair === '') continue; // `?`, `a=1&&b=2`: nothing named
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!accepted.includes(name)) return refuseName(name, accepted);
    if (query.has(name)) return invalid(`The query parameter "${name}" may be given only once.`);
    const value = decodeValue(equals === -1 ? '' : pair.slice(equals + 1));
    if (value === undefined)
      return invalid(`The value of the query parameter "${name}" is not valid percent-encoding.`);
    query.set(name, value);
  }
  return query;
}

/** `?name=value&…` in the allowlist's spelling, or '' for an empty query. */
export function queryString(query: Query): string {
  if (query.size === 0) return '';
  const text = new URLSearchParams([...query]).toString();
  return text ? `?${text}` : '';
}

function refuseName(name: string, accepted: readonly string[]): Response {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  const meant = accepted.find((candidate) => foldKey(candidate) === foldKey(decodeValue(name) ?? name));
  return invalid(
    meant === undefined
      ? `The query parameter "${shown}" is not accepted here.`
      : `The query parameter "${shown}" is not accepted here; it is spelled "${meant}".`,
  );
}

/** A form-encoded value (`+` is a space), or `undefined` for a malformed percent escape. */
function decodeValue(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

function invalid(message: string): Response {
  return errorResponse(400, 'INVALID_INPUT', message);
}
