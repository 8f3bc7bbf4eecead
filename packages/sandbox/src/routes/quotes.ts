/**
 * Quotes. From an embedded wallet (`sourceType: ACCOUNT`): `POST /quotes`
 * (TRANSACT) answers 201 with the EMBEDDED_WALLET `payloadToSign`; `POST /quotes/{id}/execute`
 * (TRANSACT) takes one stamped request (no Request-Id) signed by an active session of the source wallet.
 * Outside SCA regions it debits the wallet and answers PROCESSING (COMPLETED after `settlementDelayMs`);
 * in an SCA region it answers 200 PENDING_AUTHORIZATION with an scaChallenge and moves nothing until
 * `POST /quotes/{id}/authorize` releases it (one challenge per send; execute again is 409).
 * From a realtime-funding source (`sourceType: REALTIME_FUNDING`, USD or EUR): 201 PENDING with the bank
 * details to pay into, or in an SCA region 202 PENDING_AUTHORIZATION with the details withheld until
 * authorized; such a quote is funded, not executed (execute is 400), and the sandbox does not simulate
 * the incoming funds. Destinations: another internal account, or an UMA address named with the
 * `lookupId` of a receiver lookup of that address (routes/receivers.ts), or an ACTIVE external account
 * (routes/external-accounts.ts). The destination receives in its account's currency, or in an UMA destination's
 * `currency` (one the receiver lookup lists; the source's when it names none); across currencies the
 * quote converts at the sandbox's fixed rates with a fixed fee (exchange-rates.ts), and a pair without a
 * rate is 400 INVALID_CURRENCY. The wallet is debited `totalSendingAmount`; the destination receives
 * `totalReceivingAmount`. An UMA user part or external identifier ending in 002–007 plays
 * payments-api.md's payout scenarios (payouts.ts).
 *
 * With `maxTransactionAmount` set, a larger quote is 400 TRANSACTION_SIZE_LIMIT_EXCEEDED. With `dailyVolumeLimit` set, an execute that would take the customer's 24-hour sends in that currency
 * past it answers 429 DAILY_VOLUME_LIMIT_EXCEEDED (the OpenAPI's execute answer), before anything moves.
 *
 * Execution is atomic per quote: the state is judged and changed in one synchronous step after the
 * signature check, so concurrent executes debit once and the others get 409 (or, with the same
 * Idempotency-Key, the replay of the first answer).
 */
import { Hono } from 'hono';
import { requirePermission } from '../http/auth.js';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, invalidField } from '../http/errors.js';
import { idempotent } from '../http/idempotency.js';
import { newId } from '../store/ids.js';
import { requireAccount, requireCustomer, requireQuote, requireUmaLookup } from '../store/lookups.js';
import { inScaRegion, newScaChallenge, scaFactorField, scaRounds } from '../money/sca.js';
import { SIGNATURE_HEADER, activityPayload, verifyWalletSignature } from '../wallet/signed-retry.js';
import { scenarioOf, settlementDelay } from '../money/payouts.js';
import type { AccountRecord, CustomerRecord, ExternalAccountRecord, QuoteRecord } from '../store/state.js';
import { Fields, MAX_AMOUNT, UMA_ADDRESS, parseJsonObject } from '../http/validation.js';
import { toQuote } from '../store/views.js';
import { RECEIVER_CURRENCIES } from './receivers.js';
import { convert } from '../money/exchange-rates.js';
import { sessionKeyOf } from '../wallet/wallet-sessions.js';

const PURPOSES = [
  'GIFT',
  'SELF',
  'GOODS_OR_SERVICES',
  'EDUCATION',
  'HEALTH_OR_MEDICAL',
  'REAL_ESTATE_PURCHASE',
  'TAX_PAYMENT',
  'LOAN_PAYMENT',
  'UTILITY_BILL',
  'DONATION',
  'TRAVEL',
  'FAMILY_SUPPORT',
  'SALARY_PAYMENT',
  'OTHER',
];

/** The sandbox's bank details a realtime-funding quote is paid into, per currency (instant rails only). */
const FUNDING_ACCOUNTS: Record<string, Record<string, unknown>> = {
  USD: {
    accountType: 'USD_ACCOUNT',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    paymentRails: ['RTP', 'FEDNOW'],
  },
  EUR: {
    accountType: 'EUR_ACCOUNT',
    iban: 'DE89370400440532013000',
    swiftCode: 'DEUTDEFF',
    paymentRails: ['SEPA_INSTANT'],
  },
};

