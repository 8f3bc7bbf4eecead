/** `getTransaction(client, id)`: one unsigned `GET /transactions/{id}` (the id path-encoded), the service's error as is. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { WalletClient } from '../src/client.js';
import { memoryKeyStore } from '../src/key-store.js';
import { getTransaction } from '../src/transactions.js';
import { scriptedTransport } from './helpers/scripted-transport.js';

describe('getTransaction', () => {
  it('reads one transaction with one unsigned GET, and passes the service error on', async () => {
    const transport = scriptedTransport([
      { status: 200, body: { id: 'Transaction:1', status: 'FAILED', failureReason: 'LIMIT_EXCEEDED' } },
      { status: 404, body: { status: 404, code: 'TRANSACTION_NOT_FOUND', message: 'not found' } },
    ]);
    const client = new WalletClient({ transport, keyStore: memoryKeyStore(), autoRefresh: false });
    const transaction = await getTransaction(client, 'Transaction:1');
    expect(transaction.failureReason).to.equal('LIMIT_EXCEEDED');
    expect(transport.requests[0]).to.include({ method: 'GET', path: '/transactions/Transaction%3A1' });
    expect(transport.requests[0]!.headers?.['Service-Wallet-Signature']).to.equal(undefined);
    const error = await getTransaction(client, 'Transaction:2').catch((e: unknown) => e);
    expect(error).to.include({ code: 'TRANSACTION_NOT_FOUND', status: 404 });
    client.close();
  });
});
