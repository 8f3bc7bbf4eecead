/**
 * The card functions (cards.ts) over a recording client: the paths, queries and bodies they send.
 */
import { expect } from 'chai';
import { describe, it } from '../../../test/harness/suite.js';
import { getCard, listCardTransactions, updateCard, type CardsClient } from '../src/cards.js';

function recorder(answer: unknown = { id: 'Card:1', state: 'ACTIVE', data: [] }) {
  const calls: { method: string; path: string; extra: Record<string, unknown> | undefined }[] = [];
  const client: CardsClient = {
    request: async <T>(method: string, path: string, extra?: object) => {
      calls.push({ method, path, extra: extra as Record<string, unknown> | undefined });
      return answer as T;
    },
  };
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
