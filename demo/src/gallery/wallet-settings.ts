/** `<pay-wallet-settings>`: the wallet's privacy switch and a card's delegated key. */
import { galleryCustomer } from './sandbox.js';
import { hold, offline, payElement, type GallerySection } from './section.js';

export const walletSettings: GallerySection = {
  tag: 'pay-wallet-settings',
  summary: 'Wallet privacy and the delegated key that lets a card spend from the wallet.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Privacy off, and a card that may not spend from the wallet yet.',
      async render() {
        const customer = await galleryCustomer({ fullName: 'Ada Lovelace' });
        const card = await customer.platform('POST', '/cards', {
          fundingSource: customer.accountId,
          cardholderId: customer.customerId,
        });
        return payElement('pay-wallet-settings', await customer.signedIn(), {
          'customer-id': customer.customerId,
          'card-id': card.id,
        });
      },
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The settings are being read.',
      async render() {
        const customer = await galleryCustomer();
        return payElement('pay-wallet-settings', await customer.signedIn({ faults: [hold(/^GET /)] }), {
          'customer-id': customer.customerId,
        });
      },
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The settings could not be read: no connection.',
      async render() {
        const customer = await galleryCustomer();
        return payElement('pay-wallet-settings', await customer.signedIn({ faults: [offline(/^GET /)] }), {
          'customer-id': customer.customerId,
        });
      },
    },
    {
      name: 'signed-out',
      kind: 'locked',
      expect: 'signed-out',
      note: 'No session on this page.',
      async render() {
        const customer = await galleryCustomer();
        return payElement('pay-wallet-settings', customer.client(), { 'customer-id': customer.customerId });
      },
    },
  ],
};
