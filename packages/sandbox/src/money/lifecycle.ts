/**
 * Time-driven transitions of the money flows, called by `advance` (store/lifecycle.ts) before every request:
 * a delayed card funding pull (descriptor suffix 005) confirms, or for suffix 006 reports FAILED and
 * the card transaction becomes EXCEPTION; a finished liveness check lands its outcome (the external
 * account ACTIVE, or UNVERIFIED). Only the records waiting for time are looked at (indexed keys).
 *
 * @example
 *   advanceMoney(ctx, ctx.config.now());
 */
import type { SandboxContext } from '../context.js';
import type { CardTransactionRecord, ExternalAccountRecord } from '../store/state.js';

export function advanceMoney(ctx: SandboxContext, now: number): void {
  const { state } = ctx;
  for (const txn of state.cardTransactions.withKey('PULL_PENDING').filter((t) => t.pullConfirmsAt! <= now)) {
    const confirmed: CardTransactionRecord = {
      ...txn,
      pulls: { ...txn.pulls, pendingCount: 0 },
      ...(txn.pullFails ? { status: 'EXCEPTION' as const } : {}),
      updatedAt: now,
    };
    delete confirmed.pullConfirmsAt;
    delete confirmed.pullFails;
    state.cardTransactions.put(confirmed);
  }
  for (const account of state.externalAccounts.withKey('LIVENESS_DONE')) {
    const { challenge } = account;
    if (!challenge?.completesAt || challenge.completesAt > now) continue;
    const done: ExternalAccountRecord = { ...account, status: challenge.outcome ?? 'UNVERIFIED', updatedAt: now };
    delete done.challenge;
    state.externalAccounts.put(done);
  }
}
