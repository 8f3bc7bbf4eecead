/** `<pay-card>` and `<pay-card-reveal>`: a virtual card. */
import { galleryCustomer, type Fault } from './sandbox.js';
import { hold, offline, payElement, press, type GallerySection } from './section.js';

const CARD = /^GET \/cards\/[^/]+$/;
const REVEAL = /^POST \/cards\/[^/]+\/reveal$/;

async function withCard(tag: string, faults: Fault[] = [], frozen = false): Promise<HTMLElement> {
  const customer = await galleryCustomer({ fullName: 'Ada Lovelace' });
  await customer.platform('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, { amount: 500_000 });
  const card = await customer.platform('POST', '/cards', {
    fundingSource: customer.accountId,
    cardholderId: customer.customerId,
  });
  if (frozen) await customer.platform('PATCH', `/cards/${card.id}`, { state: 'FROZEN' });
  return payElement(tag, await customer.signedIn({ faults }), {
    'card-id': card.id,
    'customer-id': tag === 'pay-card' ? customer.customerId : undefined,
  });
}

export const card: GallerySection = {
  tag: 'pay-card',
  summary: 'A card with its controls (freeze, limits, card payments from the wallet) and its transactions.',
  states: [
    {
      name: 'needs-activation',
      kind: 'idle',
      expect: 'needs-activation',
      note: 'A new card on a wallet: card payments must be allowed first. No transactions yet (empty list).',
      render: () => withCard('pay-card'),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'The card is being read.',
      render: () => withCard('pay-card', [hold(CARD)]),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The card could not be read: no connection.',
      render: () => withCard('pay-card', [offline(CARD)]),
    },
    {
      name: 'frozen',
      kind: 'locked',
      expect: 'frozen',
      note: 'A frozen card: every payment is declined until it is unfrozen.',
      render: () => withCard('pay-card', [], true),
    },
  ],
};

export const cardReveal: GallerySection = {
  tag: 'pay-card-reveal',
  summary: 'The card number, expiry and CVC in a frame from the issuer’s PAN origin, hidden again after a while.',
  states: [
    {
      name: 'idle',
      kind: 'idle',
      expect: 'idle',
      note: 'Nothing shown until asked.',
      render: () => withCard('pay-card-reveal'),
    },
    {
      name: 'loading',
      kind: 'loading',
      expect: 'loading',
      note: 'Waiting for the service.',
      render: () => withCard('pay-card-reveal', [hold(REVEAL)]),
      drive: (el) => press(el, 'show-button'),
    },
    {
      name: 'error-offline',
      kind: 'error',
      expect: 'error',
      note: 'The details could not be fetched: no connection.',
      render: () => withCard('pay-card-reveal', [offline(REVEAL)]),
      drive: (el) => press(el, 'show-button'),
    },
  ],
};
