/** `<pay-wallet-ownership>`: proving that an external wallet is the user's. */
import { galleryCustomer } from './sandbox.js';
import { payElement, type GallerySection } from './section.js';

/**
 * A self-custody wallet of the customer, waiting for proof of ownership (the platform adds it). Only a
 * FIRST_PARTY wallet without a `vaspName` can be verified: anything else gets a 409 on its challenge.
 */
async function ownership(method: 'WALLET_SIGNATURE' | 'LIVENESS'): Promise<HTMLElement> {
  const customer = await galleryCustomer();
  const account = await customer.platform('POST', '/customers/external-accounts', {
    customerId: customer.customerId,
    currency: 'USDC',
    ownershipType: 'FIRST_PARTY',
    accountInfo: { accountType: 'BASE_WALLET', address: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c' },
  });
  return payElement(
    'pay-wallet-ownership',
    await customer.signedIn(),
    {
      'external-account-id': account.id,
      method,
    },
    { signer: { signMessage: () => new Promise<string>(() => undefined) } },
  );
}

export const walletOwnership: GallerySection = {
  tag: 'pay-wallet-ownership',
  summary: 'Proves that an external wallet belongs to the user: a message signed by that wallet, or a liveness check.',
  states: [
    {
      name: 'signature',
      kind: 'idle',
      expect: 'idle',
      note: 'Sign a message with the wallet.',
      render: () => ownership('WALLET_SIGNATURE'),
    },
    {
      name: 'liveness',
      kind: 'idle',
      expect: 'idle',
      note: 'The hosted identity check.',
      render: () => ownership('LIVENESS'),
    },
  ],
};
