/**
 * Configuration `cem analyze` picks up from this folder (`npm run analyze`). The manifest is the
 * public contract that React wrappers and the README's API tables are generated from, so it keeps only
 * what a page can use: the elements and their events. Private, protected and `#` members go, and so do
 * "events" the analyzer guessed from `dispatchEvent(new X(…))` arguments; the documented `@event`s (all
 * `pay-*`) stay.
 *
 * It is committed, so generation is deterministic: the sources are read in path order (the glob's
 * order follows the file system's, which differs between clones) and the output is sorted (modules by
 * path, declarations, exports and members by name), so a build on a fresh clone changes nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The named lists of a declaration. */
const LISTS = ['members', 'attributes', 'events', 'slots', 'cssParts', 'cssProperties', 'cssStates'];
const byName = (a, b) => compare(a.name, b.name) || compare(a.kind ?? '', b.kind ?? '');
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Keeps the elements and their events: each element class with its public members, attributes,
 * documented `pay-*` events, slots, css parts, properties and states; the event classes they dispatch;
 * the `define/*` modules' tag registrations; and the package entry's exports of those. Shared helpers,
 * the base class (its public members are listed on every element) and protected members go.
 */
const publicContract = {
  name: 'paykit-public-contract',
  packageLinkPhase({ customElementsManifest }) {
    const declarations = customElementsManifest.modules.flatMap((mod) => mod.declarations ?? []);
    const elements = declarations.filter((d) => d.customElement && d.tagName);
    for (const element of elements) {
      // members documented with a class-level `@property` tag come marked `privacy: 'public'`
      element.members = (element.members ?? [])
        .filter((m) => (!m.privacy || m.privacy === 'public') && !m.name.startsWith('#'))
        .map(({ privacy, ...m }) => m);
      element.events = (element.events ?? []).filter((e) => typeof e.name === 'string' && e.name.startsWith('pay-'));
      for (const attribute of element.attributes ?? []) {
        if (attribute.name === 'lang' && !attribute.description) {
          attribute.description = 'Language of the element (BCP 47); the `locale` property wins over it.';
        }
      }
    }
    const eventTypes = new Set(elements.flatMap((e) => e.events.map((event) => event.type?.text)));
    const kept = new Set([...elements, ...declarations.filter((d) => d.kind === 'class' && eventTypes.has(d.name))]);
    const keptNames = new Set([...kept].map((d) => d.name));
    for (const mod of customElementsManifest.modules) {
      mod.declarations = (mod.declarations ?? []).filter((d) => kept.has(d));
      mod.exports = (mod.exports ?? []).filter(
        (e) => e.kind === 'custom-element-definition' || keptNames.has(e.declaration?.name ?? e.name),
      );
    }
    customElementsManifest.modules = customElementsManifest.modules.filter(
      (mod) => mod.declarations.length > 0 || mod.exports.length > 0,
    );
    // links to what is no longer described (the base class, helpers) go; the members stay, flattened
    const paths = new Set(customElementsManifest.modules.map((mod) => mod.path));
    const described = (ref) => !ref?.module || paths.has(ref.module.replace(/^\//, '').replace(/\.js$/, '.ts'));
    for (const mod of customElementsManifest.modules) {
      for (const declaration of mod.declarations) {
        const superclass = declaration.superclass;
        // the analyzer places a global base class (`CustomEvent`) in the module that extends it
        if (superclass?.module === mod.path && !mod.declarations.some((d) => d.name === superclass.name)) {
          declaration.superclass = { name: superclass.name, package: 'global:' };
        } else if (superclass && !superclass.package && !described(superclass)) delete declaration.superclass;
        for (const list of LISTS) {
          for (const item of declaration[list] ?? [])
            if (item.inheritedFrom && !described(item.inheritedFrom)) delete item.inheritedFrom;
        }
      }
    }
  },
};

/**
 * Reactive properties declared without decorators (`static properties` and `declare name: Type`, the
 * form that keeps an element's `#private` members native): the analyzer reads their attributes but
 * skips `declare` fields, so each is added as a public field with its type, doc comment, attribute and
 * `reflects` (from its `static properties` entry), and an optional one (its type includes `undefined`)
 * gets the default `undefined`, as an initialized field would.
 */
const declaredProperties = {
  name: 'paykit-declared-properties',
  analyzePhase({ ts, node, moduleDoc }) {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    const declaration = moduleDoc.declarations?.find((d) => d.name === node.name.text);
    if (!declaration) return;
    const options = new Map(); // name -> { attribute, reflects } from `static properties = { name: {…} }`
    for (const member of node.members) {
      const list = ts.isPropertyDeclaration(member) && member.name.getText() === 'properties' && member.initializer;
      if (!list || !ts.isObjectLiteralExpression(list)) continue;
      for (const entry of list.properties) {
        if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) continue;
        const name = entry.name.getText();
        const option = (key) =>
          entry.initializer.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === key)?.initializer;
        const attribute = option('attribute');
        options.set(name, {
          attribute:
            attribute?.kind === ts.SyntaxKind.FalseKeyword
              ? undefined
              : attribute && ts.isStringLiteral(attribute)
                ? attribute.text
                : name.toLowerCase(),
          reflects: option('reflect')?.kind === ts.SyntaxKind.TrueKeyword,
        });
      }
    }
    for (const member of node.members) {
      if (!ts.isPropertyDeclaration(member)) continue;
      if (!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      const name = member.name.getText();
      const type = member.type?.getText() ?? 'unknown';
      const description = ts.getJSDocCommentsAndTags(member)[0]?.comment;
      const optional = /\bundefined\b/.test(type);
      const { attribute, reflects } = options.get(name) ?? {};
      // a default the analyzer read from the constructor (`this.resendSeconds = 30`) stays
      const fallback =
        declaration.members?.find((m) => m.name === name)?.default ?? (optional ? 'undefined' : undefined);
      declaration.members = (declaration.members ?? []).filter((m) => m.name !== name);
      declaration.members.push({
        kind: 'field',
        name,
        type: { text: type },
        ...(fallback !== undefined ? { default: fallback } : {}),
        ...(typeof description === 'string' ? { description } : {}),
        ...(attribute ? { attribute } : {}),
        ...(reflects ? { reflects: true } : {}),
      });
      for (const a of declaration.attributes ?? [])
        if (a.fieldName === name && optional && a.default === undefined) a.default = 'undefined';
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
        for (const list of LISTS) {
          declaration[list]?.sort(byName);
        }
      }
    }
  },
};

/**
 * Says what made the file, first: JSON has no comments, so the manifest's first key is a `$comment`
 * (JSON Schema's key for notes, which readers of the manifest ignore).
 */
const generatedBy = {
  name: 'paykit-generated-by',
  packageLinkPhase({ customElementsManifest }) {
    const fields = { ...customElementsManifest };
    for (const key of Object.keys(fields)) delete customElementsManifest[key];
    Object.assign(customElementsManifest, {
      $comment:
        'Generated by `cem analyze` (packages/elements/custom-elements-manifest.config.mjs) from src/: do not edit. Regenerate: npm run analyze --workspace @paykit/elements',
      ...fields,
    });
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
  plugins: [declaredProperties, publicContract, sorted, generatedBy],
};
