/**
 * Trusted beneficiaries (`/customers/external-accounts/{id}/trust`, `…/untrust`, each with `/confirm`):
 * a customer in an SCA region marks an external account trusted, so sends to it skip the per-transaction
 * SCA ceremony, or removes the mark. The start answers 200 `{scaChallenge}` (an SMS_OTP challenge, purpose
 * `BENEFICIARY_TRUST` or `BENEFICIARY_UNTRUST`; a new start replaces the one in flight); the confirm takes
 * `{challengeId, code}` (`123456` in the sandbox) and answers 200 `{trusted}`. A wrong code counts towards
 * the SCA lock as on `/quotes/{id}/authorize`; a locked customer is 409 (the API declares no 423 here).
 * Outside SCA regions every operation here is 409. The external account shows `trusted` (views.ts), and a
 * trusted one cannot be deleted (409 BENEFICIARY_TRUSTED, routes/external-accounts.ts).
 *
 * @example
 *   POST /customers/external-accounts/ExternalAccount:1/trust → 200 {"scaChallenge":{"id":"ScaChallenge:…",…}}
 *   POST …/trust/confirm {"challengeId":"ScaChallenge:…","code":"123456"} → 200 {"trusted":true}
 */
import { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { ApiError, conflict, fieldError } from '../http/errors.js';
import { requireCustomer } from '../store/lookups.js';
import { inScaRegion, newScaChallenge, proofProblem, readProof, scaStateOf } from '../money/sca.js';
import type { CustomerRecord, ExternalAccountRecord } from '../store/state.js';
import { Fields, parseJsonObject } from '../http/validation.js';
import { iso, toScaChallenge } from '../store/views.js';
import { rejectProof } from './sca.js';

function trustParties(ctx: SandboxContext, id: string): { account: ExternalAccountRecord; customer: CustomerRecord } {
  const account = ctx.state.externalAccounts.get(id);
  if (!account) throw new ApiError(404, 'REFERENCE_NOT_FOUND', 'The external account was not found');
  const customer = requireCustomer(ctx, account.customerId);
  if (!inScaRegion(ctx, customer)) throw conflict('Strong Customer Authentication is not required for this customer');
  const lockedUntil = scaStateOf(ctx, customer.id).lockedUntil;
  if (lockedUntil !== undefined && lockedUntil > ctx.config.now())
    throw conflict('Too many failed authorization attempts; the customer is locked', 'CONFLICT', {
      reason: 'ACCOUNT_LOCKED',
      lockedUntil: iso(lockedUntil),
    });
  return { account, customer };
}

export function beneficiaryTrustRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  for (const [verb, trusted] of [
    ['trust', true],
    ['untrust', false],
  ] as const) {
    app.post(`/customers/external-accounts/:id/${verb}`, (c) => {
      const { account, customer } = trustParties(ctx, c.req.param('id'));
      const challenge = newScaChallenge(
        ctx,
        customer,
        'SMS_OTP',
        trusted ? 'BENEFICIARY_TRUST' : 'BENEFICIARY_UNTRUST',
      );
      ctx.state.externalAccounts.put({ ...account, trustChange: { trusted, challenge } });
      return c.json({ scaChallenge: toScaChallenge(challenge) });
    });

    app.post(`/customers/external-accounts/:id/${verb}/confirm`, async (c) => {
      const { account, customer } = trustParties(ctx, c.req.param('id'));
      const f = new Fields(parseJsonObject(await c.req.text()));
      const challengeId = f.string('challengeId');
      const proof = readProof(f, 'SMS_OTP');
      f.done();
      const change = account.trustChange;
      if (change?.trusted !== trusted || change.challenge.id !== challengeId)
        throw new ApiError(400, 'INVALID_INPUT', `No ${verb} of this account is waiting for this challenge`, {
          reason: 'NO_CHALLENGE',
          errors: [fieldError('challengeId', `is not the challenge of a started ${verb}: start one first`)],
        });
      if (change.challenge.expiresAt <= ctx.config.now())
        throw new ApiError(400, 'INVALID_INPUT', 'The challenge expired', {
          reason: 'CHALLENGE_EXPIRED',
          errors: [fieldError('code', 'the challenge expired')],
        });
      const problem = await proofProblem(ctx, customer.id, proof, undefined);
      if (problem) rejectProof(ctx, customer.id, 'code', problem);
      // One synchronous step from here on: the change confirmed must still be the one in flight.
      const current = ctx.state.externalAccounts.get(account.id);
      if (!current || current.trustChange?.challenge.id !== change.challenge.id)
        throw conflict('The challenge was already answered');
      ctx.state.sca.put({ ...scaStateOf(ctx, customer.id), failures: 0 });
      const updated: ExternalAccountRecord = { ...current, trusted, updatedAt: ctx.config.now() };
      delete updated.trustChange;
      ctx.state.externalAccounts.put(updated);
      return c.json({ trusted });
    });
  }
  return app;
}
