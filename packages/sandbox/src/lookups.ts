/**
 * Finding records by id, or the 404 the spec names for that resource (USER_NOT_FOUND for customers,
 * QUOTE_NOT_FOUND for quotes, NOT_FOUND otherwise).
 *
 * @example
 *   const account = requireAccount(ctx, c.req.param('id'));
 */
import type { SandboxContext } from './context.js';
import { ApiError, notFound } from './errors.js';
import type { AccountRecord, CardRecord, CredentialRecord, CustomerRecord, QuoteRecord } from './state.js';

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
