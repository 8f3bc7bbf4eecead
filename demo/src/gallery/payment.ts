/** `<pay-payment>` and `<pay-sca-challenge>`: paying a quote, with Strong Customer Authentication in the EU. */
import type { WalletClient } from '@paykit/crypto-core';
import { galleryCustomer, type Fault } from './sandbox.js';
import { CODE_INPUT, hold, offline, payElement, press, reach, type, type GallerySection } from './section.js';

const EU = { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster' };
const QUOTE = /^GET \/quotes\/[^/]+$/;
const EXECUTE = /^POST \/quotes\/[^/]+\/execute$/;

async function payment(options: { faults?: Fault[]; fields?: Record<string, unknown>; payee?: string } = {}) {
  const customer = await galleryCustomer(options.fields ?? { fullName: 'Ada Lovelace' });
  const client: WalletClient = await customer.signedIn({ faults: options.faults });
  const quote = await customer.quote(client, options.payee);
  return payElement('pay-payment', client, { 'quote-id': quote.id, 'customer-id': customer.customerId });
}

/** An EU payment, "Pay" pressed: its `<pay-sca-challenge>` (light DOM of `<pay-payment>`). */
async function scaOf(el: HTMLElement): Promise<HTMLElement> {
  await reach(el, 'review');
  await press(el, 'pay-button');
  await reach(el, 'sca');
  const sca = el.querySelector<HTMLElement>('pay-sca-challenge');
  if (!sca) throw new Error('no <pay-sca-challenge> in the payment');
  return sca;
}

export const paymentSection: GallerySection = {
  tag: 'pay-payment',
  summary: 'Review and pay a quote: amounts, fees, payee, the price’s countdown, then the payment followed to the end.',
  states: [
    { name: 'review', kind: 'idle', expect: 'review', note: 'The quote, waiting for "Pay".', render: () => payment() },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'Reading the quote.',
      render: () => payment({ faults: [hold(QUOTE)] }),
    },
    {
      name: 'executing',
      kind: 'loading',
      expect: 'executing',
      note: '"Pay" pressed, the payment on its way.',
      render: () => payment({ faults: [hold(EXECUTE)] }),
      drive: (el) => press(el, 'pay-button'),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The quote could not be read: no connection.',
      render: () => payment({ faults: [offline(QUOTE)] }),
    },
    {
      name: 'completed',
      kind: 'success',
      expect: 'completed',
      note: 'Sent.',
      render: () => payment(),
      drive: (el) => press(el, 'pay-button'),
    },
    {
      name: 'failed',
      kind: 'error',
      expect: 'failed',
      note: 'The payee’s side failed the payment; the money came back.',
      render: () => payment({ payee: '$closed-shop002@merchant.example' }),
      drive: (el) => press(el, 'pay-button'),
    },
    {
      name: 'empty',
      kind: 'empty',
      expect: 'empty',
      note: 'No quote given yet.',
      render: async () => payElement('pay-payment', await (await galleryCustomer()).signedIn()),
    },
  ],
};

export const scaChallenge: GallerySection = {
  tag: 'pay-sca-challenge',
  summary: 'Strong Customer Authentication of a payment by a texted code (shown here inside <pay-payment>).',
  states: [
    {
      name: 'sms',
      kind: 'idle',
      expect: 'sms',
      subject: 'pay-sca-challenge',
      note: 'The texted code, with the payee and amount.',
      render: () => payment({ fields: EU }),
      drive: async (el) => void (await scaOf(el)),
    },
    {
      name: 'error-wrong-code',
      kind: 'error',
      expect: 'error',
      subject: 'pay-sca-challenge',
      note: 'A wrong code, said next to the field.',
      render: () => payment({ fields: EU }),
      async drive(el) {
        const sca = await scaOf(el);
        await type(sca, CODE_INPUT, '111111');
        await press(sca, 'confirm-button').catch(() => undefined);
      },
    },
  ],
};
