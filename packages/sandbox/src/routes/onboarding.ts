/**
 * Onboarding endpoints around the customer: the current end-user terms (`GET /customers/end-user-terms`),
 * contact verification (`POST /customers/{id}/verify-email|verify-phone` and their `/confirm`) and the
 * hosted KYC link (`POST /customers/{id}/kyc-link`). Sends are rate-limited per channel (429 with
 * `Retry-After`); the sandbox sends nothing and the code is always `123456`, valid for the challenge
 * lifetime after the last send. A wrong code is 400 INVALID_INPUT with `details.attemptsRemaining`; the
 * fifth wrong code in a row on a channel (resends do not reset the count) spends the code and locks the
 * channel for 30 minutes (that answer adds `details.lockedUntil`; sends and confirms are then 429
 * RATE_LIMITED with Retry-After). An expired or used code says so with `details.reason` `CHALLENGE_EXPIRED`. Acceptance of the terms is recorded by `PATCH /customers/{id}`
 * (customers.ts checks the version with `END_USER_TERMS_VERSION`).
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError, invalidField } from '../http/errors.js';
import { idempotent } from '../http/idempotency.js';
import { randomToken } from '../store/ids.js';
import { requireCustomer } from '../store/lookups.js';
import {
  END_USER_TERMS_VERSION,
  assertContactChannelOpen,
  contactCodeId as codeId,
  countWrongContactCode,
  pendingChannels,
  termsUrl,
} from '../onboarding/rules.js';
import { takeRateLimit } from '../http/rate-limit.js';
import { Fields, parseJsonObject } from '../http/validation.js';
import { iso, toCustomer } from '../store/views.js';

/** The sandbox's contact-verification code (payments-api.md). */
export const CONTACT_VERIFICATION_CODE = '123456';
/** Lifetime of a hosted KYC link. */
const KYC_LINK_TTL_MS = 30 * 60_000;

export function onboardingRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/customers/end-user-terms', (c) => c.json({ version: END_USER_TERMS_VERSION, url: termsUrl(ctx) }));

  for (const [segment, channel] of [
    ['verify-email', 'email'],
    ['verify-phone', 'phone'],
  ] as const) {
    const pending = (id: string) => {
      const customer = requireCustomer(ctx, id);
      const status = customer.contactVerification?.[channel];
      if (status === undefined)
        throw conflict(`The customer's provider does not require ${channel} verification`, 'CONFLICT');
      if (status === 'VERIFIED') throw conflict(`The customer's ${channel} is already verified`, 'CONFLICT');
      return customer;
    };

    app.post(`/customers/:id/${segment}`, (c) => {
      const customer = pending(c.req.param('id'));
      assertContactChannelOpen(ctx, customer, channel);
      takeRateLimit(ctx, `contact:${customer.id}:${channel}`);
      ctx.state.contactCodes.put({
        id: codeId(customer.id, channel),
        customerId: customer.id,
        expiresAt: ctx.config.now() + ctx.config.challengeTtlMs,
        used: false,
      });
      return c.body(null, 204);
    });

    app.post(`/customers/:id/${segment}/confirm`, async (c) => {
      pending(c.req.param('id'));
      const f = new Fields(parseJsonObject(await c.req.text()));
      const code = f.string('code', { required: true });
      f.done();
      // One synchronous step from here, on the customer as stored now: parallel guesses are counted one by one.
      const customer = pending(c.req.param('id'));
      assertContactChannelOpen(ctx, customer, channel);
      const sent = ctx.state.contactCodes.get(codeId(customer.id, channel));
      if (!sent || sent.used || sent.expiresAt <= ctx.config.now()) {
        // as the SCA endpoints say it: a machine-readable reason beside the field error
        throw new ApiError(400, 'INVALID_INPUT', 'The code expired', {
          reason: 'CHALLENGE_EXPIRED',
          errors: [fieldError('code', 'expired or already used; send a new code')],
        });
      }
      if (code !== CONTACT_VERIFICATION_CODE) {
        const { attemptsRemaining, lockedUntil } = countWrongContactCode(ctx, customer, channel);
        // the fields the sign-in OTP and SCA give: tries left, and until when the failure that locks holds
        throw new ApiError(400, 'INVALID_INPUT', 'code is invalid or expired; send a new code', {
          attemptsRemaining,
          ...(lockedUntil !== undefined ? { lockedUntil: iso(lockedUntil) } : {}),
          errors: [fieldError('code', 'is invalid or expired; send a new code')],
        });
      }
      ctx.state.contactCodes.put({ ...sent, used: true });
      const { [channel]: _counted, ...otherAttempts } = customer.contactAttempts ?? {};
      const updated = ctx.state.customers.put({
        ...customer,
        contactVerification: { ...customer.contactVerification, [channel]: 'VERIFIED' },
        contactAttempts: otherAttempts,
        updatedAt: ctx.config.now(),
      });
      return c.json(toCustomer(updated));
    });
  }

  app.post('/customers/:id/kyc-link', async (c) => {
    const customer = requireCustomer(ctx, c.req.param('id'));
    const text = await c.req.text();
    const f = new Fields(text.trim() ? parseJsonObject(text) : {});
    const redirectUri = f.string('redirectUri', {
      format: 'uri',
      check: (v) => (/^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v) ? undefined : 'must be an http(s) URI'),
    });
    f.done();
    if (pendingChannels(customer).length)
      throw conflict('Verify the customer’s email and phone before starting KYC', 'CONFLICT');
    return idempotent(c, ctx, { replayStatus: 201 }, async () => {
      const token = randomToken();
      const expiresAt = ctx.config.now() + KYC_LINK_TTL_MS;
      ctx.state.kycLinks.put({
        id: token,
        customerId: customer.id,
        expiresAt,
        used: false,
        ...(redirectUri !== undefined ? { redirectUri } : {}),
      });
      return {
        status: 201,
        body: { kycUrl: `${ctx.config.kycOrigin}/kyc/${token}`, expiresAt: iso(expiresAt), provider: 'SUMSUB', token },
      };
    });
  });

  return app;
}
