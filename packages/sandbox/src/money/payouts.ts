/**
 * The sandbox's payout scenarios: the last three characters of a quote destination's identifier (an
 * external account's number, IBAN, CLABE or wallet address; an UMA address's user part) decide what
 * the payout does, as payments-api.md lists them: 002 execution failed, 003 completes after about 6
 * minutes, 004 counterparty delivery failed, 005 returned by the receiving bank after completing, 006
 * user cancellation, 007 payout and refund failed; anything else succeeds. A failed payout refunds the
 * debited wallet (except 007) and its transaction carries the `refund`. Time moves them (lifecycle.ts).
 *
 * @example
 *   scenarioOf('$bob005@uma.example'); // { failsOnExecution: false, payout: 'RETURNED' }
 */
import type { SandboxContext } from '../context.js';
import type { PayoutScenario, QuoteRecord } from '../store/state.js';

/** 003: "completes after about 6 minutes". */
export const SLOW_PAYOUT_MS = 6 * 60_000;
/** 005: how long after completing the receiving bank returns the payout (the spec gives no figure). */
export const PAYOUT_RETURN_MS = 60_000;

const SCENARIOS: Record<string, PayoutScenario> = {
  '003': 'SLOW',
  '004': 'DELIVERY_FAILED',
  '005': 'RETURNED',
  '006': 'USER_CANCELLED',
  '007': 'REFUND_FAILED',
};

/** The suffix rules read the user part of an identifier with a domain (`$user@host`, `user@host`). */
export function magicSuffix(identifier: string): string {
  const at = identifier.lastIndexOf('@');
  return (at > 0 ? identifier.slice(0, at) : identifier).slice(-3);
}

export function scenarioOf(identifier: string): Pick<QuoteRecord, 'failsOnExecution' | 'payout'> {
  const suffix = magicSuffix(identifier);
  const payout = SCENARIOS[suffix];
  return { failsOnExecution: suffix === '002', ...(payout ? { payout } : {}) };
}

/** When a released payout finishes settling. */
export const settlementDelay = (ctx: SandboxContext, quote: QuoteRecord): number =>
  quote.payout === 'SLOW' ? SLOW_PAYOUT_MS : ctx.config.settlementDelayMs;

function refundSource(ctx: SandboxContext, quote: QuoteRecord, now: number): void {
  const source = quote.sourceAccountId !== undefined ? ctx.state.accounts.get(quote.sourceAccountId) : undefined;
  if (source) ctx.state.accounts.put({ ...source, balance: source.balance + quote.amount, updatedAt: now });
}

/**
 * `POST /transactions/{id}/cancel` of a bank transfer still in flight (PROCESSING): FAILED, the wallet
 * refunded with a USER_CANCELLATION refund, as the 006 scenario ends.
 */
export function cancelPayout(ctx: SandboxContext, quote: QuoteRecord, now: number): QuoteRecord {
  refundSource(ctx, quote, now);
  const cancelled: QuoteRecord = {
    ...quote,
    status: 'FAILED',
    failureReason: 'QUOTE_EXECUTION_FAILED',
    refund: refund('COMPLETED', 'USER_CANCELLATION', now),
    updatedAt: now,
  };
  delete cancelled.settlesAt;
  return ctx.state.quotes.put(cancelled);
}

/** A PROCESSING quote whose settlement time came: COMPLETED, or FAILED with its refund. */
export function settlePayout(ctx: SandboxContext, quote: QuoteRecord, now: number): void {
  const { state } = ctx;
  const failure: Pick<QuoteRecord, 'failureReason' | 'refund'> | undefined = quote.failsOnExecution
    ? { failureReason: 'QUOTE_EXECUTION_FAILED', refund: refund('COMPLETED', 'TRANSACTION_FAILED', now) }
    : quote.payout === 'DELIVERY_FAILED'
      ? { failureReason: 'ACCOUNT_CANNOT_RECEIVE', refund: refund('COMPLETED', 'TRANSACTION_FAILED', now) }
      : quote.payout === 'USER_CANCELLED'
        ? { failureReason: 'QUOTE_EXECUTION_FAILED', refund: refund('COMPLETED', 'USER_CANCELLATION', now) }
        : quote.payout === 'REFUND_FAILED'
          ? { failureReason: 'QUOTE_EXECUTION_FAILED', refund: refund('FAILED', 'TRANSACTION_FAILED', now) }
          : undefined;
  if (failure) {
    if (failure.refund?.status === 'COMPLETED') refundSource(ctx, quote, now);
    state.quotes.put({ ...quote, status: 'FAILED', ...failure, updatedAt: now });
    return;
  }
  const destination = quote.destinationAccountId ? state.accounts.get(quote.destinationAccountId) : undefined;
  if (destination)
    state.accounts.put({
      ...destination,
      balance: destination.balance + (quote.receivingAmount ?? quote.amount),
      updatedAt: now,
    });
  state.quotes.put({
    ...quote,
    status: 'COMPLETED',
    ...(quote.payout === 'RETURNED' ? { returnsAt: now + PAYOUT_RETURN_MS } : {}),
    updatedAt: now,
  });
}

/** Completed 005 payouts whose return came: FAILED with PAYOUT_RETURNED, the wallet refunded. */
export function returnPayouts(ctx: SandboxContext, now: number): void {
  for (const quote of ctx.state.quotes.withKey('COMPLETED:RETURNING').filter((q) => q.returnsAt! <= now)) {
    refundSource(ctx, quote, now);
    const returned: QuoteRecord = {
      ...quote,
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      refund: refund('COMPLETED', 'TRANSACTION_FAILED', now),
      updatedAt: now,
    };
    delete returned.returnsAt;
    ctx.state.quotes.put(returned);
  }
}

function refund(
  status: NonNullable<QuoteRecord['refund']>['status'],
  reason: NonNullable<QuoteRecord['refund']>['reason'],
  now: number,
): NonNullable<QuoteRecord['refund']> {
  return { status, reason, initiatedAt: now, ...(status === 'COMPLETED' ? { settledAt: now } : {}) };
}
