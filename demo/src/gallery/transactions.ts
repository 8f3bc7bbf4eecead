/** `<pay-transactions>`: the wallet's payments, filtered, paged, and a bank transfer in flight to cancel. */
import { executeQuote, type WalletClient } from '@paykit/crypto-core';
import { galleryCustomer, type GalleryCustomer } from './sandbox.js';
import { hold, offline, payElement, press, reach, type GallerySection } from './section.js';

const TRANSACTIONS = /^GET \/transactions$/;

/** Two settled UMA payments and a bank transfer that stays in flight (the sandbox's 003 suffix: about 6 minutes). */
async function withActivity(customer: GalleryCustomer, client: WalletClient): Promise<void> {
  for (const [address, amount] of [
    ['$shop@merchant.example', 1250],
    ['$cafe@merchant.example', 480],
  ] as const)
    await executeQuote(client, { quote: await customer.quote(client, address, amount) });
  const bank = await customer.platform('POST', '/customers/external-accounts', {
    customerId: customer.customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber: '987654003',
      routingNumber: '021000021',
      bankAccountType: 'CHECKING',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
    },
  });
  const quote = await customer.quote(client, bank.id, 25_000);
  await executeQuote(client, { quote });
}

async function activity(faults?: Parameters<GalleryCustomer['signedIn']>[0]): Promise<HTMLElement> {
  const customer = await galleryCustomer({ fullName: 'Ada Lovelace' });
  const setup = await customer.signedIn();
  await withActivity(customer, setup);
  const client = faults ? await customer.signedIn(faults) : setup;
  return payElement('pay-transactions', client, { 'customer-id': customer.customerId });
}

export const transactions: GallerySection = {
  tag: 'pay-transactions',
  summary: 'The wallet’s payments: status filter, “Load more”, and cancelling a bank transfer in flight.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Three payments, newest first: a bank transfer in progress (cancellable) and two completed ones.',
      render: () => activity(),
    },
    {
      name: 'confirm-cancel',
      kind: 'idle',
      expect: 'ready',
      note: 'Cancel asks first, naming the amount.',
      async render() {
        const element = await activity();
        void (async () => {
          await reach(element, 'ready');
          await press(element, 'cancel-button');
        })();
        return element;
      },
    },
    {
      name: 'cancelled',
      kind: 'success',
      expect: 'ready',
      note: 'The transfer is cancelled: Failed, and the money is back in the wallet.',
      async render() {
        const element = await activity();
        void (async () => {
          await reach(element, 'ready');
          await press(element, 'cancel-button');
          await press(element, 'confirm-button');
        })();
        return element;
      },
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The first page is being read.',
      render: () => activity({ faults: [hold(TRANSACTIONS)] }),
    },
    {
      name: 'empty',
      kind: 'empty',
      expect: 'empty',
      note: 'A new wallet: no payments yet.',
      async render() {
        const customer = await galleryCustomer();
        return payElement('pay-transactions', await customer.signedIn(), { 'customer-id': customer.customerId });
      },
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The list could not be read: no connection (with “Try again”).',
      render: () => activity({ faults: [offline(TRANSACTIONS)] }),
    },
  ],
};
