/**
 * Nothing a request sends is silently ignored: every JSON body is checked against the fields its
 * operation declares, and any other field is 400 INVALID_INPUT naming it (`details.errors[].field`,
 * dotted, with `[i]` for array items), before the route sees the body. The fields come from the
 * service's OpenAPI, as the committed table `request-fields.generated.ts`
 * (`npm run generate:request-fields --workspace @paykit/sandbox`), plus what the Markdown spec adds
 * and the sandbox-only routes (`/sandbox/...`), listed here. A served route with a JSON body and no
 * entry accepts no field at all, so a new route is refused until it is described. A query parameter the
 * OpenAPI enumerates (`/transactions?status=`, `/cards?state=`) is refused the same way when its value is
 * none of the enum's, rather than answered with an empty page.
 *
 * @example
 *   api.use('*', refuseUnknownFields(`/${API_VERSION}`));
 *   // POST /customers {"currency":"EUR"} → 400 INVALID_INPUT, errors: [{ field: 'currency', message: 'is not a field of this request' }]
 */
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../context.js';
import { fieldError, invalidInput, type FieldError } from './errors.js';
import type { FieldTree } from './field-tree.js';
import { OPENAPI_QUERY_ENUMS, OPENAPI_REQUEST_FIELDS } from './request-fields.generated.js';
import { isObject, parseJsonObject, type JsonObject } from './validation.js';

const ANY = true as const;

/**
 * Fields the Markdown spec (payments-api.md, wallet-protocol.md) gives an operation beyond the OpenAPI:
 * the Markdown wins where it speaks.
 */
export const SPEC_ADDITIONS: Record<string, Record<string, FieldTree>> = {
  // payments-api.md: the Customer has `region` (its regulatory jurisdiction) and PATCH updates the Customer;
  // the OpenAPI's update schema lacks it (the platform moves a customer into or out of an SCA region)
  'PATCH /customers/{customerId}': { region: ANY },
  // payments-api.md: a card is bound to one internal account, `fundingSource`, with three optional limits
  'POST /cards': { fundingSource: ANY, maxSpendPerDay: ANY, maxTransactionsPerDay: ANY },
  'PATCH /cards/{id}': { fundingSource: ANY, maxSpendPerDay: ANY, maxTransactionsPerDay: ANY },
  // payments-api.md: a card transaction's merchant shows `city` and `state` when reported; the simulator reports them
  'POST /sandbox/cards/{id}/simulate/authorization': { merchant: { fields: { city: ANY, state: ANY } } },
};

/** Query values the Markdown spec adds to an OpenAPI enum. */
export const SPEC_QUERY_ADDITIONS: Record<string, Record<string, readonly string[]>> = {
  // payments-api.md: `status` combined with `type=CARD` returns 400, so CARD is a type (card transactions)
  'GET /transactions': { type: ['CARD'] },
};

/** The enumerated query parameters of each operation: the OpenAPI's, with the Markdown's additions. */
export const QUERY_ENUMS: Record<string, Record<string, readonly string[]>> = (() => {
  const table = { ...OPENAPI_QUERY_ENUMS };
  for (const [operation, extra] of Object.entries(SPEC_QUERY_ADDITIONS)) {
    const params = { ...table[operation] };
    for (const [name, values] of Object.entries(extra)) params[name] = [...(params[name] ?? []), ...values];
    table[operation] = params;
  }
  return table;
})();

/** The sandbox's own routes (not in the service's OpenAPI), with the fields their handlers read. */
export const SANDBOX_ONLY_FIELDS: Record<string, FieldTree> = {
  // payments-api.md lists this simulator; the OpenAPI covers it only as clearing with amount 0
  'POST /sandbox/cards/{id}/simulate/authorization_expiry': { fields: { cardTransactionId: ANY } },
};

/** `a` with `b`'s fields added, at any depth (a discriminated tree gets them in every case). */
function addFields(a: FieldTree, b: Record<string, FieldTree>): FieldTree {
  if (a === ANY) return ANY;
  const merge = (fields: Record<string, FieldTree>): Record<string, FieldTree> => {
    const out = { ...fields };
    for (const [name, sub] of Object.entries(b)) {
      const here = out[name];
      out[name] =
        here === undefined || sub === ANY || here === ANY || !('fields' in sub) ? sub : addFields(here, sub.fields);
    }
    return out;
  };
  return 'fields' in a
    ? { fields: merge(a.fields) }
    : { by: a.by, cases: Object.fromEntries(Object.entries(a.cases).map(([k, v]) => [k, merge(v)])) };
}

