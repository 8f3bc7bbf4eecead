/**
 * Time-driven transitions, applied before every request against the injected clock (so tests move
 * time instead of sleeping, and nothing runs on timers): executed quotes settle (PROCESSING ->
 * COMPLETED, crediting an internal destination; or FAILED and refunded for a failing destination:
 * payouts.ts), card pulls confirm and liveness checks finish (money/lifecycle.ts),
 * unexecuted quotes expire, a wallet send held for SCA fails SCA_NOT_COMPLETED when its challenge expires, new cards finish provisioning (ACTIVE, or CLOSED with ISSUER_REJECTED),
 * and spent or long-expired challenges are swept away.
 *
 * @example
 *   app.use('*', async (_c, next) => { advance(ctx); await next(); });
 */
import type { SandboxContext } from '../context.js';
import { advanceMoney } from '../money/lifecycle.js';
import { returnPayouts, settlePayout } from '../money/payouts.js';
import type { QuoteRecord } from './state.js';

/** Expired challenges are kept this long (so a late retry still hears "expired"), then dropped. */
const SWEEP_GRACE_MS = 10 * 60_000;

export function advance(ctx: SandboxContext): void {
  const now = ctx.config.now();
  const { state } = ctx;

  // Only unfinished records are looked at (the stores index them by status): no scan of the history.
  for (const quote of state.quotes.withKey('PROCESSING').filter((q) => (q.settlesAt ?? 0) <= now))
    settlePayout(ctx, quote, now);
  returnPayouts(ctx, now);
  advanceMoney(ctx, now);
  // A wallet send held for SCA lives by its challenge: unanswered in time, it fails (nothing was debited).
  const held = (q: QuoteRecord): boolean => q.status === 'PENDING_AUTHORIZATION' && q.sca?.at === 'EXECUTE';
  for (const quote of [...state.quotes.withKey('PENDING'), ...state.quotes.withKey('PENDING_AUTHORIZATION')].filter(
    (q) => (held(q) ? q.sca!.challenge.expiresAt : q.expiresAt) <= now,
  )) {
    state.quotes.put(
      held(quote)
        ? { ...quote, status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED', updatedAt: now }
        : { ...quote, status: 'EXPIRED', updatedAt: now },
    );
  }
  for (const card of state.cards.withKey('PROCESSING').filter((c) => c.provisionedAt <= now)) {
    state.cards.put(
      card.issuerRejects
        ? {
            ...card,
            state: 'CLOSED',
            stateReason: 'ISSUER_REJECTED',
            fundingSource: null,
            fundingSourceId: null,
            updatedAt: now,
          }
        : { ...card, state: 'ACTIVE', updatedAt: now },
    );
  }

  // From the oldest end, stopping at the first live one: no scan of what is stored.
  for (const challenges of [
    state.signedRequests,
    state.otpTargets,
    state.passkeyChallenges,
    state.panTokens,
    state.umaLookups,
    state.kycLinks,
    state.contactCodes,
  ])
    challenges.sweep(now - SWEEP_GRACE_MS);
}
