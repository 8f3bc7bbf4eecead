import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { formatAmount, payeeLabel, toDecimalString } from '../src/sca-challenge/quote-format.js';

describe('quote formatting', () => {
  it('turns smallest units into an exact decimal string', () => {
    expect(toDecimalString(123456, 2)).to.equal('1234.56');
    expect(toDecimalString(5, 2)).to.equal('0.05');
    expect(toDecimalString(-5, 2)).to.equal('-0.05');
    expect(toDecimalString(1_000_000, 0)).to.equal('1000000');
    expect(toDecimalString(1, 8)).to.equal('0.00000001');
  });

  it('formats ISO currencies in currency style and other codes as number + code', () => {
    expect(formatAmount(123456, { code: 'EUR', decimals: 2 }, 'en')).to.equal('€1,234.56');
    expect(formatAmount(123456, { code: 'USD', decimals: 2 }, 'en-US')).to.equal('$1,234.56');
    expect(formatAmount(1000, { code: 'JPY', decimals: 0 }, 'en')).to.equal('¥1,000');
    // well-formed but unknown to ISO 4217: the engine writes the code beside the number, every digit kept
    const btc = formatAmount(150_000_000, { code: 'BTC', decimals: 8 }, 'en');
    expect(btc).to.contain('BTC').and.contain('1.50000000');
    expect(formatAmount(2_500_000, { code: 'USDC', decimals: 6 }, 'en')).to.equal('2.500000 USDC');
    expect(formatAmount(123456, { code: 'EUR', decimals: 2 }, 'not a locale!')).to.equal('€1,234.56');
    expect(formatAmount(undefined, { code: 'EUR', decimals: 2 }, 'en')).to.equal('');
  });

  it('names the payee from the destination, masking account numbers', () => {
    expect(payeeLabel({ accountHolderName: 'Ana López', iban: 'DE89370400440532013000' })).to.equal('Ana López');
    expect(payeeLabel({ umaAddress: '$ana@uma.example' })).to.equal('$ana@uma.example');
    expect(payeeLabel({ iban: 'DE89 3704 0044 0532 0130 00' })).to.equal('•••• 3000');
    expect(payeeLabel({ beneficiary: { name: 'Bob' } })).to.equal('Bob');
    expect(payeeLabel({ destinationType: 'ACCOUNT' })).to.equal(undefined);
    expect(payeeLabel(undefined)).to.equal(undefined);
  });
});
