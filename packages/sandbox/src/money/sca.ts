/**
 * Strong Customer Authentication rules: which customers it applies to (region in the configured SCA
 * regions, EU + EEA by default), the challenges a quote carries while PENDING_AUTHORIZATION, how many
 * rounds a quote needs, the proof check shared by quote authorization and SCA login, and the
 * per-customer state (180-day SCA login session, the login being started, failed proofs, lock).
 *
 * Two orders, as the service has them: a wallet send (EMBEDDED_WALLET source) is challenged by its
 * signed execute, once per send; a realtime-funding quote is challenged at creation, with two rounds
 * when lockedCurrencyAmount >= 100000 so a client's authorize loop can be tested (purposes
 * CURRENCY_CONVERSION then PAYOUT, the service's cross-currency order, so a client can say "1 of 2").
 *
 * @example
 *   if (inScaRegion(ctx, customer)) quote.sca = { challenge: newScaChallenge(ctx, customer, 'SMS_OTP'), roundsLeft: 1, at: 'EXECUTE' };
 */
import type { SandboxContext } from '../context.js';
import { randomToken, newId } from '../store/ids.js';
import { bytesToHex, randomBytes } from '@paykit/crypto-core/encoding';
import { assertionJson, verifyPasskeyAssertion } from '../wallet/passkeys.js';
import type { CredentialRecord, CustomerRecord, ScaChallengeRecord, ScaCustomerRecord } from '../store/state.js';
import { isObject, type Fields } from '../http/validation.js';
import { walletsOf } from '../wallet/wallets.js';

export const SCA_CODE = '123456';
export const SCA_LOGIN_SESSION_MS = 180 * 24 * 60 * 60 * 1000;
export const TWO_ROUND_AMOUNT = 100_000;
export type ScaFactor = 'SMS_OTP' | 'PASSKEY';

export const inScaRegion = (ctx: SandboxContext, customer: CustomerRecord): boolean =>
  customer.region !== undefined && ctx.config.scaRegions.has(customer.region);

/** Rounds of a realtime-funding quote (a wallet send is always one). */
export const scaRounds = (amount: number): number => (amount >= TWO_ROUND_AMOUNT ? 2 : 1);

/** Passkeys registered on the customer's wallets: they can answer a PASSKEY challenge. */
export function customerPasskeys(ctx: SandboxContext, customerId: string): CredentialRecord[] {
  const walletIds = new Set(walletsOf(ctx, customerId).map((w) => w.id));
  return ctx.state.credentials.list((c) => walletIds.has(c.accountId) && c.passkey !== undefined);
}

/** WebAuthn request options for the customer's passkeys around a fresh challenge. */
export function passkeyRequestOptions(
  ctx: SandboxContext,
  customerId: string,
): NonNullable<ScaChallengeRecord['passkeyAssertionOptions']> {
  return {
    challenge: randomToken(),
    rpId: ctx.config.rpId,
    allowCredentials: customerPasskeys(ctx, customerId).map((p) => ({
      id: p.passkey!.credentialId,
      type: 'public-key' as const,
    })),
    userVerification: 'required',
    timeout: ctx.config.challengeTtlMs,
  };
}

/**
 * Reads the optional `scaFactor` of a quote or execute body: SMS_OTP (default) or PASSKEY; TOTP cannot
 * carry dynamic linking and is refused, as is PASSKEY for a customer without a passkey.
 */
export function scaFactorField(ctx: SandboxContext, f: Fields, customerId: string | undefined): ScaFactor | undefined {
  const factor = f.string('scaFactor', { enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] });
  if (factor === 'TOTP')
    return f.fail('scaFactor', 'TOTP is not accepted per transaction; use SMS_OTP or PASSKEY', {
      enum: ['SMS_OTP', 'PASSKEY'],
    });
  if (factor === 'PASSKEY' && customerId !== undefined && customerPasskeys(ctx, customerId).length === 0) {
    return f.fail('scaFactor', 'PASSKEY needs a passkey registered on one of the customer’s wallets', {
      enum: ['SMS_OTP'],
    });
  }
  return factor as ScaFactor | undefined;
}

