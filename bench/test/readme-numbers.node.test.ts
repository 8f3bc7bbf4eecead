/**
 * The numbers the READMEs quote from the bench are the ones bench/results.json holds: re-splicing every
 * README's bench block from the committed results (as `npm run bench` does, Prettier included) must
 * change nothing. A number typed by hand, or a results.json committed without its READMEs, fails here.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from '@paykit/test-harness/suite';
import { REPO_ROOT } from '../lib/bundle-size.mjs';
import { README_BLOCKS, renderReadmes } from '../lib/readmes.mjs';

const results = JSON.parse(await readFile(path.join(REPO_ROOT, 'bench', 'results.json'), 'utf8')) as unknown;
/** The committed results rendered into every README once (Prettier over each README is the slow part). */
let rendered: ReturnType<typeof renderReadmes> | undefined;
const renderCommitted = (): ReturnType<typeof renderReadmes> => (rendered ??= renderReadmes(results));

describe('README numbers come from bench/results.json', () => {
  it('every README with a bench block has its markers, once each', async () => {
    for (const block of README_BLOCKS) {
      const text = await readFile(path.join(REPO_ROOT, block.file), 'utf8');
      expect(text.split(block.start), `${block.file}: ${block.start}`).to.have.length(2);
      expect(text.split(block.end), `${block.file}: ${block.end}`).to.have.length(2);
    }
  });

  for (const file of new Set(README_BLOCKS.map((block) => block.file))) {
    it(`${file} quotes what results.json renders`, async () => {
      const rendered = (await renderCommitted()).get(file)!.split('\n');
      const committed = (await readFile(path.join(REPO_ROOT, file), 'utf8')).split('\n');
      // line by line: chai's diff of two whole READMEs took minutes on a mismatch
      const at = rendered.findIndex((line, i) => line !== committed[i]);
      expect(at === -1 ? undefined : `line ${at + 1}: ${committed[at]}`, 'the first line that differs').to.equal(
        at === -1 ? undefined : `line ${at + 1}: ${rendered[at]}`,
      );
      expect(rendered.length, 'lines').to.equal(committed.length);
    });
  }

  it('a changed number is caught: the render follows results.json', async () => {
    const changed = structuredClone(results) as { sizes: { rows: { id: string; ours: { gzip: number } }[] } };
    const page = changed.sizes.rows.find((row) => row.id === 'page')!;
    page.ours.gzip += 1000;
    const before = (await renderCommitted()).get('packages/elements/README.md');
    const after = (await renderReadmes(changed, { files: ['packages/elements/README.md'] })).get(
      'packages/elements/README.md',
    );
    expect(after).to.not.equal(before);
  });
});
