/**
 * The only service calls an end user's page may make through the proxy, and for each one the parameter
 * that names the resource the user must own. Anything not in this table is answered 404, as if it did
 * not exist. Read the table top to bottom: it is the whole policy.
 *
 * Rules for `owned`: every listed parameter that is present must name a resource the user owns; one
 * without `optional` must be present; and a route that lists any parameter needs at least one present.
 * Rules for the query (query.ts): only the names in `owned` and `query` are taken, spelled exactly as
 * here, once each, and the proxy forwards the query it rebuilt from them, never the one the page sent. A
 * list route's optional owner filters are optional in the service's API (which then lists the whole
 * platform), so `owned` makes one of them required; a parameter the service does not filter on
 * (`addsFilter`) brings the filter along.
 *
 * @example
 *   const match = matchRoute('POST', ['quotes', 'Quote:1', 'execute'], { sandbox: false });
 *   match?.route.owned; // [{ in: 'path', name: 'id', kind: 'quote' }]
 */
import type { ResourceKind } from './end-user.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request parameter that names a resource: `{id}` in the path, a query parameter, or a body field (dotted). */
export interface OwnedParameter {
  readonly in: 'path' | 'query' | 'body';
  readonly name: string;
  readonly kind: ResourceKind;
  readonly optional?: boolean;
  /**
   * The value names a resource the platform does not track: the proxy reads it from the service
   * (`path`, `{value}` replaced) with the platform credential and checks that its `field` names a
   * resource of `kind` the user owns (an external account belongs to the user's customer). A dotted `field`
   * (`data.0.id`) reads a list's answer, which must then hold exactly one row; `data.*.cardId` reads every
   * row of a list, which must hold at least one, all naming the same owner.
   */
  readonly ownerOf?: { readonly path: string; readonly field: string };
  /**
   * A query parameter the service does not filter the list on: when the route's own filter `name` is
   * absent, the proxy adds it, read from this resource (`path`, `{value}` replaced; its `field`), so the
   * list is never asked for unfiltered (`GET /transactions?cardId=` gets the card's cardholder as `customerId`).
   */
  readonly addsFilter?: { readonly name: string; readonly path: string; readonly field: string };
}

export interface Route {
  readonly method: Method;
  /** Service path below `{base_url}`; `{id}` is the one path parameter. */
  readonly path: string;
  readonly owned: readonly OwnedParameter[];
  /** Query parameters taken besides the owned ones (narrowing filters, paging), spelled as the service spells them. */
  readonly query?: readonly string[];
  /** The JSON body may carry only these top-level fields. */
  readonly bodyOnly?: readonly string[];
  /** The JSON body may not carry these top-level fields (privileges of the platform, not of its users). */
  readonly bodyNever?: readonly string[];
  /** The JSON body's field, when present, must be one of these values (e.g. the card states a user may ask for). */
  readonly bodyValues?: Readonly<Record<string, readonly string[]>>;
  /** Forwarded only to a sandbox service. */
  readonly sandboxOnly?: boolean;
  /** Public data: answered for anyone, signed in or not (the sandbox's enclave keys, which pages pin before sign-in). */
  readonly public?: boolean;
  /**
   * A sign-in call a sign-in grant opens for its credential `{id}` (sign-in-grants.ts): `challenge`, or
   * `verify`, whose session starts the platform's own (`onSignIn`).
   */
  readonly signIn?: 'challenge' | 'verify';
  /** The body is `multipart/form-data` (document uploads, up to `MULTIPART_MAX_BODY_BYTES`), never JSON. */
  readonly multipart?: boolean;
  /**
   * Body fields that stay as they were verified (or `true`: the whole call, the documents a verification
   * rests on): refused (409 `IDENTITY_LOCKED`) once the customer's `kycStatus` or `kybStatus`, read from
   * the service, is no longer UNVERIFIED (a decision is pending or made).
   */
  readonly lockedOnceVerified?: readonly string[] | true;
  /** A card change: the end user's freeze and limits only, never undoing the platform's (card-controls.ts). */
  readonly cardControls?: boolean;
  /** An `endUserTermsConsent` in the body gets its `ipAddress` and `acceptedAt` from the backend (backend-facts.ts). */
  readonly termsConsent?: boolean;
  /**
   * The body's `endUserIpAddress` (the SCA provider's risk input) is the client's address, whatever the page
   * sent (backend-facts.ts): `required` by the service's API, or `optional` (left out without an address).
   */
  readonly endUserIpAddress?: 'required' | 'optional';
  /** Creates or deletes something the user owns: a 2xx answer tells the user's `EndUser` (`changed`). */
  readonly changesOwnership?: true;
  /** Ends a wallet session: a 2xx answer (not 202) tells the platform (`onSignOut`). */
  readonly signOut?: true;
  /**
   * The path `{id}` names an item of a list the service keeps per customer and serves no single read of:
   * the list at `path` (`{customer}` replaced by the request's owned customer) must hold, in its `items`
   * array, an object whose `field` is the id; otherwise 403 (another customer's, or no such item).
   */
  readonly listedFor?: { readonly path: string; readonly items: string; readonly field: string };
}

