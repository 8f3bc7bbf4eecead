/** `<pay-sca-factors>`: the ways a customer confirms it is them, adding an authenticator app, removing a passkey. */
import { galleryCustomer, SCA_CODE, type Fault } from './sandbox.js';
import { CODE_INPUT, hold, offline, payElement, press, reach, type, type GallerySection } from './section.js';

const FACTORS = /^GET \/sca\/factors$/;

/** A customer in an SCA region with a passkey factor (put in the sandbox's store: a real one needs a device). */
async function factors(options: { passkey?: boolean; region?: string; faults?: Fault[] } = {}): Promise<HTMLElement> {
  const customer = await galleryCustomer({ fullName: 'Ada Lovelace', region: options.region ?? 'DE' });
  if (options.passkey !== false) {
    const passkey = { credentialId: 'gallery-passkey', publicKey: new Uint8Array(65), counter: 0, transports: [] };
    customer.sandbox.state.sca.put({
      id: customer.customerId,
      failures: 0,
      factors: [{ factor: 'PASSKEY', enrolledAt: Date.now(), passkey }],
    });
  }
  const client = await customer.signedIn({ faults: options.faults });
  return payElement('pay-sca-factors', client, { 'customer-id': customer.customerId });
}

/** The element after `steps` ran once it is ready. */
function after(steps: (element: HTMLElement) => Promise<void>, options?: Parameters<typeof factors>[0]) {
  return async (): Promise<HTMLElement> => {
    const element = await factors(options);
    void (async () => {
      await reach(element, 'ready');
      await steps(element);
    })();
    return element;
  };
}

export const scaFactors: GallerySection = {
  tag: 'pay-sca-factors',
  summary: 'The ways a customer confirms it is them (SCA factors): add an authenticator app, remove a passkey.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Text message (always there) and a passkey, which can be removed; an authenticator app can be added.',
      render: after(async () => undefined),
    },
    {
      name: 'setup',
      kind: 'idle',
      expect: 'setup',
      note: 'Adding an authenticator app: the setup key, the link for this device, and the first code.',
      render: after((element) => press(element, 'add-button'), { passkey: false }),
    },
    {
      name: 'recovery-codes',
      kind: 'success',
      expect: 'codes',
      note: 'The app is added (code 123456 in the sandbox): the recovery codes, shown once.',
      render: after(
        async (element) => {
          await press(element, 'add-button');
          await reach(element, 'setup');
          await type(element, CODE_INPUT, SCA_CODE);
        },
        { passkey: false },
      ),
    },
    {
      name: 'confirm-remove',
      kind: 'idle',
      expect: 'ready',
      note: 'Removing asks first; “Yes, remove it” is not the primary button.',
      render: after((element) => press(element, 'remove-button')),
    },
    {
      name: 'removed',
      kind: 'success',
      expect: 'ready',
      note: 'The passkey is removed; text message stays.',
      render: after(async (element) => {
        await press(element, 'remove-button');
        await press(element, 'confirm-remove-button');
      }),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The factors are being read.',
      render: () => factors({ faults: [hold(FACTORS)] }),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The factors could not be read: no connection (with “Try again”).',
      render: () => factors({ faults: [offline(FACTORS)] }),
    },
    {
      name: 'error-not-needed',
      kind: 'error',
      expect: 'error',
      note: 'A customer outside SCA regions: the service answers 409, and the element says these are not used.',
      render: () => factors({ region: 'US', passkey: false }),
    },
  ],
};
