/** `<pay-invitation>`: an UMA invitation by its code, accepted for the customer, and each state it can be in. */
import { galleryCustomer, type Fault } from './sandbox.js';
import { hold, offline, payElement, press, reach, type GallerySection } from './section.js';

const INVITATION = /^GET \/invitations\//;

/**
 * An invitation from Grace (another customer of the platform) with `body`'s fields, then what `then` does to
 * it on the platform's side (claim, cancel); the element shows it to a new customer, with `faults`.
 */
async function invitation(
  body: Record<string, unknown> = { firstName: 'Grace', amountToSend: 2500 },
  options: { then?: 'claim' | 'cancel'; faults?: Fault[]; code?: string } = {},
): Promise<HTMLElement> {
  // a short address of her own, as a person's reads (the gallery's default one carries the customer's id)
  const umaAddress = `$grace.${crypto.randomUUID().slice(0, 6)}@sandbox.paykit.dev`;
  const inviter = await galleryCustomer({ fullName: 'Grace Hopper', umaAddress });
  const created = await inviter.platform('POST', '/invitations', { inviterUma: umaAddress, ...body });
  if (options.then === 'claim')
    await inviter.platform('POST', `/invitations/${created.code}/claim`, { inviteeUma: '$someone@other.example' });
  if (options.then === 'cancel') await inviter.platform('POST', `/invitations/${created.code}/cancel`);
  const invitee = await galleryCustomer({ fullName: 'Ada Lovelace' });
  return payElement('pay-invitation', invitee.client({ faults: options.faults }), {
    code: options.code ?? created.code,
    'customer-id': invitee.customerId,
  });
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export const invitationSection: GallerySection = {
  tag: 'pay-invitation',
  summary: 'An UMA invitation by its code: who sent it, the amount, and “Accept invitation”.',
  states: [
    {
      name: 'ready',
      kind: 'idle',
      expect: 'ready',
      note: 'Grace invites the customer with $25.00, to accept within a week.',
      render: () => invitation({ firstName: 'Grace', amountToSend: 2500, expiresAt: inAWeek() }),
    },
    {
      name: 'ready-no-amount',
      kind: 'idle',
      expect: 'ready',
      note: 'An invitation with no name and no amount: the inviter’s UMA address says who sent it.',
      render: () => invitation({}),
    },
    {
      name: 'claimed',
      kind: 'success',
      expect: 'claimed',
      note: 'Accepted: the success line takes the button’s place.',
      async render() {
        const element = await invitation();
        void (async () => {
          await reach(element, 'ready');
          await press(element, 'claim-button');
        })();
        return element;
      },
    },
    {
      name: 'already-claimed',
      kind: 'locked',
      expect: 'already-claimed',
      note: 'Someone accepted it before: no button, a sentence says so.',
      render: () => invitation(undefined, { then: 'claim' }),
    },
    {
      name: 'cancelled',
      kind: 'locked',
      expect: 'cancelled',
      note: 'The inviter cancelled it.',
      render: () => invitation(undefined, { then: 'cancel' }),
    },
    {
      name: 'expired',
      kind: 'locked',
      expect: 'expired',
      note: 'Its expiry date has passed.',
      render: () => invitation({ firstName: 'Grace', expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    },
    {
      name: 'not-found',
      kind: 'error',
      expect: 'not-found',
      note: 'No invitation has this code (a mistyped or truncated link).',
      render: () => invitation(undefined, { code: '00000000' }),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The invitation is being read.',
      render: () => invitation(undefined, { faults: [hold(INVITATION)] }),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The invitation could not be read: no connection (with “Try again”).',
      render: () => invitation(undefined, { faults: [offline(INVITATION)] }),
    },
  ],
};
