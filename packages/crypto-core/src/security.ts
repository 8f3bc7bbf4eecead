/**
 * The customer's Strong Customer Authentication factors: list them (`GET /sca/factors`), enroll one in two
 * steps (`POST /sca/factors` starts a TOTP or passkey enrollment, `POST /sca/factors/confirm` finishes it:
 * until then it is pending and not listed) and remove a passkey (`DELETE /sca/factors/{credentialId}`).
 * SMS_OTP is implicit (the customer's verified phone): always listed, never enrolled or removed. A lost
 * factor is reset after a liveness check (`startScaReset`, `getScaReset` until LIVENESS_PASSED,
 * `completeScaReset`). A subpath
 * of its own (`@paykit/crypto-core/security`): the root entry stays within its size budget. No call is
 * signed (wallet-protocol.md signs wallet operations; these are the customer's, named by `customerId`).
 * Outside SCA regions the service answers each with 409 `CONFLICT`.
 *
 * @example
 *   const { factors } = await listScaFactors(client, customerId);
 *   const { secret, totpUri } = await enrollScaFactor(client, customerId, 'TOTP');
 *   const { recoveryCodes } = await confirmScaTotp(client, customerId, secret, code); // show them once
 *   if (canRemoveScaFactor(factors[1], factors)) await removeScaFactor(client, customerId, factors[1].credentialId!);
 */
import { object, text } from './args.js';
import type { WalletClient } from './client.js';
import { request } from './client-internals.js';
import { enc } from './http.js';

/** A Strong Customer Authentication factor (`ScaFactor`). */
export type ScaFactorType = 'SMS_OTP' | 'TOTP' | 'PASSKEY';

/** An enrolled factor (`ScaFactorView`): `credentialId` only on a passkey, the id it is removed by. */
export interface ScaFactor {
  factor: ScaFactorType;
  credentialId?: string;
  name?: string;
}

/** What a TOTP enrollment needs: the secret to thread back, and what the authenticator app takes. */
export interface TotpEnrollment {
  type: 'TOTP';
  secret: string;
  /** For typing into an app that does not scan QR codes. */
  secretBase32Encoded: string;
  /** The `otpauth://` URI a QR code carries. */
  totpUri: string;
}

/** What a passkey enrollment needs: WebAuthn creation options for `navigator.credentials.create`. */
export interface PasskeyEnrollment {
  type: 'PASSKEY';
  options: Record<string, unknown>;
  allowedOrigins: string[];
  relyingPartyId: string;
}

/** `ScaFactorConfirmResponseOneOf`: TOTP's recovery codes (shown once), or the enrolled passkey. */
export type ScaFactorConfirmation = { type: 'TOTP'; recoveryCodes: string[] } | { type: 'PASSKEY'; factor: ScaFactor };

const path = (customerId: string, tail = ''): [string, { customerId: string }] => [
  `/sca/factors${tail}`,
  { customerId: text(customerId, 'customerId') },
];

/**
 * The customer's enrolled factors, SMS_OTP first.
 *
 * @throws {PayError} `INVALID_ARGUMENT`; the service's 404 `USER_NOT_FOUND`, 409 `CONFLICT` (outside SCA regions);
 *   the transport's `NETWORK_ERROR`, `TIMEOUT` or `ABORTED`.
 */
export function listScaFactors(
  client: WalletClient,
  customerId: string,
  signal?: AbortSignal,
): Promise<{ factors: ScaFactor[] }> {
  const [url, query] = path(customerId);
  return request(client, 'GET', url, { query, signal });
}

/**
 * Starts enrolling a TOTP or passkey factor; confirm it with {@link confirmScaTotp} or {@link confirmScaPasskey}.
 *
 * @throws {PayError} as {@link listScaFactors}, and 409 `PASSKEY_ALREADY_ENROLLED` (one passkey per customer).
 */
export function enrollScaFactor(client: WalletClient, customerId: string, type: 'TOTP'): Promise<TotpEnrollment>;
export function enrollScaFactor(client: WalletClient, customerId: string, type: 'PASSKEY'): Promise<PasskeyEnrollment>;
export function enrollScaFactor(
  client: WalletClient,
  customerId: string,
  type: 'TOTP' | 'PASSKEY',
): Promise<TotpEnrollment | PasskeyEnrollment> {
  const [url, query] = path(customerId);
  return request(client, 'POST', url, { query, body: { type } });
}

/**
 * Finishes a TOTP enrollment with the enrollment's `secret` and the first code of the app (`123456` in the sandbox).
 *
 * @throws {PayError} as {@link listScaFactors}, and 400 `INVALID_INPUT` (a wrong code: `details.errors[0].field`
 *   is `code`; an enrollment that is no longer pending: `secret`).
 */
