/**
 * Quotes from an embedded wallet (same currency, rate 1, no fees). `POST /quotes` (TRANSACT) answers
 * a Quote whose paymentInstructions carry the EMBEDDED_WALLET `payloadToSign`; for a customer in an
 * SCA region the quote starts PENDING_AUTHORIZATION with an scaChallenge and no instructions.
 * `POST /quotes/{id}/execute` (TRANSACT) takes one stamped request (no Request-Id) signed by an active
 * session of the source wallet, debits it and answers PROCESSING; it settles to COMPLETED after
 * `settlementDelayMs`. Destinations: another internal account, or an UMA address; an UMA user part
 * ending in 002 fails after PROCESSING (refunded).
 */
import { Hono } from 'hono';
import { requirePermission } from '../auth.js';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField, invalidInput } from '../errors.js';
import { idempotent } from '../idempotency.js';
import { newId } from '../ids.js';
import { requireAccount, requireCustomer, requireQuote } from '../lookups.js';
import { customerPasskeys, inScaRegion, newScaChallenge, scaRounds } from '../sca.js';
import { SIGNATURE_HEADER, activityPayload, verifyWalletSignature } from '../signed-retry.js';
import type { QuoteRecord } from '../state.js';
import { Fields, UMA_ADDRESS, parseJsonObject } from '../validation.js';
import { toQuote } from '../views.js';
import { sessionKeyOf } from '../wallet-sessions.js';

const PURPOSES = [
  'GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT',
  'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER',
];
export const MAX_AMOUNT = 9_000_000_000_000_000;

async function createQuote(ctx: SandboxContext, text: string): Promise<QuoteRecord> {
  const f = new Fields(parseJsonObject(text));
  const source = f.object('source', { required: true });
  source?.string('sourceType', { required: true, enum: ['ACCOUNT'] });
  const sourceAccountId = source?.string('accountId', { required: true });
  const destination = f.object('destination', { required: true });
  const destinationType = destination?.string('destinationType', { required: true, enum: ['ACCOUNT', 'UMA_ADDRESS'] });
  const destinationAccountId = destinationType === 'ACCOUNT' ? destination?.string('accountId', { required: true }) : undefined;
  const umaAddress = destinationType === 'UMA_ADDRESS' ? destination?.string('umaAddress', { required: true, pattern: UMA_ADDRESS }) : undefined;
  const side = f.string('lockedCurrencySide', { required: true, enum: ['SENDING', 'RECEIVING'] }) as QuoteRecord['lockedCurrencySide'] | undefined;
  const amount = f.integer('lockedCurrencyAmount', { required: true, min: 1, max: MAX_AMOUNT });
  const description = f.string('description', { maxLength: 500 });
  f.string('remittanceInformation', { maxLength: 80 });
  f.string('purposeOfPayment', { enum: PURPOSES });
  f.string('lookupId');
  const scaFactor = f.string('scaFactor', { enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] });
  if (scaFactor === 'TOTP') f.fail('scaFactor', 'TOTP is not accepted per transaction; use SMS_OTP or PASSKEY', { enum: ['SMS_OTP', 'PASSKEY'] });
  if (f.boolean('immediatelyExecute')) f.fail('immediatelyExecute', 'is not supported when the source is an EMBEDDED_WALLET account');
  f.done();

  const account = ctx.state.accounts.get(sourceAccountId!);
  if (!account) throw invalidField('source.accountId', 'is not an internal account');
  const target = destinationAccountId !== undefined ? ctx.state.accounts.get(destinationAccountId) : undefined;
  if (destinationAccountId !== undefined && !target) throw invalidField('destination.accountId', 'is not an internal account');
  if (target?.id === account.id) throw new ApiError(400, 'SELF_PAYMENT', 'The source and destination are the same account');
  if (target && target.currency !== account.currency) throw new ApiError(400, 'INVALID_CURRENCY', 'The sandbox only quotes same-currency transfers');
  const customer = requireCustomer(ctx, account.customerId);
  const sca = inScaRegion(ctx, customer);
  if (sca && scaFactor === 'PASSKEY' && customerPasskeys(ctx, customer.id).length === 0) {
    throw invalidInput([fieldError('scaFactor', 'PASSKEY needs a passkey registered on one of the customer’s wallets', { enum: ['SMS_OTP'] })]);
  }

  const now = ctx.config.now();
  const id = newId('Quote');
  const destinationLabel = umaAddress ?? target!.id;
  const record: QuoteRecord = {
    id,
    customerId: customer.id,
    sourceAccountId: account.id,
    source: { sourceType: 'ACCOUNT', accountId: account.id },
    destination: umaAddress ? { destinationType: 'UMA_ADDRESS', umaAddress } : { destinationType: 'ACCOUNT', accountId: target!.id },
    ...(target ? { destinationAccountId: target.id } : {}),
    failsOnExecution: umaAddress !== undefined && /002@/.test(umaAddress),
    currency: account.currency,
    amount: amount!,
    lockedCurrencySide: side!,
    status: sca ? 'PENDING_AUTHORIZATION' : 'PENDING',
    ...(description !== undefined ? { description } : {}),
    transactionId: newId('Transaction'),
    payloadToSign: activityPayload(
      {
        type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
        organizationId: account.organizationId,
        parameters: { quoteId: id, signWith: account.id, amount: String(amount), currency: account.currency, destination: destinationLabel },
      },
      now,
    ),
    ...(sca ? { sca: { challenge: newScaChallenge(ctx, customer, scaFactor === 'PASSKEY' ? 'PASSKEY' : 'SMS_OTP'), roundsLeft: scaRounds(amount!) } } : {}),
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.config.quoteTtlMs,
  };
  return ctx.state.quotes.put(record);
}

