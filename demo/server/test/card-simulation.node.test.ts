/**
 * `POST /api/demo/card/simulate`: the demo backend drives the sandbox's card simulators on the visitor's
 * own card only, a bounded number of times, and the rows it makes are what `<pay-card>` lists.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFAULT_LIMITS } from '../limits.js';
import { demoPerSuite, isVisitor, send, signUp, type Visitor } from './support.js';

describe('demo server: spending simulation on the visitor’s card', () => {
  const suite = demoPerSuite();
  const headers = (visitor: Visitor) => ({
    Cookie: visitor.cookie,
    Origin: suite.demo.origin,
    'Content-Type': 'application/json',
  });

  async function visitorWithCard(from: string): Promise<{ visitor: Visitor; cardId: string }> {
    const visitor = await signUp(suite.demo, from);
    if (!isVisitor(visitor)) throw new Error('sign-up failed');
    const issued = await send(`${suite.demo.origin}/api/wallet/cards`, {
      method: 'POST',
      headers: { ...headers(visitor), 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ fundingSource: visitor.accountId, cardholderId: visitor.customerId }),
      from,
    });
    expect(issued.status, issued.body).to.equal(201);
    const cardId = JSON.parse(issued.body).id as string;
    const cards = suite.demo.sandbox.sandbox.state.cards;
    for (let i = 0; i < 100 && cards.get(cardId)?.provisionedAt! > Date.now(); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return { visitor, cardId };
  }
  const simulate = (visitor: Visitor, cardId: string, from: string) =>
    send(`${suite.demo.origin}/api/demo/card/simulate`, {
      method: 'POST',
      headers: headers(visitor),
      body: JSON.stringify({ cardId }),
      from,
    });

  it('fills the card’s transactions once the wallet is activated; refuses another visitor’s card; is bounded', async () => {
    const { visitor, cardId } = await visitorWithCard('127.0.0.21');
    const { visitor: other } = await visitorWithCard('127.0.0.22');
    expect((await simulate(other, cardId, '127.0.0.22')).status, 'not their card').to.equal(403);

    // before the activation step every authorization is declined, and no money moves
    const declined = await simulate(visitor, cardId, '127.0.0.21');
    expect(JSON.parse(declined.body)).to.deep.equal({ approved: 0, declined: 5, refunded: 0 });

    // the delegated key <pay-card>'s activation step creates (three signed legs) stands in here as a record
    const { state } = suite.demo.sandbox.sandbox;
    const now = Date.now();
    state.delegatedKeys.put({
      id: `DelegatedKey:${crypto.randomUUID()}`,
      cardId,
      fundingSourceId: state.cards.get(cardId)!.fundingSourceId!,
      accountId: visitor.accountId,
      publicKey: '02'.padEnd(66, '0'),
      nickname: 'Card spending key',
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    } as Parameters<typeof state.delegatedKeys.put>[0]);
    const spent = await simulate(visitor, cardId, '127.0.0.21');
    expect(JSON.parse(spent.body)).to.deep.equal({ approved: 4, declined: 1, refunded: 1 });

    const listed = await send(
      `${suite.demo.origin}/api/wallet/transactions?cardId=${encodeURIComponent(cardId)}&limit=20`,
      {
        headers: headers(visitor),
        from: '127.0.0.21',
      },
    );
    expect(listed.status, listed.body).to.equal(200);
    const rows = JSON.parse(listed.body).data as {
      status: string;
      direction: string;
      originalTransactionId?: string;
    }[];
    const count = (status: string, direction = 'DEBIT') =>
      rows.filter((r) => r.status === status && r.direction === direction).length;
    expect(count('DECLINED')).to.equal(6);
    expect(count('SETTLED')).to.equal(2);
    expect(count('PARTIALLY_SETTLED')).to.equal(1);
    expect(count('AUTHORIZED')).to.equal(1);
    expect(rows.filter((r) => r.direction === 'CREDIT' && r.originalTransactionId)).to.have.length(1);

    for (let i = 2; i < DEFAULT_LIMITS.simulationsPerVisitor; i++)
      expect((await simulate(visitor, cardId, '127.0.0.21')).status).to.equal(200);
    const over = await simulate(visitor, cardId, '127.0.0.21');
    expect(over.status).to.equal(429);
  });
});
