/** The pure rules of <pay-sca-challenge> (src/sca-challenge/sca-rules.ts), in Node. */
import { expect } from 'chai';
import { describe, it } from '@paykit/test-harness/suite';
import { usableFactors } from '../src/sca-challenge/sca-rules.js';

describe('SCA factors', () => {
  const base = { id: 'ScaChallenge:1', expiresAt: '2999-01-01T00:00:00Z' };
  it('offers the challenge factor first, passkeys only with WebAuthn and options, never TOTP', () => {
    expect(
      usableFactors(
        { ...base, factor: 'SMS_OTP', availableFactors: ['PASSKEY', 'SMS_OTP'], passkeyAssertionOptions: {} },
        true,
      ),
    ).to.deep.equal(['SMS_OTP', 'PASSKEY']);
    expect(
      usableFactors({ ...base, factor: 'PASSKEY', availableFactors: ['SMS_OTP'], passkeyAssertionOptions: {} }, true),
    ).to.deep.equal(['PASSKEY', 'SMS_OTP']);
    expect(
      usableFactors({ ...base, factor: 'PASSKEY', availableFactors: ['SMS_OTP'], passkeyAssertionOptions: {} }, false),
    ).to.deep.equal(['SMS_OTP']);
    expect(usableFactors({ ...base, factor: 'PASSKEY' }, true)).to.deep.equal([]);
    expect(usableFactors({ ...base, factor: 'TOTP' }, true)).to.deep.equal([]);
    expect(usableFactors(undefined, true)).to.deep.equal([]);
  });
});
