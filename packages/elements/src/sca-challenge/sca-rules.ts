/**
 * The rules of `<pay-sca-challenge>`, apart from its rendering so they run (and are tested) in Node:
 * which factors a challenge can be answered with on this page.
 *
 * @example
 *   usableFactors(quote.scaChallenge, passkeysSupported()); // ['SMS_OTP', 'PASSKEY']
 */
import type { ScaChallenge } from '@paykit/crypto-core';

export type ScaFactor = 'SMS_OTP' | 'PASSKEY';

/** The factors this page can answer for a challenge, the challenge's own factor first. */
export function usableFactors(challenge: ScaChallenge | undefined, webAuthn: boolean): ScaFactor[] {
  if (!challenge) return [];
  const offered = [challenge.factor, ...(challenge.availableFactors ?? [])];
  const usable: ScaFactor[] = [];
  for (const factor of offered) {
    if (usable.includes(factor as ScaFactor)) continue;
    if (factor === 'SMS_OTP') usable.push('SMS_OTP');
    if (factor === 'PASSKEY' && webAuthn && challenge.passkeyAssertionOptions) usable.push('PASSKEY');
  }
  return usable;
}
