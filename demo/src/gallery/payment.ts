/** `<pay-payment>` and `<pay-sca-challenge>`: paying a quote, with Strong Customer Authentication in the EU. */
import type { WalletClient } from '@paykit/crypto-core';
import { SCA_CODE, galleryCustomer, type Fault } from './sandbox.js';
import { CODE_INPUT, hold, offline, payElement, press, reach, type, type GallerySection } from './section.js';

const EU = { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster' };
const QUOTE = /^GET \/quotes\/[^/]+$/;
const EXECUTE = /^POST \/quotes\/[^/]+\/execute$/;

async function payment(
  options: { faults?: Fault[]; fields?: Record<string, unknown>; payee?: string; expired?: boolean } = {},
) {
  const customer = await galleryCustomer(options.fields ?? { fullName: 'Ada Lovelace' });
  const client: WalletClient = await customer.signedIn({ faults: options.faults });
  const quote = await customer.quote(client, options.payee);
  // a price no longer held: the quote as the page has it, its expiresAt passed (the sandbox holds prices for minutes)
  if (options.expired)
    return payElement('pay-payment', client, {}, { quote: { ...quote, expiresAt: new Date(0).toISOString() } });
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
      name: 'price-expired',
      kind: 'idle',
      expect: 'expired',
      note: 'The price is no longer held: a notice (nothing was paid), and one press for a new price.',
      render: () => payment({ expired: true }),
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
      name: 'step-2-of-2',
      kind: 'idle',
      expect: 'login',
      subject: 'pay-sca-challenge',
      note: 'The first EU payment: the service asks for one more texted code (its SCA login), as step 2 of 2.',
      render: () => payment({ fields: EU }),
      async drive(el) {
        const sca = await scaOf(el);
        await type(sca, CODE_INPUT, SCA_CODE);
        await reach(sca, 'login');
      },
    },
    {
      name: 'error-wrong-code',
      kind: 'error',
      expect: 'error',
      subject: 'pay-sca-challenge',
      note: 'A wrong payment code, said under its field with the tries left (after the second code the service asked for).',
      render: () => payment({ fields: EU }),
      async drive(el) {
        const sca = await scaOf(el);
        await type(sca, CODE_INPUT, '135790');
        await reach(sca, 'login');
        await type(sca, CODE_INPUT, SCA_CODE);
      },
    },
  ],
};
