/**
 * custom-elements.json is committed (the React wrappers are generated from it, and tools read it from
 * the published package). This test runs the analyzer's core on the sources in this process (the lit
 * plugin and the package's config, what `npm run analyze` runs) and requires the committed manifest to
 * be identical byte for byte, so it cannot drift from the elements (and `npm run build` never dirties a
 * clone); it runs it again with the sources in the opposite order and requires the same output, since
 * the glob's order follows the file system's; checks that it describes the public contract only (the
 * elements with their tags, public members and `pay-*` events, the event classes, the `define/*`
 * registrations; no helper, no base class, no protected member); and that README.md's API tables are
 * what scripts/api-tables.mjs makes of it.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as TS from 'typescript';
import { describe, it } from '@paykit/test-harness/suite';
import { DEFINED_TAGS } from './helpers/defined-tags.js';

interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  members?: Array<{ name: string; privacy?: string }>;
  events?: Array<{ name: string }>;
}
interface Manifest {
  modules: Array<{ path: string; declarations?: Declaration[]; exports?: Array<{ kind: string; name: string }> }>;
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const committedFile = path.join(packageDir, 'custom-elements.json');
const analyzerDir = path.dirname(
  createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer/package.json'),
);
/**
 * The analyzer's own TypeScript (it pins an older one than the workspace's): it tells syntax apart by
 * `ts.SyntaxKind` numbers, which differ between versions, so source files parsed by another TypeScript
 * give it nothing to describe (an empty manifest, whatever the order).
 */
const ts = createRequire(path.join(analyzerDir, 'package.json'))('typescript') as typeof TS;

/** The package's source files as the config's globs select them, as TypeScript source files. */
function sourceFiles(): TS.SourceFile[] {
  const files = (readdirSync(path.join(packageDir, 'src'), { recursive: true }) as string[])
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.styles.ts'))
    .sort();
  return files.map((file) =>
    ts.createSourceFile(file, readFileSync(path.join(packageDir, file), 'utf8'), ts.ScriptTarget.ES2015, true),
  );
}

/** The manifest the analyzer's core makes of `modules` in that order, with the package's config. */
async function analyzeInOrder(modules: TS.SourceFile[]): Promise<string> {
  // dynamic imports of plain JS modules (no types): the analyzer's core and lit plugin, and our config
  const load = (file: string): Promise<any> => import(pathToFileURL(file).href);
  const { create } = await load(path.join(analyzerDir, 'src/create.js'));
  const { litPlugin } = await load(path.join(analyzerDir, 'src/features/framework-plugins/lit/lit.js'));
  const config = (await load(path.join(packageDir, 'custom-elements-manifest.config.mjs'))).default;
  const manifest = create({ modules, plugins: [...litPlugin(), ...config.plugins], context: { dev: false } });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function firstDifferentLine(a: string, b: string): string | null {
  if (a === b) return null;
  const left = a.split('\n');
  const right = b.split('\n');
  const index = left.findIndex((text, i) => text !== right[i]);
  const at = index === -1 ? left.length : index;
  return `line ${at + 1}: committed ${JSON.stringify(left[at] ?? '<end>')}, analyzer ${JSON.stringify(right[at] ?? '<end>')}`;
}

describe('custom-elements.json', () => {
  // the sources parsed once, and one analyzer run in this process (its core with the lit plugin and the
  // package's config, as `npm run analyze` runs it) serving both checks
  let sources: TS.SourceFile[] | undefined;
  const parsed = () => (sources ??= sourceFiles());
  let analyzed: Promise<string> | undefined;
  const forward = () => (analyzed ??= analyzeInOrder(parsed()));

  it('is committed exactly as the analyzer produces it from the sources', async () => {
    const committed = readFileSync(committedFile, 'utf8');
    // a line-level note instead of chai's string diff, which takes minutes on a 100 kB manifest
    const line = firstDifferentLine(committed, await forward());
    expect(
      line,
      'custom-elements.json is stale: run `npm run analyze -w @paykit/elements` and commit it; first difference',
    ).to.equal(null);
  });

  it('does not depend on the order the sources are read in', async () => {
    const backward = await analyzeInOrder([...parsed()].reverse());
    // the elements are there (sources parsed by another TypeScript than the analyzer's give it none)
    const tags = (text: string) =>
      (JSON.parse(text) as Manifest).modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName).length;
    expect(tags(backward)).to.equal(DEFINED_TAGS.length);
    const line = firstDifferentLine(await forward(), backward);
    expect(line, 'the manifest changes with the order of the sources; first difference').to.equal(null);
  });

  it('describes the elements with their tags and pay-* events, and nothing private', () => {
    const manifest = JSON.parse(readFileSync(committedFile, 'utf8')) as Manifest;
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
    expect(DEFINED_TAGS.length).to.be.greaterThan(10);
    expect(elements.map((d) => d.tagName).sort()).to.deep.equal(DEFINED_TAGS);
    for (const element of elements) {
      expect(element.events?.length, `${element.tagName} events`).to.be.greaterThan(0);
      for (const event of element.events ?? [])
        expect(event.name, `${element.tagName} event`).to.match(/^pay-[a-z-]+$/);
      for (const member of element.members ?? []) {
        expect(member.privacy, `${element.tagName}.${member.name}`).to.equal(undefined);
        expect(member.name.startsWith('#'), `${element.tagName}.${member.name}`).to.equal(false);
      }
    }
  });

  it('keeps the elements, their event classes and the tag registrations, and no internals', () => {
    const manifest = JSON.parse(readFileSync(committedFile, 'utf8')) as Manifest;
    const declarations = manifest.modules.flatMap((m) => m.declarations ?? []);
    const elements = declarations.filter((d) => d.customElement && d.tagName);
    const eventClasses = new Set(
      elements.flatMap((e) => (e.events ?? []).map((event) => (event as { type?: { text?: string } }).type?.text)),
    );
    for (const declaration of declarations) {
      const kept =
        Boolean(declaration.customElement && declaration.tagName) ||
        (declaration.kind === 'class' && eventClasses.has(declaration.name));
      expect(kept, `${declaration.kind} ${declaration.name} is not an element or one of their events`).to.equal(true);
    }
    const registrations = manifest.modules
      .filter((m) => m.path.startsWith('src/define/'))
      .flatMap((m) =>
        (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => `${m.path} ${e.name}`),
      );
    expect(registrations).to.deep.equal(elements.map((e) => `src/define/${e.tagName}.ts ${e.tagName}`).sort());
    expect(manifest.modules.map((m) => m.path)).to.not.include.members([
      'src/shared/base-element.ts',
      'src/shared/i18n.ts',
      'src/shared/code-field.ts',
    ]);
  });

  it("README.md's API tables are generated from it", async () => {
    const { readmeWithApiTables } = await import(pathToFileURL(path.join(packageDir, 'scripts/api-tables.mjs')).href);
    const manifest = JSON.parse(readFileSync(committedFile, 'utf8')) as Manifest;
    const readmeFile = path.join(packageDir, 'README.md');
    const readme = readFileSync(readmeFile, 'utf8');
    const line = firstDifferentLine(readme, (await readmeWithApiTables(readme, manifest, readmeFile)) as string);
    expect(
      line,
      'README.md API tables are stale: run `npm run analyze -w @paykit/elements` and commit it; first difference',
    ).to.equal(null);
  });
});
