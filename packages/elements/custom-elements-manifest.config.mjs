/**
 * Configuration `cem analyze` picks up from this folder (`npm run analyze`). The manifest is the
 * public contract that React wrappers are generated from, so it keeps only what a page can use:
 * private (`#`) members go, and so do "events" the analyzer guessed from `dispatchEvent(new X(…))`
 * arguments; the documented `@event`s (all `pay-*`) stay.
 */
const publicContract = {
  name: 'paykit-public-contract',
  packageLinkPhase({ customElementsManifest }) {
    for (const mod of customElementsManifest.modules) {
      for (const declaration of mod.declarations ?? []) {
        if (declaration.members) {
          declaration.members = declaration.members.filter((m) => m.privacy !== 'private' && !m.name.startsWith('#'));
        }
        if (declaration.events) {
          declaration.events = declaration.events.filter((e) => typeof e.name === 'string' && e.name.startsWith('pay-'));
        }
        for (const attribute of declaration.attributes ?? []) {
          if (attribute.name === 'lang' && !attribute.description) {
            attribute.description = 'Language of the element (BCP 47); the `locale` property wins over it.';
          }
        }
      }
    }
  },
};

export default {
  litelement: true,
  plugins: [publicContract],
};
