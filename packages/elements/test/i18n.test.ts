import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { registerMessages, resolveLocale, translate, type Messages } from '../src/shared/i18n.js';
import { en as english, MESSAGE_KEYS } from '../src/translations/en.js';

// a locale module must cover every key: `tsc -p packages/elements/test` fails if this one compiles
// @ts-expect-error Messages requires every key
const incomplete: Messages = { 'otp.send': 'Code senden' };
void incomplete;

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** Every shipped locale but English, each loaded only when a test asks for it (loading registers it). */
const LOCALES: Record<string, () => Promise<Record<string, Partial<Messages>>>> = {
  es: () => import('../src/translations/es.js'),
  fr: () => import('../src/translations/fr.js'),
  de: () => import('../src/translations/de.js'),
  it: () => import('../src/translations/it.js'),
  nl: () => import('../src/translations/nl.js'),
  pt: () => import('../src/translations/pt.js'),
  'de-x-formal': () => import('../src/translations/de-x-formal.js'),
};
/** The table a locale module exports (`es` from es.ts, `deFormal` from de-x-formal.ts). */
const table = async (locale: string): Promise<Partial<Messages>> => Object.values(await LOCALES[locale]!())[0]!;

/** German typography, in both registers: „…“ quotation marks, a no-break space before a unit. */
function german(text: string): string[] {
  return [
    ...((text.match(/„/g) ?? []).length !== (text.match(/“/g) ?? []).length ? ['unpaired „…“'] : []),
    ...(/[«»”]/.test(text) ? ['quotes other than „…“'] : []),
    ...(/\} s\b/.test(text) ? ['a breakable space between a number and its unit'] : []),
  ];
}

/** Typography a translation must follow, per locale (`*` for every locale but English); each returns the faults. */
const TYPOGRAPHY: Record<string, (text: string) => string[]> = {
  '*': (text) => [
    ...(text.includes("'") ? ['a straight apostrophe (use ’)'] : []),
    ...(text.includes('"') ? ['straight double quotes'] : []),
    ...(text.includes('...') ? ['three dots (use …)'] : []),
    ...(/^\s|\s$|\s\s/.test(text) ? ['stray whitespace'] : []),
  ],
  // a no-break space (U+00A0) before a colon, inside « » and before a unit; a narrow one (U+202F) before ? ! ;
  fr: (text) => [
    ...(/(^|[^\u00a0\u202f]):/.test(text) ? ['a colon without a no-break space before it'] : []),
    ...(/(^|[^\u202f])[?!;]/.test(text) ? ['? ! or ; without a narrow no-break space before it'] : []),
    ...(/«[^\u00a0]|[^\u00a0]»/.test(text) ? ['« » without no-break spaces inside'] : []),
    ...(/\} s\b|[\d}] %/.test(text) ? ['a breakable space between a number and its unit'] : []),
  ],
  de: (text) => german(text),
  'de-x-formal': (text) => german(text),
  es: (text) => (/\} s\b/.test(text) ? ['a breakable space between a number and its unit'] : []),
  it: (text) => (/\} s\b/.test(text) ? ['a breakable space between a number and its unit'] : []),
  nl: (text) => (/\} s\b/.test(text) ? ['a breakable space between a number and its unit'] : []),
  pt: (text) => (/\} s\b/.test(text) ? ['a breakable space between a number and its unit'] : []),
};

