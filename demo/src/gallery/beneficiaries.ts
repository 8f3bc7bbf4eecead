/** `<pay-beneficiaries>`: the customer's payees, trusted or not, and trusting or untrusting one with the texted code. */
import { SCA_CODE, galleryCustomer, type GalleryCustomer } from './sandbox.js';
import { CODE_INPUT, hold, offline, payElement, press, reach, type, type GallerySection } from './section.js';

const PAYEES = /^GET \/customers\/external-accounts$/;

/** Two bank-account payees; with `trustOne`, the second one already trusted (its trust started and confirmed by the platform's calls). */
async function withPayees(customer: GalleryCustomer, trustOne: boolean): Promise<void> {
  const ids: string[] = [];
  for (const [fullName, accountNumber] of [
    ['Lena Vogel', '123450142'],
    ['Omar Haddad', '123457781'],
  ]) {
    const account = await customer.platform('POST', '/customers/external-accounts', {
      customerId: customer.customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber,
        routingNumber: '021000021',
        bankAccountType: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName },
      },
    });
    ids.push(account.id);
  }
  if (!trustOne) return;
  const start = await customer.platform('POST', `/customers/external-accounts/${ids[1]}/trust`);
  await customer.platform('POST', `/customers/external-accounts/${ids[1]}/trust/confirm`, {
    challengeId: start.scaChallenge.id,
    code: SCA_CODE,
  });
}

async function payees(
  options: { region?: string; faults?: Parameters<GalleryCustomer['signedIn']>[0] } = {},
): Promise<HTMLElement> {
  const customer = await galleryCustomer({ fullName: 'Ada Lovelace', region: options.region ?? 'DE' });
  await withPayees(customer, !options.region); // trust exists only in SCA regions (DE by default)
  return payElement('pay-beneficiaries', customer.client(options.faults), { 'customer-id': customer.customerId });
}

/** The element with `steps` run on it once its list is shown. */
async function driven(steps: (element: HTMLElement) => Promise<void>, region?: string): Promise<HTMLElement> {
  const element = await payees(region ? { region } : {});
  void (async () => {
    await reach(element, 'ready');
    await steps(element);
  })();
  return element;
}

export const beneficiaries: GallerySection = {
  tag: 'pay-beneficiaries',
  summary: 'The customer’s payees, trusted or not; trusting or untrusting one is confirmed with the texted code.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Two payees, account numbers masked; Omar Haddad is trusted (“Stop trusting” is never the primary style).',
      render: () => payees(),
    },
    {
      name: 'confirming-trust',
      kind: 'idle',
      expect: 'confirming',
      note: '“Trust” texted a code: it is entered under the row.',
      render: () => driven((element) => press(element, 'trust-button')),
    },
    {
      name: 'wrong-code',
      kind: 'error',
      expect: 'error',
      note: 'A wrong code: the tries left, under the input.',
      render: () =>
        driven(async (element) => {
          await press(element, 'trust-button');
          await type(element, CODE_INPUT, '135790');
        }),
    },
    {
      name: 'trusted',
      kind: 'success',
      expect: 'ready',
      note: 'The right code: Lena Vogel is trusted, said next to her row.',
      render: () =>
        driven(async (element) => {
          await press(element, 'trust-button');
          await type(element, CODE_INPUT, SCA_CODE);
        }),
    },
    {
      name: 'confirming-untrust',
      kind: 'idle',
      expect: 'confirming',
      note: 'Stopping trust asks for a code too; its button is not the primary style.',
      render: () => driven((element) => press(element, 'untrust-button')),
    },
    {
      name: 'not-needed',
      kind: 'error',
      expect: 'error',
      note: 'Outside SCA regions the service has no trusted payees (409): said in plain words.',
      render: () => driven((element) => press(element, 'trust-button'), 'US'),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The payees are being read.',
      render: () => payees({ faults: { faults: [hold(PAYEES)] } }),
    },
    {
      name: 'empty',
      kind: 'empty',
      expect: 'empty',
      note: 'No payees yet.',
      async render() {
        const customer = await galleryCustomer({ region: 'DE' });
        return payElement('pay-beneficiaries', customer.client(), { 'customer-id': customer.customerId });
      },
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The list could not be read: no connection (with “Try again”).',
      render: () => payees({ faults: { faults: [offline(PAYEES)] } }),
    },
  ],
};