/** One table: the OpenAPI's bodies, the Markdown's additions, the sandbox-only routes. */
export const REQUEST_FIELDS: Record<string, FieldTree> = (() => {
  const table: Record<string, FieldTree> = { ...OPENAPI_REQUEST_FIELDS, ...SANDBOX_ONLY_FIELDS };
  for (const [operation, extra] of Object.entries(SPEC_ADDITIONS))
    table[operation] = addFields(table[operation] ?? { fields: {} }, extra);
  return table;
})();

interface Route {
  operation: string;
  method: string;
  pattern: RegExp;
  literals: number;
}

const ROUTES: Route[] = [...new Set([...Object.keys(REQUEST_FIELDS), ...Object.keys(QUERY_ENUMS)])]
  .map((operation) => {
    const [method, template] = operation.split(' ') as [string, string];
    const segments = template.split('/');
    return {
      operation,
      method,
      pattern: new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s)).join('/')}$`),
      literals: segments.filter((s) => !s.startsWith('{')).length,
    };
  })
  .sort((a, b) => b.literals - a.literals); // /customers/internal-accounts before /customers/{customerId}

/** The operation (`METHOD /template`) a request is for, if the table has it. */
export function operationOf(method: string, path: string): string | undefined {
  return ROUTES.find((r) => r.method === method && r.pattern.test(path))?.operation;
}

/** The field errors of `body` against `tree`: one per field the tree does not name, at any depth. */
export function unknownFields(body: unknown, tree: FieldTree, path = ''): FieldError[] {
  if (tree === ANY) return [];
  if (Array.isArray(body)) return body.flatMap((item, i) => unknownFields(item, tree, `${path}[${i}]`));
  if (!isObject(body)) return [];
  let fields: Record<string, FieldTree>;
  if ('fields' in tree) fields = tree.fields;
  else {
    const chosen = body[tree.by];
    // an unknown discriminator value is the route's to refuse; until then every case's fields pass
    fields =
      typeof chosen === 'string' && tree.cases[chosen]
        ? tree.cases[chosen]!
        : Object.assign({}, ...Object.values(tree.cases));
  }
  return Object.entries(body as JsonObject).flatMap(([name, value]) => {
    const at = path ? `${path}.${name}` : name;
    const sub = fields[name];
    return sub === undefined ? [fieldError(at, 'is not a field of this request')] : unknownFields(value, sub, at);
  });
}

const apiPath = (path: string, prefix: string): string => (path.startsWith(prefix) ? path.slice(prefix.length) : path);

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** The field errors of a query: one per enumerated parameter whose every value is not among its enum's. */
export function outOfEnumQuery(
  query: Record<string, string[]>,
  enums: Record<string, readonly string[]>,
): FieldError[] {
  return Object.entries(enums).flatMap(([name, values]) =>
    (query[name] ?? [])
      .filter((value) => !values.includes(value))
      .slice(0, 1)
      .map((value) =>
        fieldError(name, `must be one of ${values.join(', ')} (got ${JSON.stringify(value.slice(0, 64))})`, {
          enum: [...values],
        }),
      ),
  );
}

/**
 * Middleware: 400 INVALID_INPUT naming every field of a JSON body its operation does not declare, and
 * every enumerated query parameter with a value outside its enum.
 */
export function refuseUnknownFields(prefix: string): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const enums = QUERY_ENUMS[operationOf(c.req.method, apiPath(c.req.path, prefix)) ?? ''];
    if (enums) {
      const errors = outOfEnumQuery(c.req.queries(), enums);
      if (errors.length > 0)
        throw invalidInput(errors, `${errors.map((e) => e.field).join(', ')}: not a value the API lists`);
    }
    const type = c.req.header('Content-Type') ?? '';
    if (!BODILESS.has(c.req.method) && !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
      const text = await c.req.text();
      if (text.trim() !== '') {
        const operation = operationOf(c.req.method, apiPath(c.req.path, prefix));
        const errors = unknownFields(parseJsonObject(text), operation ? REQUEST_FIELDS[operation]! : { fields: {} });
        if (errors.length > 0)
          throw invalidInput(
            errors,
            `${errors.map((e) => e.field).join(', ')} ${errors.length === 1 ? 'is not a field' : 'are not fields'} of this request`,
          );
      }
    }
    await next();
  };
}
