/**
 * Strong Customer Authentication endpoints. `POST /quotes/{id}/authorize` answers a quote's challenge
 * with the SMS code (`123456` in the sandbox) or a passkey assertion verified against a passkey of the
 * customer's wallets; 200 Quote: still PENDING_AUTHORIZATION with the next challenge while rounds remain;
 * else a held wallet send is released (debited, PROCESSING) and a realtime-funding quote becomes PENDING
 * with its paymentInstructions. 400 for a wrong or expired proof, 409 SCA_SESSION_REQUIRED until an SCA
 * login, 423 ACCOUNT_LOCKED once `scaMaxFailures` proofs failed, 429 on resends (which never extend the
 * challenge's `expiresAt`). `POST /sca/login/start` then `POST /sca/login/complete` (`customerId` in the
 * query; `factor`, the proof and `endUserIpAddress` in the body; TOTP once enrolled, with the app's code) open the
 * 180-day SCA login session; a
 * repeated complete of the same SMS_OTP login with the right code (its answer was lost) answers the same
 * session again, so a retry is never "wrong code".
 * For customers outside SCA regions every endpoint here answers 409.
 *
 * Authorization is atomic per quote: after the proof is checked the quote is read again and judged and
 * changed in one synchronous step, so two concurrent proofs for one challenge release the send once.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { requireCustomer, requireQuote } from '../store/lookups.js';
import { takeRateLimit } from '../http/rate-limit.js';
import {
  SCA_LOGIN_SESSION_MS,
  customerPasskeys,
  inScaRegion,
  newScaChallenge,
  passkeyRequestOptions,
  proofProblem,
  readProof,
  scaStateOf,
  type ScaFactor,
} from '../money/sca.js';
import type { CustomerRecord, QuoteRecord, ScaChallengeRecord, ScaLoginRecord } from '../store/state.js';
import { Fields, parseJsonObject } from '../http/validation.js';
import { iso, toQuote } from '../store/views.js';
import { releaseQuote } from './quotes.js';

/** The longest textual IP address (IPv6 with an IPv4 tail), as the service limits `ipAddress`. */
const MAX_IP_LENGTH = 45;
const IP_ADDRESS = '^(?:\\d{1,3}(?:\\.\\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$';

function requireScaCustomer(ctx: SandboxContext, customerId: string): CustomerRecord {
  const customer = requireCustomer(ctx, customerId);
  if (!inScaRegion(ctx, customer)) throw conflict('Strong Customer Authentication does not apply to this customer');
  return customer;
}

export function assertNotLocked(ctx: SandboxContext, customerId: string): void {
  const lockedUntil = scaStateOf(ctx, customerId).lockedUntil;
  if (lockedUntil !== undefined && lockedUntil > ctx.config.now()) {
    throw new ApiError(423, 'ACCOUNT_LOCKED', 'Too many failed authorization attempts; the customer is locked', {
      lockedUntil: iso(lockedUntil),
    });
  }
}

function requirePendingChallenge(quote: QuoteRecord): ScaChallengeRecord {
  if (quote.status !== 'PENDING_AUTHORIZATION' || !quote.sca)
    throw conflict(`The quote is ${quote.status}, not PENDING_AUTHORIZATION`, 'CONFLICT', { status: quote.status });
  return quote.sca.challenge;
}

/** Counts a failed proof (locking the customer at the limit) and answers 400 with what failed and the tries left. */
export function rejectProof(ctx: SandboxContext, customerId: string, field: string, problem: string): never {
  const sca = scaStateOf(ctx, customerId);
  sca.failures += 1;
  const attemptsRemaining = Math.max(0, ctx.config.scaMaxFailures - sca.failures);
  if (attemptsRemaining === 0) {
    sca.lockedUntil = ctx.config.now() + ctx.config.scaLockMs;
    sca.failures = 0;
  }
  ctx.state.sca.put(sca);
  throw new ApiError(400, 'INVALID_INPUT', 'The authorization proof was rejected', {
    reason: problem,
    attemptsRemaining,
    // the failure that locks says until when, as a 423 would
    ...(attemptsRemaining === 0 ? { lockedUntil: iso(sca.lockedUntil!) } : {}),
    errors: [fieldError(field, problem)],
  });
}