async function executeQuote(ctx: SandboxContext, quote: QuoteRecord, stamp: string | undefined): Promise<QuoteRecord> {
  if (!stamp) throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', `An EMBEDDED_WALLET quote is executed with a ${SIGNATURE_HEADER} over its payloadToSign`);
  if (quote.status === 'PENDING_AUTHORIZATION') {
    throw conflict('The quote needs Strong Customer Authentication first (POST /quotes/{id}/authorize)', 'CONFLICT', { status: quote.status });
  }
  if (quote.status === 'EXPIRED') throw conflict('The quote expired; create a new one', 'CONFLICT', { status: quote.status });
  if (quote.status !== 'PENDING') throw conflict('The quote was already executed', 'CONFLICT', { status: quote.status });
  await verifyWalletSignature(stamp, quote.payloadToSign, sessionKeyOf(ctx, [quote.sourceAccountId]));
  const account = requireAccount(ctx, quote.sourceAccountId);
  if (account.balance < quote.amount) {
    throw new ApiError(400, 'INSUFFICIENT_FUNDS', 'The wallet balance does not cover the quote', { available: account.balance, required: quote.amount });
  }
  const now = ctx.config.now();
  ctx.state.accounts.put({ ...account, balance: account.balance - quote.amount, updatedAt: now });
  return ctx.state.quotes.put({ ...quote, status: 'PROCESSING', settlesAt: now + ctx.config.settlementDelayMs, updatedAt: now });
}

export function quoteRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/quotes', async (c) => {
    requirePermission(c, 'TRANSACT');
    const text = await c.req.text();
    return idempotent(c, ctx, {}, async () => ({ status: 201, body: toQuote(await createQuote(ctx, text)) }));
  });

  app.get('/quotes/:id', (c) => c.json(toQuote(requireQuote(ctx, c.req.param('id')))));

  app.post('/quotes/:id/execute', async (c) => {
    requirePermission(c, 'TRANSACT');
    const quote = requireQuote(ctx, c.req.param('id'));
    return idempotent(c, ctx, {}, async () => ({ status: 200, body: toQuote(await executeQuote(ctx, quote, c.req.header(SIGNATURE_HEADER)?.trim())) }));
  });

  return app;
}
