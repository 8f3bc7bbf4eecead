import { expect } from 'chai';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, utf8Encode } from '@paykit/crypto-core/encoding';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';
import { LIVENESS_COMPLETION_MS } from '../src/money/liveness-page.js';
import { DEFAULT_PAYMENT_RAIL } from '../src/money/payment-rails.js';
import { loadOpenApiDocument } from '@paykit/test-harness/openapi-document';
import { base58Encode, evmAddressOf, personalMessageHash } from '../src/money/wallet-ownership.js';

/** An EVM wallet: its address and EIP-191 `personal_sign` (65-byte r‖s‖v hex, v 27/28), as a browser wallet answers. */
function evmWallet() {
  const secret = secp256k1.utils.randomSecretKey();
  const address = evmAddressOf(secp256k1.getPublicKey(secret, false));
  return {
    address,
    personalSign(message: string): string {
      const sig = secp256k1.sign(personalMessageHash(message), secret, { prehash: false, format: 'recovered' });
      // noble's recovered format is recovery‖r‖s; wallets answer r‖s‖(27 + recovery).
      return `0x${bytesToHex(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`;
    },
  };
}

/** A Solana wallet: base58 address and `signMessage` (ed25519 over the UTF-8 bytes), base58 as the OpenAPI says. */
function solanaWallet() {
  const secret = ed25519.utils.randomSecretKey();
  return {
    address: base58Encode(ed25519.getPublicKey(secret)),
    signMessage: (message: string): string => base58Encode(ed25519.sign(utf8Encode(message), secret)),
  };
}

