/**
 * A person types an amount the way their locale writes it: the card-limit field is prefilled with the
 * locale's own formatting and reads it back (grouping included), and says what is wrong otherwise.
 */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { formatAmountInput, readAmount } from '../src/card/amount-input.js';
import { parseAmount } from '../src/card/card.js';

/** The shipped locales, the tag `pt` is formatted with, and the regional variants that fall back to them. */
const LOCALES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'nl',
  'pt-PT',
  'pt-BR',
  'es-MX',
  'de-CH',
  'de-AT',
  'de-x-formal',
  'de-AT-x-formal',
  'fr-CH',
  'en-IN',
];

describe('amount input', () => {
  for (const locale of LOCALES) {
    it(`reads back what it writes in ${locale}, in 0, 2 and 3 decimals`, () => {
      for (const [units, decimals] of [
        [123456789, 2],
        [100000, 2],
        [50000, 2],
        [1, 2],
        [1000, 0],
        [1234567, 3],
      ] as const) {
        const text = formatAmountInput(units, decimals, locale);
        expect(parseAmount(text, decimals, locale), `${locale} ${JSON.stringify(text)}`).to.equal(units);
      }
    });
  }

  it('writes the locale’s separators: 1.000,00 in German, not 1000.00', () => {
    expect(formatAmountInput(100000, 2, 'de')).to.equal('1.000,00');
    expect(formatAmountInput(100000, 2, 'de-x-formal'), 'formal German formats as German').to.equal('1.000,00');
    expect(formatAmountInput(50000, 2, 'nl')).to.equal('500,00');
    expect(formatAmountInput(50000, 2, 'en')).to.equal('500.00');
    expect(formatAmountInput(500, 0, 'it')).to.equal('500');
  });

  it('reads “1.000” as one thousand where the dot groups thousands, and as a decimal where it does not', () => {
    for (const locale of ['de', 'es', 'it', 'nl', 'pt-PT'])
      expect(parseAmount('1.000', 2, locale), locale).to.equal(100000);
    expect(readAmount('1.000', 2, 'en')).to.equal('decimals');
    expect(parseAmount('1,000', 2, 'en')).to.equal(100000);
    expect(parseAmount('1 000,5', 2, 'fr')).to.equal(100050);
    expect(parseAmount('1\u202f000,5', 2, 'fr')).to.equal(100050);
    expect(parseAmount('1’000.50', 2, 'de-CH')).to.equal(100050);
    // the other separator where it cannot be grouping: what a person with another habit types
    expect(parseAmount('12.5', 2, 'de')).to.equal(1250);
    expect(parseAmount(' 7,25 ', 2, 'en')).to.equal(725);
  });

  it('says what is wrong: too many decimals, or not an amount above zero', () => {
    expect(readAmount('12,345', 2, 'de')).to.equal('decimals');
    expect(readAmount('12.345', 2, 'en')).to.equal('decimals');
    expect(readAmount('5,5', 0, 'de')).to.equal('decimals');
    expect(readAmount('0', 2, 'en')).to.equal('invalid');
    expect(readAmount('-3', 2, 'en')).to.equal('invalid');
    expect(readAmount('1e3', 2, 'en')).to.equal('invalid');
    expect(readAmount('1.00.0', 2, 'de')).to.equal('invalid');
    expect(readAmount('abc', 2, 'de')).to.equal('invalid');
    expect(readAmount('  ', 2, 'de')).to.equal(null);
  });
});
