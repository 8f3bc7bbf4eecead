/**
 * Cards as free functions taking the client first (the feature-module form of crypto-core, so a page
 * ships only the flows it calls): reveal a card's details (`revealCard`), read a card, freeze / unfreeze it or change its spend limits (`PATCH /cards/{id}`, platform-authorized: the
 * platform's proxy decides what an end user may change), wait for a new card to leave PROCESSING
 * (`waitForCard`, through lost answers), and list its transactions
 * (`GET /transactions?cardId=`, paged). Amounts are integers in the currency's smallest unit; the
 * currency's `decimals` come with every amount. Unknown fields and enum values are kept, never rejected.
 *
 * @example
 *   import { getCard, revealCard, updateCard, listCardTransactions } from '@paykit/crypto-core';
 *   const { panEmbedUrl } = await revealCard(client, cardId); // a bearer secret: into an iframe, never kept
 *   const card = await getCard(client, { cardId });
 *   await updateCard(client, { cardId, state: 'FROZEN' });
 *   const page = await listCardTransactions(client, { cardId, limit: 20 });
 *   const next = page.nextCursor && (await listCardTransactions(client, { cardId, cursor: page.nextCursor }));
 */
import { orRealState } from './already-done.js';
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { PayError } from './errors.js';
import { abortableSleep, enc, unexpected } from './http.js';
import type { CardCapabilities, CardReveal, ListResponse, ServiceRequestBody } from './resources.js';

export type { CardCapabilities };

/**
 * @deprecated Since 0.2.0 the card functions take a `WalletClient` (from any compatible copy of the
 * package) like every other flow; this alias is kept for code that named the type.
 */
export type CardsClient = WalletClient;

export type CardState = 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED' | (string & {});

export interface Card {
  id: string;
  cardholderId?: string;
  state: CardState;
  stateReason?: string | null;
  brand?: string;
  last4?: string;
  currency?: string;
  /** The internal account that funds the card (payments-api.md); the OpenAPI's list is `fundingSources`. */
  fundingSource?: string | null;
  fundingSources?: string[];
  maxSpendPerTransaction?: number | null;
  maxSpendPerDay?: number | null;
  maxTransactionsPerDay?: number | null;
  cardCapabilities?: CardCapabilities;
  [field: string]: unknown;
}

/** The limits a card update may set; `null` clears one. */
export interface CardLimits {
  maxSpendPerTransaction?: number | null;
  maxSpendPerDay?: number | null;
  maxTransactionsPerDay?: number | null;
}

export interface CardCurrency {
  code?: string;
  decimals?: number;
  name?: string;
  symbol?: string;
  [field: string]: unknown;
}

export interface CardAmount {
  amount: number;
  currency?: CardCurrency;
}

export type CardTransactionStatus =
  'AUTHORIZED' | 'PARTIALLY_SETTLED' | 'SETTLED' | 'DECLINED' | 'EXCEPTION' | (string & {});

export interface CardTransaction {
  id: string;
  type?: string;
  cardId?: string;
  status: CardTransactionStatus;
  /** DEBIT for a purchase, CREDIT for a refund (a merchant return), which names its purchase. */
  direction: 'DEBIT' | 'CREDIT' | (string & {});
  merchant?: { descriptor?: string; city?: string; state?: string; country?: string; mcc?: string };
  authorizedAmount?: CardAmount;
  settledAmount?: CardAmount;
  refundedAmount?: CardAmount;
  /** On a refund row: the purchase it refunds. */
  originalTransactionId?: string;
  declineReason?: string;
  authorizedAt?: string;
  createdAt?: string;
  [field: string]: unknown;
}

const cardPath = (cardId: string): string => `/cards/${encodeURIComponent(text(cardId, 'cardId'))}`;

/**
 * `GET /cards/{id}`.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no card id); the service's error (its `code` and `status`); the
 *   transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function getCard(client: WalletClient, params: { cardId: string; signal?: AbortSignal }): Promise<Card> {
  const { cardId, signal } = object(params, 'params');
  return request<Card>(client, 'GET', cardPath(cardId), { signal });
}

/**
 * Reads the card until it leaves PROCESSING (a new card is ACTIVE a moment after it is issued), every
 * `intervalMs` (default 1000). A read that fails retryably (network, timeout, 429, 5xx) is tried again
 * after a growing pause (doubling up to 8 s, or the service's `Retry-After`), so one lost answer never
 * ends the wait. Answers the card once it is not PROCESSING, or as last read at `timeoutMs` (default 60 000).
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no card id); a service error that is not retryable (404, 403…);
 *   the last retryable error when no read succeeded before `timeoutMs`; `ABORTED` when `signal` aborts.
 */