async function createQuote(ctx: SandboxContext, text: string): Promise<{ status: 201 | 202; quote: QuoteRecord }> {
  const f = new Fields(parseJsonObject(text));
  const source = f.object('source', { required: true });
  const sourceType = source?.string('sourceType', { required: true, enum: ['ACCOUNT', 'REALTIME_FUNDING'] });
  const sourceAccountId = sourceType === 'ACCOUNT' ? source?.string('accountId', { required: true }) : undefined;
  const sourceCustomerId =
    sourceType === 'REALTIME_FUNDING' ? source?.string('customerId', { required: true }) : undefined;
  const sourceCurrency =
    sourceType === 'REALTIME_FUNDING'
      ? source?.string('currency', { required: true, enum: Object.keys(FUNDING_ACCOUNTS) })
      : undefined;
  const destination = f.object('destination', { required: true });
  const destinationType = destination?.string('destinationType', { required: true, enum: ['ACCOUNT', 'UMA_ADDRESS'] });
  const destinationAccountId =
    destinationType === 'ACCOUNT' ? destination?.string('accountId', { required: true }) : undefined;
  const umaAddress =
    destinationType === 'UMA_ADDRESS'
      ? destination?.string('umaAddress', { required: true, pattern: UMA_ADDRESS })
      : undefined;
  const umaCurrency =
    destinationType === 'UMA_ADDRESS'
      ? destination?.string('currency', { enum: RECEIVER_CURRENCIES, format: 'iso4217' })
      : undefined;
  const side = f.string('lockedCurrencySide', { required: true, enum: ['SENDING', 'RECEIVING'] }) as
    QuoteRecord['lockedCurrencySide'] | undefined;
  const amount = f.integer('lockedCurrencyAmount', { required: true, min: 1, max: MAX_AMOUNT });
  const description = f.string('description', { maxLength: 500 });
  f.string('remittanceInformation', { maxLength: 80 });
  f.string('purposeOfPayment', { enum: PURPOSES });
  // Checked as the service checks it; the sandbox charges no fees, so an override changes nothing.
  const feeOverride = f.object('platformFeeOverride');
  if (feeOverride) {
    const fixedFee = feeOverride.object('platformFixedFee', { required: true });
    fixedFee?.integer('amount', { required: true, min: 0 });
    fixedFee?.string('currency', { required: true });
    feeOverride.integer('platformVariableFeeBps', { required: true, min: 0 });
  }
  const lookupId = f.string('lookupId');
  if (f.boolean('immediatelyExecute') && sourceType === 'ACCOUNT')
    f.fail('immediatelyExecute', 'is not supported when the source is an EMBEDDED_WALLET account');
  // scaFactor matters only for quote-creation SCA (a realtime-funding source); a wallet send names its factor on execute
  const scaFactor = scaFactorField(
    ctx,
    f,
    sourceCustomerId !== undefined && ctx.state.customers.get(sourceCustomerId) ? sourceCustomerId : undefined,
  );
  f.done();

  const account = sourceAccountId !== undefined ? ctx.state.accounts.get(sourceAccountId) : undefined;
  if (sourceAccountId !== undefined && !account) throw invalidField('source.accountId', 'is not an internal account');
  const currency = account?.currency ?? sourceCurrency!;
  const target = destinationAccountId !== undefined ? ctx.state.accounts.get(destinationAccountId) : undefined;
  const external = target ? undefined : externalDestination(ctx, destinationAccountId);
  if (destinationAccountId !== undefined && !target && !external)
    throw invalidField('destination.accountId', 'is not an internal or external account');
  if (account && target?.id === account.id)
    throw new ApiError(400, 'SELF_PAYMENT', 'The source and destination are the same account');
  // POST /quotes declares no 404: a source customer that does not exist is invalid input, as a source account is
  if (sourceCustomerId !== undefined && !ctx.state.customers.get(sourceCustomerId))
    throw invalidField('source.customerId', 'is not a customer');
  const customer = requireCustomer(ctx, account?.customerId ?? sourceCustomerId!);
  if (umaAddress !== undefined) requireUmaLookup(ctx, lookupId, umaAddress, customer.id);
  // What the destination receives in: its account's currency, or the UMA destination's `currency` (the
  // source's when it names none). A pair without a sandbox rate is refused, never quoted as the source currency.
  const receivingCurrency = target?.currency ?? external?.currency ?? umaCurrency ?? currency;
  const conversion = convert({ from: currency, to: receivingCurrency, side: side!, amount: amount! });
  if (conversion.totalSendingAmount > ctx.config.maxTransactionAmount)
    throw new ApiError(
      400,
      'TRANSACTION_SIZE_LIMIT_EXCEEDED',
      'The amount exceeds the maximum single-transaction amount for this corridor',
      { maxAmount: ctx.config.maxTransactionAmount },
    );

  const now = ctx.config.now();
  const id = newId('Quote');
  const destinationLabel = umaAddress ?? (target ?? external)!.id;
  const quoteSca = !account && inScaRegion(ctx, customer); // quote-creation SCA: realtime funding only
  const record: QuoteRecord = {
    id,
    customerId: customer.id,
    ...(account ? { sourceAccountId: account.id } : {}),
    source: account
      ? { sourceType: 'ACCOUNT', accountId: account.id }
      : { sourceType: 'REALTIME_FUNDING', customerId: customer.id, currency },
    destination: umaAddress
      ? { destinationType: 'UMA_ADDRESS', umaAddress, ...(umaCurrency !== undefined ? { currency: umaCurrency } : {}) }
      : { destinationType: 'ACCOUNT', accountId: destinationLabel },
    ...(target ? { destinationAccountId: target.id } : {}),
    ...scenarioOf(umaAddress ?? external?.identifier ?? ''),
    currency,
    amount: conversion.totalSendingAmount,
    ...(receivingCurrency !== currency
      ? {
          receivingCurrency,
          receivingAmount: conversion.totalReceivingAmount,
          exchangeRate: conversion.exchangeRate,
          feesIncluded: conversion.feesIncluded,
        }
      : {}),
    lockedCurrencySide: side!,
    status: quoteSca ? 'PENDING_AUTHORIZATION' : 'PENDING',
    ...(description !== undefined ? { description } : {}),
    transactionId: newId('Transaction'),
    ...(account
      ? {
          payloadToSign: activityPayload(
            {
              type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
              organizationId: account.organizationId,
              parameters: {
                quoteId: id,
                signWith: account.id,
                amount: String(conversion.totalSendingAmount),
                currency,
                destination: destinationLabel,
              },
            },
            now,
          ),
        }
      : { fundingInstructions: { ...FUNDING_ACCOUNTS[currency], reference: `PAYKIT-${id.slice(-12).toUpperCase()}` } }),
    ...(quoteSca
      ? {
          sca: {
            challenge: newScaChallenge(
              ctx,
              customer,
              scaFactor ?? 'SMS_OTP',
              scaRounds(conversion.totalSendingAmount) > 1 ? 'CURRENCY_CONVERSION' : undefined,
            ),
            roundsLeft: scaRounds(conversion.totalSendingAmount),
            at: 'QUOTE' as const,
          },
        }
      : {}),
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.config.quoteTtlMs,
  };
  return { status: quoteSca ? 202 : 201, quote: ctx.state.quotes.put(record) };
}

