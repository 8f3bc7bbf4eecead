import { expect } from 'chai';
import { describe, it } from '../../../test/harness/suite.js';
import { registerMessages, resolveLocale, translate, type Messages } from '../src/shared/i18n.js';
import { MESSAGE_KEYS } from '../src/translations/en.js';

// a locale module must cover every key: `tsc -p packages/elements/test` fails if this one compiles
// @ts-expect-error Messages requires every key
const incomplete: Messages = { 'otp.send': 'Code senden' };
void incomplete;

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

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

  it('has a Spanish message for every key, with the same placeholders', async () => {
    await import('../src/translations/es.js');
    for (const key of MESSAGE_KEYS) {
      const en = translate('en', key);
      const es = translate('es', key);
      expect(es, key).to.be.a('string').and.not.equal('');
      expect(placeholders(es), key).to.deep.equal(placeholders(en));
    }
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
    expect(translate('es', 'otp.resendIn', { n: 30 })).to.equal('Reenviar código en 30 s');
    expect(translate('en', 'otp.sent', {})).to.equal('We sent a code to {destination}.');
  });

  it('picks the catalog by BCP 47 tag, falling back to the language, then English', async () => {
    await import('../src/translations/es.js');
    expect(resolveLocale('es-MX')).to.equal('es');
    expect(resolveLocale('ES')).to.equal('es');
    expect(resolveLocale('fr-CA')).to.equal('en');
    expect(resolveLocale(undefined)).to.equal('en');
  });

  it('lets a platform add a locale; missing keys fall back to English', () => {
    registerMessages('de', { 'otp.send': 'Code senden' });
    expect(translate('de-AT', 'otp.send')).to.equal('Code senden');
    expect(translate('de', 'otp.verify')).to.equal('Verify');
  });
});