/** A document of at most 10 MB (the service's limit) plus its form fields and boundaries. */
export const MULTIPART_MAX_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * The identity data an end user enters for their own KYC/KYB (`<pay-kyc>`): never a status, a region or
 * an identifier of the platform's. The service's verification checks it against the documents.
 */
const KYC_DATA = [
  'fullName',
  'birthDate',
  'nationality',
  'address',
  'idType',
  'identifier',
  'countryOfIssuance',
  'businessInfo',
] as const;

const id = (kind: ResourceKind): OwnedParameter => ({ in: 'path', name: 'id', kind });
const query = (name: string, kind: ResourceKind): OwnedParameter => ({ in: 'query', name, kind });
const body = (name: string, kind: ResourceKind): OwnedParameter => ({ in: 'body', name, kind });
const optional = (parameter: OwnedParameter): OwnedParameter => ({ ...parameter, optional: true });
/** A list's paging, as the service's list endpoints take it. */
const PAGE = ['limit', 'cursor'] as const;
/** An external account in the path, owned when its `customerId` (read from the service) is the user's. */
const externalAccount: OwnedParameter = {
  in: 'path',
  name: 'id',
  kind: 'customer',
  ownerOf: { path: '/customers/external-accounts/{value}', field: 'customerId' },
};

export const ALLOWLIST: readonly Route[] = [
  // Credentials: list, add (signed retry), revoke, OTP/passkey challenge, verify (issues a session)
  { method: 'GET', path: '/auth/credentials', owned: [query('accountId', 'account')] },
  { method: 'POST', path: '/auth/credentials', owned: [body('accountId', 'account')], changesOwnership: true },
  { method: 'DELETE', path: '/auth/credentials/{id}', owned: [id('credential')], changesOwnership: true },
  { method: 'POST', path: '/auth/credentials/{id}/challenge', owned: [id('credential')], signIn: 'challenge' },
  {
    method: 'POST',
    path: '/auth/credentials/{id}/verify',
    owned: [id('credential')],
    signIn: 'verify',
    changesOwnership: true,
  },

  // Sessions
  { method: 'GET', path: '/auth/sessions', owned: [query('accountId', 'account')] },
  { method: 'POST', path: '/auth/sessions/{id}/refresh', owned: [id('session')], changesOwnership: true },
  {
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    owned: [id('session')],
    changesOwnership: true,
    signOut: true,
  },

  // Delegated signing keys (card funding from an embedded wallet)
  {
    method: 'POST',
    path: '/auth/delegated-keys',
    owned: [body('internalAccountId', 'account'), body('cardId', 'card')],
    changesOwnership: true,
  },
  {
    method: 'GET',
    path: '/auth/delegated-keys',
    owned: [
      optional(query('accountId', 'account')),
      // a card's funding source (`CardFundingSource:…`), not a wallet: owned when every key the service lists
      // for it is of a card of the user's (a funding source binds one card; one with no key names nothing yet)
      {
        ...optional(query('fundingSourceId', 'card')),
        ownerOf: { path: '/auth/delegated-keys?fundingSourceId={value}', field: 'data.*.cardId' },
      },
    ],
  },
  { method: 'GET', path: '/auth/delegated-keys/{id}', owned: [id('delegatedKey')] },
  { method: 'DELETE', path: '/auth/delegated-keys/{id}', owned: [id('delegatedKey')], changesOwnership: true },

  // Internal accounts (wallets): list, privacy switch, export
  {
    method: 'GET',
    path: '/customers/internal-accounts',
    owned: [query('customerId', 'customer')],
    query: ['currency', 'type', ...PAGE],
  },
  { method: 'PATCH', path: '/internal-accounts/{id}', owned: [id('account')], bodyOnly: ['privateEnabled'] },
  { method: 'POST', path: '/internal-accounts/{id}/export', owned: [id('account')] },

  // Customer: read, contact update, terms acceptance and the customer's own KYC/KYB data only
  { method: 'GET', path: '/customers/{id}', owned: [id('customer')] },
  {
    method: 'PATCH',
    path: '/customers/{id}',
    owned: [id('customer')],
    bodyOnly: ['customerType', 'email', 'phoneNumber', 'endUserTermsConsent', ...KYC_DATA],
    // what a verification decided on (pending or made) is not the end user's to change afterwards;
    // customerType stays open: the service wants it on every change, contact details included
    lockedOnceVerified: KYC_DATA,
    termsConsent: true,
  },

  // Onboarding: terms, contact verification, KYC (verification lists and bulk uploads are the platform's)
  { method: 'GET', path: '/customers/end-user-terms', owned: [] },
  { method: 'POST', path: '/customers/{id}/verify-email', owned: [id('customer')], bodyOnly: [] },
  { method: 'POST', path: '/customers/{id}/verify-email/confirm', owned: [id('customer')], bodyOnly: ['code'] },
  { method: 'POST', path: '/customers/{id}/verify-phone', owned: [id('customer')], bodyOnly: [] },
  { method: 'POST', path: '/customers/{id}/verify-phone/confirm', owned: [id('customer')], bodyOnly: ['code'] },
  { method: 'POST', path: '/customers/{id}/kyc-link', owned: [id('customer')], bodyOnly: ['redirectUri'] },
  { method: 'POST', path: '/verifications', owned: [body('customerId', 'customer')], bodyOnly: ['customerId'] },
  // documents are what a verification rests on: added or replaced only before one is submitted
  {
    method: 'POST',
    path: '/documents',
    owned: [body('documentHolder', 'customer')],
    multipart: true,
    lockedOnceVerified: true,
  },
  {
    method: 'PUT',
    path: '/documents/{id}',
    owned: [{ ...id('customer'), ownerOf: { path: '/documents/{value}', field: 'documentHolder' } }],
    multipart: true,
    lockedOnceVerified: true,
  },
  // KYB: a business's owners (25%+), directors and officers; reading or changing one owner stays the platform's
  {
    method: 'POST',
    path: '/beneficial-owners',
    owned: [body('customerId', 'customer')],
    bodyOnly: ['customerId', 'roles', 'ownershipPercentage', 'personalInfo'],
  },
  { method: 'GET', path: '/beneficial-owners', owned: [query('customerId', 'customer')], query: PAGE },

  // Quotes: the source must be the user's own account (or the user, for real-time funding)
  {
    method: 'POST',
    path: '/quotes',
    owned: [optional(body('source.accountId', 'account')), optional(body('source.customerId', 'customer'))],
    bodyNever: ['platformFeeOverride'],
    changesOwnership: true,
  },
  { method: 'GET', path: '/quotes/{id}', owned: [id('quote')] },
  // UMA receiver lookup: a UMA quote needs its lookupId; the user looks up as the sender (their own customer)
  {
    method: 'GET',
    path: '/receiver/uma/{id}',
    owned: [query('customerId', 'customer')],
    query: ['senderUmaAddress'],
  },
  // Sending money: one of the user's own external accounts, looked up as that user (both named, both checked)
  {
    method: 'GET',
    path: '/receiver/external-account/{id}',
    owned: [externalAccount, query('customerId', 'customer')],
    query: ['senderUmaAddress'],
  },
  // Public rates and institutions: nobody's resource, but only for a signed-in user
  {
    method: 'GET',
    path: '/exchange-rates',
    owned: [],
    query: ['sourceCurrency', 'destinationCurrency', 'sendingAmount'],
  },
  { method: 'GET', path: '/discoveries', owned: [], query: ['country', 'currency'] },
  // The directories a payee is declared at (UMA providers, VASPs): nobody's resource
  {
    method: 'GET',
    path: '/uma-providers',
    owned: [],
    query: ['countryCode', 'currencyCode', 'hasBlockedProviders', 'limit', 'cursor', 'sortOrder'],
  },
  { method: 'GET', path: '/vasps', owned: [], query: ['limit', 'cursor'] },
  // A withdrawal's fee, only from the user's own internal account
  { method: 'POST', path: '/crypto/estimate-withdrawal-fee', owned: [body('internalAccountId', 'account')] },
  { method: 'POST', path: '/quotes/{id}/execute', owned: [id('quote')] },
  { method: 'POST', path: '/quotes/{id}/authorize', owned: [id('quote')], endUserIpAddress: 'optional' },
  { method: 'POST', path: '/quotes/{id}/authorize/resend', owned: [id('quote')] },

  // Strong Customer Authentication login, start then complete (the customer is named in the query; a body one is checked too)
  {
    method: 'POST',
    path: '/sca/login/start',
    owned: [optional(query('customerId', 'customer')), optional(body('customerId', 'customer'))],
  },
  {
    method: 'POST',
    path: '/sca/login/complete',
    owned: [optional(query('customerId', 'customer')), optional(body('customerId', 'customer'))],
    endUserIpAddress: 'required',
  },

  // Cards
  {
    method: 'POST',
    path: '/cards',
    owned: [body('fundingSource', 'account'), optional(body('cardholderId', 'customer'))],
    changesOwnership: true,
  },
  { method: 'GET', path: '/cards/{id}', owned: [id('card')] },
  { method: 'POST', path: '/cards/{id}/reveal', owned: [id('card')] },

  // Money: transactions of the user's own cards, customer or wallets; freeze/unfreeze and limits of the
  // user's cards (closing and funding-source changes stay the platform's); external accounts of the user's customer
  {
    method: 'GET',
    path: '/transactions',
    owned: [
      // not a filter of the service's: the card's cardholder comes along as customerId
      {
        ...optional(query('cardId', 'card')),
        addsFilter: { name: 'customerId', path: '/cards/{value}', field: 'cardholderId' },
      },
      optional(query('customerId', 'customer')),
      optional(query('senderAccountIdentifier', 'account')),
    ],
    // narrowing filters only (an owner filter is always there): never platformCustomerId, the platform's own id
    query: [
      'accountIdentifier',
      'receiverAccountIdentifier',
      'status',
      'type',
      'reference',
      'startDate',
      'endDate',
      'sortOrder',
      ...PAGE,
    ],
  },
  // one transaction (a payment's failure reason, for <pay-payment>): owned when its customerId, read from the service, is the user's
  {
    method: 'GET',
    path: '/transactions/{id}',
    owned: [{ ...id('customer'), ownerOf: { path: '/transactions/{value}', field: 'customerId' } }],
  },
  {
    method: 'GET',
    path: '/cards',
    owned: [optional(query('cardholderId', 'customer')), optional(query('accountId', 'account'))],
    query: ['platformCardId', 'state', 'sortOrder', ...PAGE],
  },
  {
    method: 'PATCH',
    path: '/cards/{id}',
    owned: [id('card')],
    bodyOnly: ['state', 'maxSpendPerTransaction', 'maxSpendPerDay', 'maxTransactionsPerDay'],
    bodyValues: { state: ['ACTIVE', 'FROZEN'] },
    // a platform freeze and the platform's limits stay: unfreeze only their own freeze, limits up to the platform's
    cardControls: true,
  },
  {
    method: 'GET',
    path: '/customers/external-accounts',
    owned: [query('customerId', 'customer')],
    query: ['currency', ...PAGE],
  },
  { method: 'POST', path: '/customers/external-accounts', owned: [body('customerId', 'customer')] },
  { method: 'GET', path: '/customers/external-accounts/{id}', owned: [externalAccount] },
  { method: 'DELETE', path: '/customers/external-accounts/{id}', owned: [externalAccount] },
  { method: 'POST', path: '/customers/external-accounts/{id}/challenge', owned: [externalAccount] },
  { method: 'POST', path: '/customers/external-accounts/{id}/verify', owned: [externalAccount] },
  // Trusted beneficiaries (<pay-beneficiaries>): trust and untrust of the user's own payee, each confirmed by SCA
  { method: 'POST', path: '/customers/external-accounts/{id}/trust', owned: [externalAccount], bodyOnly: [] },
  {
    method: 'POST',
    path: '/customers/external-accounts/{id}/trust/confirm',
    owned: [externalAccount],
    bodyOnly: ['challengeId', 'code', 'passkeyAssertion', 'origin'],
  },
  { method: 'POST', path: '/customers/external-accounts/{id}/untrust', owned: [externalAccount], bodyOnly: [] },
  {
    method: 'POST',
    path: '/customers/external-accounts/{id}/untrust/confirm',
    owned: [externalAccount],
    bodyOnly: ['challengeId', 'code', 'passkeyAssertion', 'origin'],
  },

  // Sandbox only
  { method: 'POST', path: '/sandbox/internal-accounts/{id}/fund', owned: [id('account')], sandboxOnly: true },
  { method: 'GET', path: '/sandbox/enclave-keys', owned: [], sandboxOnly: true, public: true },
  { method: 'POST', path: '/sandbox/send', owned: [body('quoteId', 'quote')], sandboxOnly: true },
  ...(['authorization', 'clearing', 'return'] as const).map((event): Route => ({
    method: 'POST',
    path: `/sandbox/cards/{id}/simulate/${event}`,
    owned: [id('card')],
    sandboxOnly: true,
  })),

  // Activity (<pay-transactions>): cancel a bank transfer of the user's own customer (owner read from the service)
  {
    method: 'POST',
    path: '/transactions/{id}/cancel',
    owned: [{ ...id('customer'), ownerOf: { path: '/transactions/{value}', field: 'customerId' } }],
    bodyOnly: ['reason'],
  },

  // UMA invitations (<pay-invitation>): anyone signed in reads one by its code; a claim names the user's own
  // customer's UMA address as the invitee (the customer with that address, read from the service)
  { method: 'GET', path: '/invitations/{id}', owned: [] },
  {
    method: 'POST',
    path: '/invitations/{id}/claim',
    owned: [
      { ...body('inviteeUma', 'customer'), ownerOf: { path: '/customers?umaAddress={value}', field: 'data.0.id' } },
    ],
    bodyOnly: ['inviteeUma'],
  },
  // SCA factors (<pay-sca-factors>): the user's own customer's, listed, enrolled then confirmed, and removed
  { method: 'GET', path: '/sca/factors', owned: [query('customerId', 'customer')] },
  { method: 'POST', path: '/sca/factors', owned: [query('customerId', 'customer')], bodyOnly: ['type'] },
  {
    method: 'POST',
    path: '/sca/factors/confirm',
    owned: [query('customerId', 'customer')],
    bodyOnly: ['type', 'secret', 'code', 'origin', 'credential'],
  },
  {
    method: 'DELETE',
    path: '/sca/factors/{id}',
    owned: [query('customerId', 'customer')],
    listedFor: { path: '/sca/factors?customerId={customer}', items: 'factors', field: 'credentialId' },
  },
  // A lost factor's reset: the user's own customer's (the service binds each resetId to the customer that
  // started it, so another's reset is 404 there). `POST /sca/record-event` stays off the list: it is the
  // platform's risk signal, and RESET_PASSWORD_COMPLETED would let a locked-out user lift their own lock.
  { method: 'POST', path: '/sca/factors/reset', owned: [query('customerId', 'customer')], bodyOnly: ['factor'] },
  { method: 'GET', path: '/sca/factors/reset/{id}', owned: [query('customerId', 'customer')] },
  {
    method: 'POST',
    path: '/sca/factors/reset/{id}/complete',
    owned: [query('customerId', 'customer')],
    bodyOnly: ['mobile'],
  },
];

