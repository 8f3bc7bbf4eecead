import { expect } from 'chai';
import {
  createQuote,
  estimateWithdrawalFee,
  getExchangeRates,
  listInstitutions,
  lookupExternalAccount,
  lookupUma,
} from '@paykit/crypto-core/send';
import type { WalletClient } from '@paykit/crypto-core/client';
import { after, before, describe, it } from '@paykit/test-harness/suite';
import { newCustomer, platformClient, startTestSandbox, type TestSandbox } from './helpers/sandbox-client.js';

/** crypto-core's send flows (`@paykit/crypto-core/send`) against the sandbox, through a real client. */
describe('sandbox: the send flows of @paykit/crypto-core/send', () => {
  let t: TestSandbox;
  let client: WalletClient;
  before(async () => {
    t = await startTestSandbox();
    client = platformClient(t);
  });
  after(async () => {
    client.close();
    await t.close();
  });

  const caught = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (e: unknown) => e,
    );

  it('reads the rates of the corridors asked for, repeated destinations and the amount included', async () => {
    const rates = await getExchangeRates(client, {
      sourceCurrency: 'USD',
      destinationCurrency: ['EUR', 'MXN'],
      sendingAmount: 10_000,
    });
    expect(rates.map((r) => r.destinationCurrency.code)).to.deep.equal(['EUR', 'MXN']);
    const eur = rates[0]!;
    expect(eur).to.include({ exchangeRate: 1.08, sendingAmount: 10_000, receivingAmount: 9_231 });
    expect(eur.sourceCurrency.code).to.equal('USD');
    const bad = await caught(getExchangeRates(client, { sendingAmount: -1 }));
    expect(bad).to.include({ status: 400 });
  });

  it('lists institutions of a corridor, all without a filter, and passes a malformed country’s 400 on', async () => {
    const ph = await listInstitutions(client, { country: 'PH', currency: 'PHP' });
    expect(ph.map((i) => i.bankName)).to.deep.equal(['BDO Unibank', 'BPI']);
    expect((await listInstitutions(client)).length).to.be.greaterThan(ph.length);
    expect(await caught(listInstitutions(client, { country: 'Philippines' }))).to.include({ status: 400 });
  });

  it('looks up an UMA receiver and an external account of the sender, then quotes to each', async () => {
    const { customer, account } = await newCustomer(t.api);
    const receiver = await lookupUma(client, { receiverUmaAddress: '$anna@receiver.example', customerId: customer.id });
    expect(receiver.supportedCurrencies.map((c) => c.currency.code)).to.include('EUR');
    const toUma = await createQuote(client, {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: receiver.receiverUmaAddress, currency: 'EUR' },
      lookupId: receiver.lookupId,
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
    });
    expect(toUma).to.include({ totalSendingAmount: 10_000, totalReceivingAmount: 9_231 });
    expect(toUma.receivingCurrency?.code).to.equal('EUR');

    const missing = await caught(
      lookupUma(client, { receiverUmaAddress: '$nobody404@x.example', customerId: customer.id }),
    );
    expect(missing).to.include({ status: 404, code: 'UMA_NOT_FOUND' });

    const bank = await t.api.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'EUR',
      accountInfo: {
        accountType: 'EUR_ACCOUNT',
        iban: 'DE89370400440532013000',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Lena Vogel', countryOfResidence: 'DE' },
      },
    });
    expect(bank.status, bank.text).to.equal(201);
    const found = await lookupExternalAccount(client, { accountId: bank.body.id, customerId: customer.id });
    expect(found.accountId).to.equal(bank.body.id);
    expect(found.supportedCurrencies.map((c) => c.currency.code)).to.deep.equal(['EUR']);
    const other = (await newCustomer(t.api)).customer;
    const foreign = await caught(lookupExternalAccount(client, { accountId: bank.body.id, customerId: other.id }));
    expect(foreign).to.include({ status: 404 });
    const toBank = await createQuote(client, {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'ACCOUNT', accountId: bank.body.id },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 2_000,
    });
    expect(toBank).to.include({ totalReceivingAmount: 2_000, totalSendingAmount: 2_190 });
    expect(await caught(lookupExternalAccount(client, { accountId: '', customerId: customer.id }))).to.include({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('estimates a USDC withdrawal’s fees, and passes an amount the fee swallows on as 400', async () => {
    const { account } = await newCustomer(t.api);
    const body = {
      internalAccountId: account.id,
      currency: 'USDC',
      cryptoNetwork: 'SOLANA',
      amount: 1_000_000,
      destinationAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    };
    const fee = await estimateWithdrawalFee(client, body);
    expect(fee).to.deep.equal({
      networkFee: 5_000,
      networkFeeAsset: 'SOL',
      applicationFee: 0,
      totalFee: 5_000,
      netAmount: 995_000,
    });
    expect(await caught(estimateWithdrawalFee(client, { ...body, amount: 5_000 }))).to.include({ status: 400 });
  });
});
