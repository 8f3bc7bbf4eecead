/**
 * The budget check's "in all on each path" numbers (bundle-size.mjs `paths`): a path counts the up-front
 * chunks and every chunk its `import()` targets reach, static or dynamic, each once. Fixture modules in
 * fixtures/size-paths: the entry `import()`s a and b; both import shared; b `import()`s c.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { bundleSize } from '../lib/bundle-size.mjs';

const DIR = 'bench/test/fixtures/size-paths';
const ENTRY = `export const load = [() => import('./${DIR}/a.js'), () => import('./${DIR}/b.js')];`;

const measure = async (paths?: Record<string, string[]>) => {
  const { gzip, paths: measured } = await bundleSize(ENTRY, { split: true, paths });
  return { gzip, paths: measured ?? [] };
};

describe('bundle size per path through the import() graph', () => {
  it('each import() target is a path of its own, with what it reaches', async () => {
    const { gzip, paths } = await measure();
    const byLabel = Object.fromEntries(paths.map((p) => [p.label, p]));
    // a: entry + a + shared; b: entry + b + shared + c (b's own import() followed); c: entry + c
    expect(byLabel[`${DIR}/a.js`]!.chunks).to.equal(3);
    expect(byLabel[`${DIR}/b.js`]!.chunks).to.equal(4);
    expect(byLabel[`${DIR}/c.js`]!.chunks).to.equal(2);
    for (const p of paths) expect(p.gzip, p.label).to.be.greaterThan(gzip);
    expect(byLabel[`${DIR}/b.js`]!.gzip).to.be.greaterThan(byLabel[`${DIR}/c.js`]!.gzip);
  });

  it('a named path sums its targets, counting a shared chunk once', async () => {
    const { gzip, paths } = await measure({ a: [`${DIR}/a.js`], both: [`${DIR}/a.js`, `${DIR}/b.js`] });
    const [a, both] = paths;
    expect(both!.chunks).to.equal(5); // entry, a, b, shared, c
    const alone = (await measure()).paths;
    const b = alone.find((p) => p.label === `${DIR}/b.js`)!;
    // both = a's path + b's path − (the entry and shared, counted in each)
    const shared = a!.gzip + b.gzip - both!.gzip - gzip;
    expect(shared).to.be.greaterThan(0);
    expect(shared).to.be.lessThan(a!.gzip - gzip);
  });

  it("a path's chunk map lists each chunk it loads, summing to its size, with the modules in it", async () => {
    const { paths } = await measure();
    const b = paths.find((p) => p.label === `${DIR}/b.js`)!;
    expect(b.chunkMap).to.have.length(b.chunks);
    expect(b.chunkMap.reduce((sum, c) => sum + c.gzip, 0)).to.equal(b.gzip);
    const modules = b.chunkMap.flatMap((c) => c.modules.map((m) => m.module));
    expect(modules.some((m) => m.endsWith(`${DIR}/b.js`))).to.equal(true);
    expect(modules.some((m) => m.endsWith(`${DIR}/a.js`))).to.equal(false);
  });

  it('a path naming a module that is not import()ed fails instead of counting nothing', async () => {
    const error = await measure({ typo: [`${DIR}/missing.js`] }).catch((e: Error) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/typo.*missing\.js is not loaded with import\(\)/);
  });
});
