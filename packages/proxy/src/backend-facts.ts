/**
 * Facts the backend, not the page, states in a request body: where the end user is and when they acted.
 * One place for every route that carries one (`Route.termsConsent`, `Route.endUserIpAddress` in allowlist.ts):
 *
 * - `termsConsent`: the page says which terms version it showed and how the user accepted
 *   (`termsVersion`, `acceptanceMethod`); `ipAddress` and `acceptedAt` are the client's address and the
 *   clock. A consent travels alone (with the required `customerType`): no contact change in the same
 *   request, whose body may be part of a signed retry and must not be rewritten.
 * - `endUserIpAddress`: the SCA calls whose body carries the end user's address for the SCA provider's
 *   risk checks (`POST /sca/login/complete`, where the API requires it; `POST /quotes/{id}/authorize`,
 *   where it takes it). Neither body is signed; a value the page sent, in any spelling, is replaced.
 *
 * Without a client address a required fact is a 500 (the platform did not say where its users are);
 * an optional one is left out, never taken from the page.
 *
 * @example
 *   const body = stampBackendFacts(route, bytes, '203.0.113.7', Date.now()); // new bytes, or a refusal Response
 */
import type { Route } from './allowlist.js';
import { errorResponse } from './errors.js';
import { foldKey, parseJsonStrict } from './json.js';

export function stampBackendFacts(
  route: Route,
  body: Uint8Array<ArrayBuffer>,
  clientAddress: string | undefined,
  now: number,
): Uint8Array<ArrayBuffer> | Response {
  if ((!route.termsConsent && !route.endUserIpAddress) || body.byteLength === 0) return body;
  const parsed = parseJsonStrict(body);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    // a body the proxy cannot read is never forwarded with a value it could not replace
    return errorResponse(400, 'INVALID_INPUT', 'The request body must be a JSON object without repeated keys.');
  const json = parsed.value as Record<string, unknown>;
  const stamped = route.termsConsent
    ? stampTermsConsent(json, clientAddress, now)
    : stampEndUserIp(json, clientAddress, route.endUserIpAddress === 'required');
  if (stamped instanceof Response) return stamped;
  return stamped === json ? body : new TextEncoder().encode(JSON.stringify(stamped));
}

const CONSENT = 'endUserTermsConsent';
const PAGE_FIELDS = new Set(['termsVersion', 'acceptanceMethod', 'ipAddress', 'acceptedAt']);

function stampTermsConsent(
  json: Record<string, unknown>,
  clientAddress: string | undefined,
  now: number,
): Record<string, unknown> | Response {
  const key = Object.keys(json).find((k) => foldKey(k) === foldKey(CONSENT));
  if (key === undefined) return json;
  if (key !== CONSENT || Object.keys(json).some((k) => k !== CONSENT && k !== 'customerType'))
    return errorResponse(403, 'FORBIDDEN', 'A terms acceptance is sent alone, with customerType only.');
  const consent = json[CONSENT];
  if (typeof consent !== 'object' || consent === null || Array.isArray(consent))
    return errorResponse(400, 'INVALID_INPUT', `${CONSENT} must be an object.`);
  const fields = Object.keys(consent);
  if (fields.some((field) => !PAGE_FIELDS.has(field)))
    return errorResponse(403, 'FORBIDDEN', `${CONSENT} may carry only termsVersion and acceptanceMethod.`);
  if (!clientAddress) return noClientAddress();
  return { ...json, [CONSENT]: { ...consent, ipAddress: clientAddress, acceptedAt: new Date(now).toISOString() } };
}

const END_USER_IP = 'endUserIpAddress';

function stampEndUserIp(
  json: Record<string, unknown>,
  clientAddress: string | undefined,
  required: boolean,
): Record<string, unknown> | Response {
  if (!clientAddress && required) return noClientAddress();
  const stamped = Object.fromEntries(Object.entries(json).filter(([k]) => foldKey(k) !== foldKey(END_USER_IP)));
  if (clientAddress) stamped[END_USER_IP] = clientAddress;
  return stamped;
}

function noClientAddress(): Response {
  return errorResponse(500, 'INTERNAL_ERROR', 'The request could not be handled.');
}
