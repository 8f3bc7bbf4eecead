/**
 * Strong Customer Authentication rules: which customers it applies to (region in the configured SCA
 * regions, EU + EEA by default), the challenges a quote carries while PENDING_AUTHORIZATION, how many
 * rounds a quote needs (two when lockedCurrencyAmount >= 100000, so a client's authorize loop can be
 * tested), and the per-customer state (180-day SCA login session, failed proofs, lock).
 *
 * @example
 *   if (inScaRegion(ctx, customer)) quote.sca = { challenge: newScaChallenge(ctx, customer, factor), roundsLeft: scaRounds(amount) };
 */
import type { SandboxContext } from './context.js';
import { randomToken, newId } from './ids.js';
import type { CredentialRecord, CustomerRecord, ScaChallengeRecord, ScaCustomerRecord } from './state.js';
import { walletsOf } from './wallets.js';

export const SCA_CODE = '123456';
export const SCA_LOGIN_SESSION_MS = 180 * 24 * 60 * 60 * 1000;
export const TWO_ROUND_AMOUNT = 100_000;

export const inScaRegion = (ctx: SandboxContext, customer: CustomerRecord): boolean =>
  customer.region !== undefined && ctx.config.scaRegions.has(customer.region);

export const scaRounds = (amount: number): number => (amount >= TWO_ROUND_AMOUNT ? 2 : 1);

/** Passkeys registered on the customer's wallets: they can answer a PASSKEY challenge. */
export function customerPasskeys(ctx: SandboxContext, customerId: string): CredentialRecord[] {
  const walletIds = new Set(walletsOf(ctx, customerId).map((w) => w.id));
  return ctx.state.credentials.list((c) => walletIds.has(c.accountId) && c.passkey !== undefined);
}

export function newScaChallenge(ctx: SandboxContext, customer: CustomerRecord, factor: 'SMS_OTP' | 'PASSKEY'): ScaChallengeRecord {
  const passkeys = customerPasskeys(ctx, customer.id);
  const challenge: ScaChallengeRecord = {
    id: newId('ScaChallenge'),
    factor,
    availableFactors: passkeys.length ? ['SMS_OTP', 'PASSKEY'] : ['SMS_OTP'],
    purpose: 'PAYMENT_AUTHORIZATION',
    expiresAt: ctx.config.now() + ctx.config.challengeTtlMs,
  };
  if (factor === 'PASSKEY') {
    challenge.passkeyAssertionOptions = {
      challenge: randomToken(),
      rpId: ctx.config.rpId,
      allowCredentials: passkeys.map((p) => ({ id: p.passkey!.credentialId, type: 'public-key' as const })),
      userVerification: 'required',
      timeout: ctx.config.challengeTtlMs,
    };
    if (ctx.config.exactAllowedOrigins) challenge.passkeyAllowedOrigins = [...ctx.config.exactAllowedOrigins];
  }
  return challenge;
}

export function scaStateOf(ctx: SandboxContext, customerId: string): ScaCustomerRecord {
  return ctx.state.sca.get(customerId) ?? { id: customerId, failures: 0 };
}
