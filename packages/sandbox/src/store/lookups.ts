/**
 * Finding records by id, or the 404 the spec names for that resource (USER_NOT_FOUND for customers,
 * QUOTE_NOT_FOUND for quotes, NOT_FOUND otherwise); and the UMA receiver lookup a quote names, or the
 * 400 on its `lookupId` (POST /quotes declares no 404).
 *
 * @example
 *   const account = requireAccount(ctx, c.req.param('id'));
 */
import type { SandboxContext } from '../context.js';
import { ApiError, invalidField, notFound } from '../http/errors.js';
import type {
  AccountRecord,
  CardRecord,
  CredentialRecord,
  CustomerRecord,
  QuoteRecord,
  UmaLookupRecord,
} from './state.js';

export function requireCustomer(ctx: SandboxContext, id: string): CustomerRecord {
  const customer = ctx.state.customers.get(id);
  if (!customer) throw new ApiError(404, 'USER_NOT_FOUND', 'The customer was not found');
  return customer;
}

export function requireAccount(ctx: SandboxContext, id: string): AccountRecord {
  const account = ctx.state.accounts.get(id);
  if (!account) throw notFound('The internal account');
  return account;
}

export function requireCredential(ctx: SandboxContext, id: string): CredentialRecord {
  const credential = ctx.state.credentials.get(id);
  if (!credential) throw notFound('The credential');
  return credential;
}

export function requireQuote(ctx: SandboxContext, id: string): QuoteRecord {
  const quote = ctx.state.quotes.get(id);
  if (!quote) throw new ApiError(404, 'QUOTE_NOT_FOUND', 'The quote was not found');
  return quote;
}

export function requireCard(ctx: SandboxContext, id: string): CardRecord {
  const card = ctx.state.cards.get(id);
  if (!card) throw notFound('The card');
  return card;
}

/**
 * The stored lookup a UMA quote names, when it is live, of the same address and (if it named a sender)
 * of the same customer; 400 INVALID_INPUT on `lookupId` otherwise (POST /quotes declares no 404).
 */
export function requireUmaLookup(
  ctx: SandboxContext,
  lookupId: string | undefined,
  umaAddress: string,
  customerId: string,
): UmaLookupRecord {
  if (lookupId === undefined)
    throw invalidField(
      'lookupId',
      'is required for an UMA_ADDRESS destination (GET /receiver/uma/{receiverUmaAddress})',
    );
  const lookup = ctx.state.umaLookups.get(lookupId);
  if (!lookup || lookup.expiresAt <= ctx.config.now())
    throw invalidField('lookupId', 'is not a live receiver lookup; look the address up again');
  if (lookup.receiverUmaAddress !== umaAddress) throw invalidField('lookupId', 'is a lookup of another UMA address');
  if (lookup.customerId !== undefined && lookup.customerId !== customerId)
    throw invalidField('lookupId', 'is a lookup for another sending customer');
  return lookup;
}
