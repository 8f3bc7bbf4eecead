/**
 * Configuration `cem analyze` picks up from this folder (`npm run analyze`). The manifest is the
 * public contract that React wrappers are generated from, so it keeps only what a page can use:
 * private (`#`) members go, and so do "events" the analyzer guessed from `dispatchEvent(new X(…))`
 * arguments; the documented `@event`s (all `pay-*`) stay.
 *
 * It is committed, so generation is deterministic: the sources are read in path order (the glob's
 * order follows the file system's, which differs between clones) and the output is sorted (modules by
 * path, declarations, exports and members by name), so a build on a fresh clone changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const byName = (a, b) => compare(a.name, b.name) || compare(a.kind ?? '', b.kind ?? '');
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

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

/** Last plugin: sorts every named list, so the output does not depend on the order files were read in. */
const sorted = {
  name: 'paykit-sorted',
  packageLinkPhase({ customElementsManifest }) {
    const modules = customElementsManifest.modules;
    modules.sort((a, b) => compare(a.path, b.path));
    for (const mod of modules) {
      mod.declarations?.sort(byName);
      mod.exports?.sort(byName);
      for (const declaration of mod.declarations ?? []) {
        for (const list of ['members', 'attributes', 'events', 'slots', 'cssParts', 'cssProperties', 'cssStates']) {
          declaration[list]?.sort(byName);
        }
      }
    }
  },
};

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.styles.ts'],
  litelement: true,
  packagejson: false,
  // the default reads files in the glob's order; sorted, every phase sees the same order on every clone
  overrideModuleCreation: ({ ts, globs }) =>
    [...globs]
      .sort(compare)
      .map((file) => ts.createSourceFile(file, readFileSync(path.resolve(file), 'utf8'), ts.ScriptTarget.ES2015, true)),
  plugins: [publicContract, sorted],
};
