/**
 * Records to API resources for the money flows (store/views.ts's rule, kept in its own module): card
 * transactions (`type: CARD`), the outgoing transaction of a quote (`type: OUTGOING`) and external
 * accounts. Internal fields (pull timers, challenge tokens and messages) never appear here.
 *
 * @example
 *   return c.json(toCardTransaction(ctx, record));
 */
import type { SandboxContext } from '../context.js';
import type { CardTransactionRecord, ExternalAccountRecord, QuoteRecord } from '../store/state.js';
import { currency, iso } from '../store/views.js';

const platformCustomerIdOf = (ctx: SandboxContext, customerId: string): string =>
  ctx.state.customers.get(customerId)?.platformCustomerId ?? '';

const money = (amount: number, code: string) => ({ amount, currency: currency(code) });

export function toCardTransaction(ctx: SandboxContext, r: CardTransactionRecord): Record<string, unknown> {
  return {
    type: 'CARD',
    id: r.id,
    cardId: r.cardId,
    customerId: r.customerId,
    platformCustomerId: platformCustomerIdOf(ctx, r.customerId),
    issuerTransactionToken: r.issuerTransactionToken,
    status: r.status,
    direction: r.direction,
    ...(r.declineReason ? { declineReason: r.declineReason } : {}),
    merchant: r.merchant,
    authorizedAmount: money(r.authorizedAmount, r.currency),
    ...(r.status !== 'DECLINED' ? { settledAmount: money(r.settledAmount, r.currency) } : {}),
    ...(r.direction === 'DEBIT' && r.status !== 'DECLINED'
      ? { refundedAmount: money(r.refundedAmount, r.currency) }
      : {}),
    ...(r.originalTransactionId !== undefined ? { originalTransactionId: r.originalTransactionId } : {}),
    accountId: r.accountId,
    pullSummary: r.pulls,
    refundSummary: r.refunds,
    settlementSummary: r.settlements,
    authorizedAt: iso(r.createdAt),
    lastEventAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** The transaction a quote creates (`quote.transactionId`): OUTGOING, debiting the source. */
export function toQuoteTransaction(ctx: SandboxContext, q: QuoteRecord): Record<string, unknown> {
  return {
    type: 'OUTGOING',
    id: q.transactionId,
    status: q.status,
    direction: 'DEBIT',
    source: { ...q.source, currency: q.currency },
    destination: { ...q.destination, currency: q.receivingCurrency ?? q.currency },
    customerId: q.customerId,
    platformCustomerId: platformCustomerIdOf(ctx, q.customerId),
    sentAmount: money(q.amount, q.currency),
    receivedAmount: money(q.receivingAmount ?? q.amount, q.receivingCurrency ?? q.currency),
    exchangeRate: q.exchangeRate ?? 1,
    fees: q.feesIncluded ?? 0,
    platformFees: 0,
    quoteId: q.id,
    ...(q.description !== undefined ? { description: q.description } : {}),
    ...(q.status === 'COMPLETED' ? { settledAt: iso(q.updatedAt) } : {}),
    ...(q.status === 'FAILED' && q.failureReason ? { failureReason: q.failureReason } : {}),
    ...(q.refund
      ? {
          refund: {
            reference: `REFUND-${q.transactionId.slice(-12).toUpperCase()}`,
            status: q.refund.status,
            reason: q.refund.reason,
            initiatedAt: iso(q.refund.initiatedAt),
            ...(q.refund.settledAt !== undefined ? { settledAt: iso(q.refund.settledAt) } : {}),
          },
        }
      : {}),
    createdAt: iso(q.createdAt),
    updatedAt: iso(q.updatedAt),
  };
}

export function toExternalAccount(r: ExternalAccountRecord): Record<string, unknown> {
  return {
    id: r.id,
    customerId: r.customerId,
    status: r.status,
    currency: r.currency,
    ...(r.ownershipType ? { ownershipType: r.ownershipType } : {}),
    ...(r.platformAccountId !== undefined ? { platformAccountId: r.platformAccountId } : {}),
    ...(r.beneficiaryVerificationStatus ? { beneficiaryVerificationStatus: r.beneficiaryVerificationStatus } : {}),
    ...(r.beneficiaryVerifiedData ? { beneficiaryVerifiedData: r.beneficiaryVerifiedData } : {}),
    // not in the OpenAPI's ExternalAccount: the API's name for trust state (BeneficiaryTrustConfirm.trusted)
    trusted: r.trusted === true,
    accountInfo: r.accountInfo,
  };
}