export interface RouteMatch {
  readonly route: Route;
  /** Path parameters by name, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

interface CompiledRoute {
  readonly route: Route;
  readonly segments: readonly string[];
  readonly literals: number;
}

const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

const COMPILED: readonly CompiledRoute[] = ALLOWLIST.map((route) => {
  const segments = route.path.slice(1).split('/');
  return { route, segments, literals: segments.filter((segment) => !isParameter(segment)).length };
});

/** The compiled routes by `method segment-count` (`POST 4`): a request is tried against those only. */
const CANDIDATES = new Map<string, CompiledRoute[]>();
for (const compiled of COMPILED) {
  const key = `${compiled.route.method} ${compiled.segments.length}`;
  CANDIDATES.set(key, [...(CANDIDATES.get(key) ?? []), compiled]);
}

/**
 * The allowlisted route for this method and path, preferring the most literal pattern
 * (`/customers/internal-accounts` over `/customers/{id}`), or `undefined`.
 */
export function matchRoute(
  method: string,
  segments: readonly string[],
  environment: { readonly sandbox: boolean },
): RouteMatch | undefined {
  let best: { compiled: CompiledRoute; params: Record<string, string> } | undefined;
  for (const compiled of CANDIDATES.get(`${method} ${segments.length}`) ?? []) {
    if (compiled.route.sandboxOnly && !environment.sandbox) continue;
    const params = bindParameters(compiled.segments, segments);
    if (params && (!best || compiled.literals > best.compiled.literals)) best = { compiled, params };
  }
  return best && { route: best.compiled.route, params: best.params };
}

function bindParameters(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  for (let index = 0; index < pattern.length; index++)
    if (!isParameter(pattern[index]!) && pattern[index] !== segments[index]) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index++)
    if (isParameter(pattern[index]!)) params[pattern[index]!.slice(1, -1)] = segments[index]!;
  return params;
}
