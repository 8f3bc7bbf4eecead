/**
 * Transactions as a free function on the client: `GET /transactions/{id}`, for example the transaction a
 * quote created (`quote.transactionId`), whose `failureReason` says why a payment FAILED
 * (QUOTE_EXECUTION_FAILED, LIMIT_EXCEEDED, SCA_NOT_COMPLETED, …).
 *
 * @example
 *   const { status, failureReason } = await getTransaction(client, quote.transactionId);
 */
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';

/** The fields of a transaction this module reads; the rest is passed through. */
export interface Transaction {
  id: string;
  status: string;
  /** Present when `status` is FAILED (payments-api.md's failure reasons). */
  failureReason?: string;
  quoteId?: string;
  [field: string]: unknown;
}

/**
 * `GET /transactions/{id}`.
 *
 * @throws {PayError} the service's error (404 TRANSACTION_NOT_FOUND); the transport's `NETWORK_ERROR`, `TIMEOUT`
 *   or `ABORTED`.
 */
export function getTransaction(client: WalletClient, transactionId: string): Promise<Transaction> {
  return request<Transaction>(client, 'GET', `/transactions/${encodeURIComponent(transactionId)}`);
}
