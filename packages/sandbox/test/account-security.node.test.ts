import { expect } from 'chai';
import {
  addCredential,
  listCredentials,
  listSessions,
  removeCredential,
  revokeSession,
} from '@paykit/crypto-core/account';
import { WalletClient } from '@paykit/crypto-core/client';
import { createDelegatedKey, setWalletPrivacy } from '@paykit/crypto-core/wallet';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
import type { PayError } from '@paykit/crypto-core/errors';
import { memoryKeyStore } from '@paykit/crypto-core/key-store';
import type { DelegatedKey, InternalAccount } from '@paykit/crypto-core';
import type { Transport } from '@paykit/crypto-core/transport';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, platformTransport, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

/**
 * Every call `<pay-sessions>`, `<pay-auth-methods>` and `<pay-wallet-settings>` make, in the order a
 * person using them makes them, through the WalletClient against the sandbox (the contract validator
 * judges each answer).
 */
describe('sandbox: the account-security elements’ calls', () => {
  let t: TestSandbox;
  let transport: Transport;
  let signers: string[];
  const clients: WalletClient[] = [];
  const newClient = (keyStore = memoryKeyStore()) => {
    const c = new WalletClient({ transport, keyStore, trustedSigners: signers, autoRefresh: false });
    clients.push(c);
    return c;
  };
  const signIn = async (accountId: string) => {
    const client = newClient();
    await client.loginWithOtp({ challenge: await client.requestOtp({ accountId }), code: '000000' });
    return client;
  };

  before(async () => {
    t = await startTestSandbox();
    transport = platformTransport(t);
    signers = await sandboxSigners(transport);
  });
  after(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  it('auth methods: adds an SMS code method by number, verifies it in place, and removes the email one from it', async () => {
    const { account } = await newCustomer(t.api, { phoneNumber: '+14156780123' });
    const client = await signIn(account.id);
    const email = (await listCredentials(client))[0]!;
    const added = await addCredential(client, { type: 'SMS_OTP' });
    expect(added).to.include({ type: 'SMS_OTP', nickname: '+14156780123' });
    const challenge =
      'otpEncryptionTargetBundle' in added
        ? (added as Parameters<WalletClient['loginWithOtp']>[0]['challenge'])
        : await client.requestOtp({ authMethodId: added.id });
    await client.loginWithOtp({ challenge, code: '000000' });
    expect(client.session!.authMethodId).to.equal(added.id);
    // the in-use one cannot sign its own removal: the element refuses first, the service refuses too
    const own = await removeCredential(client, added.id).catch((e: PayError) => e);
    expect((own as PayError).status).to.equal(401);
    await removeCredential(client, email.id);
    expect((await listCredentials(client)).map((c) => c.id)).to.deep.equal([added.id]);
    // the last one stays
    const last = await removeCredential(client, added.id).catch((e: PayError) => e);
    expect((last as PayError).status).to.equal(400);
  });

  it('sessions: lists, revokes another, renews, and signs out here', async () => {
    const { account } = await newCustomer(t.api);
    const here = await signIn(account.id);
    const elsewhere = await signIn(account.id);
    const listed = await listSessions(here);
    expect(listed.map((s) => s.id)).to.have.members([here.session!.id, elsewhere.session!.id]);
    await revokeSession(here, elsewhere.session!.id);
    const before = here.session!.id;
    await here.refreshSession();
    // the renewed session is listed; the one it replaced stays active until it expires (the service does not end it)
    const renewed = (await listSessions(here)).map((s) => s.id);
    expect(renewed).to.include(here.session!.id).and.not.include(elsewhere.session!.id);
    expect(here.session!.id).to.not.equal(before);
    const id = here.session!.id;
    await here.logout();
    expect(here.session).to.equal(undefined);
    const after = await t.api.get('/auth/sessions', { accountId: account.id });
    expect(after.body.data.map((s: { id: string }) => s.id)).to.not.include(id);
  });

  it('wallet settings: reads and switches privacy, creates, lists and revokes a card’s delegated key', async () => {
    const { customer, account } = await newCustomer(t.api);
    const client = await signIn(account.id);
    const read = async () =>
      (
        await client.request<{ data: InternalAccount[] }>('GET', '/customers/internal-accounts', {
          query: { customerId: customer.id },
        })
      ).data.find((a) => a.id === account.id)!;
    expect((await read()).privateEnabled ?? false).to.equal(false);
    await setWalletPrivacy(client, true);
    expect((await read()).privateEnabled).to.equal(true);

    const card = await t.api.call('POST', '/cards', {
      body: { fundingSource: account.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const key = await createDelegatedKey(client, { cardId: card.body.id, nickname: 'Card spending key' });
    expect(key).to.include({ cardId: card.body.id, status: 'ACTIVE' });
    const list = () =>
      client.request<{ data: DelegatedKey[] }>('GET', '/auth/delegated-keys', { query: { accountId: account.id } });
    expect((await list()).data.map((k) => k.id)).to.include(key.id);
    await client.request('DELETE', `/auth/delegated-keys/${encodeURIComponent(key.id)}`);
    expect((await list()).data.find((k) => k.id === key.id)).to.include({ status: 'REVOKED' });
  });
});
