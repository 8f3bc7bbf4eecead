/**
 * The card functions (cards.ts) over a client with a recording transport: the paths, queries and bodies they send.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { getCard, listCardTransactions, updateCard } from '../src/cards.js';
import { WalletClient } from '../src/client.js';
import { memoryKeyStore } from '../src/key-store.js';

/** A real WalletClient (the flows take nothing less) over a transport that records what it is asked. */
function recorder(answer: unknown = { id: 'Card:1', state: 'ACTIVE', data: [] }) {
  const calls: { method: string; path: string; extra: Record<string, unknown> | undefined }[] = [];
  const client = new WalletClient({
    keyStore: memoryKeyStore(),
    autoRefresh: false,
    transport: async ({ method, path, query, body }) => {
      calls.push({ method, path, extra: { query, body: body === undefined ? undefined : JSON.parse(body) } });
      return { status: 200, headers: {}, body: answer };
    },
  });
  return { client, calls };
}

describe('crypto-core cards', () => {
  it('reads a card by its encoded id', async () => {
    const { client, calls } = recorder();
    await getCard(client, { cardId: 'Card:a/b' });
    expect(calls[0]).to.deep.include({ method: 'GET', path: '/cards/Card%3Aa%2Fb' });
  });

  it('sends only the changes: a state, limits, null clearing one', async () => {
    const { client, calls } = recorder();
    await updateCard(client, { cardId: 'Card:1', state: 'FROZEN' });
    await updateCard(client, { cardId: 'Card:1', maxSpendPerTransaction: 2500, maxSpendPerDay: null });
    expect(calls.map((c) => [c.method, c.path, c.extra?.['body']])).to.deep.equal([
      ['PATCH', '/cards/Card%3A1', { state: 'FROZEN' }],
      ['PATCH', '/cards/Card%3A1', { maxSpendPerTransaction: 2500, maxSpendPerDay: null }],
    ]);
  });

  it('lists a card’s transactions by cardId, paged', async () => {
    const { client, calls } = recorder();
    await listCardTransactions(client, { cardId: 'Card:1' });
    await listCardTransactions(client, { cardId: 'Card:1', limit: 5, cursor: 'abc' });
    expect(calls.map((c) => c.extra?.['query'])).to.deep.equal([
      { cardId: 'Card:1', limit: undefined, cursor: undefined },
      { cardId: 'Card:1', limit: '5', cursor: 'abc' },
    ]);
    expect(calls[0]).to.deep.include({ method: 'GET', path: '/transactions' });
  });

  it('refuses a missing card id with INVALID_ARGUMENT before any request', async () => {
    const { client, calls } = recorder();
    for (const call of [
      () => getCard(client, { cardId: '' }),
      () => updateCard(client, { cardId: undefined as unknown as string, state: 'ACTIVE' }),
      () => listCardTransactions(client, null as unknown as { cardId: string }),
    ]) {
      let code: unknown;
      try {
        await call();
      } catch (error) {
        code = (error as { code?: unknown }).code;
      }
      expect(code).to.equal('INVALID_ARGUMENT');
    }
    expect(calls).to.have.length(0);
  });
});