/** An external account paid by a quote (in its own currency), verified when ownership verification applies. */
function externalDestination(ctx: SandboxContext, id: string | undefined): ExternalAccountRecord | undefined {
  const external = id === undefined ? undefined : ctx.state.externalAccounts.get(id);
  if (!external) return undefined;
  if (external.status !== 'ACTIVE')
    throw new ApiError(
      400,
      'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED',
      'The destination wallet’s ownership must be verified first',
      { status: external.status },
    );
  return external;
}

/** Why a quote cannot be executed now (409), judged on the stored quote. */
function assertExecutable(quote: QuoteRecord): void {
  if (quote.status === 'PENDING_AUTHORIZATION') {
    throw conflict(
      'The quote is waiting for Strong Customer Authentication: authorize it (POST /quotes/{id}/authorize)',
      'CONFLICT',
      { status: quote.status },
    );
  }
  if (quote.status === 'EXPIRED')
    throw conflict('The quote expired; create a new one', 'CONFLICT', { status: quote.status });
  if (quote.status !== 'PENDING')
    throw conflict('The quote was already executed', 'CONFLICT', { status: quote.status });
}

/** The source wallet, when its balance covers the quote (400 INVALID_AMOUNT otherwise: the service has no INSUFFICIENT_FUNDS code). */
function fundedWallet(ctx: SandboxContext, quote: QuoteRecord): AccountRecord {
  const account = requireAccount(ctx, quote.sourceAccountId!);
  if (account.balance < quote.amount) {
    throw new ApiError(400, 'INVALID_AMOUNT', 'The wallet balance does not cover the quote', {
      reason: 'BALANCE_TOO_LOW',
      available: account.balance,
      required: quote.amount,
    });
  }
  return account;
}

