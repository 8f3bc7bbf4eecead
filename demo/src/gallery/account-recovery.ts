/** `<pay-account-recovery>`: resetting a lost phone, authenticator app or passkey after an identity check. */
import { galleryCustomer, type Fault, type GalleryCustomer } from './sandbox.js';
import { hold, offline, payElement, press, reach, type, type GallerySection } from './section.js';

const FACTORS = /^GET \/sca\/factors$/;
/** The sandbox's identity check: INITIATED, then PENDING_REVIEW, this long each, then LIVENESS_PASSED. */
const STEP_MS = 2_000;

/** A customer in an SCA region (with a passkey factor, unless not), for a page whose client is signed in. */
async function customerWith(options: { passkey?: boolean; rejected?: boolean } = {}): Promise<GalleryCustomer> {
  const customer = await galleryCustomer({
    fullName: 'Ada Lovelace',
    region: 'DE',
    ...(options.rejected ? { platformCustomerId: `gallery-${crypto.randomUUID()}-liveness-rejected` } : {}),
  });
  if (options.passkey) {
    const passkey = { credentialId: 'gallery-passkey', publicKey: new Uint8Array(65), counter: 0, transports: [] };
    customer.sandbox.state.sca.put({
      id: customer.customerId,
      failures: 0,
      factors: [{ factor: 'PASSKEY', enrolledAt: Date.now(), passkey }],
    });
  }
  return customer;
}

async function recovery(
  customer: GalleryCustomer,
  attrs: Record<string, string> = {},
  faults: Fault[] = [],
): Promise<HTMLElement> {
  const client = await customer.signedIn({ faults });
  return payElement('pay-account-recovery', client, { 'customer-id': customer.customerId, ...attrs });
}

/**
 * A reset the platform started `ago` ms before (the sandbox's record moved back in time), shown by `reset-id`.
 * The client signs in first: its sign-in (a key pair, an HPKE code) once took longer than the 1.5 s that
 * "in-review" leaves before the check passes, on a loaded machine, and the element's first read found it passed.
 */
async function resetStarted(customer: GalleryCustomer, ago: number): Promise<HTMLElement> {
  const client = await customer.signedIn();
  const { resetId } = await customer.platform(
    'POST',
    `/sca/factors/reset?customerId=${encodeURIComponent(customer.customerId)}`,
    { factor: 'SMS_OTP' },
  );
  const store = customer.sandbox.state.sca;
  const state = store.get(customer.customerId)!;
  const resets = state.resets!.map((r) => (r.id === resetId ? { ...r, startedAt: r.startedAt - ago } : r));
  store.put({ ...state, resets });
  return payElement('pay-account-recovery', client, {
    'customer-id': customer.customerId,
    'reset-id': resetId,
    'poll-interval': '1000',
  });
}

export const accountRecovery: GallerySection = {
  tag: 'pay-account-recovery',
  summary: 'A lost phone, authenticator app or passkey, reset after an identity check.',
  states: [
    {
      name: 'choose',
      kind: 'idle',
      expect: 'choose',
      note: 'What did you lose: only the customer’s own factors (the verified phone, and here a passkey).',
      render: async () => recovery(await customerWith({ passkey: true })),
    },
    {
      name: 'waiting',
      kind: 'loading',
      expect: 'waiting',
      note: 'The identity check has started; the status is read again while the page is open.',
      render: async () => recovery(await customerWith()),
      drive: (el) => press(el, 'start-button'),
    },
    {
      name: 'in-review',
      kind: 'loading',
      expect: 'waiting',
      note: 'A reset the page kept (reset-id), now being reviewed.',
      render: async () => resetStarted(await customerWith(), STEP_MS + 500),
    },
    {
      name: 'passed',
      kind: 'idle',
      expect: 'passed',
      note: 'The check passed: a lost phone number takes the new one, in the shared phone field.',
      render: async () => resetStarted(await customerWith(), 2 * STEP_MS + 500),
    },
    {
      name: 'done',
      kind: 'success',
      expect: 'done',
      note: 'The new number is set; nothing else changed.',
      render: async () => resetStarted(await customerWith(), 2 * STEP_MS + 500),
      drive: async (el) => {
        await reach(el, 'passed');
        await type(el, 'input[type="tel"]', '+49 170 2345678');
        await press(el, 'finish-button');
      },
    },
    {
      name: 'rejected',
      kind: 'error',
      expect: 'rejected',
      note: 'The check did not confirm the person: said as news (nothing changed), with “Start again”.',
      render: async () => resetStarted(await customerWith({ rejected: true }), 2 * STEP_MS + 500),
    },
    {
      name: 'expired',
      kind: 'error',
      expect: 'expired',
      note: 'The reset was not finished in time (15 minutes in the sandbox).',
      render: async () => resetStarted(await customerWith(), 16 * 60_000),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The factors are being read.',
      render: async () => recovery(await customerWith(), {}, [hold(FACTORS)]),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The factors could not be read: no connection.',
      render: async () => recovery(await customerWith(), {}, [offline(FACTORS)]),
    },
  ],
};
