/**
 * The docs speak of the code as it is: no package README, and no doc comment in `packages/*\/src`, calls a
 * flow as a client method (`client.exportWallet(`, `client.createQuote` …: flows are functions that take
 * the client first), and none names a `<pay-…>` element its package lacks. The flows are the functions
 * crypto-core exports whose first parameter is `client: WalletClient`; the elements are the tags
 * `packages/elements/src/define/` registers. A line that also shows the function form (`exportWallet(client`)
 * is a migration note and passes; so does the "before" side of a CHANGELOG's migration snippets.
 *
 * @example
 *   node test/harness/run-node.mjs --files 'test/exports/docs.node.test.ts'
 */
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from '@paykit/test-harness/suite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['crypto-core', 'elements', 'react-bindings', 'proxy', 'sandbox'];

/** Every file under `dir` (recursively) whose name matches `pattern`. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** crypto-core's public functions that take the client first: the flows. */
async function flowNames(): Promise<string[]> {
  const core = (await import(pathToFileURL(path.join(root, 'packages/crypto-core/src/index.ts')).href)) as Record<
    string,
    unknown
  >;
  const sources = filesUnder(path.join(root, 'packages/crypto-core/src'), /\.ts$/)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return Object.keys(core).filter(
    (name) =>
      typeof core[name] === 'function' &&
      new RegExp(`function\\s+${name}\\s*\\(\\s*client\\s*:\\s*WalletClient\\b`).test(sources),
  );
}

/** The tags `src/define/*.ts` register. */
function definedTags(): Set<string> {
  const tags = new Set<string>();
  for (const file of filesUnder(path.join(root, 'packages/elements/src/define'), /\.ts$/))
    for (const [, tag] of readFileSync(file, 'utf8').matchAll(/customElements\.define\(\s*'(pay-[a-z-]+)'/g))
      tags.add(tag!);
  return tags;
}

interface Doc {
  file: string;
  /** `[line number, text]` of the prose and code a reader sees. */
  lines: [number, string][];
}

/** A README or CHANGELOG, without the "before" side of migration snippets in a CHANGELOG. */
function markdown(file: string): Doc {
  const changelog = path.basename(file) === 'CHANGELOG.md';
  const lines: [number, string][] = [];
  let fence: string | undefined;
  let before = false;
  let lead = '';
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const opening = /^\s*(```+)/.exec(text);
      if (fence === undefined && opening) {
        fence = opening[1];
        before = changelog && /before[^\n]*:\s*$/i.test(lead);
        return;
      }
      if (fence !== undefined && text.trim().startsWith(fence)) {
        fence = undefined;
        before = false;
        return;
      }
      if (fence !== undefined && changelog) {
        const marker = /^\s*(?:\/\/|#)\s*(before|after)\b/i.exec(text);
        if (marker) before = marker[1]!.toLowerCase() === 'before';
      }
      if (text.trim()) lead = text.trim();
      if (!before) lines.push([i + 1, text]);
    });
  return { file, lines };
}

/** The comments of a TypeScript source file, line by line. */
function docComments(file: string): Doc {
  const source = readFileSync(file, 'utf8');
  const lines: [number, string][] = [];
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) {
    const first = source.slice(0, match.index).split('\n').length;
    match[0].split('\n').forEach((text, i) => lines.push([first + i, text]));
  }
  return { file, lines };
}

describe('docs match the code', () => {
  const docs = (): Doc[] => [
    ...PACKAGES.flatMap((dir) => ['README.md', 'CHANGELOG.md'].map((name) => path.join(root, 'packages', dir, name)))
      .filter((file) => {
        try {
          readFileSync(file);
          return true;
        } catch {
          return false;
        }
      })
      .map(markdown),
    ...PACKAGES.flatMap((dir) => filesUnder(path.join(root, 'packages', dir, 'src'), /\.tsx?$/)).map(docComments),
  ];
  const where = (doc: Doc, line: number) => `${path.relative(root, doc.file)}:${line}`;

  it('no README, CHANGELOG "after" or doc comment calls a flow as a client method', async () => {
    const flows = await flowNames();
    // the flows the 0.x move made functions are among them (a broken derivation would find none)
    for (const moved of ['exportWallet', 'createQuote', 'listSessions', 'revealCard', 'executeQuote'])
      expect(flows, 'flows derived from crypto-core').to.include(moved);
    const call = new RegExp(`\\b\\w*[cC]lient\\??\\.(${flows.join('|')})\\b`, 'g');
    const wrong: string[] = [];
    for (const doc of docs())
      for (const [line, text] of doc.lines)
        for (const [written, flow] of text.matchAll(call))
          if (!text.includes(`${flow}(client`))
            wrong.push(`${where(doc, line)}: ${written} (write ${flow}(client, …))`);
    expect(wrong).to.deep.equal([]);
  });

  it('no README, CHANGELOG or doc comment names a <pay-…> element the package lacks', () => {
    const tags = definedTags();
    expect(tags.size, 'tags registered by src/define/').to.be.greaterThan(0);
    const wrong: string[] = [];
    for (const doc of docs())
      for (const [line, text] of doc.lines)
        for (const [, tag] of text.matchAll(/<\/?(pay-[a-z][a-z-]*[a-z])\b/g))
          if (!tags.has(tag!)) wrong.push(`${where(doc, line)}: <${tag}>`);
    expect(wrong).to.deep.equal([]);
  });

  it('the elements README lists every element in its opening table', () => {
    const readme = readFileSync(path.join(root, 'packages/elements/README.md'), 'utf8');
    const table = readme.slice(0, readme.indexOf('```'));
    const listed = new Set([...table.matchAll(/^\| `<(pay-[a-z-]+)>`/gm)].map(([, tag]) => tag));
    expect([...listed].sort()).to.deep.equal([...definedTags()].sort());
  });

  it('the React README lists a component for every element, and counts them right', () => {
    const readme = readFileSync(path.join(root, 'packages/react-bindings/README.md'), 'utf8');
    const listed = new Set([...readme.matchAll(/^\| `Pay\w+` +\| `<(pay-[a-z-]+)>`/gm)].map(([, tag]) => tag));
    expect([...listed].sort()).to.deep.equal([...definedTags()].sort());
    expect(readme).to.include(`the ${definedTags().size} \`<pay-*>\` web components`);
  });

  it('the root README counts and lists every element; the demo README counts the elements and the steps the page shows', () => {
    const tags = definedTags();
    const rootReadme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const from = rootReadme.indexOf('@paykit/elements     Lit');
    const tree = rootReadme.slice(from, rootReadme.indexOf('@paykit/react ', from));
    expect(tree).to.include(`one per screen (${tags.size})`);
    expect(new Set([...tree.matchAll(/<(pay-[a-z-]+)>/g)].map(([, tag]) => tag))).to.deep.equal(tags);
    // the walkthrough's steps: the entries of the STEPS array in demo/src/steps/index.ts
    const index = readFileSync(path.join(root, 'demo/src/steps/index.ts'), 'utf8');
    const steps = [...index.slice(index.indexOf('STEPS')).matchAll(/^\s+(\w+Step),$/gm)].length;
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    words.push('eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen');
    const demoReadme = readFileSync(path.join(root, 'demo/README.md'), 'utf8');
    expect(demoReadme).to.include(`The sidebar lists ${words[steps]} steps`);
    expect(demoReadme).to.include(`shows all ${tags.size} \`@paykit/elements\``);
    expect(rootReadme).to.include(`${steps} steps`);
  });
});