const DAY_MS = 24 * 60 * 60_000;

/** 429 DAILY_VOLUME_LIMIT_EXCEEDED when this send would take the customer past `dailyVolumeLimit` (same currency, last 24 h). */
function assertWithinDailyVolume(ctx: SandboxContext, quote: QuoteRecord): void {
  const limit = ctx.config.dailyVolumeLimit;
  if (!Number.isFinite(limit)) return;
  const since = ctx.config.now() - DAY_MS;
  const sent = ctx.state.quotes
    .list(
      (q) =>
        q.customerId === quote.customerId &&
        q.currency === quote.currency &&
        q.releasedAt !== undefined &&
        q.releasedAt > since,
    )
    .reduce((sum, q) => sum + q.amount, 0);
  if (sent + quote.amount > limit)
    throw new ApiError(429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'Executing this quote would exceed the daily volume limit', {
      limit,
      sentToday: sent,
      amount: quote.amount,
    });
}

/** Debits the source wallet and starts settlement. Synchronous: callers judge and change state in one step. */
export function releaseQuote(ctx: SandboxContext, quote: QuoteRecord): QuoteRecord {
  const account = fundedWallet(ctx, quote);
  const now = ctx.config.now();
  ctx.state.accounts.put({ ...account, balance: account.balance - quote.amount, updatedAt: now });
  const released: QuoteRecord = {
    ...quote,
    status: 'PROCESSING',
    settlesAt: now + settlementDelay(ctx, quote),
    releasedAt: now,
    updatedAt: now,
  };
  delete released.sca;
  return ctx.state.quotes.put(released);
}

async function executeQuote(
  ctx: SandboxContext,
  quoteId: string,
  stamp: string | undefined,
  text: string,
): Promise<QuoteRecord> {
  const quote = requireQuote(ctx, quoteId);
  if (quote.payloadToSign === undefined || quote.sourceAccountId === undefined) {
    throw new ApiError(
      400,
      'INVALID_INPUT',
      'A REALTIME_FUNDING quote is funded through its paymentInstructions, not executed',
      { status: quote.status },
    );
  }
  const f = new Fields(parseJsonObject(text));
  const scaFactor = scaFactorField(ctx, f, quote.customerId);
  f.done();
  if (!stamp)
    throw new ApiError(
      401,
      'WALLET_SIGNATURE_MISSING',
      `An EMBEDDED_WALLET quote is executed with a ${SIGNATURE_HEADER} over its payloadToSign`,
    );
  assertExecutable(quote);
  await verifyWalletSignature(stamp, quote.payloadToSign, sessionKeyOf(ctx, [quote.sourceAccountId]));

  // One synchronous step from here on: judge the stored quote as it is now, then change it.
  const current = requireQuote(ctx, quoteId);
  assertExecutable(current);
  const customer: CustomerRecord = requireCustomer(ctx, current.customerId);
  assertWithinDailyVolume(ctx, current);
  if (!inScaRegion(ctx, customer)) return releaseQuote(ctx, current);
  fundedWallet(ctx, current);
  // A wallet send in an SCA region: one challenge; nothing moves until it is authorized.
  const held: QuoteRecord = {
    ...current,
    status: 'PENDING_AUTHORIZATION',
    sca: { challenge: newScaChallenge(ctx, customer, scaFactor ?? 'SMS_OTP'), roundsLeft: 1, at: 'EXECUTE' },
    updatedAt: ctx.config.now(),
  };
  return ctx.state.quotes.put(held);
}

export function quoteRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/quotes', async (c) => {
    requirePermission(c, 'TRANSACT');
    const text = await c.req.text();
    return idempotent(c, ctx, {}, async () => {
      const { status, quote } = await createQuote(ctx, text);
      return { status, body: toQuote(quote) };
    });
  });

  app.get('/quotes/:id', (c) => c.json(toQuote(requireQuote(ctx, c.req.param('id')))));

  app.post('/quotes/:id/execute', async (c) => {
    requirePermission(c, 'TRANSACT');
    const text = await c.req.text();
    return idempotent(c, ctx, {}, async () => ({
      status: 200,
      body: toQuote(await executeQuote(ctx, c.req.param('id'), c.req.header(SIGNATURE_HEADER)?.trim(), text)),
    }));
  });

  return app;
}