export function confirmScaTotp(
  client: WalletClient,
  customerId: string,
  secret: string,
  code: string,
): Promise<{ type: 'TOTP'; recoveryCodes: string[] }> {
  const [url, query] = path(customerId, '/confirm');
  const body = { type: 'TOTP', secret: text(secret, 'secret'), code: text(code, 'code') };
  return request(client, 'POST', url, { query, body });
}

/**
 * Finishes a passkey enrollment with the WebAuthn registration credential (JSON) and the origin it was made on.
 *
 * @throws {PayError} as {@link confirmScaTotp}.
 */
export function confirmScaPasskey(
  client: WalletClient,
  customerId: string,
  credential: Record<string, unknown>,
  origin: string,
): Promise<{ type: 'PASSKEY'; factor: ScaFactor }> {
  const [url, query] = path(customerId, '/confirm');
  const body = { type: 'PASSKEY', credential: object(credential, 'credential'), origin: text(origin, 'origin') };
  return request(client, 'POST', url, { query, body });
}

/**
 * Whether a factor can be removed: only a passkey has the `credentialId` removal takes, and one factor always
 * stays (SMS_OTP, which is never removed, is listed too; a list of one is not shortened).
 */
export const canRemoveScaFactor = (factor: ScaFactor, factors: readonly ScaFactor[]): boolean =>
  !!factor.credentialId && factors.length > 1;

/**
 * Removes a passkey factor by its `credentialId`.
 *
 * @throws {PayError} as {@link listScaFactors}, and 404 `REFERENCE_NOT_FOUND` (no such factor of the customer).
 */
export async function removeScaFactor(client: WalletClient, customerId: string, credentialId: string): Promise<void> {
  const [url, query] = path(customerId, `/${enc(text(credentialId, 'credentialId'))}`);
  await request(client, 'DELETE', url, { query });
}

/** A lost factor's reset, started (`TwoFactorResetStart`): the liveness handles come only where the service has them. */
export interface ScaReset {
  resetId: string;
  livenessAccessToken?: string | null;
  verificationLink?: string | null;
  expiresAt?: string | null;
}

/** Where a reset stands (`TwoFactorResetStatus`); COMPLETED, REJECTED and EXPIRED are final. */
export interface ScaResetStatus {
  status: 'INITIATED' | 'PENDING_REVIEW' | 'LIVENESS_PASSED' | 'COMPLETED' | 'REJECTED' | 'EXPIRED';
  factor: ScaFactorType;
  /** The replacement factor's enrollment after completion (null for SMS_OTP, which completion enrolls). */
  enrollmentStatus?: 'PENDING' | 'COMPLETED' | null;
  expiresAt: string;
  completedAt?: string | null;
}

/**
 * Starts resetting a lost factor; poll {@link getScaReset} until `LIVENESS_PASSED`, then {@link completeScaReset}.
 *
 * @throws {PayError} as {@link listScaFactors}, and 400 `INVALID_INPUT` (a factor not enrolled), 429 `RATE_LIMITED`
 *   (five starts a day; `retryAfterSeconds`).
 */
export function startScaReset(client: WalletClient, customerId: string, factor: ScaFactorType): Promise<ScaReset> {
  const [url, query] = path(customerId, '/reset');
  return request(client, 'POST', url, { query, body: { factor: text(factor, 'factor') } });
}

/**
 * Where the reset `resetId` stands.
 *
 * @throws {PayError} as {@link listScaFactors}, and 404 `REFERENCE_NOT_FOUND` (no such reset for this customer).
 */
export function getScaReset(
  client: WalletClient,
  customerId: string,
  resetId: string,
  signal?: AbortSignal,
): Promise<ScaResetStatus> {
  const [url, query] = path(customerId, `/reset/${enc(text(resetId, 'resetId'))}`);
  return request(client, 'GET', url, { query, signal });
}

/**
 * Completes a reset whose liveness passed: the lost factor is cleared (enroll its replacement with
 * {@link enrollScaFactor}); an SMS_OTP reset takes the new number (`{countryCode: '+49', number: '15112345678'}`).
 *
 * @throws {PayError} as {@link getScaReset}, and 400 `INVALID_INPUT` (liveness not passed yet, or the reset is over).
 */
export async function completeScaReset(
  client: WalletClient,
  customerId: string,
  resetId: string,
  mobile?: { countryCode: string; number: string },
): Promise<void> {
  const [url, query] = path(customerId, `/reset/${enc(text(resetId, 'resetId'))}/complete`);
  await request(client, 'POST', url, { query, ...(mobile ? { body: { mobile: object(mobile, 'mobile') } } : {}) });
}
