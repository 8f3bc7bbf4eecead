/**
 * The tags the package registers, read from `src/define/` (one `pay-*.ts` module a tag), so a test that
 * covers every element learns of a new one without a list to update.
 *
 * @example
 *   for (const tag of DEFINED_TAGS) expect(customElements.get(tag), tag).to.equal(undefined);
 */
import { readdirSync } from 'node:fs';

export const DEFINED_TAGS: readonly string[] = readdirSync(new URL('../../src/define/', import.meta.url))
  .filter((name) => /^pay-[a-z-]+\.ts$/.test(name))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();
