/**
 * Recovering a lost SCA factor, and the customer's login-security state (`customerId` in the query of each):
 *
 * - `POST /sca/factors/reset` `{factor}` starts a liveness-gated reset of an enrolled factor (SMS_OTP is
 *   always enrolled; TOTP and PASSKEY when `/sca/factors` enrolled them; another is 400) → 201
 *   `{resetId, expiresAt}` (no liveness handles: there is no liveness check to open). Five starts per customer in 24 hours, then 429 with Retry-After.
 * - `GET /sca/factors/reset/{resetId}` polls it. The sandbox has no liveness check to take: the status
 *   follows the clock, INITIATED for `LIVENESS_STEP_MS`, PENDING_REVIEW for as long again, then
 *   LIVENESS_PASSED; a customer whose `platformCustomerId` ends in `-liveness-rejected` gets REJECTED
 *   instead. A reset not completed within `RESET_WINDOW_MS` is EXPIRED. The replacement factor's
 *   `enrollmentStatus` is PENDING after completion until the same factor is enrolled again (null for SMS_OTP).
 * - `POST /sca/factors/reset/{resetId}/complete` once LIVENESS_PASSED → 204: the lost TOTP or PASSKEY
 *   factor is removed; an SMS_OTP reset takes `{mobile: {countryCode, number}}` and makes it the
 *   customer's phone number. Before liveness passed, or after a terminal status, 400.
 * - `POST /sca/record-event` `{eventType}`: FAILED_LOGIN_ATTEMPT counts, locking the login at 5 attempts
 *   for 15 minutes, 6 for 30, 7 for an hour, 8 for a day and suspending it at 9; while locked or suspended
 *   it is 423 ACCOUNT_LOCKED (not counted). RESET_PASSWORD_COMPLETED clears the count and the lock and
 *   ends the customer's SCA session. → 200 `{eventType, suspended, lockedUntil, failedAttempts}`.
 *
 * Outside SCA regions every endpoint is 409 CONFLICT; an unknown customer or reset 404.
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, invalidField, rateLimited } from '../http/errors.js';
import { Fields, parseJsonObject } from '../http/validation.js';
import { scaStateOf } from '../money/sca.js';
import { randomToken } from '../store/ids.js';
import type { CustomerRecord, ScaCustomerRecord, ScaResetRecord } from '../store/state.js';
import { loginCustomer } from './sca.js';

/** How long each liveness status lasts before the next (INITIATED, then PENDING_REVIEW). */
export const LIVENESS_STEP_MS = 2_000;
/** How long a reset may take before it is EXPIRED. */
export const RESET_WINDOW_MS = 15 * 60_000;
/** Reset starts per customer per day. */
const STARTS_PER_DAY = 5;
const DAY_MS = 86_400_000;
/** `platformCustomerId` suffix whose liveness checks fail (REJECTED). */
export const LIVENESS_REJECTED_SUFFIX = '-liveness-rejected';
/** Lock after the n-th failed login attempt (index n − 5); from the 9th on, suspended. */
const LOCK_MINUTES = [15, 30, 60, 24 * 60];
const SUSPEND_AT = 9;

const iso = (ms: number): string => new Date(ms).toISOString();

