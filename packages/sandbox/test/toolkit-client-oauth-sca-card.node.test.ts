import { expect } from 'chai';
import { addCredential, listCredentials, listSessions, removeCredential } from '@paykit/crypto-core/account';
import { revealCard } from '@paykit/crypto-core/cards';
import { WalletClient } from '@paykit/crypto-core/client';
import {
  authorizeQuote,
  completeScaLogin,
  createQuote,
  executeQuote,
  nextQuoteStep,
  startScaLogin,
} from '@paykit/crypto-core/payments';
import { sandboxSigners } from '@paykit/crypto-core/sandbox';
import { base64UrlEncode, utf8Encode } from '@paykit/crypto-core/encoding';
import { PayError } from '@paykit/crypto-core/errors';
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

const segment = (value: unknown) => base64UrlEncode(utf8Encode(JSON.stringify(value)));
const oidcToken = (claims: Record<string, unknown>) =>
  `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(claims)}.${base64UrlEncode(utf8Encode('dummy'))}`;

/** The rest of the WalletClient's flows against the sandbox: OAuth, credentials, SCA, card reveal, sessions. */
describe('sandbox: WalletClient OAuth, credentials, SCA and card reveal', () => {
  let t: TestSandbox;
  let transport: Transport;
  let signers: string[];
  const clients: WalletClient[] = [];
  const newClient = () => {
    const c = new WalletClient({ transport, keyStore: memoryKeyStore(), trustedSigners: signers, autoRefresh: false });
    clients.push(c);
    return c;
  };
  const identity = { iss: 'https://accounts.google.com', aud: 'platform-client-id', sub: 'google-user-7' };
  const claims = (extra: Record<string, unknown> = {}) => {
    const iat = Math.floor(t.clock.now() / 1000);
    return { ...identity, iat, exp: iat + 600, ...extra };
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

  it('adds an OAuth credential, signs in with it (one request), lists sessions, and removes the email credential from the OAuth session', async () => {
    const { account } = await newCustomer(t.api);
    const otp = newClient();
    await otp.loginWithOtp({ challenge: await otp.requestOtp({ accountId: account.id }), code: '000000' });
    const oauth = await addCredential(otp, { type: 'OAUTH', oidcToken: oidcToken(claims()) });
    expect(oauth.type).to.equal('OAUTH');

    const viaOAuth = newClient();
    const prepared = await viaOAuth.prepareOAuth();
    let counted = 0;
    const counting: Transport = (r) => (counted++, transport(r));
    const countingClient = new WalletClient({
      transport: counting,
      keyStore: memoryKeyStore(),
      trustedSigners: signers,
      autoRefresh: false,
    });
    clients.push(countingClient);
    const preparedCounted = await countingClient.prepareOAuth();
    const session = await countingClient.loginWithOAuth({
      authMethodId: oauth.id,
      oidcToken: oidcToken(claims({ nonce: preparedCounted.nonce })),
      prepared: preparedCounted,
    });
    expect(session.type).to.equal('OAUTH');
    expect(counted).to.equal(1);

    const wrongNonce = await viaOAuth
      .loginWithOAuth({ authMethodId: oauth.id, oidcToken: oidcToken(claims({ nonce: 'ab'.repeat(32) })), prepared })
      .catch((e: PayError) => e);
    expect((wrongNonce as PayError).code).to.equal('UNAUTHORIZED');

    const sessions = await listSessions(countingClient);
    expect(sessions.map((s) => s.id)).to.include(session.id);
    const emailCredential = (await listCredentials(countingClient)).find((c) => c.type === 'EMAIL_OTP')!;
    await removeCredential(countingClient, emailCredential.id);
    expect((await listCredentials(countingClient)).map((c) => c.type)).to.deep.equal(['OAUTH']);
  });

  it('SCA, wallet order: the quote comes with its payload; execute answers PENDING_AUTHORIZATION; after the SCA login one authorize releases it', async () => {
    const { customer, account } = await newCustomer(t.api, { region: 'DE' });
    await t.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 500_000 });
    const client = newClient();
    await client.loginWithOtp({ challenge: await client.requestOtp({ accountId: account.id }), code: '000000' });
    let quote = await createQuote(client, {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$shop@merchant.example' },
      lookupId: await umaLookupId(t.api, '$shop@merchant.example'),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 150_000,
    });
    expect(nextQuoteStep(quote)).to.equal('execute');
    quote = await executeQuote(client, { quote });
    expect(nextQuoteStep(quote)).to.equal('authorize');
    expect(quote.scaChallenge?.factor).to.equal('SMS_OTP');

    const needsLogin = (await authorizeQuote(client, { quoteId: quote.id, code: '123456' }).catch(
      (e: PayError) => e,
    )) as PayError;
    expect([needsLogin.status, needsLogin.code]).to.deep.equal([409, 'SCA_SESSION_REQUIRED']);
    const start = await startScaLogin(client, { customerId: customer.id });
    const noIp = (await completeScaLogin(client, { customerId: customer.id, start, code: '123456' }).catch(
      (e: PayError) => e,
    )) as PayError;
    expect(noIp.status).to.equal(400); // the service needs the end user's IP; a platform backend adds it
    expect(
      (
        await completeScaLogin(client, {
          customerId: customer.id,
          start,
          code: '123456',
          endUserIpAddress: '203.0.113.9',
        })
      ).status,
    ).to.equal('SUCCESS');

    const wrong = (await authorizeQuote(client, { quoteId: quote.id, code: '000001' }).catch(
      (e: PayError) => e,
    )) as PayError;
    expect(wrong.status).to.equal(400);
    quote = await authorizeQuote(client, { quoteId: quote.id, code: '123456' });
    expect(quote.status).to.equal('PROCESSING');
    expect(nextQuoteStep(quote)).to.equal('settle');
  });

  it('SCA after lost answers: a repeated SCA login complete answers the same session, a repeated authorize returns the released quote, and the money leaves once', async () => {
    const { customer, account } = await newCustomer(t.api, { region: 'DE' });
    await t.api.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 500_000 });
    const client = newClient();
    await client.loginWithOtp({ challenge: await client.requestOtp({ accountId: account.id }), code: '000000' });
    let quote = await createQuote(client, {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$shop@merchant.example' },
      lookupId: await umaLookupId(t.api, '$shop@merchant.example'),
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 150_000,
    });
    quote = await executeQuote(client, { quote });
    const start = await startScaLogin(client, { customerId: customer.id });
    const complete = (code: string) =>
      completeScaLogin(client, { customerId: customer.id, start, code, endUserIpAddress: '203.0.113.9' });
    const first = await complete('123456'); // its answer is lost: the page sends it again
    const again = await complete('123456');
    expect(again).to.deep.equal(first);
    const wrong = (await complete('000001').catch((e: PayError) => e)) as PayError;
    expect(wrong.status, 'a wrong code is still wrong').to.equal(400);

    const released = await authorizeQuote(client, { quoteId: quote.id, code: '123456' }); // its answer is lost too
    expect(released.status).to.equal('PROCESSING');
    const retried = await authorizeQuote(client, { quoteId: quote.id, code: '123456' });
    expect(retried.id).to.equal(quote.id);
    expect(retried.status, 'the retry reports the payment that went through').to.equal('PROCESSING');
    const balance = (await t.api.get(`/customers/internal-accounts`, { customerId: customer.id })).body.data[0].balance;
    expect(balance.amount, 'debited once').to.equal(500_000 - 150_000);
  });

  it('SCA, quote-creation order (realtime funding): authorize in a loop (two rounds), then the bank details appear', async () => {
    const { customer, account } = await newCustomer(t.api, { region: 'FR', currencies: ['EUR'] });
    const payee = await newCustomer(t.api, { currencies: ['EUR'] });
    const client = newClient();
    await client.loginWithOtp({ challenge: await client.requestOtp({ accountId: account.id }), code: '000000' });
    const start = await startScaLogin(client, { customerId: customer.id });
    await completeScaLogin(client, { customerId: customer.id, start, code: '123456', endUserIpAddress: '203.0.113.9' });
    let quote = await createQuote(client, {
      source: { sourceType: 'REALTIME_FUNDING', customerId: customer.id, currency: 'EUR' },
      destination: { destinationType: 'ACCOUNT', accountId: payee.account.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 150_000,
    });
    let rounds = 0;
    while (nextQuoteStep(quote) === 'authorize') {
      quote = await authorizeQuote(client, { quoteId: quote.id, code: '123456' });
      rounds++;
    }
    expect(rounds).to.equal(2);
    expect(quote.status).to.equal('PENDING');
    expect(quote.paymentInstructions?.[0]?.accountOrWalletInfo?.accountType).to.equal('EUR_ACCOUNT');
    expect(nextQuoteStep(quote)).to.equal('done');
  });

  it('reveals a card: a PAN URL on the separate PAN origin that works once', async () => {
    const { account } = await newCustomer(t.api);
    const card = await t.api.post('/cards', { fundingSource: account.id }, { 'Idempotency-Key': crypto.randomUUID() });
    const client = newClient();
    const early = (await revealCard(client, card.body.id).catch((e: PayError) => e)) as PayError;
    expect([early.status, early.code]).to.deep.equal([403, 'FORBIDDEN']); // not live yet (no 409 is declared for a reveal)
    t.clock.advance(60_000); // issuer provisioning completes: PROCESSING -> ACTIVE
    const reveal = await revealCard(client, card.body.id);
    expect(new URL(reveal.panEmbedUrl).origin).to.equal(t.server.panOrigin);
    expect(Date.parse(reveal.expiresAt)).to.be.greaterThan(t.clock.now());
    const page = await t.fetch(reveal.panEmbedUrl);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-security-policy')).to.contain('frame-ancestors');
    expect((await t.fetch(reveal.panEmbedUrl)).status).to.equal(410);
  });
});
