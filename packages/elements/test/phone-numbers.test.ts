import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import {
  flagOf,
  groupDigits,
  parsePhone,
  phoneCountries,
  phoneCountry,
  phoneProblem,
  toE164,
} from '../src/shared/phone-numbers.js';

const GB = phoneCountry('GB')!;
const US = phoneCountry('us')!;

describe('phone numbers (compact table, no libphonenumber)', () => {
  it('decodes the table: calling codes, mobile lengths and trunk prefixes of every region', () => {
    const all = phoneCountries();
    expect(all.length).to.equal(245);
    expect(new Set(all.map((c) => c.iso)).size).to.equal(245);
    expect(GB).to.deep.equal({ iso: 'GB', dial: '44', lengths: [10], trunk: '0' });
    expect(US).to.deep.equal({ iso: 'US', dial: '1', lengths: [10], trunk: '1' });
    expect(phoneCountry('CA')).to.deep.include({ dial: '1', lengths: [10] });
    expect(phoneCountry('RU')).to.deep.include({ dial: '7', trunk: '8' });
    expect(phoneCountry('IT')).to.deep.include({ dial: '39', trunk: '' });
    expect(phoneCountry('DE')!.lengths).to.deep.equal([10, 11]);
    expect(phoneCountry('HU')).to.deep.include({ dial: '36', trunk: '06' });
    expect(phoneCountry('UZ')).to.deep.include({ dial: '998', lengths: [9], trunk: '' });
    expect(phoneCountry('XX')).to.equal(undefined);
    for (const c of all) {
      expect(c.dial, c.iso).to.match(/^[1-9]\d{0,2}$/);
      expect(Math.min(...c.lengths), c.iso).to.be.at.least(4);
      expect(Math.max(...c.lengths), c.iso).to.be.at.most(14);
    }
  });

  it('computes flags from regional-indicator symbols', () => {
    expect(flagOf('GB')).to.equal('\u{1F1EC}\u{1F1E7}');
    expect(flagOf('es')).to.equal('\u{1F1EA}\u{1F1F8}');
  });

  it('reads a pasted +E.164 or 00 number into its region, the main one of a shared code unless chosen', () => {
    expect(parsePhone('+44 7912 345678')).to.deep.equal({ country: GB, national: '7912345678' });
    expect(parsePhone('0044 7912-345678')).to.deep.equal({ country: GB, national: '7912345678' });
    expect(parsePhone('+1 415 555 0123').country).to.equal(US);
    const canada = phoneCountry('CA')!;
    expect(parsePhone('+1 604 555 0123', canada).country).to.equal(canada);
    expect(parsePhone('+1 604 555 0123', GB).country).to.equal(US);
    expect(parsePhone('+351 912 345 678').country!.iso).to.equal('PT');
    expect(parsePhone('+999 1234', GB)).to.deep.equal({ country: undefined, national: '9991234' });
  });

  it('drops a trunk prefix typed nationally only when the rest has a possible length', () => {
    expect(parsePhone('07912 345678', GB).national).to.equal('7912345678');
    expect(parsePhone('7912 345678', GB).national).to.equal('7912345678');
    expect(parsePhone('1 (415) 555-0123', US).national).to.equal('4155550123');
    expect(parsePhone('8 916 123-45-67', phoneCountry('RU')).national).to.equal('9161234567');
    expect(parsePhone('06 30 123 4567', phoneCountry('HU')).national).to.equal('301234567');
    // Italy has no trunk prefix: a 0 stays (and the length check then fails)
    expect(parsePhone('0312345678', phoneCountry('IT')).national).to.equal('0312345678');
  });

  it('says why a number is not possible: empty, no region, too short, too long, between two lengths', () => {
    expect(phoneProblem(GB, '')).to.equal('empty');
    expect(phoneProblem(undefined, '7912345678')).to.equal('country');
    expect(phoneProblem(GB, '791234567')).to.equal('short');
    expect(phoneProblem(GB, '79123456789')).to.equal('long');
    expect(phoneProblem(GB, '7912345678')).to.equal(undefined);
    expect(phoneProblem(phoneCountry('AT'), '664123')).to.equal('short');
    expect(phoneProblem(phoneCountry('AT'), '6641234567')).to.equal(undefined);
  });

  it('writes E.164 and groups digits for reading', () => {
    expect(toE164(GB, '7912345678')).to.equal('+447912345678');
    expect(groupDigits('7912345678')).to.equal('791 234 5678');
    expect(groupDigits('912345678')).to.equal('912 345 678');
    expect(groupDigits('1234')).to.equal('1234');
  });
});