export function newScaChallenge(
  ctx: SandboxContext,
  customer: CustomerRecord,
  factor: ScaFactor,
  purpose = 'TRANSFER',
): ScaChallengeRecord {
  const passkeys = customerPasskeys(ctx, customer.id);
  const challenge: ScaChallengeRecord = {
    id: newId('ScaChallenge'),
    factor,
    availableFactors: passkeys.length ? ['SMS_OTP', 'PASSKEY'] : ['SMS_OTP'],
    purpose,
    expiresAt: ctx.config.now() + ctx.config.challengeTtlMs,
  };
  if (factor === 'PASSKEY') {
    challenge.passkeyAssertionOptions = passkeyRequestOptions(ctx, customer.id);
    if (ctx.config.exactAllowedOrigins) challenge.passkeyAllowedOrigins = [...ctx.config.exactAllowedOrigins];
  }
  return challenge;
}

export function scaStateOf(ctx: SandboxContext, customerId: string): ScaCustomerRecord {
  return ctx.state.sca.get(customerId) ?? { id: customerId, failures: 0 };
}

/** The proof fields of an `ScaAuthorization` (and of an SCA login completion), validated for one factor. */
export interface ScaProof {
  code?: string;
  assertion?: Record<string, unknown>;
  origin?: string;
}

/** Reads `code` or `passkeyAssertion` + `origin` for a challenge of `factor`; field errors are left in `f`. */
export function readProof(f: Fields, factor: ScaFactor): ScaProof {
  const code = f.string('code', { pattern: '^\\d{4,10}$' });
  const assertion = f.object('passkeyAssertion');
  const origin = f.string('origin', { format: 'url' });
  if ((code === undefined) === (assertion === undefined) && !f.has('code') && !f.has('passkeyAssertion')) {
    f.fail('code', 'give exactly one of code or passkeyAssertion');
  } else if (code !== undefined && assertion !== undefined) {
    f.fail('passkeyAssertion', 'give exactly one of code or passkeyAssertion');
  }
  if (factor === 'SMS_OTP' && assertion) f.fail('passkeyAssertion', 'does not answer an SMS_OTP challenge');
  if (factor === 'PASSKEY' && code !== undefined) f.fail('code', 'does not answer a PASSKEY challenge');
  if (assertion && origin === undefined) f.fail('origin', 'is required with passkeyAssertion', { format: 'url' });
  return {
    ...(code !== undefined ? { code } : {}),
    ...(assertion ? { assertion: assertion.body } : {}),
    ...(origin !== undefined ? { origin } : {}),
  };
}

/** Checks a proof; resolves with why it failed, or undefined when it holds (a passkey's counter is stored). */
export async function proofProblem(
  ctx: SandboxContext,
  customerId: string,
  proof: ScaProof,
  passkeyChallenge: string | undefined,
): Promise<string | undefined> {
  if (proof.code !== undefined) return proof.code === SCA_CODE ? undefined : 'Invalid SCA code';
  if (!proof.assertion || passkeyChallenge === undefined) return 'No passkey assertion was asked for';
  const json = proof.assertion;
  const response = isObject(json['response']) ? json : assertionJson(json);
  const credential = customerPasskeys(ctx, customerId).find((p) => p.passkey!.credentialId === response['id']);
  if (!credential) return 'The assertion is not from a passkey of this customer';
  const result = await verifyPasskeyAssertion(
    ctx,
    credential.passkey!,
    response as never,
    passkeyChallenge,
    proof.origin,
  );
  if (!result.ok) return result.reason;
  ctx.state.credentials.put(credential); // its counter advanced
  return undefined;
}

/** A fresh 160-bit TOTP shared secret, raw (hex) and in the RFC 4648 Base32 authenticator apps take. */
export function newTotpSecret(): { secret: string; secretBase32Encoded: string } {
  const bytes = randomBytes(20);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let base32 = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      base32 += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) base32 += alphabet[(value << (5 - bits)) & 31];
  return { secret: bytesToHex(bytes), secretBase32Encoded: base32 };
}
