/** `<pay-auth-methods>`: the wallet's sign-in methods. */
import { galleryCustomer, type Fault } from './sandbox.js';
import { hold, offline, payElement, reach, type GallerySection } from './section.js';

const LIST = /^GET \/auth\/credentials$/;

async function methods(faults: Fault[] = []): Promise<HTMLElement> {
  const customer = await galleryCustomer({ phoneNumber: '+4915112345678', region: 'DE' });
  return payElement('pay-auth-methods', await customer.signedIn({ faults }), { 'customer-id': customer.customerId });
}

export const authMethods: GallerySection = {
  tag: 'pay-auth-methods',
  summary: 'The sign-in methods of the wallet: list, add (passkey, email, text message), remove.',
  states: [
    { name: 'ready', kind: 'idle', expect: 'ready', note: 'The email method, in use.', render: () => methods() },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The methods are being read.',
      render: () => methods([hold(LIST)]),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The methods could not be read: no connection.',
      render: () => methods([offline(LIST)]),
    },
    {
      name: 'add-phone',
      kind: 'idle',
      expect: 'add-phone',
      note: 'Adding a text-message method: the phone number form.',
      render: () => methods(),
      async drive(el) {
        await reach(el, 'ready');
        const buttons = [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="add-button"]') ?? [])];
        const sms = buttons.find((b) => !/passkey|email|provider/i.test(b.textContent ?? ''));
        if (!sms)
          throw new Error(`no text-message button among ${buttons.map((b) => b.textContent?.trim()).join(', ')}`);
        sms.click();
      },
    },
    {
      name: 'signed-out',
      kind: 'locked',
      expect: 'signed-out',
      note: 'No session on this page.',
      render: async () => payElement('pay-auth-methods', (await galleryCustomer()).client()),
    },
  ],
};
