/**
 * `GET /exchange-rates`: the sandbox's fixed rate table (exchange-rates.ts) in the service's
 * ExchangeRateListResponse shape, the same numbers a quote uses. Filters `sourceCurrency`,
 * `destinationCurrency` (repeatable) and `sendingAmount` (default 10 000, smallest units of the source).
 *
 * @example
 *   GET /exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=10000
 *   // { data: [{ sourceCurrency: {code: 'USD', …}, destinationCurrency: {code: 'EUR', …}, exchangeRate: 1.08,
 *   //            sendingAmount: 10000, receivingAmount: 9231, fees: { fixed: 30, total: 30 }, … }] }
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { invalidField } from '../http/errors.js';
import { CROSS_CURRENCY_FEE, USD_PER_UNIT, convert, exchangeRate } from '../money/exchange-rates.js';
import { currency, iso } from '../store/views.js';
import { MAX_AMOUNT } from '../http/validation.js';

/** The instant rail the sandbox pays each currency on. */
const RAILS: Record<string, string> = { USD: 'RTP', EUR: 'SEPA_INSTANT', MXN: 'SPEI' };

export function exchangeRateRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/exchange-rates', (c) => {
    const source = c.req.query('sourceCurrency');
    const destinations = c.req.queries('destinationCurrency');
    const amountText = c.req.query('sendingAmount');
    const sendingAmount = amountText === undefined ? 10_000 : Number(amountText);
    if (!/^\d+$/.test(amountText ?? '0') || !Number.isSafeInteger(sendingAmount))
      throw invalidField('sendingAmount', 'must be a non-negative integer');
    const codes = Object.keys(USD_PER_UNIT);
    const data = codes
      .filter((from) => source === undefined || from === source)
      .flatMap((from) =>
        codes
          .filter((to) => to !== from && (!destinations?.length || destinations.includes(to)))
          .map((to) => {
            const fee = CROSS_CURRENCY_FEE;
            let receivingAmount = 0;
            try {
              receivingAmount = convert({ from, to, side: 'SENDING', amount: sendingAmount }).totalReceivingAmount;
            } catch {
              // an amount the fee swallows receives nothing
            }
            return {
              sourceCurrency: currency(from),
              destinationCurrency: currency(to),
              destinationPaymentRail: RAILS[to],
              minSendingAmount: fee + 1,
              maxSendingAmount: MAX_AMOUNT,
              sendingAmount,
              receivingAmount,
              exchangeRate: exchangeRate(from, to)!,
              fees: { fixed: fee, total: fee },
              updatedAt: iso(ctx.config.now()),
            };
          }),
      );
    return c.json({ data });
  });

  return app;
}
