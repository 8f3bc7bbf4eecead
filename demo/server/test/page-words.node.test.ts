/**
 * The demo page's own words (demo/src/i18n): every locale words every English message, with the same
 * `{placeholders}`, and the French follows French typography as the elements' tables do (a no-break space
 * before `:` and inside « », a narrow one before `?` `!` `;`).
 *
 * @example
 *   node test/harness/run-node.mjs --files 'demo/server/test/page-words.node.test.ts'
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { de } from '../../src/i18n/de.js';
import { en } from '../../src/i18n/en.js';
import { es } from '../../src/i18n/es.js';
import { fr } from '../../src/i18n/fr.js';
import { it as italian } from '../../src/i18n/it.js';
import { nl } from '../../src/i18n/nl.js';
import { pt } from '../../src/i18n/pt.js';

const LOCALES: Record<string, Record<string, string>> = { de, es, fr, it: italian, nl, pt };
const places = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!).sort();

/** What is wrong with a French message's spacing (empty when nothing is). */
function frenchTypography(text: string): string[] {
  return [
    ...(/(^|[^\u00a0\u202f]):/.test(text) ? ['a colon without a no-break space before it'] : []),
    ...(/(^|[^\u202f])[?!;]/.test(text) ? ['? ! or ; without a narrow no-break space before it'] : []),
    ...(/«[^\u00a0]|[^\u00a0]»/.test(text) ? ['« » without no-break spaces inside'] : []),
    ...(/\d %/.test(text) ? ['a breakable space before %'] : []),
  ];
}

describe('the demo page’s words', () => {
  it('every locale has every English message, with the same placeholders', () => {
    const wrong: string[] = [];
    for (const [locale, table] of Object.entries(LOCALES))
      for (const [key, english] of Object.entries(en)) {
        const text = table[key];
        if (typeof text !== 'string' || !text.trim()) wrong.push(`${locale} ${key}: missing`);
        else if (places(text).join() !== places(english).join()) wrong.push(`${locale} ${key}: {placeholders} differ`);
      }
    expect(wrong).to.deep.equal([]);
  });

  it('French uses no-break spaces before : ? ! ; and inside « »', () => {
    expect(frenchTypography('Galerie : tout ? « x »'), 'the check finds plain spaces').to.have.length(3);
    const wrong = Object.entries(fr).flatMap(([key, text]) => frenchTypography(text).map((why) => `${key}: ${why}`));
    expect(wrong).to.deep.equal([]);
  });
});
