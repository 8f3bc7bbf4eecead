import { expect } from 'chai';
import { PRODUCTION_EXPORT_SIGNER, parseEnclaveBundle } from '@paykit/crypto-core/enclave-bundle';
import { isPayError } from '@paykit/crypto-core/errors';
import { createExportKey, decryptExportBundle } from '@paykit/crypto-core/export';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import {
  newCustomer,
  newSessionKey,
  otpLogin,
  payloadOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers/sandbox-client.js';

describe('sandbox: wallet export, privacy, delegated keys, contact update', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ exportDelayMs: 30_000 });
  });
  after(() => t.close());

  async function signedIn(fields: Record<string, unknown> = {}) {
    const { customer, account, credential } = await newCustomer(t.api, fields);
    const { key, session } = await otpLogin(t, credential.id);
    return { customer, account, credential, key, session };
  }

  it('exports the mnemonic: HPKE-sealed to the export key inside an enclave-signed envelope', async () => {
    const { account, key } = await signedIn();
    const exportKey = await createExportKey();
    const res = await t.api.signed(
      'POST',
      `/internal-accounts/${account.id}/export`,
      { clientPublicKey: exportKey.publicKey },
      key,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body.id).to.equal(account.id);
    const bundle = parseEnclaveBundle(res.body.encryptedWalletCredentials);
    expect(bundle.enclaveQuorumPublic).to.equal(t.signers[0]);
    const mnemonic = await decryptExportBundle({
      encryptedWalletCredentials: res.body.encryptedWalletCredentials,
      exportKey,
      trustedSigners: t.signers,
    });
    expect(mnemonic.split(' ')).to.have.length(12);
    expect(mnemonic).to.match(/^[a-z]+( [a-z]+){11}$/);
    // Fails closed against the production pin; the same wallet exports the same mnemonic again.
    const refused = await decryptExportBundle({
      encryptedWalletCredentials: res.body.encryptedWalletCredentials,
      exportKey,
      trustedSigners: [PRODUCTION_EXPORT_SIGNER],
    }).catch((e: unknown) => e);
    expect(isPayError(refused, 'BUNDLE_SIGNATURE_INVALID')).to.equal(true);
    const again = await createExportKey();
    const second = await t.api.signed(
      'POST',
      `/internal-accounts/${account.id}/export`,
      { clientPublicKey: again.publicKey },
      key,
    );
    expect(
      await decryptExportBundle({
        encryptedWalletCredentials: second.body.encryptedWalletCredentials,
        exportKey: again,
        trustedSigners: t.signers,
      }),
    ).to.equal(mnemonic);
  });

  it('wants an uncompressed export key', async () => {
    const { account } = await signedIn();
    const res = await t.api.post(`/internal-accounts/${account.id}/export`, {
      clientPublicKey: (await newSessionKey()).publicKey,
    });
    expect(res.status).to.equal(400);
    expect(res.body.details.errors[0]).to.include({ field: 'clientPublicKey' });
  });

  it('answers PROCESSING for a -slow-export customer; the byte-identical retry collects it; a resend after delivery is 401', async () => {
    const { account, key } = await signedIn({ platformCustomerId: `acme-${Date.now()}-slow-export` });
    const exportKey = await createExportKey();
    const body = JSON.stringify({ clientPublicKey: exportKey.publicKey });
    const path = `/internal-accounts/${account.id}/export`;
    const leg1 = await t.api.call('POST', path, { body });
    expect(leg1.status).to.equal(202);
    expect(payloadOf(leg1).type).to.equal('ACTIVITY_TYPE_EXPORT_WALLET');
    const headers = {
      'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
      'Request-Id': leg1.body.requestId,
    };
    const first = await t.api.call('POST', path, { body, headers });
    expect(first.status).to.equal(200);
    expect(first.body).to.deep.equal({ id: account.id, status: 'PROCESSING' });
    t.clock.advance(1_000);
    const still = await t.api.call('POST', path, { body, headers });
    expect(still.body.status).to.equal('PROCESSING');
    // A retry with another key while processing: the body differs.
    const otherKey = await createExportKey();
    const mismatch = await t.api.call('POST', path, {
      body: JSON.stringify({ clientPublicKey: otherKey.publicKey }),
      headers,
    });
    expect(mismatch.status).to.equal(401);
    expect(mismatch.body.code).to.equal('WALLET_SIGNATURE_BODY_MISMATCH');
    t.clock.advance(29_000);
    const ready = await t.api.call('POST', path, { body, headers });
    expect(ready.status, ready.text).to.equal(200);
    const mnemonic = await decryptExportBundle({
      encryptedWalletCredentials: ready.body.encryptedWalletCredentials,
      exportKey,
      trustedSigners: t.signers,
    });
    expect(mnemonic.split(' ')).to.have.length(12);
    const afterDelivery = await t.api.call('POST', path, { body, headers });
    expect(afterDelivery.status).to.equal(401);
    expect(afterDelivery.body.code).to.equal('WALLET_SIGNATURE_INVALID');
  });

  it('sends the unsigned sandbox form when configured, which only an allowUnsigned client accepts', async () => {
    const unsigned = await startTestSandbox({ unsignedExports: true });
    try {
      const { account, credential } = await newCustomer(unsigned.api);
      const { key } = await otpLogin(unsigned, credential.id);
      const exportKey = await createExportKey();
      const res = await unsigned.api.signed(
        'POST',
        `/internal-accounts/${account.id}/export`,
        { clientPublicKey: exportKey.publicKey },
        key,
      );
      expect(res.status).to.equal(200);
      const bundle = parseEnclaveBundle(res.body.encryptedWalletCredentials);
      expect(bundle).to.include({ dataSignature: '', enclaveQuorumPublic: '' });
      const strict = await decryptExportBundle({
        encryptedWalletCredentials: res.body.encryptedWalletCredentials,
        exportKey,
        trustedSigners: unsigned.signers,
      }).catch((e: unknown) => e);
      expect(isPayError(strict, 'BUNDLE_SIGNATURE_INVALID')).to.equal(true);
      const mnemonic = await decryptExportBundle({
        encryptedWalletCredentials: res.body.encryptedWalletCredentials,
        exportKey,
        trustedSigners: unsigned.signers,
        allowUnsigned: true,
      });
      expect(mnemonic.split(' ')).to.have.length(12);
    } finally {
      await unsigned.close();
    }
  });

  it('switches wallet privacy through the signed retry (200 InternalAccount)', async () => {
    const { account, key } = await signedIn();
    expect(account.privateEnabled).to.equal(false);
    const on = await t.api.signed('PATCH', `/internal-accounts/${account.id}`, { privateEnabled: true }, key);
    expect(on.status).to.equal(200);
    expect(on.body.privateEnabled).to.equal(true);
    const listed = await t.api.get('/customers/internal-accounts', {
      customerId: account.customerId,
      type: 'EMBEDDED_WALLET',
    });
    expect(listed.body.data[0].privateEnabled).to.equal(true);
  });

  it('creates a delegated key in three legs (202, 202 with a new payload and requestId, 201 ACTIVE), one ACTIVE per funding source', async () => {
    const { account, key } = await signedIn();
    const card = await t.api.post('/cards', { fundingSource: account.id }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(card.status, card.text).to.equal(201);
    const body = JSON.stringify({ cardId: card.body.id, internalAccountId: account.id, nickname: 'Card key' });
    const leg1 = await t.api.call('POST', '/auth/delegated-keys', { body });
    expect(leg1.status).to.equal(202);
    const leg2 = await t.api.call('POST', '/auth/delegated-keys', {
      body,
      headers: {
        'Service-Wallet-Signature': await key.stamp(leg1.body.payloadToSign),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.status, leg2.text).to.equal(202);
    expect(leg2.body.requestId).to.not.equal(leg1.body.requestId);
    expect(leg2.body.payloadToSign).to.not.equal(leg1.body.payloadToSign);
    expect(payloadOf(leg2).type).to.equal('ACTIVITY_TYPE_CREATE_POLICIES');
    const pending = await t.api.get('/auth/delegated-keys', { accountId: account.id });
    expect(pending.body.data.map((k: { status: string }) => k.status)).to.deep.equal(['PENDING']);
    const leg3 = await t.api.call('POST', '/auth/delegated-keys', {
      body,
      headers: {
        'Service-Wallet-Signature': await key.stamp(leg2.body.payloadToSign),
        'Request-Id': leg2.body.requestId,
      },
    });
    expect(leg3.status, leg3.text).to.equal(201);
    expect(leg3.body).to.include({
      cardId: card.body.id,
      accountId: account.id,
      nickname: 'Card key',
      status: 'ACTIVE',
    });
    expect(leg3.body.publicKey).to.match(/^0[23][0-9a-f]{64}$/);
    // the card's funding source (its binding to the wallet), not the wallet
    expect(leg3.body.fundingSourceId).to.match(/^CardFundingSource:[0-9a-f-]{36}$/);

    const byFunding = await t.api.get('/auth/delegated-keys', { fundingSourceId: leg3.body.fundingSourceId });
    expect(byFunding.body.data.map((k: { status: string }) => k.status)).to.deep.equal(['ACTIVE']);
    expect((await t.api.get('/auth/delegated-keys', { fundingSourceId: account.id })).body.data).to.deep.equal([]);
    expect((await t.api.get(`/auth/delegated-keys/${leg3.body.id}`)).body.status).to.equal('ACTIVE');
    expect((await t.api.get('/auth/delegated-keys')).status).to.equal(400);
    const second = await t.api.call('POST', '/auth/delegated-keys', { body });
    expect(second.status).to.equal(409);

    expect((await t.api.call('DELETE', `/auth/delegated-keys/${leg3.body.id}`)).status).to.equal(204);
    expect((await t.api.get(`/auth/delegated-keys/${leg3.body.id}`)).body.status).to.equal('REVOKED');
    expect((await t.api.call('DELETE', `/auth/delegated-keys/${leg3.body.id}`)).body).to.include({
      status: 400,
      code: 'INVALID_INPUT',
    }); // no 409 declared
    const replacement = await t.api.signed('POST', '/auth/delegated-keys', JSON.parse(body), key);
    expect(replacement.status).to.equal(201);
    expect(replacement.challenges).to.equal(2);
  });

  it('updates the email through the signed retry when an EMAIL_OTP credential is tied; both change together', async () => {
    const { customer, account, credential, key } = await signedIn();
    const path = `/customers/${customer.id}`;
    const leg1 = await t.api.call('PATCH', path, {
      body: { customerType: 'INDIVIDUAL', email: 'new-address@example.com' },
    });
    expect(leg1.status).to.equal(202);
    expect(payloadOf(leg1).type).to.equal('ACTIVITY_TYPE_UPDATE_USER_EMAIL');
    const stranger = await signedIn();
    const wrongKey = await t.api.signed(
      'PATCH',
      path,
      { customerType: 'INDIVIDUAL', email: 'new-address@example.com' },
      stranger.key,
    );
    expect(wrongKey.status).to.equal(401);
    const res = await t.api.signed(
      'PATCH',
      path,
      { customerType: 'INDIVIDUAL', email: 'new-address@example.com' },
      key,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body.email).to.equal('new-address@example.com');
    const creds = await t.api.get('/auth/credentials', { accountId: account.id });
    expect(creds.body.data.find((c: { id: string }) => c.id === credential.id).nickname).to.equal(
      'new-address@example.com',
    );
    // The credential answers on its new address, so login still works.
    expect((await otpLogin(t, credential.id)).session.type).to.equal('EMAIL_OTP');
    const taken = await t.api.call('PATCH', `/customers/${stranger.customer.id}`, {
      body: { customerType: 'INDIVIDUAL', email: 'new-address@example.com' },
    });
    expect(taken.status).to.equal(409);
    expect(taken.body.code).to.equal('EMAIL_OTP_EMAIL_ALREADY_EXISTS');
  });

  it('answers 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials change between the challenge and the signed retry', async () => {
    const { customer, account, credential, key } = await signedIn({ phoneNumber: '+14155550177' });
    const sms = await t.api.signed('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: account.id }, key);
    expect(sms.status, sms.text).to.equal(201);
    const smsLogin = await otpLogin(t, sms.body.id);
    const path = `/customers/${customer.id}`;
    const body = { customerType: 'INDIVIDUAL', email: 'moved-on@example.com' };
    const leg1 = await t.api.call('PATCH', path, { body });
    expect(leg1.status).to.equal(202);
    // the tied EMAIL_OTP credential goes away before the retry
    expect(
      (await t.api.signed('DELETE', `/auth/credentials/${credential.id}`, undefined, smsLogin.key)).status,
    ).to.equal(204);
    const retry = await t.api.call('PATCH', path, {
      body,
      headers: {
        'Service-Wallet-Signature': await smsLogin.key.stamp(leg1.body.payloadToSign),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(retry.status, retry.text).to.equal(409);
    expect(retry.body.code).to.equal('EMAIL_OTP_CREDENTIAL_SET_CHANGED');
    expect((await t.api.get(path)).body.email).to.not.equal('moved-on@example.com');
  });

  it('updates untied fields directly (200) and refuses email and phoneNumber in one request', async () => {
    const { customer } = await signedIn();
    const phone = await t.api.call('PATCH', `/customers/${customer.id}`, {
      body: { customerType: 'INDIVIDUAL', phoneNumber: '+447700900123', currencies: ['USD', 'EUR'] },
    });
    expect(phone.status, phone.text).to.equal(200);
    expect(phone.body).to.include({ phoneNumber: '+447700900123' });
    expect(phone.body.currencies).to.deep.equal(['USD', 'EUR']);
    const both = await t.api.call('PATCH', `/customers/${customer.id}`, {
      body: { customerType: 'INDIVIDUAL', email: 'a@example.com', phoneNumber: '+447700900124' },
    });
    expect(both.status).to.equal(400);
    expect(both.body.code).to.equal('INVALID_INPUT');
    expect(both.body.details.errors.map((e: { field: string }) => e.field)).to.deep.equal(['email', 'phoneNumber']);
    const badPhone = await t.api.call('PATCH', `/customers/${customer.id}`, {
      body: { customerType: 'INDIVIDUAL', phoneNumber: '0044 7700' },
    });
    expect(badPhone.status).to.equal(400);
    expect(badPhone.body.details.errors[0].constraint.pattern).to.equal('^\\+[1-9]\\d{1,14}$');
  });
});
