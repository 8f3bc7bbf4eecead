import { expect } from 'chai';
import { WalletClient } from '@paykit/crypto-core/client';
import { updateCustomerContact } from '@paykit/crypto-core/customer';
import { createQuote, executeQuote } from '@paykit/crypto-core/payments';
import { createDelegatedKey, exportWallet, setWalletPrivacy } from '@paykit/crypto-core/wallet';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import type { Transport } from '@paykit/crypto-core/transport';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  newCustomer,
  platformTransport,
  startTestSandbox,
  umaLookupId,
  type TestSandbox,
} from './helpers/sandbox-client.js';

/** The toolkit's own client, pointed straight at the sandbox (a platform backend would add the credential). */
describe('sandbox: driven by the toolkit WalletClient', () => {
  let t: TestSandbox;
  let transport: Transport;
  let client: WalletClient;
  before(async () => {
    t = await startTestSandbox({ exportDelayMs: 300 });
    transport = platformTransport(t);
  });
  after(async () => {
    client?.close();
    await t.close();
  });

  it('signs in with email OTP, switches privacy, refreshes, exports (through PROCESSING), creates a delegated key, pays, logs out', async () => {
    const { customer, account } = await newCustomer(t.api, { platformCustomerId: `toolkit-${Date.now()}-slow-export` });
    const signers = await sandboxSigners(transport);
    client = new WalletClient({
      transport,
      keyStore: memoryKeyStore(),
      trustedSigners: signers,
      autoRefresh: false,
      signedRetry: { pollIntervalMs: 100 },
    });

    const challenge = await client.requestOtp({ accountId: account.id });
    const session = await client.loginWithOtp({ challenge, code: '000000' });
    expect(session.accountId).to.equal(account.id);

    expect((await setWalletPrivacy(client, true)).privateEnabled).to.equal(true);
    const refreshed = await client.refreshSession();
    expect(refreshed.id).to.not.equal(session.id);

    let processing = 0;
    const mnemonic = await exportWallet(client, { onProcessing: () => processing++ });
    expect(mnemonic.split(' ')).to.have.length(12);
    expect(processing).to.be.greaterThan(0);

    const card = await t.api.post('/cards', { fundingSource: account.id }, { 'Idempotency-Key': crypto.randomUUID() });
    const delegated = await createDelegatedKey(client, { cardId: card.body.id });
    expect(delegated.status).to.equal('ACTIVE');

    await t.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 1_000 });
    const quote = await createQuote(client, {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$shop@merchant.example' },
      lookupId: await umaLookupId(t.api, '$shop@merchant.example'),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 400,
    });
    expect((await executeQuote(client, { quote })).status).to.equal('PROCESSING');

    const updated = await updateCustomerContact(client, {
      customerId: customer.id,
      email: `moved-${Date.now()}@example.com`,
    });
    expect(updated.email).to.match(/^moved-/);

    await client.logout();
    expect(client.session).to.equal(undefined);
    expect(
      (await t.api.get('/auth/sessions', { accountId: account.id })).body.data.map((s: { id: string }) => s.id),
    ).to.deep.equal([session.id]);
  });
});