export function scaResetRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  /** The reset's status now, from the clock and the customer. */
  const statusOf = (reset: ScaResetRecord, customer: CustomerRecord): string => {
    if (reset.completedAt !== undefined) return 'COMPLETED';
    const age = ctx.config.now() - reset.startedAt;
    if (age >= RESET_WINDOW_MS) return 'EXPIRED';
    if (age < LIVENESS_STEP_MS) return 'INITIATED';
    if (age < 2 * LIVENESS_STEP_MS) return 'PENDING_REVIEW';
    return customer.platformCustomerId.endsWith(LIVENESS_REJECTED_SUFFIX) ? 'REJECTED' : 'LIVENESS_PASSED';
  };

  const resetOf = (state: ScaCustomerRecord, resetId: string): ScaResetRecord => {
    const reset = state.resets?.find((r) => r.id === resetId);
    if (!reset) throw new ApiError(404, 'REFERENCE_NOT_FOUND', 'The customer has no reset with this id');
    return reset;
  };

  app.post('/sca/factors/reset', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const factor = f.string('factor', { required: true, enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] }) as
      ScaResetRecord['factor'] | undefined;
    f.done();
    const state = scaStateOf(ctx, customer.id);
    if (factor !== 'SMS_OTP' && !state.factors?.some((x) => x.factor === factor))
      throw invalidField('factor', 'is not enrolled for this customer (GET /sca/factors)');
    const now = ctx.config.now();
    const starts = (state.resetStarts ?? []).filter((at) => at > now - DAY_MS);
    if (starts.length >= STARTS_PER_DAY) throw rateLimited(Math.ceil((starts[0]! + DAY_MS - now) / 1000));
    const reset: ScaResetRecord = {
      id: `ScaReset:${randomToken().slice(0, 22)}`,
      factor: factor!,
      startedAt: now,
    };
    // the resets of the last day (at most five): older ones are past their window
    const resets = [...(state.resets ?? []).filter((r) => r.startedAt > now - DAY_MS), reset];
    ctx.state.sca.put({ ...state, resets, resetStarts: [...starts, now] });
    return c.json(
      // no liveness handles: the sandbox has no liveness check to open (the API omits them when not returned)
      { resetId: reset.id, expiresAt: iso(now + RESET_WINDOW_MS) },
      201,
    );
  });

  app.get('/sca/factors/reset/:resetId', (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const state = scaStateOf(ctx, customer.id);
    const reset = resetOf(state, c.req.param('resetId'));
    const status = statusOf(reset, customer);
    const reenrolled = state.factors?.some((x) => x.factor === reset.factor && x.enrolledAt >= reset.completedAt!);
    return c.json({
      status,
      factor: reset.factor,
      enrollmentStatus:
        reset.factor === 'SMS_OTP' || status !== 'COMPLETED' ? null : reenrolled ? 'COMPLETED' : 'PENDING',
      expiresAt: iso(reset.startedAt + RESET_WINDOW_MS),
      completedAt: reset.completedAt === undefined ? null : iso(reset.completedAt),
    });
  });

  app.post('/sca/factors/reset/:resetId/complete', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const state = scaStateOf(ctx, customer.id);
    const reset = resetOf(state, c.req.param('resetId'));
    const text = await c.req.text();
    const f = new Fields(text.trim() ? parseJsonObject(text) : {});
    const mobile = f.object('mobile', { required: reset.factor === 'SMS_OTP' });
    const countryCode = mobile?.string('countryCode', { required: true, pattern: '^\\+[1-9]\\d{0,3}$' });
    const number = mobile?.string('number', { required: true, pattern: '^\\d{4,14}$' });
    f.done();
    const status = statusOf(reset, customer);
    if (status !== 'LIVENESS_PASSED')
      throw new ApiError(400, 'INVALID_INPUT', `The reset is ${status}: it can be completed once LIVENESS_PASSED`, {
        status,
      });
    const now = ctx.config.now();
    const done: ScaResetRecord = { ...reset, completedAt: now };
    ctx.state.sca.put({
      ...state,
      resets: state.resets!.map((r) => (r === reset ? done : r)),
      factors: (state.factors ?? []).filter((x) => x.factor !== reset.factor),
    });
    if (reset.factor === 'SMS_OTP' && countryCode && number)
      ctx.state.customers.put({ ...customer, phoneNumber: `${countryCode}${number}`, updatedAt: now });
    return c.body(null, 204);
  });

  app.post('/sca/record-event', async (c) => {
    const customer = loginCustomer(ctx, c.req.query('customerId'));
    const f = new Fields(parseJsonObject(await c.req.text()));
    const eventType = f.string('eventType', {
      required: true,
      enum: ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'],
    });
    f.done();
    const state = scaStateOf(ctx, customer.id);
    const now = ctx.config.now();
    const security = state.loginSecurity ?? { failedAttempts: 0, suspended: false };
    const view = (s: typeof security) => ({
      suspended: s.suspended,
      lockedUntil: s.lockedUntil !== undefined && s.lockedUntil > now && !s.suspended ? iso(s.lockedUntil) : null,
      failedAttempts: s.failedAttempts,
    });
    if (eventType === 'RESET_PASSWORD_COMPLETED') {
      const cleared = { failedAttempts: 0, suspended: false };
      const { sessionExpiresAt: _ended, ...rest } = state;
      ctx.state.sca.put({ ...rest, loginSecurity: cleared });
      return c.json({ eventType, ...view(cleared) });
    }
    if (security.suspended || (security.lockedUntil !== undefined && security.lockedUntil > now))
      throw new ApiError(423, 'ACCOUNT_LOCKED', 'The customer’s login is locked', view(security));
    const failedAttempts = security.failedAttempts + 1;
    const suspended = failedAttempts >= SUSPEND_AT;
    const minutes = LOCK_MINUTES[failedAttempts - 5];
    const next = {
      failedAttempts,
      suspended,
      ...(!suspended && minutes !== undefined ? { lockedUntil: now + minutes * 60_000 } : {}),
    };
    ctx.state.sca.put({ ...state, loginSecurity: next });
    return c.json({ eventType, ...view(next) });
  });

  return app;
}
