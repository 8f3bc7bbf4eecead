/**
 * `POST /sandbox/send`: pays a realtime-funding quote's payment instructions, as the customer's bank
 * would (`quoteId`, `currencyCode`, optional `currencyAmount`, by default the quote's amount). The
 * quote must be PENDING (authorized, when SCA applied) and unexpired: it moves to PROCESSING and then
 * settles like any payout (payouts.ts); a `currencyAmount` other than the quote's fails it with
 * FUNDING_AMOUNT_MISMATCH. Answers the quote's transaction.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField } from '../http/errors.js';
import { requireQuote } from '../store/lookups.js';
import { toQuoteTransaction } from '../money/views.js';
import { settlementDelay } from '../money/payouts.js';
import { Fields, MAX_AMOUNT, parseJsonObject } from '../http/validation.js';

export function sandboxSendRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/sandbox/send', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const quoteId = f.string('quoteId', { required: true });
    const currencyCode = f.string('currencyCode', { required: true });
    const amount = f.integer('currencyAmount', { min: 1, max: MAX_AMOUNT });
    f.done();
    const quote = requireQuote(ctx, quoteId!);
    if (quote.fundingInstructions === undefined)
      throw invalidField('quoteId', 'must name a REALTIME_FUNDING quote (a wallet quote is executed, not funded)');
    if (quote.status !== 'PENDING')
      throw new ApiError(400, 'INVALID_INPUT', `The quote is ${quote.status}: only a PENDING quote can be funded`, {
        status: quote.status,
      });
    if (currencyCode !== quote.currency)
      throw invalidField('currencyCode', `must be the quote's currency (${quote.currency})`);
    const now = ctx.config.now();
    const funded =
      amount !== undefined && amount !== null && amount !== quote.amount
        ? ctx.state.quotes.put({ ...quote, status: 'FAILED', failureReason: 'FUNDING_AMOUNT_MISMATCH', updatedAt: now })
        : ctx.state.quotes.put({
            ...quote,
            status: 'PROCESSING',
            settlesAt: now + settlementDelay(ctx, quote),
            updatedAt: now,
          });
    return c.json(toQuoteTransaction(ctx, funded));
  });

  return app;
}
