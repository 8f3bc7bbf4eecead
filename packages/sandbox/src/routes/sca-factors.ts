/**
 * The customer's Strong Customer Authentication factors (`customerId` in the query of each):
 * `GET /sca/factors` lists SMS_OTP (implicit: every SCA customer has a verified phone) and the factors
 * enrolled here; `POST /sca/factors` starts a TOTP (shared secret + `otpauth://` URI) or PASSKEY
 * (WebAuthn creation options) enrollment, which stays pending, unlisted, until `POST /sca/factors/confirm`
 * answers it: TOTP with the secret and the code `123456` (as every SCA code in the sandbox) → one-time
 * recovery codes; PASSKEY with the registration credential and its origin, verified for real → the factor.
 * A pending enrollment lives as long as a challenge (`challengeTtlMs`). `DELETE /sca/factors/{credentialId}`
 * removes a passkey factor (only passkeys have a credential id) → 204.
 *
 * One passkey per customer: a PASSKEY start while one is enrolled is 409 PASSKEY_ALREADY_ENROLLED. A
 * confirmed TOTP replaces an earlier one (a customer has one authenticator app listed). A confirm whose
 * secret or credential matches no pending enrollment, or with a wrong code, is 400 INVALID_INPUT; an
 * unknown credential id is 404 REFERENCE_NOT_FOUND; outside SCA regions every endpoint is 409 CONFLICT.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField } from '../http/errors.js';
import { Fields, isObject, parseJsonObject } from '../http/validation.js';
import { SCA_CODE, newTotpSecret, scaStateOf } from '../money/sca.js';
import { loginCustomer } from './sca.js';
import { randomToken } from '../store/ids.js';
import type { ScaCustomerRecord, ScaFactorRecord } from '../store/state.js';
import { verifyPasskeyRegistration } from '../wallet/passkeys.js';
import { base64UrlDecode, base64UrlEncode, randomBytes, utf8Decode, utf8Encode } from '@paykit/crypto-core/encoding';

const ISSUER = 'Paykit Sandbox';
/** How many one-time recovery codes a TOTP confirmation issues. */
const RECOVERY_CODES = 8;

const factorView = (f: ScaFactorRecord) => ({
  factor: f.factor,
  ...(f.passkey ? { credentialId: f.passkey.credentialId } : {}),
  ...(f.name !== undefined ? { name: f.name } : {}),
});

/** `XXXX-XXXX-XXXX` in an alphabet without look-alike letters. */
function recoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** The `challenge` member of a base64url clientDataJSON, when there is one. */
function clientDataChallenge(clientDataJson: string): string | undefined {
  try {
    const data = JSON.parse(utf8Decode(base64UrlDecode(clientDataJson)));
    return isObject(data) && typeof data['challenge'] === 'string' ? data['challenge'] : undefined;
  } catch {
    return undefined;
  }
}

