/**
 * A page ships only the languages it imports: the whole-page bundle (all five elements) holds the
 * English table and none of the others, and importing `@paykit/elements/translations/<locale>` adds
 * that one alone. Bundled with the size bench's own options (bench/lib/bundle-size.mjs).
 */
import { expect } from 'chai';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS, REPO_ROOT } from '../../../bench/lib/bundle-size.mjs';
import { describe, it } from '@paykit/test-harness/suite';
import type { Messages } from '../src/shared/i18n.js';
import { de } from '../src/translations/de.js';
import { es } from '../src/translations/es.js';
import { fr } from '../src/translations/fr.js';
import { it as italian } from '../src/translations/it.js';
import { nl } from '../src/translations/nl.js';
import { pt } from '../src/translations/pt.js';
import { deFormal } from '../src/translations/de-x-formal.js';

/** Each shipped locale, and a string only its table has. */
const LOCALES: Record<string, Messages> = { es, fr, de, 'de-x-formal': deFormal, it: italian, nl, pt };
const marker = (table: Messages): string => table['otp.hint'];

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
    expect(spanishPage.includes('Reenviar código en {n}\u00a0s'), 'Spanish in a page that imported it').to.equal(true);
  });

  it('each ship alone: a page that imports one locale holds that one and no other', async () => {
    const markers = Object.values(LOCALES).map(marker);
    expect(new Set(markers).size, 'a marker per locale').to.equal(markers.length);
    const page = await bundle("import '@paykit/elements/define';");
    for (const [locale, table] of Object.entries(LOCALES))
      expect(page.includes(marker(table)), `${locale} in a page that did not import it`).to.equal(false);
    for (const [locale, table] of Object.entries(LOCALES)) {
      const withOne = await bundle(
        `import '@paykit/elements/define';\nimport '@paykit/elements/translations/${locale}';`,
      );
      for (const [other, otherTable] of Object.entries(LOCALES))
        expect(withOne.includes(marker(otherTable)), `${other} in a page that imported ${locale}`).to.equal(
          other === locale,
        );
    }
  });
});
