/**
 * What the service sends, as its OpenAPI types it (`src/service-api.ts`, generated), fits what the
 * toolkit reads: each response type the flows return that is still written by hand (they keep unknown
 * fields and enum values) accepts the spec's shape. Checked by `tsc -b` (the typecheck stage): a spec
 * change that a flow's type would reject fails there, naming the line.
 *
 * @example
 *   npm run typecheck
 */
import type {
  AuthMethod,
  AuthSession,
  Customer,
  DelegatedKey,
  InternalAccount,
  Quote,
  QuoteRequest,
  ReceiverUmaLookup,
  ScaChallenge,
  ScaLoginComplete,
  ScaLoginStart,
  ServiceRequestBody,
  ServiceResponse,
  ServiceSchema,
  Transaction,
} from '@paykit/crypto-core';
import type { Card, CardTransaction } from '@paykit/crypto-core/cards';

/** `true` when every `Sent` value is a `Read` value. */
type Fits<Sent, Read> = [Sent] extends [Read] ? true : false;

export const fits: true[] = [
  true satisfies Fits<ServiceSchema<'AuthMethod'>, AuthMethod>,
  true satisfies Fits<ServiceSchema<'AuthSession'>, AuthSession>,
  true satisfies Fits<ServiceSchema<'DelegatedKey'>, DelegatedKey>,
  true satisfies Fits<ServiceSchema<'Quote'>, Quote>,
  true satisfies Fits<ServiceSchema<'ScaChallenge'>, ScaChallenge>,
  true satisfies Fits<ServiceResponse<'lookupUma'>, ReceiverUmaLookup>,
  true satisfies Fits<ServiceResponse<'startScaLogin'>, ScaLoginStart>,
  true satisfies Fits<ServiceResponse<'completeScaLogin'>, ScaLoginComplete>,
  true satisfies Fits<ServiceSchema<'Card'>, Card>,
  true satisfies Fits<ServiceSchema<'CardTransaction'>, CardTransaction>,
  true satisfies Fits<ServiceResponse<'getTransactionById'>, Transaction>,
  // the generated ones are the spec's own (InternalAccount adds what payments-api.md lists)
  true satisfies Fits<ServiceResponse<'getCustomerById'>, Customer>,
  true satisfies Fits<ServiceResponse<'updateCustomerById'>, Customer>,
  true satisfies Fits<ServiceSchema<'InternalAccount'>, InternalAccount>,
  true satisfies Fits<QuoteRequest, ServiceRequestBody<'createQuote'>>,
  // @ts-expect-error a shape that does not fit is refused (the check can fail)
  true satisfies Fits<{ purpose: string | null }, { purpose?: string }>,
];
