/**
 * The card simulators of the sandbox (`POST /sandbox/cards/{id}/simulate/*`), driving card
 * transactions as the issuer would. `authorization` decides from the last three characters of
 * `merchant.descriptor`: 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_PAUSED, 005 approves with
 * the funding pull PENDING for about 30 s, 006 approves but the pull's confirmation reports FAILED
 * (EXCEPTION); other descriptors approve. A FROZEN card declines CARD_PAUSED, a card whose embedded
 * wallet funding source has no ACTIVE delegated key, a balance that does not cover the amount or a
 * spend limit (the card's per-transaction, per-UTC-day amount and count) declines too: DECLINED rows
 * move no money. An approved authorization pulls the amount from the funding source at once.
 * `clearing` settles (0 = authorization expiry), `authorization_advice` re-sizes an open one,
 * `authorization_expiry` releases a fully open one, `return` opens a CREDIT row linked to the purchase
 * (which stays SETTLED), `return_reversal` takes a return back. Each answers 202 with the
 * `issuerTransactionToken`; the rows are read with `GET /transactions?cardId=…`.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireCard } from '../store/lookups.js';
import type { AccountRecord, CardRecord, CardTransactionRecord } from '../store/state.js';
import { Fields, MAX_AMOUNT, parseJsonObject } from '../http/validation.js';

/** 005: "delayed pull (about 30 seconds)". */
export const DELAYED_PULL_MS = 30_000;
const DAY_MS = 86_400_000;

const DESCRIPTOR_DECLINES: Record<string, string> = { '002': 'INSUFFICIENT_FUNDS', '003': 'CARD_PAUSED' };

/** The card transaction `id` of card `card`, or 404 TRANSACTION_NOT_FOUND (another card's row is not found either). */
function requireCardTransaction(ctx: SandboxContext, card: CardRecord, id: string | undefined): CardTransactionRecord {
  const txn = id === undefined ? undefined : ctx.state.cardTransactions.get(id);
  if (!txn || txn.cardId !== card.id)
    throw new ApiError(404, 'TRANSACTION_NOT_FOUND', 'The card transaction was not found on this card');
  return txn;
}

const notInState = (field: string, txn: CardTransactionRecord, wanted: string): ApiError =>
  invalidField(field, `must name a card transaction that is ${wanted} (this one is ${txn.status})`);

/** Moves `delta` out of (positive) or back into (negative) the funding account; false if it does not cover it. */
function pull(ctx: SandboxContext, accountId: string, delta: number, now: number): boolean {
  const account = ctx.state.accounts.get(accountId);
  if (!account || account.balance < delta) return false;
  ctx.state.accounts.put({ ...account, balance: account.balance - delta, updatedAt: now });
  return true;
}

/** Why the card cannot spend `amount` now, or undefined. Daily caps cover the UTC day; returns do not restore them. */
function declineReason(
  ctx: SandboxContext,
  card: CardRecord,
  account: AccountRecord | undefined,
  amount: number,
  descriptor: string,
  now: number,
): string | undefined {
  const byDescriptor = DESCRIPTOR_DECLINES[descriptor.slice(-3)];
  if (byDescriptor) return byDescriptor;
  if (card.state === 'FROZEN') return 'CARD_PAUSED';
  if (card.state !== 'ACTIVE' || !account) return 'CARD_NOT_ACTIVE';
  const activated = ctx.state.delegatedKeys
    .list((k) => k.fundingSourceId === card.fundingSourceId && k.status === 'ACTIVE')
    .some((k) => k.cardId === card.id && k.accountId === account.id);
  if (!activated) return 'FUNDING_SOURCE_NOT_ACTIVATED';
  if (card.maxSpendPerTransaction !== null && amount > card.maxSpendPerTransaction) return 'SPEND_LIMIT_EXCEEDED';
  const dayStart = now - (now % DAY_MS);
  const today = ctx.state.cardTransactions.list(
    (t) => t.cardId === card.id && t.direction === 'DEBIT' && t.status !== 'DECLINED' && t.createdAt >= dayStart,
  );
  if (card.maxTransactionsPerDay !== null && today.length >= card.maxTransactionsPerDay)
    return 'TRANSACTION_COUNT_LIMIT_EXCEEDED';
  const spent = today.reduce((sum, t) => sum + t.authorizedAmount, 0);
  if (card.maxSpendPerDay !== null && spent + amount > card.maxSpendPerDay) return 'SPEND_LIMIT_EXCEEDED';
  if (account.balance < amount) return 'INSUFFICIENT_FUNDS';
  return undefined;
}

