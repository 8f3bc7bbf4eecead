/** Onboarding: `<pay-terms-consent>`, `<pay-contact-verification>`, `<pay-kyc>`, `<pay-beneficial-owners>`. */
import { galleryCustomer, type Fault } from './sandbox.js';
import {
  CODE_INPUT,
  hold,
  offline,
  part,
  payElement,
  press,
  reach,
  type,
  until,
  type GallerySection,
} from './section.js';

/** An EU customer whose provider asks for terms, verified contacts and KYC (name suffix 003: unverified). */
const EU = { region: 'DE', phoneNumber: '+4915112345678', fullName: 'Eva Muster 003' };
/** The sandbox's email and phone verification code. */
const CONTACT_CODE = '123456';
const BUSINESS = {
  customerType: 'BUSINESS',
  businessInfo: {
    legalName: 'Muster GmbH',
    country: 'DE',
    taxId: 'DE1',
    incorporatedOn: '2020-01-01',
    registrationNumber: 'HRB-003',
  },
};

async function onboarding(
  tag: string,
  faults: Fault[] = [],
  fields: Record<string, unknown> = EU,
): Promise<HTMLElement> {
  const customer = await galleryCustomer(fields);
  return payElement(tag, await customer.signedIn({ faults }), { 'customer-id': customer.customerId });
}

const ANY_GET = /^GET /;

/** The three states every onboarding element has: shown, reading, and a read that failed. */
function basics(tag: string, idle: string, failed: string, fields?: Record<string, unknown>) {
  return [
    {
      name: 'ready',
      kind: 'idle' as const,
      expect: idle,
      note: 'Waiting for the user.',
      render: () => onboarding(tag, [], fields),
    },
    {
      name: 'loading',
      kind: 'loading' as const,
      expect: 'loading',
      note: 'Reading the customer.',
      render: () => onboarding(tag, [hold(ANY_GET)], fields),
    },
    {
      name: 'error-offline',
      kind: 'error' as const,
      expect: failed,
      note: 'The customer could not be read: no connection.',
      render: () => onboarding(tag, [offline(ANY_GET)], fields),
    },
  ];
}

export const termsConsent: GallerySection = {
  tag: 'pay-terms-consent',
  summary: 'The provider’s end-user terms: a link to the current version and the acceptance.',
  states: [
    ...basics('pay-terms-consent', 'ready', 'failed'),
    {
      name: 'accepted',
      kind: 'success',
      expect: 'accepted',
      note: 'The current version is accepted.',
      render: () => onboarding('pay-terms-consent', [], EU),
      async drive(el) {
        await reach(el, 'ready');
        (await part(el, 'consent')).querySelector('input')?.click();
        await press(el, 'accept-button');
      },
    },
  ],
};

export const contactVerification: GallerySection = {
  tag: 'pay-contact-verification',
  summary: 'Email and phone verification with one-time codes, as the customer’s provider requires.',
  states: [
    ...basics('pay-contact-verification', 'idle', 'failed'),
    {
      name: 'error-wrong-code',
      kind: 'error',
      expect: 'error',
      note: 'A wrong email code (the sandbox’s 400 INVALID_INPUT): red cells, said under them with the tries left.',
      render: () => onboarding('pay-contact-verification'),
      async drive(el) {
        await reach(el, 'idle');
        await press(el, 'send-button');
        await reach(el, 'code-sent');
        await type(el, CODE_INPUT, '111111');
      },
    },
    {
      name: 'second-step',
      kind: 'idle',
      expect: 'idle',
      note: 'The email address is verified; step 2 of 2 confirms the phone number shown on its row.',
      async render() {
        const customer = await galleryCustomer(EU);
        await customer.platform('POST', `/customers/${customer.customerId}/verify-email`);
        await customer.platform('POST', `/customers/${customer.customerId}/verify-email/confirm`, {
          code: CONTACT_CODE,
        });
        return payElement('pay-contact-verification', await customer.signedIn(), {
          'customer-id': customer.customerId,
        });
      },
    },
    {
      name: 'complete',
      kind: 'success',
      expect: 'complete',
      note: 'Nothing to verify (a provider that verifies no contact).',
      render: () => onboarding('pay-contact-verification', [], { region: 'US' }),
    },
  ],
};

export const kyc: GallerySection = {
  tag: 'pay-kyc',
  summary: 'Identity verification: the status, the provider’s hosted flow, or the in-page form.',
  states: [
    ...basics('pay-kyc', 'ready', 'failed', { region: 'US', fullName: 'Eva Muster 003' }),
    {
      name: 'form',
      kind: 'idle',
      expect: 'form',
      note: 'The in-page form: details, address, a document.',
      render: () => onboarding('pay-kyc', [], { region: 'US', fullName: 'Eva Muster 003' }),
      drive: (el) => press(el, 'form-button'),
    },
    {
      name: 'in-progress',
      kind: 'idle',
      expect: 'hosted',
      note: 'The provider’s page is open in its window: the status says verification is in progress.',
      render: () => onboarding('pay-kyc', [], { region: 'US', fullName: 'Eva Muster 003' }),
      async drive(el) {
        // the provider's window, as a stand-in that stays open (the gallery opens no real window)
        const popup = { closed: false, opener: window, location: { href: '' }, close: () => undefined };
        const open = window.open;
        window.open = (() => popup) as unknown as typeof window.open;
        try {
          await press(el, 'hosted-button');
          await until(() => popup.location.href, 'the provider’s page');
        } finally {
          window.open = open;
        }
      },
    },
    {
      name: 'done',
      kind: 'success',
      expect: 'done',
      note: 'Verified.',
      render: () => onboarding('pay-kyc', [], { region: 'US', fullName: 'Eva Muster' }),
    },
  ],
};

export const beneficialOwners: GallerySection = {
  tag: 'pay-beneficial-owners',
  summary: 'A business’s owners (25% or more) and its control person.',
  states: [
    {
      name: 'ready',
      kind: 'empty',
      expect: 'ready',
      note: 'No one added yet.',
      render: () => onboarding('pay-beneficial-owners', [], BUSINESS),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'Reading the owners.',
      render: () => onboarding('pay-beneficial-owners', [hold(ANY_GET)], BUSINESS),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The owners could not be read: no connection.',
      render: () => onboarding('pay-beneficial-owners', [offline(ANY_GET)], BUSINESS),
    },
  ],
};
