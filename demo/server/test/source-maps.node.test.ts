import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from '@paykit/test-harness/suite';
import { buildPage } from '../build.js';

/** Every file under `dir`, relative. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

describe('demo build: no source maps in the normal start', () => {
  it('emits no .map file and no sourceMappingURL comment unless asked', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'paykit-demo-maps-'));
    try {
      await buildPage({ outDir });
      const files = filesUnder(outDir);
      expect(files.some((file) => file.endsWith('.js'))).to.equal(true);
      expect(files.filter((file) => file.endsWith('.map'))).to.deep.equal([]);
      for (const file of files.filter((f) => /\.(js|css)$/.test(f))) {
        expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.to.match(/sourceMappingURL/);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
