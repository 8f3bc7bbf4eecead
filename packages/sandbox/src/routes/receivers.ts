/**
 * Receiver lookup: `GET /receiver/uma/{receiverUmaAddress}` (platform credential) answers the currencies
 * a UMA receiver accepts and a `lookupId`, which `POST /quotes` requires for a UMA destination (the
 * service's counterparty needs it). Lookups expire after `UMA_LOOKUP_TTL_MS` and at most
 * `MAX_UMA_LOOKUPS` are held (the oldest is evicted).
 *
 * Deterministic sandbox receivers, by the user part's ending (apart from the quote-destination endings
 * 002–007 of the spec): a malformed address is 400 INVALID_UMA_ADDRESS; `…404` is 404 UMA_NOT_FOUND;
 * `…412` is 412 UNSUPPORTED_UMA_VERSION; `…424` is 424 PAYREQ_REQUEST_FAILED; any other address receives
 * USD, EUR and MXN.
 *
 * `GET /receiver/external-account/{accountId}` answers the same for one of the sender's external accounts:
 * the account's own currency only (an account holds one), an unknown id is 404 REFERENCE_NOT_FOUND, and a
 * `customerId` other than the account's owner is 404 too (no probing of others' accounts). Its `lookupId`
 * is informative: an ACCOUNT destination of `POST /quotes` names the account, not the lookup.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField, notFound } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireCustomer } from '../store/lookups.js';
import type { UmaLookupRecord } from '../store/state.js';
import { MAX_AMOUNT, UMA_ADDRESS } from '../http/validation.js';
import { currency } from '../store/views.js';
import { USD_PER_UNIT, exchangeRate } from '../money/exchange-rates.js';

/** How long a lookup may be named by a quote. The spec is silent; the sandbox keeps a lookup 15 minutes. */
export const UMA_LOOKUP_TTL_MS = 15 * 60_000;

/** What every well-formed sandbox receiver accepts: every currency the sandbox converts (exchange-rates.ts). */
export const RECEIVER_CURRENCIES: readonly string[] = Object.keys(USD_PER_UNIT);

const UMA_PATTERN = new RegExp(UMA_ADDRESS);

/** The deterministic failure of a well-formed address, by its user part's ending. */
function receiverFailure(address: string): ApiError | undefined {
  const user = address.slice(1, address.indexOf('@'));
  if (user.endsWith('404')) return new ApiError(404, 'UMA_NOT_FOUND', 'No receiver exists at this UMA address');
  if (user.endsWith('412'))
    return new ApiError(412, 'UNSUPPORTED_UMA_VERSION', "The counterparty doesn't support the UMA version");
  if (user.endsWith('424'))
    return new ApiError(424, 'PAYREQ_REQUEST_FAILED', 'The counterparty did not answer the lookup');
  return undefined;
}

function lookupUma(
  ctx: SandboxContext,
  address: string,
  customerId: string | undefined,
  senderUmaAddress: string | undefined,
): UmaLookupRecord {
  if (!UMA_PATTERN.test(address))
    throw new ApiError(400, 'INVALID_UMA_ADDRESS', 'The UMA address is malformed ($user@domain.tld)');
  if (senderUmaAddress !== undefined && !UMA_PATTERN.test(senderUmaAddress))
    throw invalidField('senderUmaAddress', 'is not an UMA address', { pattern: UMA_ADDRESS });
  if (customerId !== undefined) requireCustomer(ctx, customerId);
  const failure = receiverFailure(address);
  if (failure) throw failure;
  const now = ctx.config.now();
  return ctx.state.umaLookups.put({
    id: newId('Lookup'),
    receiverUmaAddress: address,
    ...(customerId !== undefined ? { customerId } : {}),
    createdAt: now,
    expiresAt: now + UMA_LOOKUP_TTL_MS,
  });
}

export function receiverRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/receiver/uma/:address', (c) => {
    const address = c.req.param('address');
    const lookup = lookupUma(ctx, address, c.req.query('customerId'), c.req.query('senderUmaAddress'));
    return c.json({
      receiverUmaAddress: lookup.receiverUmaAddress,
      // estimated from USD, as receiving units per USD (the inverse of a quote's exchangeRate)
      supportedCurrencies: RECEIVER_CURRENCIES.map((code) => ({
        currency: currency(code),
        estimatedExchangeRate: Math.round((1 / exchangeRate('USD', code)!) * 1e6) / 1e6,
        min: 1,
        max: MAX_AMOUNT,
      })),
      lookupId: lookup.id,
    });
  });

  app.get('/receiver/external-account/:accountId', (c) => {
    const account = ctx.state.externalAccounts.get(c.req.param('accountId'));
    const customerId = c.req.query('customerId');
    const sender = c.req.query('senderUmaAddress');
    if (sender !== undefined && !UMA_PATTERN.test(sender))
      throw invalidField('senderUmaAddress', 'is not an UMA address', { pattern: UMA_ADDRESS });
    if (customerId !== undefined) requireCustomer(ctx, customerId);
    if (!account || (customerId !== undefined && account.customerId !== customerId))
      throw notFound('The external account');
    const rate = exchangeRate('USD', account.currency);
    return c.json({
      accountId: account.id,
      supportedCurrencies: [
        {
          currency: currency(account.currency),
          estimatedExchangeRate: rate ? Math.round((1 / rate) * 1e6) / 1e6 : 1,
          min: 1,
          max: MAX_AMOUNT,
        },
      ],
      lookupId: newId('Lookup'),
    });
  });

  return app;
}
