/**
 * A page ships only the languages it imports: the whole-page bundle (all five elements) holds the
 * English table and none of the Spanish one, and importing `@paykit/elements/translations/es` adds
 * it. Bundled with the size bench's own options (bench/lib/bundle-size.mjs).
 */
import { expect } from 'chai';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS, REPO_ROOT } from '../../../bench/lib/bundle-size.mjs';
import { describe, it } from '../../../test/harness/suite.js';

async function bundle(contents: string): Promise<string> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    charset: 'utf8', // the Spanish strings as written, not \u escapes
    stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'entry.js', loader: 'js' },
  });
  return new TextDecoder().decode(result.outputFiles![0]!.contents);
}

describe('translations', () => {
  it('are left out of a page that does not import them, and added by their module', async () => {
    // booleans, not chai's `contain`: a failure would print the whole 100 kB bundle
    const page = await bundle("import '@paykit/elements/define';");
    expect(page.includes('Resend code in {n} s'), 'English in the page').to.equal(true);
    expect(page.includes('Reenviar código'), 'Spanish in a page that did not import it').to.equal(false);
    const spanishPage = await bundle("import '@paykit/elements/define';\nimport '@paykit/elements/translations/es';");
    expect(spanishPage.includes('Reenviar código en {n} s'), 'Spanish in a page that imported it').to.equal(true);
  });
});