/** The customer of the `customerId` query parameter the SCA login and factor endpoints take: 400, 404, 409. */
export function loginCustomer(ctx: SandboxContext, customerId: string | undefined): CustomerRecord {
  if (customerId === undefined) throw invalidField('customerId', 'query parameter is required');
  // an empty id names nothing (the README's choice, answered as on every other field)
  if (customerId === '') throw invalidField('customerId', 'must not be empty', { minLength: 1 });
  return requireScaCustomer(ctx, customerId);
}

export function scaRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/quotes/:id/authorize', async (c) => {
    const quoteId = c.req.param('id');
    const quote = requireQuote(ctx, quoteId);
    const customer = requireScaCustomer(ctx, quote.customerId);
    assertNotLocked(ctx, customer.id);
    const challenge = requirePendingChallenge(quote);
    const sessionExpiresAt = scaStateOf(ctx, customer.id).sessionExpiresAt;
    if (!(sessionExpiresAt !== undefined && sessionExpiresAt > ctx.config.now())) {
      throw conflict(
        'The customer has no SCA login session; open one with POST /sca/login/start and /sca/login/complete',
        'SCA_SESSION_REQUIRED',
      );
    }
    const f = new Fields(parseJsonObject(await c.req.text()));
    const proof = readProof(f, challenge.factor);
    f.string('endUserIpAddress', { maxLength: MAX_IP_LENGTH, pattern: IP_ADDRESS });
    f.done();
    const field = challenge.factor === 'PASSKEY' ? 'passkeyAssertion' : 'code';
    if (challenge.expiresAt <= ctx.config.now())
      throw new ApiError(400, 'INVALID_INPUT', 'The challenge expired', {
        reason: 'CHALLENGE_EXPIRED',
        errors: [fieldError(field, 'the challenge expired')],
      });
    const problem = await proofProblem(ctx, customer.id, proof, challenge.passkeyAssertionOptions?.challenge);
    if (problem) rejectProof(ctx, customer.id, field, problem);

    // One synchronous step from here on: the challenge answered must still be the pending one.
    const current = requireQuote(ctx, quoteId);
    if (current.status !== 'PENDING_AUTHORIZATION' || current.sca?.challenge.id !== challenge.id) {
      throw conflict('The challenge was already answered', 'CONFLICT', { status: current.status });
    }
    ctx.state.sca.put({ ...scaStateOf(ctx, customer.id), failures: 0 });
    const { sca } = current;
    const now = ctx.config.now();
    if (sca.roundsLeft > 1) {
      return c.json(
        toQuote(
          ctx.state.quotes.put({
            ...current,
            sca: {
              ...sca,
              // a two-round quote converts, then pays out (the service's cross-currency order)
              challenge: newScaChallenge(
                ctx,
                customer,
                challenge.factor,
                challenge.purpose === 'CURRENCY_CONVERSION' ? 'PAYOUT' : challenge.purpose,
              ),
              roundsLeft: sca.roundsLeft - 1,
            },
            updatedAt: now,
          }),
        ),
      );
    }
    if (sca.at === 'EXECUTE') return c.json(toQuote(releaseQuote(ctx, current)));
    const authorized: QuoteRecord = { ...current, status: 'PENDING', updatedAt: now };
    delete authorized.sca;
    return c.json(toQuote(ctx.state.quotes.put(authorized)));
  });

  app.post('/quotes/:id/authorize/resend', (c) => {
    const quote = requireQuote(ctx, c.req.param('id'));
    const customer = requireScaCustomer(ctx, quote.customerId);
    // the OpenAPI declares no 423 here: a locked customer's challenge cannot be answered, so it has no code to resend (409)
    const lockedUntil = scaStateOf(ctx, customer.id).lockedUntil;
    if (lockedUntil !== undefined && lockedUntil > ctx.config.now())
      throw conflict('The customer is locked; no code is resent', 'CONFLICT', { lockedUntil: iso(lockedUntil) });
    const challenge = requirePendingChallenge(quote);
    if (challenge.factor !== 'SMS_OTP') throw conflict('Only an SMS_OTP challenge can be resent');
    if (challenge.expiresAt <= ctx.config.now()) throw conflict('The challenge expired; a resend does not renew it');
    takeRateLimit(ctx, `sca-resend:${quote.id}`);
    return c.body(null, 204); // the same challenge, the same expiresAt: the sandbox "sends" the same code
  });

  app.post('/sca/login/start', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const factor = f.string('factor', { required: true, enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] });
    if (factor === 'TOTP' && !scaStateOf(ctx, customer.id).factors?.some((x) => x.factor === 'TOTP'))
      f.fail('factor', 'no TOTP factor is enrolled (POST /sca/factors, then /sca/factors/confirm)', {
        enum: ['SMS_OTP', 'PASSKEY'],
      });
    if (factor === 'PASSKEY' && customerPasskeys(ctx, customer.id).length === 0)
      f.fail('factor', 'no passkey is registered on the customer’s wallets', { enum: ['SMS_OTP'] });
    f.done(); // a locked customer may start (the OpenAPI declares no 423 here); complete answers 423
    const expiresAt = ctx.config.now() + ctx.config.challengeTtlMs;
    let login: ScaLoginRecord;
    let body: Record<string, unknown>;
    if (factor === 'PASSKEY') {
      const options = passkeyRequestOptions(ctx, customer.id);
      login = { factor, expiresAt, passkeyChallenge: options.challenge };
      body = {
        factor,
        passkeyOptions: options,
        relyingPartyId: ctx.config.rpId,
        ...(ctx.config.exactAllowedOrigins ? { allowedOrigins: [...ctx.config.exactAllowedOrigins] } : {}),
      };
    } else if (factor === 'TOTP') {
      login = { factor, expiresAt }; // the code comes from the customer's app: nothing is sent
      body = { factor };
    } else {
      login = { factor: 'SMS_OTP', expiresAt, challengeId: newId('ScaChallenge') };
      body = { factor, challengeId: login.challengeId, expiresAt: iso(expiresAt) };
    }
    ctx.state.sca.put({ ...scaStateOf(ctx, customer.id), login });
    return c.json(body);
  });

  app.post('/sca/login/complete', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const factor = f.string('factor', { required: true, enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] });
    f.string('endUserIpAddress', { required: true, maxLength: MAX_IP_LENGTH, pattern: IP_ADDRESS });
    const challengeId = f.string('challengeId');
    const proof = readProof(f, factor === 'PASSKEY' ? 'PASSKEY' : 'SMS_OTP');
    if (factor === 'SMS_OTP' && challengeId === undefined)
      f.fail('challengeId', 'is required for SMS_OTP (from POST /sca/login/start)');
    f.done();
    assertNotLocked(ctx, customer.id);
    const login = scaStateOf(ctx, customer.id).login;
    const opened = login?.sessionExpiresAt;
    if (
      opened !== undefined &&
      opened > ctx.config.now() &&
      factor === 'SMS_OTP' &&
      login!.challengeId === challengeId
    ) {
      const problem = await proofProblem(ctx, customer.id, proof, undefined);
      if (problem) rejectProof(ctx, customer.id, 'code', problem);
      return c.json({ status: 'SUCCESS', sessionExpiresAt: iso(opened) });
    }
    if (
      !login ||
      opened !== undefined ||
      login.factor !== (factor as ScaFactor) ||
      login.expiresAt <= ctx.config.now() ||
      (factor === 'SMS_OTP' && login.challengeId !== challengeId)
    ) {
      throw invalidField(
        factor === 'SMS_OTP' ? 'challengeId' : 'factor',
        'does not match a started, unexpired SCA login (POST /sca/login/start)',
      );
    }
    const problem = await proofProblem(ctx, customer.id, proof, login.passkeyChallenge);
    if (problem) rejectProof(ctx, customer.id, factor === 'PASSKEY' ? 'passkeyAssertion' : 'code', problem);
    const sessionExpiresAt = ctx.config.now() + SCA_LOGIN_SESSION_MS;
    const state = scaStateOf(ctx, customer.id);
    ctx.state.sca.put({ ...state, login: { ...login, sessionExpiresAt }, failures: 0, sessionExpiresAt });
    return c.json({ status: 'SUCCESS', sessionExpiresAt: iso(sessionExpiresAt) });
  });

  return app;
}
