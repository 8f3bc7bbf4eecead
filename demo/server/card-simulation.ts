/**
 * "Simulate spending" for the demo's card step: the platform backend drives the sandbox's card
 * simulators (`POST /sandbox/cards/{id}/simulate/*`, platform credential) on the visitor's card, as card
 * networks would: a coffee that settles, a bookshop purchase that settles and is partly refunded (its
 * own CREDIT row), a hotel that settles in part, a taxi still pending, and a gadget shop whose
 * descriptor ends in 002 (declined, insufficient funds). The rows are read back by `<pay-card>` with
 * `GET /transactions?cardId=`. A card whose wallet funding source is not activated yet gets every
 * authorization declined: the activation step of `<pay-card>` comes first.
 *
 * @example
 *   const outcome = await simulateSpending(platform, 'Card:…'); // { approved: 4, declined: 1, refunded: 1 }
 */
import type { SpendingOutcome } from '../wire.js';
import type { PlatformClient } from './platform.js';

interface Purchase {
  descriptor: string;
  amount: number;
  city: string;
  state?: string;
  country: string;
  /** Cleared amount: the whole authorization when omitted, 0 to leave it pending. */
  clear?: number;
  refund?: number;
}

const PURCHASES: readonly Purchase[] = [
  { descriptor: 'BLUE BOTTLE COFFEE', amount: 650, city: 'San Francisco', state: 'CA', country: 'US' },
  { descriptor: 'CITY LIGHTS BOOKS', amount: 2_400, city: 'San Francisco', state: 'CA', country: 'US', refund: 800 },
  { descriptor: 'HOTEL CENTRAL', amount: 12_000, city: 'Madrid', country: 'ES', clear: 8_000 },
  { descriptor: 'METRO TAXI', amount: 1_875, city: 'New York', state: 'NY', country: 'US', clear: 0 },
  { descriptor: 'GADGET WORLD 002', amount: 99_900, city: 'Austin', state: 'TX', country: 'US' },
];

export async function simulateSpending(platform: PlatformClient, cardId: string): Promise<SpendingOutcome> {
  const card = await platform.call<{ currency: string }>('GET', `/cards/${encodeURIComponent(cardId)}`);
  const simulate = <T>(what: string, body: unknown) =>
    platform.call<T>('POST', `/sandbox/cards/${encodeURIComponent(cardId)}/simulate/${what}`, body);
  const outcome: SpendingOutcome = { approved: 0, declined: 0, refunded: 0 };
  for (const p of PURCHASES) {
    const { issuerTransactionToken } = await simulate<{ issuerTransactionToken: string }>('authorization', {
      amount: p.amount,
      currency: { code: card.currency },
      merchant: {
        descriptor: p.descriptor,
        city: p.city,
        ...(p.state ? { state: p.state } : {}),
        country: p.country,
        mcc: '5999',
      },
    });
    const rows = await platform.call<{ data: { id: string; status: string; issuerTransactionToken?: string }[] }>(
      'GET',
      `/transactions?cardId=${encodeURIComponent(cardId)}&limit=20`,
    );
    const row = rows.data.find((r) => r.issuerTransactionToken === issuerTransactionToken);
    if (!row || row.status === 'DECLINED') {
      outcome.declined++;
      continue;
    }
    outcome.approved++;
    const clear = p.clear ?? p.amount;
    if (clear > 0) await simulate('clearing', { cardTransactionId: row.id, amount: clear });
    if (p.refund) {
      await simulate('return', { cardTransactionId: row.id, amount: p.refund });
      outcome.refunded++;
    }
  }
  return outcome;
}
