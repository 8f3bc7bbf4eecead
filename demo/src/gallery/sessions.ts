/** `<pay-sessions>`: where the wallet is signed in. */
import { galleryCustomer } from './sandbox.js';
import { hold, offline, payElement, type GallerySection } from './section.js';

const SESSIONS = /^GET \/auth\/sessions$/;

export const sessions: GallerySection = {
  tag: 'pay-sessions',
  summary: 'Where the wallet is signed in: renew, sign out elsewhere, sign out here.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Two sessions: this device (marked) and another one.',
      async render() {
        const customer = await galleryCustomer({ fullName: 'Ada Lovelace' });
        await customer.signedIn(); // the other device
        return payElement('pay-sessions', await customer.signedIn());
      },
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The list is being read.',
      render: async () =>
        payElement('pay-sessions', await (await galleryCustomer()).signedIn({ faults: [hold(SESSIONS)] })),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The list could not be read: no connection.',
      render: async () =>
        payElement('pay-sessions', await (await galleryCustomer()).signedIn({ faults: [offline(SESSIONS)] })),
    },
    {
      name: 'signed-out',
      kind: 'locked',
      expect: 'signed-out',
      note: 'No session on this page: nothing to list.',
      render: async () => payElement('pay-sessions', (await galleryCustomer()).client()),
    },
  ],
};
