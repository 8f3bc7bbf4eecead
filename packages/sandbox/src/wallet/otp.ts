/**
 * Email and SMS OTP, server side. Each challenge gets a fresh HPKE target key pair whose public key
 * goes out in an enclave-signed bundle `{"targetPublic":"04…"}`. A verify attempt is HPKE-opened with
 * the key of the issuance it was sealed to; the code must be `000000` (the sandbox code). A target is
 * single-use: the right code consumes it; five wrong codes burn it. Wrong code: 401 UNAUTHORIZED with
 * `details.reason` "Invalid OTP code" and `details.attemptsRemaining` (0: the code is used up).
 *
 * @example
 *   const bundle = await issueOtpTarget(ctx, credential);
 *   const { publicKey } = await openOtpAttempt(ctx, credential, encryptedOtpBundle); // compressed hex
 */
import { bytesToHex, hexToBytes, utf8Decode } from '@paykit/crypto-core/encoding';
import { hpkeOpen } from '@paykit/crypto-core/hpke';
import { exportPublicPoint, publicKeyForms } from '@paykit/crypto-core/p256';
import type { SandboxContext } from '../context.js';
import { ApiError, invalidField, unauthorized } from '../http/errors.js';
import { newId } from '../store/ids.js';
import type { CredentialRecord, OtpTargetRecord } from '../store/state.js';
import { isObject } from '../http/validation.js';

export const SANDBOX_OTP_CODE = '000000';
const MAX_FAILURES_PER_TARGET = 5;

/** A new target key pair for `credential`; resolves with the signed `otpEncryptionTargetBundle`. */
export async function issueOtpTarget(ctx: SandboxContext, credential: CredentialRecord): Promise<string> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  ctx.state.otpTargets.put({
    id: newId('OtpTarget'),
    authMethodId: credential.id,
    keyPair,
    expiresAt: ctx.config.now() + ctx.config.challengeTtlMs,
    used: false,
    failures: 0,
  });
  return ctx.enclave.envelope({ targetPublic: bytesToHex(await exportPublicPoint(keyPair.publicKey)) });
}

function parseSealed(encryptedOtpBundle: string): { encappedPublic: Uint8Array; ciphertext: Uint8Array } {
  const bad = () =>
    invalidField('encryptedOtpBundle', 'must be a JSON string {"encappedPublic":"04…","ciphertext":"<hex>"}', {
      format: 'json',
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(encryptedOtpBundle);
  } catch {
    throw bad();
  }
  if (!isObject(parsed) || typeof parsed['encappedPublic'] !== 'string' || typeof parsed['ciphertext'] !== 'string')
    throw bad();
  if (!/^04[0-9a-f]{128}$/.test(parsed['encappedPublic']) || !/^([0-9a-f]{2}){17,}$/.test(parsed['ciphertext']))
    throw bad();
  return { encappedPublic: hexToBytes(parsed['encappedPublic']), ciphertext: hexToBytes(parsed['ciphertext']) };
}

async function tryOpen(
  target: OtpTargetRecord,
  sealed: { encappedPublic: Uint8Array; ciphertext: Uint8Array },
): Promise<Uint8Array | undefined> {
  try {
    return await hpkeOpen({ recipientKey: target.keyPair, ...sealed });
  } catch {
    return undefined;
  }
}

/** Opens and checks one attempt; resolves with the session key (compressed) the attempt names. */
export async function openOtpAttempt(
  ctx: SandboxContext,
  credential: CredentialRecord,
  encryptedOtpBundle: string,
): Promise<{ publicKey: string }> {
  const sealed = parseSealed(encryptedOtpBundle);
  const now = ctx.config.now();
  const targets = ctx.state.otpTargets
    .list((t) => t.authMethodId === credential.id)
    .reverse()
    .slice(0, 20);
  let target: OtpTargetRecord | undefined;
  let plaintext: Uint8Array | undefined;
  for (const candidate of targets) {
    plaintext = await tryOpen(candidate, sealed);
    if (plaintext) {
      target = candidate;
      break;
    }
  }
  if (!target || !plaintext) throw unauthorized('The OTP bundle was not sealed to a challenge of this credential');
  if (target.used) throw unauthorized('The OTP challenge was already used; request a new code');
  if (target.expiresAt <= now) throw unauthorized('The OTP challenge expired; request a new code');

  let attempt: unknown;
  try {
    attempt = JSON.parse(utf8Decode(plaintext));
  } catch {
    attempt = undefined;
  }
  const code = isObject(attempt) ? attempt['otp_code'] : undefined;
  const key = isObject(attempt) ? attempt['public_key'] : undefined;
  if (typeof code !== 'string' || typeof key !== 'string') {
    throw invalidField('encryptedOtpBundle', 'must seal {"otp_code":"…","public_key":"04…"}', { format: 'json' });
  }
  let publicKey: string;
  try {
    publicKey = publicKeyForms(key).compressed;
  } catch {
    throw invalidField('encryptedOtpBundle', 'seals a public_key that is not a P-256 point');
  }
  if (code !== SANDBOX_OTP_CODE) {
    target.failures += 1;
    if (target.failures >= MAX_FAILURES_PER_TARGET) target.used = true;
    ctx.state.otpTargets.put(target);
    throw new ApiError(401, 'UNAUTHORIZED', 'The one-time code is not valid', {
      reason: 'Invalid OTP code',
      attemptsRemaining: MAX_FAILURES_PER_TARGET - target.failures,
    });
  }
  target.used = true;
  ctx.state.otpTargets.put(target);
  return { publicKey };
}