export async function waitForCard(
  client: WalletClient,
  params: { cardId: string; intervalMs?: number; timeoutMs?: number; signal?: AbortSignal },
): Promise<Card> {
  const { cardId, signal, intervalMs = 1000, timeoutMs = 60_000 } = object(params, 'params');
  const deadline = Date.now() + timeoutMs;
  let card: Card | undefined;
  for (let failures = 0; ;) {
    let pause = intervalMs;
    try {
      card = await getCard(client, { cardId, ...(signal ? { signal } : {}) });
      failures = 0;
      if (card.state !== 'PROCESSING') return card;
    } catch (error) {
      if (!(error instanceof PayError) || !error.retryable || Date.now() >= deadline) throw error;
      pause =
        error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : Math.min(8000, 500 * 2 ** failures++);
    }
    if (Date.now() >= deadline && card) return card;
    await abortableSleep(Math.min(pause, Math.max(0, deadline - Date.now())), signal);
  }
}

/**
 * `PATCH /cards/{id}`: `state` ACTIVE (unfreeze) or FROZEN (freeze), and / or spend limits (positive
 * integers in the smallest unit, `null` clears one); sent as given, the service checks them. Answers
 * the updated card. Safe to call again after a lost answer: a state the card already has (409
 * `INVALID_STATE_TRANSITION`) reads the card and answers it when it is as asked.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no card id); the service's error (400 `INVALID_INPUT`, 409
 *   `INVALID_STATE_TRANSITION`, `CARD_NOT_MUTABLE`, …); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function updateCard(
  client: WalletClient,
  params: { cardId: string; state?: 'ACTIVE' | 'FROZEN'; signal?: AbortSignal } & CardLimits,
): Promise<Card> {
  const { cardId, signal, ...changes } = object(params, 'params');
  // a state the card has already (an earlier try's answer was lost, or another tab): the card as it is
  return orRealState(
    request<Card>(client, 'PATCH', cardPath(cardId), {
      body: changes satisfies ServiceRequestBody<'updateCardById'>,
      signal,
    }),
    (error) => error.code === 'INVALID_STATE_TRANSITION' && changes.state !== undefined,
    async () => {
      const card = await getCard(client, { cardId, ...(signal ? { signal } : {}) });
      const fields = Object.entries(changes) as [keyof Card, unknown][];
      return fields.every(([name, value]) => (card[name] ?? null) === value) ? card : undefined;
    },
  );
}

/**
 * One page of a card's transactions, newest first (`GET /transactions?cardId=`): purchases and their
 * refunds (CREDIT rows naming `originalTransactionId`), DECLINED ones included (leave them out of a
 * statement). Pass the previous page's `nextCursor` as `cursor` for the next one; `limit` 1–100.
 *
 * @throws {PayError} `INVALID_ARGUMENT` (no card id); the service's error (400 for a bad limit or cursor);
 *   the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function listCardTransactions(
  client: WalletClient,
  params: { cardId: string; limit?: number; cursor?: string; signal?: AbortSignal },
): Promise<ListResponse<CardTransaction>> {
  const { cardId, limit, cursor, signal } = object(params, 'params');
  return request(client, 'GET', '/transactions', {
    query: { cardId: text(cardId, 'cardId'), limit: limit ? String(limit) : undefined, cursor },
    signal,
  });
}

/**
 * `POST /cards/{id}/reveal`. The URL is a bearer secret: render it in an iframe at once, never keep it.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; `UNEXPECTED_RESPONSE` (no URL or expiry); the service's error (its
 *   `code` and `status`); the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export async function revealCard(client: WalletClient, cardId: string): Promise<CardReveal> {
  const reveal = await request<CardReveal>(client, 'POST', `/cards/${enc(cardId)}/reveal`, { body: {} });
  if (typeof reveal?.panEmbedUrl !== 'string' || typeof reveal.expiresAt !== 'string')
    throw unexpected('panEmbedUrl or expiresAt');
  return reveal;
}
