/**
 * Applies one allowlist entry to one request: finds every parameter the entry names (path, query or
 * body), checks the body against the entry's field rules, asks the end user about each resource, and
 * keeps verified identity fields as they were verified (`lockedOnceVerified`).
 * Returns the refusal to send, or `undefined` when the request may go on. The query comes already read
 * against the route (query.ts: exact names, once each) and is what gets forwarded: a parameter that brings
 * its owner filter along (`addsFilter`) adds it here. Names in the body are matched case-insensitively and
 * may appear once only, so no spelling or repetition the service might read differently slips past the check.
 *
 * @example
 *   const refusal = await checkOwnership(match, query, bytes, contentType, endUser, readService);
 *   if (refusal) return refusal;
 */
import type { OwnedParameter, RouteMatch } from './allowlist.js';
import type { EndUser } from './end-user.js';
import { errorResponse } from './errors.js';
import { foldKey, isJsonContentType, parseJsonStrict } from './json.js';
import type { Query } from './query.js';

type JsonObject = Record<string, unknown>;

/** A found value, `undefined` when absent, or a refusal for a parameter given in a way the proxy will not judge. */
type Lookup = string | undefined | Response;

export async function checkOwnership(
  match: RouteMatch,
  query: Query,
  bodyBytes: Uint8Array<ArrayBuffer>,
  contentType: string | null,
  endUser: EndUser,
  readService: (servicePath: string) => Promise<Response>,
): Promise<Response | undefined> {
  const { route, params } = match;
  const needsBody = route.owned.some((p) => p.in === 'body') || route.bodyOnly || route.bodyNever || route.bodyValues;
  let body: JsonObject | undefined;
  let form: FormData | undefined;
  if (route.multipart && needsBody) {
    form = await readForm(bodyBytes, contentType);
    if (!form) return invalid('The request body must be multipart/form-data.');
  } else if (needsBody && bodyBytes.byteLength > 0) {
    if (!isJsonContentType(contentType)) return invalid('The request body must be sent as application/json.');
    const parsed = parseJsonStrict(bodyBytes);
    if (!parsed.ok) return invalid(`The request body cannot be accepted: ${parsed.reason}.`);
    if (!isObject(parsed.value)) return invalid('The request body must be a JSON object.');
    body = parsed.value;
    const refusal = checkFields(body, route.bodyOnly, route.bodyNever) ?? checkValues(body, route.bodyValues);
    if (refusal) return refusal;
  }

  const found: { parameter: OwnedParameter; value: string }[] = [];
  for (const parameter of route.owned) {
    const value =
      parameter.in === 'path'
        ? params[parameter.name]
        : parameter.in === 'query'
          ? query.get(parameter.name)
          : form
            ? fromForm(form, parameter.name)
            : fromBody(body, parameter.name);
    if (value instanceof Response) return value;
    if (value !== undefined) found.push({ parameter, value });
    else if (!parameter.optional) return invalid(`${parameter.name} is required.`);
  }
  if (route.owned.length > 0 && found.length === 0) {
    return invalid(`One of ${route.owned.map((p) => p.name).join(', ')} is required.`);
  }

  let customer: string | undefined; // the user's customer the request acts for, when it names one
  for (const { parameter, value } of found) {
    let subject: string | Response | undefined = value;
    if (parameter.ownerOf) {
      subject = await ownerOf(readService, parameter.ownerOf, value);
      if (subject instanceof Response) return subject;
    }
    if (subject === undefined || (await endUser.owns(parameter.kind, subject)) !== true) {
      const named = parameter.in === 'path' ? 'The path' : parameter.name;
      return errorResponse(403, 'FORBIDDEN', `${named} names a resource you do not own.`);
    }
    if (parameter.kind === 'customer') customer ??= subject;
  }
  if (route.listedFor) {
    const listed =
      customer === undefined ? undefined : await listedItem(readService, route.listedFor, customer, params);
    if (listed instanceof Response) return listed;
    if (!listed) return errorResponse(403, 'FORBIDDEN', 'The path names a resource you do not own.');
  }
  for (const { parameter, value } of found) {
    const filter = parameter.addsFilter;
    if (!filter || query.has(filter.name)) continue;
    const owner = await ownerOf(readService, filter, value);
    if (owner instanceof Response) return owner;
    const kind = route.owned.find((p) => p.in === 'query' && p.name === filter.name)?.kind;
    if (owner === undefined || kind === undefined || (await endUser.owns(kind, owner)) !== true) {
      return errorResponse(403, 'FORBIDDEN', `${parameter.name} names a resource you do not own.`);
    }
    query.set(filter.name, owner);
  }
  const locked = route.lockedOnceVerified;
  if (locked === undefined) return undefined;
  // the whole call (a document), or the first verified field the body touches
  const touched =
    locked === true
      ? 'documents'
      : body && Object.keys(body).find((key) => locked.some((name) => foldKey(name) === foldKey(key)));
  return touched === undefined || customer === undefined
    ? undefined
    : identityLock(touched === 'documents' ? 'The documents' : `The field "${touched}"`, customer, readService);
}

/**
 * Refuses a change to what a verification rests on once the customer's KYC/KYB status (read from the
 * service) is no longer UNVERIFIED. An unreadable status refuses too.
 */
