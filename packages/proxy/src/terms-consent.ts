/**
 * Terms acceptance through the proxy: the page says which terms version it showed and how the user
 * accepted (`termsVersion`, `acceptanceMethod`); the backend, not the page, says from where and when.
 * `ipAddress` and `acceptedAt` given by the page are replaced by the client's address and the clock.
 * A consent travels alone (with the required `customerType`): no contact change in the same request,
 * whose body may be part of a signed retry and must not be rewritten.
 *
 * @example
 *   const body = stampTermsConsent(bytes, '203.0.113.7', Date.now()); // new bytes, or a refusal Response
 */
import { errorResponse } from './errors.js';
import { foldKey, parseJsonStrict } from './json.js';

const CONSENT = 'endUserTermsConsent';
const PAGE_FIELDS = new Set(['termsVersion', 'acceptanceMethod', 'ipAddress', 'acceptedAt']);

export function stampTermsConsent(
  body: Uint8Array<ArrayBuffer>,
  clientAddress: string | undefined,
  now: number,
): Uint8Array<ArrayBuffer> | Response {
  if (body.byteLength === 0) return body;
  const parsed = parseJsonStrict(body);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return body; // judged already
  const json = parsed.value as Record<string, unknown>;
  const key = Object.keys(json).find((k) => foldKey(k) === foldKey(CONSENT));
  if (key === undefined) return body;
  if (key !== CONSENT || Object.keys(json).some((k) => k !== CONSENT && k !== 'customerType'))
    return errorResponse(403, 'FORBIDDEN', 'A terms acceptance is sent alone, with customerType only.');
  const consent = json[CONSENT];
  if (typeof consent !== 'object' || consent === null || Array.isArray(consent))
    return errorResponse(400, 'INVALID_INPUT', `${CONSENT} must be an object.`);
  const fields = Object.keys(consent);
  if (fields.some((field) => !PAGE_FIELDS.has(field)))
    return errorResponse(403, 'FORBIDDEN', `${CONSENT} may carry only termsVersion and acceptanceMethod.`);
  if (!clientAddress) return errorResponse(500, 'INTERNAL_ERROR', 'The request could not be handled.');
  const stamped = {
    ...json,
    [CONSENT]: { ...consent, ipAddress: clientAddress, acceptedAt: new Date(now).toISOString() },
  };
  return new TextEncoder().encode(JSON.stringify(stamped));
}
