/**
 * Time-driven transitions, applied before every request against the injected clock (so tests move
 * time instead of sleeping, and nothing runs on timers): executed quotes settle (PROCESSING ->
 * COMPLETED, crediting an internal destination; or FAILED and refunded for a failing destination),
 * unexecuted quotes expire, a wallet send held for SCA fails SCA_NOT_COMPLETED when its challenge expires, new cards finish provisioning (ACTIVE, or CLOSED with ISSUER_REJECTED),
 * and spent or long-expired challenges are swept away.
 *
 * @example
 *   app.use('*', async (_c, next) => { advance(ctx); await next(); });
 */
import type { SandboxContext } from './context.js';
import type { QuoteRecord } from './state.js';

/** Expired challenges are kept this long (so a late retry still hears "expired"), then dropped. */
const SWEEP_GRACE_MS = 10 * 60_000;

export function advance(ctx: SandboxContext): void {
  const now = ctx.config.now();
  const { state } = ctx;

  for (const quote of state.quotes.list((q) => q.status === 'PROCESSING' && (q.settlesAt ?? 0) <= now)) {
    if (quote.failsOnExecution) {
      const source = quote.sourceAccountId !== undefined ? state.accounts.get(quote.sourceAccountId) : undefined;
      if (source) state.accounts.put({ ...source, balance: source.balance + quote.amount, updatedAt: now });
      state.quotes.put({ ...quote, status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', updatedAt: now });
    } else {
      const destination = quote.destinationAccountId ? state.accounts.get(quote.destinationAccountId) : undefined;
      if (destination) state.accounts.put({ ...destination, balance: destination.balance + quote.amount, updatedAt: now });
      state.quotes.put({ ...quote, status: 'COMPLETED', updatedAt: now });
    }
  }
  // A wallet send held for SCA lives by its challenge: unanswered in time, it fails (nothing was debited).
  const held = (q: QuoteRecord): boolean => q.status === 'PENDING_AUTHORIZATION' && q.sca?.at === 'EXECUTE';
  for (const quote of state.quotes.list((q) => (q.status === 'PENDING' || q.status === 'PENDING_AUTHORIZATION') && (held(q) ? q.sca!.challenge.expiresAt : q.expiresAt) <= now)) {
    state.quotes.put(held(quote) ? { ...quote, status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED', updatedAt: now } : { ...quote, status: 'EXPIRED', updatedAt: now });
  }
  for (const card of state.cards.list((c) => c.state === 'PROCESSING' && c.provisionedAt <= now)) {
    state.cards.put(
      card.issuerRejects
        ? { ...card, state: 'CLOSED', stateReason: 'ISSUER_REJECTED', fundingSource: null, updatedAt: now }
        : { ...card, state: 'ACTIVE', updatedAt: now },
    );
  }

  const stale = (r: { expiresAt: number }) => r.expiresAt + SWEEP_GRACE_MS <= now;
  for (const r of state.signedRequests.list(stale)) state.signedRequests.delete(r.id);
  for (const r of state.otpTargets.list(stale)) state.otpTargets.delete(r.id);
  for (const r of state.passkeyChallenges.list(stale)) state.passkeyChallenges.delete(r.id);
  for (const r of state.panTokens.list(stale)) state.panTokens.delete(r.id);
}
