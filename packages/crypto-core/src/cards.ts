/**
 * Card details, as a function that takes the `WalletClient` first: `revealCard`. A free function rather
 * than a client method so that a page ships only the flows it calls.
 *
 * @example
 *   import { revealCard } from '@paykit/crypto-core';
 *   const { panEmbedUrl } = await revealCard(client, cardId); // a bearer secret: into an iframe, never kept
 */
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { enc, unexpected } from './http.js';
import type { CardReveal } from './resources.js';

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