export function cardSimulationRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const accepted = (txn: CardTransactionRecord) => ({ issuerTransactionToken: txn.issuerTransactionToken });
  const put = (txn: CardTransactionRecord) => ctx.state.cardTransactions.put(txn);

  app.post('/sandbox/cards/:id/simulate/authorization', async (c) => {
    const card = requireCard(ctx, c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const amount = f.integer('amount', { required: true, min: 1, max: MAX_AMOUNT })!;
    const code = f.object('currency', { required: true })?.string('code', { required: true });
    const m = f.object('merchant', { required: true });
    const merchant = {
      descriptor: m?.string('descriptor', { required: true, maxLength: 200 }) ?? '',
      ...Object.fromEntries(
        (['mcc', 'country', 'city', 'state'] as const).flatMap((name) => {
          const value = m?.string(name, { maxLength: 100 });
          return value === undefined ? [] : [[name, value]];
        }),
      ),
    };
    f.done();
    if (code !== card.currency) throw invalidField('currency.code', `must be the card's currency (${card.currency})`);
    const now = ctx.config.now();
    const account = card.fundingSource === null ? undefined : ctx.state.accounts.get(card.fundingSource);
    const declined = declineReason(ctx, card, account, amount, merchant.descriptor, now);
    if (!declined) pull(ctx, account!.id, amount, now);
    const suffix = merchant.descriptor.slice(-3);
    const txn = put({
      id: newId('CardTransaction'),
      cardId: card.id,
      customerId: card.customerId,
      accountId: account?.id ?? card.fundingSource ?? '',
      issuerTransactionToken: crypto.randomUUID(),
      status: declined ? 'DECLINED' : 'AUTHORIZED',
      direction: 'DEBIT',
      ...(declined ? { declineReason: declined } : {}),
      merchant,
      currency: card.currency,
      authorizedAmount: amount,
      settledAmount: 0,
      refundedAmount: 0,
      pulls: declined
        ? { count: 0, totalAmount: 0, pendingCount: 0 }
        : { count: 1, totalAmount: amount, pendingCount: suffix === '005' ? 1 : 0 },
      ...(!declined && suffix === '005' ? { pullConfirmsAt: now + DELAYED_PULL_MS } : {}),
      ...(!declined && suffix === '006' ? { pullConfirmsAt: now, pullFails: true } : {}),
      settlements: { count: 0, totalAmount: 0 },
      refunds: { count: 0, totalAmount: 0 },
      createdAt: now,
      updatedAt: now,
    });
    return c.json(accepted(txn), 202);
  });

  /** Reads `{cardTransactionId, amount?}` of a simulator keyed by an existing transaction of this card. */
  const readRef = async (
    c: { req: { param(n: 'id'): string; text(): Promise<string> } },
    amount: 'none' | 'zero' | 'positive',
  ) => {
    const card = requireCard(ctx, c.req.param('id'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const id = f.string('cardTransactionId', { required: true });
    const value =
      amount === 'none'
        ? undefined
        : f.integer('amount', { required: true, min: amount === 'zero' ? 0 : 1, max: MAX_AMOUNT });
    f.done();
    return { card, txn: requireCardTransaction(ctx, card, id), amount: value ?? 0, now: ctx.config.now() };
  };

  const isOpen = (t: CardTransactionRecord) =>
    t.direction === 'DEBIT' && (t.status === 'AUTHORIZED' || t.status === 'PARTIALLY_SETTLED');

  /** Releases what an authorization still holds and closes it (settled as far as it cleared). */
  const expire = (txn: CardTransactionRecord, now: number): CardTransactionRecord => {
    const held = txn.authorizedAmount - txn.settledAmount;
    if (held > 0) pull(ctx, txn.accountId, -held, now);
    return put({ ...txn, status: 'SETTLED', updatedAt: now });
  };

  app.post('/sandbox/cards/:id/simulate/clearing', async (c) => {
    const { txn, amount, now } = await readRef(c, 'zero');
    if (!isOpen(txn)) throw notInState('cardTransactionId', txn, 'AUTHORIZED or PARTIALLY_SETTLED');
    if (amount === 0) return c.json(accepted(expire(txn, now)), 202);
    const settled = txn.settledAmount + amount;
    // Clearing beyond the authorization (tips, over-auth) is a post-hoc pull; one the balance cannot cover is an EXCEPTION.
    const extra = Math.max(0, settled - Math.max(txn.authorizedAmount, txn.settledAmount));
    const pulled = extra === 0 || pull(ctx, txn.accountId, extra, now);
    return c.json(
      accepted(
        put({
          ...txn,
          status: !pulled ? 'EXCEPTION' : settled >= txn.authorizedAmount ? 'SETTLED' : 'PARTIALLY_SETTLED',
          settledAmount: settled,
          settlements: { count: txn.settlements.count + 1, totalAmount: settled },
          pulls:
            extra > 0
              ? { ...txn.pulls, count: txn.pulls.count + 1, totalAmount: txn.pulls.totalAmount + (pulled ? extra : 0) }
              : txn.pulls,
          updatedAt: now,
        }),
      ),
      202,
    );
  });

  app.post('/sandbox/cards/:id/simulate/authorization_expiry', async (c) => {
    const { txn, now } = await readRef(c, 'none');
    if (txn.status !== 'AUTHORIZED' || txn.direction !== 'DEBIT' || txn.settledAmount !== 0)
      throw notInState('cardTransactionId', txn, 'fully open (AUTHORIZED, nothing cleared)');
    return c.json(accepted(expire(txn, now)), 202);
  });

  app.post('/sandbox/cards/:id/simulate/authorization_advice', async (c) => {
    const { txn, amount, now } = await readRef(c, 'positive');
    if (!isOpen(txn)) throw notInState('cardTransactionId', txn, 'AUTHORIZED or PARTIALLY_SETTLED');
    if (amount < txn.settledAmount) throw invalidField('amount', 'must not be below the amount already settled');
    const delta = amount - txn.authorizedAmount;
    const pulled = pull(ctx, txn.accountId, delta, now);
    return c.json(
      accepted(
        put({
          ...txn,
          authorizedAmount: amount,
          ...(pulled ? {} : { status: 'EXCEPTION' as const }),
          pulls: { ...txn.pulls, totalAmount: txn.pulls.totalAmount + (pulled ? delta : 0) },
          updatedAt: now,
        }),
      ),
      202,
    );
  });

  app.post('/sandbox/cards/:id/simulate/return', async (c) => {
    const { card, txn, amount, now } = await readRef(c, 'positive');
    if (txn.direction !== 'DEBIT' || txn.settledAmount === 0)
      throw notInState('cardTransactionId', txn, 'a purchase with a settled clearing');
    if (amount > txn.settledAmount - txn.refundedAmount)
      throw invalidField('amount', 'must not exceed the net settled amount (settled minus already returned)');
    pull(ctx, txn.accountId, -amount, now);
    put({
      ...txn,
      refundedAmount: txn.refundedAmount + amount,
      refunds: { count: txn.refunds.count + 1, totalAmount: txn.refunds.totalAmount + amount },
      updatedAt: now,
    });
    const refund = put({
      id: newId('CardTransaction'),
      cardId: card.id,
      customerId: txn.customerId,
      accountId: txn.accountId,
      issuerTransactionToken: crypto.randomUUID(),
      status: 'SETTLED',
      direction: 'CREDIT',
      merchant: txn.merchant,
      currency: txn.currency,
      authorizedAmount: amount,
      settledAmount: amount,
      refundedAmount: 0,
      pulls: { count: 0, totalAmount: 0, pendingCount: 0 },
      settlements: { count: 1, totalAmount: amount },
      refunds: { count: 0, totalAmount: 0 },
      originalTransactionId: txn.id,
      createdAt: now,
      updatedAt: now,
    });
    return c.json(accepted(refund), 202);
  });

  app.post('/sandbox/cards/:id/simulate/return_reversal', async (c) => {
    const { card, txn, now } = await readRef(c, 'none');
    if (txn.originalTransactionId === undefined || txn.reversedAt !== undefined)
      throw notInState('cardTransactionId', txn, 'a return (a CREDIT row) not yet reversed');
    const purchase = requireCardTransaction(ctx, card, txn.originalTransactionId);
    const taken = pull(ctx, txn.accountId, txn.settledAmount, now);
    put({
      ...purchase,
      refundedAmount: purchase.refundedAmount - txn.settledAmount,
      refunds: { count: purchase.refunds.count, totalAmount: purchase.refunds.totalAmount - txn.settledAmount },
      updatedAt: now,
    });
    const reversed = put({
      ...txn,
      settledAmount: 0,
      reversedAt: now,
      ...(taken ? {} : { status: 'EXCEPTION' as const }),
      updatedAt: now,
    });
    return c.json(accepted(reversed), 202);
  });

  return app;
}
