/**
 * The end user's activity: one page of their payments (`GET /transactions?customerId=`, newest first,
 * filtered by status), the cancellation of a bank transfer still in flight
 * (`POST /transactions/{id}/cancel`), and UMA invitations: one read by its code (`GET /invitations/{code}`)
 * and claimed for the user's UMA address (`POST /invitations/{code}/claim`). A subpath of its own (`@paykit/crypto-core/activity`): the root entry
 * stays within its size budget, and a page pays for these only when it lists activity. Neither call is
 * signed (wallet-protocol.md signs wallet operations, not reads or a transfer's cancellation).
 *
 * @example
 *   const page = await listTransactions(client, { customerId, status: 'PROCESSING' });
 *   const more = page.nextCursor && (await listTransactions(client, { customerId, cursor: page.nextCursor }));
 *   if (isCancellable(page.data[0])) await cancelTransaction(client, page.data[0].id);
 *   const invitation = await getInvitation(client, '019542f5');
 *   if (invitation.status === 'PENDING') await claimInvitation(client, invitation.code, customer.umaAddress);
 */
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { enc } from './http.js';
import type { ListResponse, ServiceSchema } from './resources.js';
import type { Transaction } from './transactions.js';

export type { Transaction };

/** An UMA invitation (`UmaInvitation`): its inviter, the amount it promises if any, and its status. */
export type Invitation = ServiceSchema<'UmaInvitation'>;

/** The statuses the API lists for a payment transaction (`TransactionStatus`). */
export type TransactionStatus =
  | 'CREATED'
  | 'PENDING'
  | 'PENDING_AUTHORIZATION'
  | 'PROCESSING'
  | 'COMPLETED'
  | 'REJECTED'
  | 'FAILED'
  | 'REFUNDED'
  | 'EXPIRED';

export interface ListTransactionsParams {
  /** The user's customer: the list is always asked for by its owner. */
  customerId: string;
  status?: TransactionStatus | undefined;
  /** 1–100; the service's default is 20. */
  limit?: number | undefined;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * One page of the customer's transactions, newest first.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no customer id); the service's error (400 `INVALID_INPUT` for a status
 *   outside the API's list, a bad limit or cursor); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export function listTransactions(
  client: WalletClient,
  params: ListTransactionsParams,
): Promise<ListResponse<Transaction>> {
  const { customerId, status, limit, cursor, signal } = object(params, 'params');
  return request(client, 'GET', '/transactions', {
    query: { customerId: text(customerId, 'customerId'), status, limit: limit ? String(limit) : undefined, cursor },
    signal,
  });
}

/**
 * Whether to offer cancelling: an outgoing transfer still in flight (PROCESSING) to an external account. The
 * service decides (its banking partner may have processed it already: 409 `TRANSACTION_NOT_CANCELLABLE`).
 */
export function isCancellable(transaction: Transaction): boolean {
  const destination = transaction['destination'] as { accountId?: unknown } | undefined;
  return (
    transaction['type'] === 'OUTGOING' &&
    transaction.status === 'PROCESSING' &&
    String(destination?.accountId).startsWith('ExternalAccount:')
  );
}

/**
 * `POST /transactions/{id}/cancel`: asks that a bank transfer in flight be cancelled; answers the transaction.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; the service's error (400 `INVALID_INPUT` for a transaction that is not a
 *   bank transfer, 404 `TRANSACTION_NOT_FOUND`, 409 `TRANSACTION_NOT_CANCELLABLE` once settled); the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export function cancelTransaction(client: WalletClient, transactionId: string, reason?: string): Promise<Transaction> {
  return request(client, 'POST', `/transactions/${enc(transactionId)}/cancel`, {
    body: reason === undefined ? {} : { reason },
  });
}

/**
 * `GET /invitations/{code}`: the invitation behind a code (PENDING, CLAIMED, EXPIRED or CANCELLED).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no code); the service's 404 `INVITATION_NOT_FOUND`; the transport's
 *   `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function getInvitation(client: WalletClient, code: string, signal?: AbortSignal): Promise<Invitation> {
  return request(client, 'GET', `/invitations/${enc(text(code, 'code'))}`, { signal });
}

/**
 * `POST /invitations/{code}/claim`: claims a PENDING invitation for `inviteeUma`, the user's own UMA address
 * (the customer's `umaAddress`); answers the CLAIMED invitation.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; the service's error (400 `INVITATION_ALREADY_CLAIMED`,
 *   `INVITATION_CANCELLED`, `INVALID_UMA_ADDRESS`, `INVALID_INPUT` for an expired one; 404
 *   `INVITATION_NOT_FOUND`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function claimInvitation(client: WalletClient, code: string, inviteeUma: string): Promise<Invitation> {
  return request(client, 'POST', `/invitations/${enc(text(code, 'code'))}/claim`, {
    body: { inviteeUma: text(inviteeUma, 'inviteeUma') },
  });
}