describe('translation table', () => {
  // first in the file: a registration cannot be undone, and the tests below import the Spanish module too
  it('has English built in and Spanish only once a page imports its module', async () => {
    expect(resolveLocale('es')).to.equal('en');
    expect(translate('es', 'otp.send')).to.equal('Send code');
    const { es } = await import('../src/translations/es.js');
    expect(resolveLocale('es-MX')).to.equal('es');
    expect(es['otp.send']).to.equal('Enviar código');
    expect(translate('es', 'otp.send')).to.equal(es['otp.send']);
  });

  for (const locale of Object.keys(LOCALES)) {
    it(`has a ${locale} message for every key, with the same placeholders as English`, async () => {
      const messages = await table(locale);
      for (const key of MESSAGE_KEYS) {
        // the table itself, not translate(): a missing key would fall back to English and pass
        const text = messages[key];
        expect(text, `${locale} ${key}`).to.be.a('string').and.not.equal('');
        expect(placeholders(text!), `${locale} ${key}: {placeholders}`).to.deep.equal(placeholders(english[key]));
      }
      expect(translate(locale, 'otp.send')).to.equal(messages['otp.send']);
    });

    it(`writes ${locale} with its typography`, async () => {
      const messages = await table(locale);
      const faults = MESSAGE_KEYS.flatMap((key) =>
        [...TYPOGRAPHY['*']!(messages[key]!), ...(TYPOGRAPHY[locale]?.(messages[key]!) ?? [])].map(
          (fault) => `${key}: ${fault}`,
        ),
      );
      expect(faults, faults.join('; ')).to.deep.equal([]);
    });
  }

  it('checks placeholders and typography strictly enough to fail', () => {
    expect(placeholders('Réessayer dans {n}\u00a0s')).to.deep.equal(placeholders(english['otp.resendIn']));
    expect(placeholders('Réessayer dans {count}\u00a0s')).not.to.deep.equal(placeholders(english['otp.resendIn']));
    expect(TYPOGRAPHY.fr!('Supprimer {method} ? Détails: x, dans {n} s')).to.have.length(3);
    expect(TYPOGRAPHY.fr!('Supprimer {method}\u202f? Détails\u00a0: x, dans {n}\u00a0s')).to.deep.equal([]);
    expect(TYPOGRAPHY.de!('Wähle „Anzeigen"')).to.have.length(1);
    expect(TYPOGRAPHY['*']!("L'accès")).to.have.length(1);
  });

  it('writes apostrophes typographically (’), in English and Spanish', async () => {
    await import('../src/translations/es.js');
    for (const key of MESSAGE_KEYS) {
      for (const locale of ['en', 'es']) expect(translate(locale, key), `${locale} ${key}`).not.to.contain("'");
    }
  });

  it('fills {n} and named placeholders, leaving unknown ones alone', async () => {
    await import('../src/translations/es.js');
    expect(translate('en', 'error.rateLimited', { n: 42 })).to.equal('Too many attempts, try again in 42 s.');
    expect(translate('es', 'otp.resendIn', { n: 30 })).to.equal('Reenviar código en 30\u00a0s');
    expect(translate('en', 'otp.sent', {})).to.equal('We sent a code to {destination}.');
  });

  it('picks the catalog by BCP 47 tag, falling back to the language, then English', async () => {
    await import('../src/translations/es.js');
    expect(resolveLocale('es-MX')).to.equal('es');
    expect(resolveLocale('ES')).to.equal('es');
    expect(resolveLocale('sv-SE')).to.equal('en');
    expect(resolveLocale(undefined)).to.equal('en');
    await LOCALES.fr!();
    await LOCALES.pt!();
    expect(resolveLocale('fr-CA')).to.equal('fr');
    expect(resolveLocale('pt-BR'), 'European Portuguese until a platform registers pt-br').to.equal('pt');
  });

  it('picks formal German by the private-use tag de-x-formal, with or without a region, and du otherwise', async () => {
    await LOCALES.de!();
    await LOCALES['de-x-formal']!();
    expect(resolveLocale('de-x-formal')).to.equal('de-x-formal');
    expect(resolveLocale('de-AT-x-formal')).to.equal('de-x-formal');
    expect(resolveLocale('DE-CH-X-FORMAL')).to.equal('de-x-formal');
    expect(resolveLocale('de-AT')).to.equal('de');
    expect(resolveLocale('fr-x-formal'), 'no formal French table: the French one').to.equal('fr');
    expect(translate('de-AT-x-formal', 'otp.hint')).to.equal(
      'Geben Sie den 6-stelligen Code ein. Sie können ihn auch einfügen.',
    );
    expect(translate('de-AT', 'otp.hint')).to.equal('Gib den 6-stelligen Code ein. Du kannst ihn auch einfügen.');
  });

  it('lets a platform add a locale; missing keys fall back to English', () => {
    registerMessages('sv', { 'otp.send': 'Skicka kod' });
    expect(translate('sv-FI', 'otp.send')).to.equal('Skicka kod');
    expect(translate('sv', 'otp.verify')).to.equal('Verify');
  });
});