describe('sandbox: external accounts, ownership verification and beneficiary name checks', () => {
  let t: TestSandbox;
  before(async () => {
    t = await startTestSandbox({ challengeTtlMs: 60_000 });
  });
  after(() => t.close());

  async function wallet(accountType: string, address: string, extra: Record<string, unknown> = {}) {
    const { customer } = await newCustomer(t.api);
    const res = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USDC',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType, address, ...extra },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }
  const challenge = (id: string, method: string) =>
    t.api.post(`/customers/external-accounts/${id}/challenge`, { method });
  const verify = (id: string, signature: string) =>
    t.api.post(`/customers/external-accounts/${id}/verify`, { signature });
  const statusOf = async (id: string) => (await t.api.get(`/customers/external-accounts/${id}`)).body.status;

  it('EVM personal_sign over messageToSign exactly as returned: ACTIVE', async () => {
    const evm = evmWallet();
    const account = await wallet('ETHEREUM_WALLET', evm.address);
    expect(account.status).to.equal('PENDING_OWNERSHIP_VERIFICATION');
    expect((await verify(account.id, '0x00')).status).to.equal(409); // no challenge yet
    const c = await challenge(account.id, 'WALLET_SIGNATURE');
    expect(c.status, c.text).to.equal(201);
    expect(c.body.method).to.equal('WALLET_SIGNATURE');
    expect(c.body.messageToSign).to.include(evm.address);
    expect(Date.parse(c.body.expiresAt)).to.be.greaterThan(Date.now());
    // A signature over the message with its line breaks normalised is not the message as returned.
    const altered = await verify(account.id, evm.personalSign(c.body.messageToSign.replace(/\n/g, ' ')));
    expect(altered.status).to.equal(400);
    expect(altered.body.details.reason).to.equal('SIGNATURE_INVALID');
    expect(await statusOf(account.id)).to.equal('UNVERIFIED');
    // UNVERIFIED → start again.
    const again = await challenge(account.id, 'WALLET_SIGNATURE');
    expect(await statusOf(account.id)).to.equal('PENDING_OWNERSHIP_VERIFICATION');
    const ok = await verify(account.id, evm.personalSign(again.body.messageToSign));
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.status).to.equal('ACTIVE');
    expect((await challenge(account.id, 'WALLET_SIGNATURE')).status).to.equal(409); // already verified
  });

  it('another wallet’s signature, an old challenge’s message and a late answer are refused', async () => {
    const evm = evmWallet();
    const account = await wallet('BASE_WALLET', evm.address);
    const first = await challenge(account.id, 'WALLET_SIGNATURE');
    const second = await challenge(account.id, 'WALLET_SIGNATURE'); // replaces the first
    expect((await verify(account.id, evm.personalSign(first.body.messageToSign))).status).to.equal(400);
    const third = await challenge(account.id, 'WALLET_SIGNATURE');
    expect(second.body.messageToSign).to.not.equal(third.body.messageToSign);
    expect((await verify(account.id, evmWallet().personalSign(third.body.messageToSign))).status).to.equal(400);
    const late = await challenge(account.id, 'WALLET_SIGNATURE');
    t.clock.advance(60_000);
    const expired = await verify(account.id, evm.personalSign(late.body.messageToSign));
    expect(expired.status).to.equal(400);
    expect(expired.body.details.reason).to.equal('CHALLENGE_EXPIRED');
    expect(await statusOf(account.id)).to.equal('UNVERIFIED');
  });

  it('Solana signMessage (ed25519, base58): ACTIVE; a signature from another key: UNVERIFIED', async () => {
    const sol = solanaWallet();
    const account = await wallet('SOLANA_WALLET', sol.address);
    const bad = await challenge(account.id, 'WALLET_SIGNATURE');
    expect((await verify(account.id, solanaWallet().signMessage(bad.body.messageToSign))).status).to.equal(400);
    const good = await challenge(account.id, 'WALLET_SIGNATURE');
    const ok = await verify(account.id, sol.signMessage(good.body.messageToSign));
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.status).to.equal('ACTIVE');
  });

  it('LIVENESS: a verificationLink on the second origin; the outcome lands asynchronously', async () => {
    const account = await wallet('ETHEREUM_WALLET', evmWallet().address);
    const c = await challenge(account.id, 'LIVENESS');
    expect(c.status, c.text).to.equal(201);
    expect(c.body.method).to.equal('LIVENESS');
    expect(c.body.token).to.be.a('string');
    const link = new URL(c.body.verificationLink);
    expect(link.origin).to.equal(t.server.panOrigin);
    const page = await t.fetch(link);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('Identity check');
    expect((await verify(account.id, '0x00')).status).to.equal(409); // LIVENESS never uses verify
    const done = await t.fetch(`${link}/complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: 'PASS' }),
    });
    expect(done.status).to.equal(204);
    expect(await statusOf(account.id)).to.equal('PENDING_OWNERSHIP_VERIFICATION');
    t.clock.advance(LIVENESS_COMPLETION_MS);
    expect(await statusOf(account.id)).to.equal('ACTIVE');
    expect((await t.fetch(link)).status).to.equal(410); // the link is spent

    const failing = await wallet('ETHEREUM_WALLET', evmWallet().address);
    const f = await challenge(failing.id, 'LIVENESS');
    await t.fetch(`${f.body.verificationLink}/complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: 'FAIL' }),
    });
    t.clock.advance(LIVENESS_COMPLETION_MS);
    expect(await statusOf(failing.id)).to.equal('UNVERIFIED');
  });

  it('only a FIRST_PARTY self-custody wallet is challenged; a custodial one is ACTIVE at once', async () => {
    const custodial = await wallet('ETHEREUM_WALLET', evmWallet().address, { vaspName: 'Kraken' });
    expect(custodial.status).to.equal('ACTIVE');
    expect((await challenge(custodial.id, 'WALLET_SIGNATURE')).status).to.equal(409);
    const { customer } = await newCustomer(t.api);
    const bad = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USDC',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: 'not-an-address' },
    });
    expect(bad.status).to.equal(400);
    expect(bad.body.details.errors[0].field).to.equal('accountInfo.address');
  });

  it('beneficiary name verification follows the identifier suffix (102–107)', async () => {
    const { customer } = await newCustomer(t.api);
    const bank = (accountNumber: string) =>
      t.api.post('/customers/external-accounts', {
        customerId: customer.id,
        currency: 'USD',
        accountInfo: {
          accountType: 'USD_ACCOUNT',
          accountNumber,
          routingNumber: '021000021',
          bankAccountType: 'CHECKING',
          beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ana Test' },
        },
      });
    const expected: Record<string, string> = {
      '100': 'MATCHED',
      '102': 'NOT_MATCHED',
      '103': 'PARTIAL_MATCH',
      '104': 'PENDING',
      '106': 'UNSUPPORTED',
      '107': 'CHECKED_BY_RECEIVING_FI',
    };
    const created: Record<string, { body: { id: string; beneficiaryVerifiedData?: unknown } }> = {};
    for (const [suffix, status] of Object.entries(expected)) {
      const res = await bank(`123456${suffix}`);
      expect(res.status, res.text).to.equal(201);
      expect(res.body.beneficiaryVerificationStatus, suffix).to.equal(status);
      expect(res.body.status).to.equal('ACTIVE');
      created[suffix] = res;
    }
    expect(created['100']!.body.beneficiaryVerifiedData).to.deep.equal({ fullName: 'Ana Test' });
    // the same account again is the OpenAPI's 409 "External account already exists"
    const again = await bank('123456100');
    expect(again.status, again.text).to.equal(409);
    expect(again.body).to.deep.include({ code: 'CONFLICT', details: { externalAccountId: created['100']!.body.id } });
    const invalid = await bank('123456105');
    expect(invalid.status).to.equal(400);
    expect(invalid.body.code).to.equal('INVALID_BANK_ACCOUNT');
    const list = await t.api.get('/customers/external-accounts', { customerId: customer.id, limit: '3' });
    expect(list.body.data).to.have.length(3);
    expect(list.body.hasMore).to.equal(true);
  });
});

// The default rail of each bank account type against the OpenAPI: every type whose ExternalAccount answer
// requires accountInfo.paymentRails has one, the first its schema lists, and no other (a wallet has no rail).
describe('sandbox: the default payment rail of each external account type', () => {
  it('is the first rail the OpenAPI lists for every type whose answer requires paymentRails', () => {
    const schemas = loadOpenApiDocument().components.schemas;
    const resolve = (node: any): any => (node?.$ref ? resolve(schemas[node.$ref.split('/').pop()]) : node);
    const parts = (node: any): any[] => {
      const schema = resolve(node);
      return schema ? [schema, ...(schema.allOf ?? []).flatMap(parts)] : [];
    };
    const expected: Record<string, string> = {};
    for (const branch of schemas.ExternalAccountInfoOneOf.oneOf) {
      const all = parts(branch);
      if (!all.some((p) => p.required?.includes('paymentRails'))) continue;
      const type = all
        .map((p) => resolve(p.properties?.accountType)?.enum)
        .find((values: string[] | undefined) => values?.length === 1)[0];
      const rails = all.map((p) => resolve(resolve(p.properties?.paymentRails)?.items)?.enum).find(Boolean);
      expected[type] = rails[0];
    }
    expect(Object.keys(expected)).to.have.length.greaterThan(30);
    expect(DEFAULT_PAYMENT_RAIL).to.deep.equal(expected);
  });
});
