/**
 * Strong Customer Authentication endpoints. `POST /quotes/{id}/authorize` answers a quote's challenge
 * with the SMS code (`123456` in the sandbox) or a passkey assertion verified against a passkey of the
 * customer's wallets; 200 Quote (still PENDING_AUTHORIZATION with a new challenge while rounds remain,
 * else PENDING with paymentInstructions). 400 for a wrong proof, 409 SCA_SESSION_REQUIRED until
 * `POST /sca/login/complete`, 423 ACCOUNT_LOCKED once `scaMaxFailures` proofs failed, 429 on resends.
 * For customers outside SCA regions every endpoint here answers 409.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField, invalidInput } from '../errors.js';
import { requireCustomer, requireQuote } from '../lookups.js';
import { assertionJson, verifyPasskeyAssertion } from '../passkeys.js';
import { takeRateLimit } from '../rate-limit.js';
import { SCA_CODE, SCA_LOGIN_SESSION_MS, customerPasskeys, inScaRegion, newScaChallenge, scaStateOf } from '../sca.js';
import type { CustomerRecord, QuoteRecord, ScaChallengeRecord } from '../state.js';
import { Fields, isObject, parseJsonObject } from '../validation.js';
import { iso, toQuote } from '../views.js';

function requireScaCustomer(ctx: SandboxContext, customerId: string): CustomerRecord {
  const customer = requireCustomer(ctx, customerId);
  if (!inScaRegion(ctx, customer)) throw conflict('Strong Customer Authentication does not apply to this customer');
  return customer;
}

function assertNotLocked(ctx: SandboxContext, customerId: string): void {
  const lockedUntil = scaStateOf(ctx, customerId).lockedUntil;
  if (lockedUntil !== undefined && lockedUntil > ctx.config.now()) {
    throw new ApiError(423, 'ACCOUNT_LOCKED', 'Too many failed authorization attempts; the customer is locked', { lockedUntil: iso(lockedUntil) });
  }
}

function requirePendingChallenge(quote: QuoteRecord): ScaChallengeRecord {
  if (quote.status !== 'PENDING_AUTHORIZATION' || !quote.sca) throw conflict(`The quote is ${quote.status}, not PENDING_AUTHORIZATION`, 'CONFLICT', { status: quote.status });
  return quote.sca.challenge;
}

/** Checks the proof; resolves with why it failed, or undefined when it holds. */
async function proofProblem(ctx: SandboxContext, customer: CustomerRecord, challenge: ScaChallengeRecord, text: string): Promise<string | undefined> {
  const f = new Fields(parseJsonObject(text));
  const code = f.string('code', { pattern: '^\\d{4,10}$' });
  const assertion = f.object('passkeyAssertion');
  const origin = f.string('origin', { format: 'url' });
  if ((code === undefined) === (assertion === undefined) && f.errors.length === 0) {
    const message = 'give exactly one of code or passkeyAssertion';
    throw invalidInput([fieldError('code', message), fieldError('passkeyAssertion', message)], `Authorize needs to ${message}`);
  }
  if (challenge.factor === 'SMS_OTP' && assertion) f.fail('passkeyAssertion', 'does not answer an SMS_OTP challenge');
  if (challenge.factor === 'PASSKEY' && code !== undefined) f.fail('code', 'does not answer a PASSKEY challenge');
  if (assertion && origin === undefined) f.fail('origin', 'is required with passkeyAssertion', { format: 'url' });
  f.done();
  if (challenge.expiresAt <= ctx.config.now()) return 'The challenge expired; POST /quotes/{id}/authorize/resend for a new one';
  if (code !== undefined) return code === SCA_CODE ? undefined : 'Invalid SCA code';
  const json = assertion!.body;
  const response = isObject(json['response']) ? json : assertionJson(json);
  const credential = customerPasskeys(ctx, customer.id).find((p) => p.passkey!.credentialId === response['id']);
  if (!credential) return 'The assertion is not from a passkey of this customer';
  const result = await verifyPasskeyAssertion(ctx, credential.passkey!, response as never, challenge.passkeyAssertionOptions!.challenge, origin);
  if (!result.ok) return result.reason;
  ctx.state.credentials.put(credential); // its counter advanced
  return undefined;
}

export function scaRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/quotes/:id/authorize', async (c) => {
    const quote = requireQuote(ctx, c.req.param('id'));
    const customer = requireScaCustomer(ctx, quote.customerId);
    assertNotLocked(ctx, customer.id);
    const challenge = requirePendingChallenge(quote);
    const sca = scaStateOf(ctx, customer.id);
    const now = ctx.config.now();
    if (!(sca.sessionExpiresAt !== undefined && sca.sessionExpiresAt > now)) {
      throw conflict('The customer has no SCA login session; complete one with POST /sca/login/complete', 'SCA_SESSION_REQUIRED');
    }
    const problem = await proofProblem(ctx, customer, challenge, await c.req.text());
    if (problem) {
      sca.failures += 1;
      const attemptsRemaining = Math.max(0, ctx.config.scaMaxFailures - sca.failures);
      if (attemptsRemaining === 0) {
        sca.lockedUntil = now + ctx.config.scaLockMs;
        sca.failures = 0;
      }
      ctx.state.sca.put(sca);
      const field = challenge.factor === 'PASSKEY' ? 'passkeyAssertion' : 'code';
      throw new ApiError(400, 'INVALID_INPUT', 'The authorization proof was rejected', { reason: problem, attemptsRemaining, errors: [fieldError(field, problem)] });
    }
    ctx.state.sca.put({ ...sca, failures: 0 });
    const roundsLeft = quote.sca!.roundsLeft - 1;
    const updated: QuoteRecord =
      roundsLeft > 0
        ? { ...quote, sca: { challenge: newScaChallenge(ctx, customer, challenge.factor), roundsLeft }, updatedAt: now }
        : { ...quote, status: 'PENDING', updatedAt: now };
    if (roundsLeft === 0) delete updated.sca;
    return c.json(toQuote(ctx.state.quotes.put(updated)));
  });

  app.post('/quotes/:id/authorize/resend', (c) => {
    const quote = requireQuote(ctx, c.req.param('id'));
    const customer = requireScaCustomer(ctx, quote.customerId);
    assertNotLocked(ctx, customer.id);
    const challenge = requirePendingChallenge(quote);
    if (challenge.factor !== 'SMS_OTP') throw conflict('Only an SMS_OTP challenge can be resent');
    takeRateLimit(ctx, `sca-resend:${quote.id}`);
    challenge.expiresAt = ctx.config.now() + ctx.config.challengeTtlMs;
    ctx.state.quotes.put(quote);
    return c.body(null, 204);
  });

  app.post('/sca/login/complete', async (c) => {
    const f = new Fields(parseJsonObject(await c.req.text()));
    const customerId = f.string('customerId') ?? c.req.query('customerId');
    f.done(); // a customerId of the wrong type is named as such, not as missing
    if (customerId === undefined) throw invalidField('customerId', 'is required (body or query)');
    const customer = requireScaCustomer(ctx, customerId);
    const sessionExpiresAt = ctx.config.now() + SCA_LOGIN_SESSION_MS;
    ctx.state.sca.put({ ...scaStateOf(ctx, customer.id), sessionExpiresAt });
    return c.json({ status: 'SUCCESS', sessionExpiresAt: iso(sessionExpiresAt) });
  });

  return app;
}