export function scaFactorRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  /** The customer's SCA state with expired pending enrollments dropped. */
  const stateOf = (customerId: string): ScaCustomerRecord => {
    const state = scaStateOf(ctx, customerId);
    const now = ctx.config.now();
    return { ...state, pending: (state.pending ?? []).filter((p) => p.expiresAt > now) };
  };

  app.get('/sca/factors', (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const enrolled = scaStateOf(ctx, customer.id).factors ?? [];
    return c.json({ factors: [{ factor: 'SMS_OTP' }, ...enrolled.map(factorView)] });
  });

  app.post('/sca/factors', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const type = f.string('type', { required: true, enum: ['TOTP', 'PASSKEY'] }) as 'TOTP' | 'PASSKEY' | undefined;
    f.done();
    const state = stateOf(customer.id);
    const expiresAt = ctx.config.now() + ctx.config.challengeTtlMs;
    if (type === 'PASSKEY') {
      if (state.factors?.some((x) => x.factor === 'PASSKEY'))
        throw new ApiError(
          409,
          'PASSKEY_ALREADY_ENROLLED',
          'The customer already has a passkey factor; delete it first',
        );
      const challenge = randomToken();
      ctx.state.sca.put({ ...state, pending: [...state.pending!, { factor: type, secret: challenge, expiresAt }] });
      const origins = ctx.config.exactAllowedOrigins ?? [];
      return c.json({
        type,
        options: {
          challenge,
          rp: { id: ctx.config.rpId, name: ISSUER },
          user: {
            id: base64UrlEncode(utf8Encode(customer.id)),
            name: customer.email ?? customer.id,
            displayName: customer.fullName ?? customer.email ?? customer.id,
          },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          timeout: ctx.config.challengeTtlMs,
          attestation: 'none',
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        },
        allowedOrigins: [...origins],
        relyingPartyId: ctx.config.rpId,
      });
    }
    const { secret, secretBase32Encoded } = newTotpSecret();
    ctx.state.sca.put({ ...state, pending: [...state.pending!, { factor: 'TOTP', secret, expiresAt }] });
    const label = encodeURIComponent(`${ISSUER}:${customer.email ?? customer.id}`);
    const totpUri = `otpauth://totp/${label}?secret=${secretBase32Encoded}&issuer=${encodeURIComponent(ISSUER)}`;
    return c.json({ type: 'TOTP', secret, secretBase32Encoded, totpUri });
  });

  app.post('/sca/factors/confirm', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const type = f.string('type', { required: true, enum: ['TOTP', 'PASSKEY'] });
    const state = stateOf(customer.id);
    const now = ctx.config.now();
    if (type === 'PASSKEY') {
      const origin = f.string('origin', { required: true, format: 'url' });
      const credential = f.object('credential', { required: true });
      const response = credential?.object('response', { required: true });
      const id = credential?.string('id', { required: true, format: 'base64url' });
      const clientDataJson = response?.string('clientDataJSON', { required: true, format: 'base64url' });
      const attestationObject = response?.string('attestationObject', { required: true, format: 'base64url' });
      f.done();
      const challenge = clientDataChallenge(clientDataJson!);
      const pending = state.pending!.find((p) => p.factor === 'PASSKEY' && p.secret === challenge);
      if (!pending) throw invalidField('credential', 'answers no pending passkey enrollment (POST /sca/factors)');
      if (state.factors?.some((x) => x.factor === 'PASSKEY'))
        throw new ApiError(
          409,
          'PASSKEY_ALREADY_ENROLLED',
          'The customer already has a passkey factor; delete it first',
        );
      const transports = response!.body['transports'];
      let passkey: ScaFactorRecord['passkey'];
      try {
        passkey = await verifyPasskeyRegistration(ctx, pending.secret, {
          credentialId: id,
          clientDataJson,
          attestationObject,
          transports,
        });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : 'was rejected';
        throw invalidField('credential', message);
      }
      if (JSON.parse(utf8Decode(base64UrlDecode(clientDataJson!)))['origin'] !== origin)
        throw invalidField('origin', 'differs from the origin the credential was produced against');
      const factor: ScaFactorRecord = { factor: 'PASSKEY', enrolledAt: now, passkey };
      const pendingLeft = state.pending!.filter((p) => p !== pending);
      ctx.state.sca.put({ ...state, pending: pendingLeft, factors: [...(state.factors ?? []), factor] });
      return c.json({ type: 'PASSKEY', factor: factorView(factor) });
    }
    const secret = f.string('secret', { required: true });
    const code = f.string('code', { required: true, pattern: '^\\d{6}$' });
    f.done();
    const pending = state.pending!.find((p) => p.factor === 'TOTP' && p.secret === secret);
    if (!pending) throw invalidField('secret', 'matches no pending TOTP enrollment (POST /sca/factors)');
    if (code !== SCA_CODE)
      throw invalidField('code', `is not the authenticator's current code (the sandbox's is ${SCA_CODE})`);
    const factors = [
      ...(state.factors ?? []).filter((x) => x.factor !== 'TOTP'),
      { factor: 'TOTP' as const, enrolledAt: now },
    ];
    ctx.state.sca.put({ ...state, pending: state.pending!.filter((p) => p !== pending), factors });
    return c.json({ type: 'TOTP', recoveryCodes: Array.from({ length: RECOVERY_CODES }, recoveryCode) });
  });

  app.delete('/sca/factors/:credentialId', (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const credentialId = c.req.param('credentialId');
    const state = scaStateOf(ctx, customer.id);
    const factors = state.factors ?? [];
    if (!factors.some((x) => x.passkey?.credentialId === credentialId))
      throw new ApiError(404, 'REFERENCE_NOT_FOUND', 'The customer has no factor with this credential id');
    ctx.state.sca.put({ ...state, factors: factors.filter((x) => x.passkey?.credentialId !== credentialId) });
    return c.body(null, 204);
  });

  return app;
}
