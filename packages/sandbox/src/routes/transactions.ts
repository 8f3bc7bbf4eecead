/**
 * `GET /transactions` and `GET /transactions/{id}`: the outgoing transactions of quotes and the card
 * transactions (`type: CARD`) in one list, newest first unless `sortOrder=asc`, paged (`limit`,
 * `cursor`). Filters as the OpenAPI (customerId, platformCustomerId, accountIdentifier and its sender
 * and receiver forms, status, type, startDate, endDate) plus payments-api.md's `cardId` (a Card id or
 * its UUID), which lists that card's transactions; `status` with `type=CARD` is 400, as the spec says.
 *
 * `POST /transactions/{id}/cancel` cancels a bank transfer still in flight: an OUTGOING transaction to an
 * external bank account (not a wallet, not an UMA address, not an internal account) while it is PROCESSING.
 * It ends FAILED with a USER_CANCELLATION refund and the wallet is credited back. Another kind of transaction
 * is 400 INVALID_INPUT (the API: "requests for transaction types that cannot be cancelled are rejected"); a
 * bank transfer that is not in flight (not yet executed, settled, failed, expired) is 409
 * TRANSACTION_NOT_CANCELLABLE. A destination ending in 003 stays PROCESSING about 6 minutes (payouts.ts).
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, fieldError, invalidField, invalidInput } from '../http/errors.js';
import { toCardTransaction, toQuoteTransaction } from '../money/views.js';
import { paginate } from '../http/pagination.js';
import { Fields, readJsonObject } from '../http/validation.js';
import { cancelPayout } from '../money/payouts.js';
import type { CardTransactionRecord, QuoteRecord } from '../store/state.js';

const TYPES = ['INCOMING', 'OUTGOING', 'CARD'];

interface Row {
  id: string;
  createdAt: number;
  customerId: string;
  card?: CardTransactionRecord;
  quote?: QuoteRecord;
}

const accountIdOf = (side: Record<string, unknown>): unknown => side['accountId'] ?? side['umaAddress'];

function parseDate(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(ms))
    throw invalidInput([fieldError(name, 'must be an ISO 8601 date-time', { format: 'date-time' })]);
  return ms;
}

export function transactionRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  const view = (row: Row) => (row.card ? toCardTransaction(ctx, row.card) : toQuoteTransaction(ctx, row.quote!));

  app.get('/transactions', (c) => {
    const q = c.req.query();
    const sortOrder = q['sortOrder'] ?? 'desc'; // asc or desc: request-fields.ts refuses the rest
    if (q['type'] !== undefined && !TYPES.includes(q['type']))
      throw invalidInput([fieldError('type', `must be one of ${TYPES.join(', ')}`, { enum: TYPES })]);
    const cardId =
      q['cardId'] === undefined ? undefined : q['cardId'].startsWith('Card:') ? q['cardId'] : `Card:${q['cardId']}`;
    const cardOnly = q['type'] === 'CARD' || cardId !== undefined;
    if (cardOnly && q['status'] !== undefined)
      throw invalidInput([
        fieldError('status', 'cannot be combined with type=CARD or cardId (card transactions have their own statuses)'),
      ]);
    const start = parseDate('startDate', q['startDate']);
    const end = parseDate('endDate', q['endDate']);
    let customerId = q['customerId'];
    if (q['platformCustomerId'] !== undefined) {
      const customer = ctx.state.customers.list((x) => x.platformCustomerId === q['platformCustomerId'])[0];
      if (!customer || (customerId !== undefined && customer.id !== customerId)) customerId = '\0none';
      else customerId = customer.id;
    }
    const either = q['accountIdentifier'];
    const sender = q['senderAccountIdentifier'];
    const receiver = q['receiverAccountIdentifier'];

    const rows: Row[] = [];
    if (!cardOnly && (q['type'] === undefined || q['type'] === 'OUTGOING')) {
      for (const quote of ctx.state.quotes.list()) {
        const from = accountIdOf(quote.source) ?? quote.customerId;
        const to = accountIdOf(quote.destination);
        if (q['status'] !== undefined && quote.status !== q['status']) continue;
        if (either !== undefined && from !== either && to !== either) continue;
        if (sender !== undefined && from !== sender) continue;
        if (receiver !== undefined && to !== receiver) continue;
        rows.push({ id: quote.transactionId, createdAt: quote.createdAt, customerId: quote.customerId, quote });
      }
    }
    if (q['type'] === undefined || q['type'] === 'CARD') {
      for (const card of ctx.state.cardTransactions.list()) {
        if (cardId !== undefined && card.cardId !== cardId) continue;
        if (q['status'] !== undefined) continue; // card rows have no payment status
        const from = card.direction === 'DEBIT' ? card.accountId : undefined;
        const to = card.direction === 'CREDIT' ? card.accountId : undefined;
        if (either !== undefined && card.accountId !== either) continue;
        if (sender !== undefined && from !== sender) continue;
        if (receiver !== undefined && to !== receiver) continue;
        rows.push({ id: card.id, createdAt: card.createdAt, customerId: card.customerId, card });
      }
    }
    const selected = rows
      .filter(
        (r) =>
          (customerId === undefined || r.customerId === customerId) &&
          (start === undefined || r.createdAt >= start) &&
          (end === undefined || r.createdAt <= end),
      )
      .sort((a, b) => a.createdAt - b.createdAt); // stable: same-millisecond rows keep their order
    if (sortOrder === 'desc') selected.reverse();
    return c.json({ ...paginate(c, selected, view), totalCount: selected.length });
  });

  app.get('/transactions/:id', (c) => {
    const id = c.req.param('id');
    const card = ctx.state.cardTransactions.get(id);
    if (card) return c.json(toCardTransaction(ctx, card));
    const quote = id.startsWith('Transaction:') ? ctx.state.quotes.list((x) => x.transactionId === id)[0] : undefined;
    if (quote) return c.json(toQuoteTransaction(ctx, quote));
    throw new ApiError(404, 'TRANSACTION_NOT_FOUND', 'The transaction was not found');
  });

  app.post('/transactions/:id/cancel', async (c) => {
    const id = c.req.param('id');
    const f = new Fields(await readJsonObject(c));
    f.string('reason', { maxLength: 500 });
    f.done();
    const card = ctx.state.cardTransactions.get(id);
    const quote = id.startsWith('Transaction:') ? ctx.state.quotes.list((x) => x.transactionId === id)[0] : undefined;
    if (!card && !quote) throw new ApiError(404, 'TRANSACTION_NOT_FOUND', 'The transaction was not found');
    const external = quote?.destination['accountId'];
    const bank = typeof external === 'string' ? ctx.state.externalAccounts.get(external) : undefined;
    const accountType = String(bank?.accountInfo['accountType'] ?? '');
    if (!quote || !bank || accountType.endsWith('_WALLET'))
      throw invalidField('transactionId', 'only a bank transfer can be cancelled');
    if (quote.status !== 'PROCESSING')
      throw new ApiError(409, 'TRANSACTION_NOT_CANCELLABLE', 'The transfer is not in flight and cannot be cancelled', {
        status: quote.status,
      });
    return c.json(toQuoteTransaction(ctx, cancelPayout(ctx, quote, ctx.config.now())));
  });

  return app;
}
