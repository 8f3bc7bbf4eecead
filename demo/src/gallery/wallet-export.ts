/**
 * `<pay-wallet-export>`: the recovery phrase. Only the confirmation is shown: the element starts an export
 * on a trusted press of its button only (a script's click is ignored, on purpose), so the gallery cannot
 * drive it further; `npm run shots` photographs what the page shows.
 */
import { galleryCustomer } from './sandbox.js';
import { payElement, type GallerySection } from './section.js';

export const walletExport: GallerySection = {
  tag: 'pay-wallet-export',
  summary: 'Export the recovery phrase: confirm, export, masked words, reveal, copy, wiped after a while.',
  states: [
    {
      name: 'confirm',
      kind: 'idle',
      expect: 'confirm',
      note: 'The warning and the confirmation. (Exporting starts only on a real press, so the later states are not shown here.)',
      render: async () => payElement('pay-wallet-export', await (await galleryCustomer()).signedIn()),
    },
  ],
};