async function identityLock(
  what: string,
  customerId: string,
  readService: (servicePath: string) => Promise<Response>,
): Promise<Response | undefined> {
  const customer = await readResource(readService, `/customers/${encodeURIComponent(customerId)}`);
  if (customer instanceof Response) return customer;
  const status = customer?.['kycStatus'] ?? customer?.['kybStatus'];
  if (status === 'UNVERIFIED') return undefined;
  return errorResponse(
    409,
    'IDENTITY_LOCKED',
    `${what} cannot change once the identity verification is pending or decided.`,
  );
}

/**
 * The owner id of a resource the platform does not track, read from the service; `undefined` when it
 * cannot be found (answered as not owned, so existence is not revealed); the service's 5xx as is.
 */
async function ownerOf(
  readService: (servicePath: string) => Promise<Response>,
  rule: { readonly path: string; readonly field: string },
  value: string,
): Promise<string | undefined | Response> {
  const resource = await readResource(readService, rule.path.replace('{value}', encodeURIComponent(value)));
  if (resource instanceof Response) return resource;
  const owner = fieldAt(resource, rule.field.split('.'));
  return typeof owner === 'string' ? owner : undefined;
}

/**
 * A dotted field of a service answer: `data.0.id` walks into a list, whose only row it must be; `data.*.cardId`
 * reads every row, which must be at least one and all agree (else `undefined`, not owned).
 */
function fieldAt(value: unknown, names: readonly string[]): unknown {
  const [name, ...rest] = names;
  if (name === undefined) return value;
  if (name === '*') {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const owners = value.map((row) => fieldAt(row, rest));
    return owners.every((owner) => owner === owners[0]) ? owners[0] : undefined;
  }
  if (Array.isArray(value) && value.length !== 1) return undefined;
  return fieldAt(isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined, rest);
}

/** Whether the customer's list (read from the service) holds the path's `{id}`; the service's 5xx as is. */
async function listedItem(
  readService: (servicePath: string) => Promise<Response>,
  rule: { readonly path: string; readonly items: string; readonly field: string },
  customer: string,
  params: Readonly<Record<string, string>>,
): Promise<boolean | Response> {
  const list = await readResource(readService, rule.path.replace('{customer}', encodeURIComponent(customer)));
  if (list instanceof Response) return list;
  const items = list?.[rule.items];
  return Array.isArray(items) && items.some((item) => isObject(item) && item[rule.field] === params['id']);
}

/** A resource read from the service with the platform credential: its JSON object, `undefined` when not there, the 5xx as is. */
async function readResource(
  readService: (servicePath: string) => Promise<Response>,
  servicePath: string,
): Promise<JsonObject | undefined | Response> {
  const answer = await readService(servicePath);
  if (answer.status >= 500) return answer;
  if (answer.status !== 200) return undefined;
  try {
    const resource: unknown = JSON.parse(await answer.text());
    return isObject(resource) ? resource : undefined;
  } catch {
    return undefined;
  }
}

async function readForm(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData | undefined> {
  if (contentType === null || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  try {
    return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return undefined;
  }
}

/** A text field of the form, given once (a repeated or file-valued field is refused). */
function fromForm(form: FormData, name: string): Lookup {
  const values = [...form.keys()].filter((key) => foldKey(key) === foldKey(name)).flatMap((key) => form.getAll(key));
  if (values.length > 1) return invalid(`${name} may be given only once.`);
  if (values.length === 0) return undefined;
  return typeof values[0] === 'string' ? values[0] : invalid(`${name} must be a text field.`);
}

function checkFields(body: JsonObject, only?: readonly string[], never?: readonly string[]): Response | undefined {
  const allowed = only && new Set(only.map(foldKey));
  const refused = new Set((never ?? []).map(foldKey));
  for (const key of Object.keys(body)) {
    if ((allowed && !allowed.has(foldKey(key))) || refused.has(foldKey(key))) {
      return errorResponse(403, 'FORBIDDEN', `The field "${key}" cannot be set through this endpoint.`);
    }
  }
  return undefined;
}

/** A field with a value list must hold one of those strings (checked on every spelling of its name). */
function checkValues(body: JsonObject, values?: Readonly<Record<string, readonly string[]>>): Response | undefined {
  for (const [name, allowed] of Object.entries(values ?? {})) {
    for (const key of Object.keys(body).filter((candidate) => foldKey(candidate) === foldKey(name))) {
      const value = body[key];
      if (typeof value !== 'string' || !allowed.includes(value))
        return errorResponse(403, 'FORBIDDEN', `The field "${key}" may only be ${allowed.join(' or ')} here.`);
    }
  }
  return undefined;
}

/** Follows a dotted name (`source.accountId`) through nested objects; a value found must be a string. */
function fromBody(body: JsonObject | undefined, dottedName: string): Lookup {
  let node: unknown = body;
  for (const name of dottedName.split('.')) {
    if (!isObject(node)) return undefined;
    const key = Object.keys(node).find((candidate) => foldKey(candidate) === foldKey(name));
    if (key === undefined) return undefined;
    node = node[key];
  }
  return typeof node === 'string' ? node : invalid(`${dottedName} must be a string.`);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string): Response {
  return errorResponse(400, 'INVALID_INPUT', message);
}
